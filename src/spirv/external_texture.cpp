// texture_external (#external-texture-type), lowered to two planes and a
// parameter buffer (generate.h: ExternalTextureBindings, the parameters'
// layout). One plane: RGBA as is; two planes: Y from plane 0, UV from plane 1,
// converted with the parameters' yuvToRgb matrix. textureDimensions is plane
// 0's size; textureLoad clamps to each plane; textureSampleBaseClampToEdge
// clamps half a texel inside each plane and samples at level 0.
#include <spirv/unified1/GLSL.std.450.h>

#include "generator.h"

namespace bindery::spirv {

namespace {
Id imageVar(Generator& g, TypeId planeType, Binding where, std::string_view name) {
  Id var = g.b.newId();
  emitOp(g.b.globals, spv::Op::OpVariable,
         {g.pointerType(spv::StorageClass::UniformConstant, g.type(planeType)), var,
          uint32_t(spv::StorageClass::UniformConstant)});
  g.b.decorate(var, spv::Decoration::DescriptorSet, {where.group});
  g.b.decorate(var, spv::Decoration::Binding, {where.binding});
  if (g.options.emitNames) g.b.name(var, name);
  g.allGlobals_.push_back(var);
  return var;
}
}  // namespace

Generator::External Generator::externalTexture(uint32_t vid) {
  auto it = externals_.find(vid);
  if (it != externals_.end()) return it->second;
  const wgsl::VarInfo& vi = m.vars[vid];
  std::string name(m.ast.vars[vid].name);
  Binding own{vi.group, vi.binding};
  Binding plane0 = own;
  if (auto r = options.bindingRemap.find(own); r != options.bindingRemap.end()) plane0 = r->second;
  ExternalTextureBindings where{{plane0.group, plane0.binding + 1000},
                                {plane0.group, plane0.binding + 2000}};
  if (auto x = options.externalTextures.find(own); x != options.externalTextures.end())
    where = x->second;
  External e;
  e.planeType = T.texture(wgsl::TextureKind::Sampled, wgsl::ViewDimension::e2D, T.f32());
  e.plane0 = imageVar(*this, e.planeType, plane0, name + "_plane0");
  e.plane1 = imageVar(*this, e.planeType, where.plane1, name + "_plane1");
  // the parameters: struct { numPlanes: u32, yuvToRgb: mat3x4f } in a Block
  wgsl::StructInfo s;
  s.name = "ExternalTextureParams";
  s.members.push_back(wgsl::MemberInfo{"numPlanes", T.u32(), 0, 4, 4});
  s.members.push_back(wgsl::MemberInfo{"yuvToRgb", T.mat(3, 4, T.f32()), 16, 48, 16});
  s.size = kExternalTextureParamsSize;
  s.align = 16;
  e.paramsType = T.structType(T.addStruct(std::move(s)));
  Id structId = type(e.paramsType);
  b.decorate(structId, spv::Decoration::Block);
  e.params = b.newId();
  emitOp(b.globals, spv::Op::OpVariable,
         {pointerType(spv::StorageClass::Uniform, structId), e.params,
          uint32_t(spv::StorageClass::Uniform)});
  b.decorate(e.params, spv::Decoration::DescriptorSet, {where.params.group});
  b.decorate(e.params, spv::Decoration::Binding, {where.params.binding});
  if (options.emitNames) b.name(e.params, name + "_params");
  allGlobals_.push_back(e.params);
  externals_[vid] = e;
  return e;
}

namespace {

struct Ext {
  Generator& g;
  Generator::External e;
  Id plane0, plane1, numPlanes, matrix;

  TypeId f() const { return g.T.f32(); }
  TypeId v4() const { return g.T.vec(4, f()); }

  // plane 0 (as is) or the YUV planes converted, by numPlanes
  Id combine(Id rgba0, Id uv) {
    TypeId v3 = g.T.vec(3, f());
    Id y = g.op(spv::Op::OpCompositeExtract, f(), {rgba0, 0});
    Id u = g.op(spv::Op::OpCompositeExtract, f(), {uv, 0});
    Id v = g.op(spv::Op::OpCompositeExtract, f(), {uv, 1});
    Id yuv = g.op(spv::Op::OpCompositeConstruct, v4(), {y, u, v, g.constF32(1)});
    Id rgb = g.op(spv::Op::OpVectorTimesMatrix, v3, {yuv, matrix});
    Id converted = g.op(spv::Op::OpCompositeConstruct, v4(), {rgb, g.constF32(1)});
    Id one = g.op(spv::Op::OpIEqual, g.T.boolType(), {numPlanes, g.constU32(1)});
    Id pick = g.splat(one, g.T.boolType(), 4);
    return g.op(spv::Op::OpSelect, v4(), {pick, rgba0, converted});
  }

  Id size(Id image) {
    g.b.capability(spv::Capability::ImageQuery);
    return g.op(spv::Op::OpImageQuerySizeLod, g.T.vec(2, g.T.u32()), {image, g.constU32(0)});
  }
};

}  // namespace

// A texture_external is a module-scope variable or a parameter the call bound
// to one (functions.cpp: the callee is specialised per texture).
uint32_t Generator::externalRoot(NodeId a) {
  if (ex(a).kind == wgsl::ExprKind::Ident && info(a).ref == wgsl::RefKind::Var) {
    uint32_t vid = info(a).refIndex;
    if (m.ast.vars[vid].global) return vid;
    if (auto it = fn_->externalParams.find(vid); it != fn_->externalParams.end()) return it->second;
  }
  unsupported("this texture_external expression", a);
}

Id Generator::externalTextureCall(NodeId e, std::string_view name, TypeId concrete) {
  NodeId texArg = arg(e, 0);
  External x = externalTexture(externalRoot(texArg));
  Ext ext{*this, x, load(x.plane0, x.planeType), load(x.plane1, x.planeType), 0, 0};
  if (name == "textureDimensions") return ext.size(ext.plane0);
  Id p = accessChain(T.u32(), AddressSpace::Uniform, x.params, {constU32(0)});
  ext.numPlanes = load(p, T.u32());
  TypeId matT = T.mat(3, 4, T.f32());
  ext.matrix = load(accessChain(matT, AddressSpace::Uniform, x.params, {constU32(1)}), matT);
  TypeId u2 = T.vec(2, T.u32()), f2 = T.vec(2, T.f32());
  if (name == "textureLoad") {
    NodeId c = arg(e, 1);
    TypeId ct = T.isAbstract(T.unref(info(c).type)) ? T.vec(2, T.i32()) : T.unref(info(c).type);
    Id coords = convert(value(c, ct), ct, u2);
    Id size0 = ext.size(ext.plane0), size1 = ext.size(ext.plane1);
    Id c0 =
        glsl(GLSLstd450UMin, u2, {coords, op(spv::Op::OpISub, u2, {size0, constSplat(u2, 0, 1)})});
    // plane 1 at the same relative position: c0 * size1 / size0
    Id scaled = op(spv::Op::OpUDiv, u2, {op(spv::Op::OpIMul, u2, {c0, size1}), size0});
    Id c1 =
        glsl(GLSLstd450UMin, u2, {scaled, op(spv::Op::OpISub, u2, {size1, constSplat(u2, 0, 1)})});
    auto fetch = [&](Id image, Id at) {
      return op(spv::Op::OpImageFetch, ext.v4(),
                {image, at, uint32_t(spv::ImageOperandsMask::Lod), constU32(0)});
    };
    return ext.combine(fetch(ext.plane0, c0), fetch(ext.plane1, c1));
  }
  if (name == "textureSampleBaseClampToEdge") {
    Id sampler = value(arg(e, 1));
    Id uv = value(arg(e, 2), f2);
    Id sit = sampledImageTypes_[type(x.planeType)];
    if (!sit) {
      sit = sampledImageTypes_[type(x.planeType)] = b.newId();
      emitOp(b.globals, spv::Op::OpTypeSampledImage, {sit, type(x.planeType)});
    }
    auto sample = [&](Id image) {
      Id size = op(spv::Op::OpConvertUToF, f2, {ext.size(image)});
      Id half = op(spv::Op::OpFDiv, f2, {constSplat(f2, 0.5, 0), size});
      Id hi = op(spv::Op::OpFSub, f2, {constSplat(f2, 1, 0), half});
      Id at = glsl(GLSLstd450NClamp, f2, {uv, half, hi});
      Id si = opId(spv::Op::OpSampledImage, sit, {image, sampler});
      return op(spv::Op::OpImageSampleExplicitLod, ext.v4(),
                {si, at, uint32_t(spv::ImageOperandsMask::Lod), constF32(0)});
    };
    return ext.combine(sample(ext.plane0), sample(ext.plane1));
  }
  (void)concrete;
  unsupported(std::string(name) + " of a texture_external", e);
}

}  // namespace bindery::spirv
