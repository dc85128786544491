// User-defined functions (#function-declaration-sec): one SPIR-V function per
// WGSL function reached from the entry point, emitted on first call. The
// first block holds the function's OpVariables (SPIR-V 2.16.1).
#include "generator.h"

namespace bindery::spirv {

Id Generator::function(uint32_t fn) {
  auto it = functions_.find(fn);
  if (it != functions_.end()) return it->second;
  Id id = b.newId();
  functions_[fn] = id;
  emitFunctionBody(fn, id);
  return id;
}

void Generator::emitFunctionBody(uint32_t fn, Id fnId) {
  const wgsl::FnDecl& d = m.ast.fns[fn];
  const wgsl::FnInfo& f = m.fns[fn];
  FnCtx ctx;
  ctx.fn = fn;
  ctx.returnType = f.returnType;
  FnCtx* saved = fn_;
  fn_ = &ctx;
  Words header;
  std::vector<Id> paramTypes;
  for (TypeId p : f.params) {
    paramTypes.push_back(type(p));
    if (needsLengthParam(p)) paramTypes.push_back(type(T.u32()));
    // unrestricted_pointer_parameters: storage-buffer pointers as arguments
    if (T[p].kind == TypeKind::Pointer && T[p].space == AddressSpace::Storage)
      b.capability(spv::Capability::VariablePointersStorageBuffer);
    if (T[p].kind == TypeKind::Pointer && T[p].space == AddressSpace::Uniform)
      unsupportedAt("a pointer parameter in the 'uniform' address space", d.nameSpan);
  }
  Id ret = type(f.returnType);
  emitOp(header, spv::Op::OpFunction,
         {ret, fnId, uint32_t(spv::FunctionControlMask::MaskNone), functionType(ret, paramTypes)});
  if (options.emitNames) b.name(fnId, d.name);
  for (uint32_t i = 0, k = 0; i < d.params.count; ++i, ++k) {
    uint32_t vid = m.ast.at(d.params, i);
    Id pid = b.newId();
    emitOp(header, spv::Op::OpFunctionParameter, {paramTypes[k], pid});
    if (needsLengthParam(f.params[i])) {
      Id len = b.newId();
      emitOp(header, spv::Op::OpFunctionParameter, {paramTypes[++k], len});
      ctx.arrayLengths[vid] = len;
    }
    if (options.emitNames) b.name(pid, m.ast.vars[vid].name);
    ctx.locals[vid] = VarBinding{pid, false, false};
    memoryObjects_[pid] = true;
  }
  label(b.newId());
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
