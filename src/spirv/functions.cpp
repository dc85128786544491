// User-defined functions (#function-declaration-sec): one SPIR-V function per
// WGSL function reached from the entry point, emitted on first call. The
// first block holds the function's OpVariables (SPIR-V 2.16.1).
#include "generator.h"

namespace bindery::spirv {

Id Generator::function(uint32_t fn, const std::vector<ParamBinding>& bound) {
  std::vector<uint32_t> key{fn};
  for (const ParamBinding& p : bound) {
    key.insert(key.end(), {p.param, p.externalVar, p.root, uint32_t(p.steps.size()),
                           uint32_t(p.view), p.viewWords});
    key.insert(key.end(), p.steps.begin(), p.steps.end());
  }
  auto it = functions_.find(key);
  if (it != functions_.end()) return it->second;
  Id id = b.newId();
  functions_[key] = id;
  emitFunctionBody(fn, id, bound);
  return id;
}

// A parameter bound by the call (ParamBinding) is no SPIR-V parameter: a
// texture_external becomes its module-scope variable's planes and parameters
// (external_texture.cpp), a uniform or workgroup pointer an access chain from
// its variable, made at entry from the run-time indices passed as u32
// parameters. So no such pointer crosses a call (logical addressing allows only
// memory object declarations there; #function-restriction).
void Generator::emitFunctionBody(uint32_t fn, Id fnId, const std::vector<ParamBinding>& bound) {
  const wgsl::FnDecl& d = m.ast.fns[fn];
  const wgsl::FnInfo& f = m.fns[fn];
  FnCtx ctx;
  ctx.fn = fn;
  ctx.returnType = f.returnType;
  FnCtx* saved = fn_;
  fn_ = &ctx;
  auto boundOf = [&](uint32_t i) -> const ParamBinding* {
    for (const ParamBinding& p : bound)
      if (p.param == i) return &p;
    return nullptr;
  };
  Words header;
  std::vector<Id> paramTypes;
  for (uint32_t i = 0; i < f.params.size(); ++i) {
    TypeId p = f.params[i];
    if (const ParamBinding* pb = boundOf(i)) {
      if (pb->view) {  // (the buffer,) offset, end (, words)
        if (!pb->root)
          paramTypes.push_back(pointerType(spv::StorageClass::StorageBuffer, storageWordsBlock()));
        paramTypes.insert(paramTypes.end(), pb->viewWords ? 2 : 3, type(T.u32()));
        continue;
      }
      for (Id step : pb->steps)
        if (!step) paramTypes.push_back(type(T.u32()));
      if (needsLengthParam(p))
        paramTypes.insert(paramTypes.end(), hiddenLengthCount(), type(T.u32()));
      continue;
    }
    paramTypes.push_back(type(p));
    if (needsLengthParam(p))
      paramTypes.insert(paramTypes.end(), hiddenLengthCount(), type(T.u32()));
    // unrestricted_pointer_parameters: storage-buffer pointers as arguments
    if (T[p].kind == TypeKind::Pointer && T[p].space == AddressSpace::Storage)
      b.capability(spv::Capability::VariablePointersStorageBuffer);
  }
  Id ret = type(f.returnType);
  emitOp(header, spv::Op::OpFunction,
         {ret, fnId, uint32_t(spv::FunctionControlMask::MaskNone), functionType(ret, paramTypes)});
  if (options.emitNames) b.name(fnId, d.name);
  std::vector<std::pair<uint32_t, std::vector<Id>>> chains;  // bound pointers: (param, steps)
  uint32_t k = 0;                                            // the next SPIR-V parameter
  auto hiddenLength = [&] {  // HiddenLength (generator.h): clamp, then reported if apart
    HiddenLength h;
    h.clamp = b.newId();
    emitOp(header, spv::Op::OpFunctionParameter, {paramTypes[k++], h.clamp});
    h.reported = h.clamp;
    if (hiddenLengthCount() == 2) {
      h.reported = b.newId();
      emitOp(header, spv::Op::OpFunctionParameter, {paramTypes[k++], h.reported});
    }
    return h;
  };
  for (uint32_t i = 0; i < d.params.count; ++i) {
    uint32_t vid = m.ast.at(d.params, i);
    if (const ParamBinding* pb = boundOf(i)) {
      if (pb->externalVar != kNone) {
        ctx.externalParams[vid] = pb->externalVar;
        continue;
      }
      if (pb->view) {
        Id handle = viewParameter(*pb, f.params[i], header, paramTypes, k);
        ctx.locals[vid] = VarBinding{handle, false, false};
        continue;
      }
      std::vector<Id> steps = pb->steps;
      for (Id& step : steps) {
        if (step) continue;
        step = b.newId();
        emitOp(header, spv::Op::OpFunctionParameter, {paramTypes[k++], step});
      }
      if (needsLengthParam(f.params[i])) ctx.arrayLengths[vid] = hiddenLength();
      chains.emplace_back(i, std::move(steps));
      continue;
    }
    Id pid = b.newId();
    emitOp(header, spv::Op::OpFunctionParameter, {paramTypes[k++], pid});
    if (needsLengthParam(f.params[i])) ctx.arrayLengths[vid] = hiddenLength();
    if (options.emitNames) b.name(pid, m.ast.vars[vid].name);
    ctx.locals[vid] = VarBinding{pid, false, false};
    memoryObjects_[pid] = true;
  }
  label(b.newId());
  for (auto& [i, steps] : chains) {
    uint32_t vid = m.ast.at(d.params, i);
    Id root = boundOf(i)->root;
    Id ptr = root;
    if (!steps.empty()) {
      std::vector<Id> ops{root};
      ops.insert(ops.end(), steps.begin(), steps.end());
      ptr = opId(spv::Op::OpAccessChain, type(f.params[i]), ops);
      paths_[ptr] = PtrPath{root, steps};
    }
    if (options.emitNames) b.name(ptr, m.ast.vars[vid].name);
    ctx.locals[vid] = VarBinding{ptr, false, false};
  }
  block(d.body);
  if (!ctx.terminated) {
    if (T[f.returnType].kind == TypeKind::Void)
      inst(spv::Op::OpReturn, {});
    else
      inst(spv::Op::OpUnreachable, {});
  }
  Words& out = b.functions;
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), ctx.body.begin(), ctx.body.begin() + 2);  // the first OpLabel
  out.insert(out.end(), ctx.vars.begin(), ctx.vars.end());
  out.insert(out.end(), ctx.body.begin() + 2, ctx.body.end());
  emitOp(out, spv::Op::OpFunctionEnd, {});
  fn_ = saved;
}

}  // namespace bindery::spirv
