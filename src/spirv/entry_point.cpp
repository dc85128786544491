// The entry point (#entry-points, #shader-interface): a void() wrapper that
// the OpEntryPoint names. It zero-initialises workgroup variables
// (#var-and-value: invocation 0 stores the zero values, then a workgroup
// barrier), loads the stage inputs (@builtin -> BuiltIn, @location ->
// Location + interpolation), calls the WGSL function and stores its result
// to the stage outputs.
#include <algorithm>

#include "generator.h"

namespace bindery::spirv {

namespace {

const wgsl::Attribute* findAttr(const wgsl::ModuleImpl& m, wgsl::Range attrs, std::string_view n) {
  for (uint32_t i = 0; i < attrs.count; ++i) {
    const wgsl::Attribute& a = m.ast.attrs[attrs.begin + i];
    if (a.name == n) return &a;
  }
  return nullptr;
}

struct BuiltinName {
  std::string_view name;
  spv::BuiltIn input, output;
};

constexpr spv::BuiltIn kNoBuiltin = spv::BuiltIn::Max;

constexpr BuiltinName kBuiltins[] = {
    {"global_invocation_id", spv::BuiltIn::GlobalInvocationId, kNoBuiltin},
    {"local_invocation_id", spv::BuiltIn::LocalInvocationId, kNoBuiltin},
    {"local_invocation_index", spv::BuiltIn::LocalInvocationIndex, kNoBuiltin},
    {"workgroup_id", spv::BuiltIn::WorkgroupId, kNoBuiltin},
    {"num_workgroups", spv::BuiltIn::NumWorkgroups, kNoBuiltin},
    {"vertex_index", spv::BuiltIn::VertexIndex, kNoBuiltin},
    {"instance_index", spv::BuiltIn::InstanceIndex, kNoBuiltin},
    {"position", spv::BuiltIn::FragCoord, spv::BuiltIn::Position},
    {"front_facing", spv::BuiltIn::FrontFacing, kNoBuiltin},
    {"frag_depth", kNoBuiltin, spv::BuiltIn::FragDepth},
    {"sample_index", spv::BuiltIn::SampleId, kNoBuiltin},
    {"sample_mask", spv::BuiltIn::SampleMask, spv::BuiltIn::SampleMask},
    {"clip_distances", kNoBuiltin, spv::BuiltIn::ClipDistance},
    {"primitive_index", spv::BuiltIn::PrimitiveId, kNoBuiltin},
    {"subgroup_invocation_id", spv::BuiltIn::SubgroupLocalInvocationId, kNoBuiltin},
    {"subgroup_size", spv::BuiltIn::SubgroupSize, kNoBuiltin},
    {"subgroup_id", spv::BuiltIn::SubgroupId, kNoBuiltin},
    {"num_subgroups", spv::BuiltIn::NumSubgroups, kNoBuiltin},
};

}  // namespace

struct EntryBuilder {
  Generator& g;
  uint32_t fn;
  const wgsl::ModuleImpl& m = g.m;
  std::vector<Id> interface;
  bool depthReplacing = false;

  wgsl::Stage stage() const { return m.fns[fn].stage; }

  // An Input/Output variable for one IO value; returns the variable.
  Id ioVar(bool input, TypeId t, wgsl::Range attrs, std::string_view name, wgsl::Span span,
           bool& sampleMask) {
    sampleMask = false;
    spv::StorageClass sc = input ? spv::StorageClass::Input : spv::StorageClass::Output;
    TypeId varType = t;
    spv::BuiltIn builtin = kNoBuiltin;
    if (const wgsl::Attribute* a = findAttr(m, attrs, "builtin")) {
      std::string_view bn = a->args.count ? m.ast.exprs[m.ast.at(a->args, 0)].name : "";
      for (const BuiltinName& n : kBuiltins)
        if (n.name == bn) builtin = input ? n.input : n.output;
      if (builtin == kNoBuiltin)
        g.unsupportedAt("the builtin value '" + std::string(bn) + "'", span);
      if (builtin == spv::BuiltIn::SampleMask) {
        sampleMask = true;
        varType = g.T.array(g.T.u32(), 1);
      }
      if (builtin == spv::BuiltIn::SampleId) g.b.capability(spv::Capability::SampleRateShading);
      if (builtin == spv::BuiltIn::FragDepth) depthReplacing = true;
      if (builtin == spv::BuiltIn::ClipDistance) g.b.capability(spv::Capability::ClipDistance);
      if (builtin == spv::BuiltIn::SubgroupSize ||
          builtin == spv::BuiltIn::SubgroupLocalInvocationId ||
          builtin == spv::BuiltIn::SubgroupId || builtin == spv::BuiltIn::NumSubgroups)
        g.b.capability(spv::Capability::GroupNonUniform);
    }
    // f16 stage inputs/outputs cross the interface as f32 (converted inside), so
    // no module needs StorageInputOutput16, which many devices lack (lavapipe);
    // vertex formats and attachments convert to the shader's float type anyway.
    if (g.T.containsF16(t)) varType = g.T.withLeaf(t, g.T.f32());
    Id var = g.b.newId();
    emitOp(g.b.globals, spv::Op::OpVariable,
           {g.pointerType(sc, g.type(varType)), var, uint32_t(sc)});
    if (g.options.emitNames) g.b.name(var, name);
    if (builtin != kNoBuiltin) {
      g.b.decorate(var, spv::Decoration::BuiltIn, {uint32_t(builtin)});
      // VUID-StandaloneSpirv-Flat-04744: integer fragment inputs are Flat, builtins too
      if (input && stage() == wgsl::Stage::Fragment && !g.isFloat(t) && !g.isBool(t))
        g.b.decorate(var, spv::Decoration::Flat);
    } else if (const wgsl::Attribute* loc = findAttr(m, attrs, "location")) {
      auto cv = m.constValues.find(m.ast.at(loc->args, 0));
      g.b.decorate(var, spv::Decoration::Location,
                   {cv == m.constValues.end() ? 0u : uint32_t(cv->second.elems[0].i)});
      interpolation(var, t, attrs, input);
      if (const wgsl::Attribute* bs = findAttr(m, attrs, "blend_src")) {
        auto v = m.constValues.find(m.ast.at(bs->args, 0));
        g.b.decorate(var, spv::Decoration::Index,
                     {v == m.constValues.end() ? 0u : uint32_t(v->second.elems[0].i)});
      }
    }
    interface.push_back(var);
    return var;
  }

  void interpolation(Id var, TypeId t, wgsl::Range attrs, bool input) {
    bool fragmentIn = input && stage() == wgsl::Stage::Fragment;
    bool vertexOut = !input && stage() == wgsl::Stage::Vertex;
    if (!fragmentIn && !vertexOut) return;
    const wgsl::Attribute* a = findAttr(m, attrs, "interpolate");
    bool integral = !g.isFloat(t);
    if (!a) {
      if (integral && fragmentIn) g.b.decorate(var, spv::Decoration::Flat);
      return;
    }
    for (uint32_t i = 0; i < a->args.count; ++i) {
      std::string_view v = m.ast.exprs[m.ast.at(a->args, i)].name;
      if (v == "flat") g.b.decorate(var, spv::Decoration::Flat);
      if (v == "linear") g.b.decorate(var, spv::Decoration::NoPerspective);
      if (v == "centroid") g.b.decorate(var, spv::Decoration::Centroid);
      if (v == "sample") {
        g.b.decorate(var, spv::Decoration::Sample);
        g.b.capability(spv::Capability::SampleRateShading);
      }
    }
  }

  Id loadInput(TypeId t, wgsl::Range attrs, std::string_view name, wgsl::Span span) {
    if (g.T[t].kind == TypeKind::Struct) {
      const wgsl::StructInfo& s = g.T.structInfo(g.T[t].structIndex);
      std::vector<Id> parts;
      for (const wgsl::MemberInfo& mi : s.members)
        parts.push_back(loadInput(mi.type, mi.attrs, mi.name, mi.span));
      return g.opId(spv::Op::OpCompositeConstruct, g.type(t), parts);
    }
    bool sampleMask = false;
    Id var = ioVar(true, t, attrs, name, span, sampleMask);
    if (sampleMask) {
      Id ptr = g.opId(spv::Op::OpAccessChain, g.pointerType(spv::StorageClass::Input, g.type(t)),
                      {var, g.constU32(0)});
      return g.load(ptr, t);
    }
    if (g.T.containsF16(t)) {
      TypeId wide = g.T.withLeaf(t, g.T.f32());
      return g.convert(g.load(var, wide), wide, t);
    }
    return g.load(var, t);
  }

  void storeOutput(Id v, TypeId t, wgsl::Range attrs, std::string_view name, wgsl::Span span) {
    if (g.T[t].kind == TypeKind::Struct) {
      const wgsl::StructInfo& s = g.T.structInfo(g.T[t].structIndex);
      for (uint32_t i = 0; i < s.members.size(); ++i) {
        const wgsl::MemberInfo& mi = s.members[i];
        storeOutput(g.op(spv::Op::OpCompositeExtract, mi.type, {v, i}), mi.type, mi.attrs, mi.name,
                    mi.span);
      }
      return;
    }
    bool sampleMask = false;
    Id var = ioVar(false, t, attrs, name, span, sampleMask);
    if (sampleMask) {
      Id ptr = g.opId(spv::Op::OpAccessChain, g.pointerType(spv::StorageClass::Output, g.type(t)),
                      {var, g.constU32(0)});
      g.store(ptr, v);
      return;
    }
    if (g.T.containsF16(t)) v = g.convert(v, t, g.T.withLeaf(t, g.T.f32()));
    g.store(var, v);
  }

  // A vertex stage's PointSize = 1 (Options::writePointSize).
  void writePointSize() {
    Id var = g.b.newId();
    emitOp(g.b.globals, spv::Op::OpVariable,
           {g.pointerType(spv::StorageClass::Output, g.type(g.T.f32())), var,
            uint32_t(spv::StorageClass::Output)});
    g.b.decorate(var, spv::Decoration::BuiltIn, {uint32_t(spv::BuiltIn::PointSize)});
    interface.push_back(var);
    g.store(var, g.constF32(1.0f));
  }

  void zeroWorkgroupMemory() {
    if (g.workgroupVars_.empty()) return;
    Id idxVar = g.b.newId();
    TypeId u = g.T.u32();
    emitOp(g.b.globals, spv::Op::OpVariable,
           {g.pointerType(spv::StorageClass::Input, g.type(u)), idxVar,
            uint32_t(spv::StorageClass::Input)});
    g.b.decorate(idxVar, spv::Decoration::BuiltIn, {uint32_t(spv::BuiltIn::LocalInvocationIndex)});
    interface.push_back(idxVar);
    Id idx = g.load(idxVar, u);
    Id first = g.op(spv::Op::OpIEqual, g.T.boolType(), {idx, g.constU32(0)});
    Id init = g.b.newId(), merge = g.b.newId();
    g.inst(spv::Op::OpSelectionMerge, {merge, 0});
    g.inst(spv::Op::OpBranchConditional, {first, init, merge});
    g.label(init);
    for (Id var : g.workgroupVars_) g.store(var, g.constNull(g.workgroupTypes_[var]));
    g.branch(merge);
    g.label(merge);
    g.barrier("workgroupBarrier");
  }
};

void Generator::entryPoint(uint32_t fn) {
  const wgsl::FnDecl& d = m.ast.fns[fn];
  const wgsl::FnInfo& f = m.fns[fn];
  Id inner = function(fn);
  FnCtx ctx;
  ctx.fn = fn;
  fn_ = &ctx;
  EntryBuilder eb{*this, fn};
  Id wrapper = b.newId();
  label(b.newId());
  if (f.stage == wgsl::Stage::Compute) eb.zeroWorkgroupMemory();
  for (size_t i = 0; i < privateInits_.size(); ++i) {  // (the list may grow while evaluating)
    auto [var, vid] = privateInits_[i];
    store(var, value(m.ast.vars[vid].init, m.vars[vid].type));
  }
  std::vector<Id> args{inner};
  for (uint32_t i = 0; i < d.params.count; ++i) {
    uint32_t vid = m.ast.at(d.params, i);
    const wgsl::VarDecl& p = m.ast.vars[vid];
    args.push_back(eb.loadInput(m.vars[vid].type, p.attrs, p.name, p.nameSpan));
  }
  Id result = opId(spv::Op::OpFunctionCall, type(f.returnType), args);
  if (T[f.returnType].kind != TypeKind::Void)
    eb.storeOutput(result, f.returnType, d.returnAttrs, std::string(d.name) + "_result", d.span);
  if (f.stage == wgsl::Stage::Vertex && options.writePointSize) eb.writePointSize();
  inst(spv::Op::OpReturn, {});
  Words& out = b.functions;
  Id voidT = voidType();
  emitOp(out, spv::Op::OpFunction,
         {voidT, wrapper, uint32_t(spv::FunctionControlMask::MaskNone), functionType(voidT, {})});
  out.insert(out.end(), ctx.body.begin(), ctx.body.begin() + 2);
  out.insert(out.end(), ctx.vars.begin(), ctx.vars.end());
  out.insert(out.end(), ctx.body.begin() + 2, ctx.body.end());
  emitOp(out, spv::Op::OpFunctionEnd, {});
  fn_ = nullptr;

  std::vector<Id> iface = eb.interface;
  if (options.version >= 0x00010400)
    iface.insert(iface.end(), allGlobals_.begin(), allGlobals_.end());
  spv::ExecutionModel model = f.stage == wgsl::Stage::Compute  ? spv::ExecutionModel::GLCompute
                              : f.stage == wgsl::Stage::Vertex ? spv::ExecutionModel::Vertex
                                                               : spv::ExecutionModel::Fragment;
  b.entryPoint(model, wrapper, d.name, iface);
  if (f.stage == wgsl::Stage::Compute)
    b.executionMode(
        wrapper, spv::ExecutionMode::LocalSize,
        {f.workgroupSize[0], std::max(f.workgroupSize[1], 1u), std::max(f.workgroupSize[2], 1u)});
  if (f.stage == wgsl::Stage::Fragment) {
    b.executionMode(wrapper, spv::ExecutionMode::OriginUpperLeft);
    if (eb.depthReplacing) b.executionMode(wrapper, spv::ExecutionMode::DepthReplacing);
  }
}

}  // namespace bindery::spirv
