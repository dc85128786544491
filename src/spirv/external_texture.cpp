// texture_external (#external-texture-type), lowered to three planes and a
// parameter buffer (generate.h: ExternalTextureBindings, the parameters'
// layout). One plane: RGBA as is; two planes: Y from plane 0, UV from plane 1;
// three: Y, U, V from the red of planes 0, 1, 2; YUV converted with the
// parameters' yuvToRgb matrix; then, where the import's
// colorSpace differs from the frame's, decoded, gamut-mapped and encoded
// (#color-space-conversions). Only the frame's visible rect is seen
// (#external-texture-creation): textureDimensions is its size, textureLoad
// reads inside it, textureSampleBaseClampToEdge maps [0, 1] onto it and
// clamps half a texel inside its edge, in each plane (the rect scaled to the
// plane's size), at level 0.
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
                                {plane0.group, plane0.binding + 2000},
                                Binding{plane0.group, plane0.binding + 3000}};
  if (auto x = options.externalTextures.find(own); x != options.externalTextures.end()) {
    where = x->second;
    if (!where.plane2) where.plane2 = Binding{plane0.group, plane0.binding + 3000};
  }
  External e;
  e.planeType = T.texture(wgsl::TextureKind::Sampled, wgsl::ViewDimension::e2D, T.f32());
  e.plane0 = imageVar(*this, e.planeType, plane0, name + "_plane0");
  e.plane1 = imageVar(*this, e.planeType, where.plane1, name + "_plane1");
  e.plane2 = imageVar(*this, e.planeType, *where.plane2, name + "_plane2");
  // the parameters (generate.h: kExternalTextureParamsSize) in a Block
  wgsl::StructInfo s;
  s.name = "ExternalTextureParams";
  TypeId u2 = T.vec(2, T.u32()), f4 = T.vec(4, T.f32());
  s.members.push_back(wgsl::MemberInfo{"numPlanes", T.u32(), 0, 4, 4});
  s.members.push_back(wgsl::MemberInfo{"convertColor", T.u32(), 4, 4, 4});
  s.members.push_back(wgsl::MemberInfo{"visibleOrigin", u2, 8, 8, 8});
  s.members.push_back(wgsl::MemberInfo{"yuvToRgb", T.mat(3, 4, T.f32()), 16, 48, 16});
  s.members.push_back(wgsl::MemberInfo{"visibleSize", u2, 64, 8, 8});
  s.members.push_back(wgsl::MemberInfo{"gamut", T.mat(3, 3, T.f32()), 80, 48, 16});
  s.members.push_back(wgsl::MemberInfo{"decode0", f4, 128, 16, 16});
  s.members.push_back(wgsl::MemberInfo{"decode1", f4, 144, 16, 16});
  s.members.push_back(wgsl::MemberInfo{"encode0", f4, 160, 16, 16});
  s.members.push_back(wgsl::MemberInfo{"encode1", f4, 176, 16, 16});
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

// The parameters' members (the struct above), by index.
enum Member : uint32_t {
  kNumPlanes,
  kConvertColor,
  kVisibleOrigin,
  kYuvToRgb,
  kVisibleSize,
  kGamut,
  kDecode0,
  kDecode1,
  kEncode0,
  kEncode1
};

struct Ext {
  Generator& g;
  Generator::External e;
  Id plane0, plane1, plane2;

  TypeId f() const { return g.T.f32(); }
  TypeId v3() const { return g.T.vec(3, f()); }
  TypeId v4() const { return g.T.vec(4, f()); }

  Id param(Member m, TypeId t) {
    return g.load(g.accessChain(t, AddressSpace::Uniform, e.params, {g.constU32(m)}), t);
  }
  Id component(Id v, uint32_t i) { return g.op(spv::Op::OpCompositeExtract, f(), {v, i}); }
  Id splat3(Id scalar) { return g.splat(scalar, f(), 3); }

  // sign(x) * (|x| < d ? c|x| + f : pow(a|x| + b, g) + e), per component
  Id transfer(Id x, Member first) {
    Id p0 = param(first, v4()), p1 = param(Member(first + 1), v4());
    Id G = splat3(component(p0, 0)), A = splat3(component(p0, 1)), B = splat3(component(p0, 2));
    Id C = splat3(component(p0, 3)), D = splat3(component(p1, 0)), E = splat3(component(p1, 1));
    Id F = splat3(component(p1, 2));
    Id m = g.glsl(GLSLstd450FAbs, v3(), {x});
    Id linear = g.op(spv::Op::OpFAdd, v3(), {g.op(spv::Op::OpFMul, v3(), {C, m}), F});
    Id base = g.op(spv::Op::OpFAdd, v3(), {g.op(spv::Op::OpFMul, v3(), {A, m}), B});
    Id curve = g.op(spv::Op::OpFAdd, v3(), {g.glsl(GLSLstd450Pow, v3(), {base, G}), E});
    Id below = g.op(spv::Op::OpFOrdLessThan, g.T.vec(3, g.T.boolType()), {m, D});
    Id y = g.op(spv::Op::OpSelect, v3(), {below, linear, curve});
    return g.op(spv::Op::OpFMul, v3(), {g.glsl(GLSLstd450FSign, v3(), {x}), y});
  }

  // plane 0 (as is) or the YUV planes converted, by numPlanes; then the
  // colour-space conversion where convertColor
  Id combine(Id rgba0, Id uv, Id texel2) {
    Id numPlanes = param(kNumPlanes, g.T.u32());
    Id threePlanes = g.op(spv::Op::OpIEqual, g.T.boolType(), {numPlanes, g.constU32(3)});
    Id y = component(rgba0, 0), u = component(uv, 0);
    Id v = g.op(spv::Op::OpSelect, f(), {threePlanes, component(texel2, 0), component(uv, 1)});
    Id yuv = g.op(spv::Op::OpCompositeConstruct, v4(), {y, u, v, g.constF32(1)});
    TypeId m34 = g.T.mat(3, 4, f()), m33 = g.T.mat(3, 3, f());
    Id fromYuv = g.op(spv::Op::OpVectorTimesMatrix, v3(), {yuv, param(kYuvToRgb, m34)});
    Id asIs = g.op(spv::Op::OpVectorShuffle, v3(), {rgba0, rgba0, 0, 1, 2});
    Id onePlane = g.op(spv::Op::OpIEqual, g.T.boolType(), {numPlanes, g.constU32(1)});
    Id rgb = g.op(spv::Op::OpSelect, v3(), {g.splat(onePlane, g.T.boolType(), 3), asIs, fromYuv});
    Id linear = transfer(rgb, kDecode0);
    Id mapped = g.op(spv::Op::OpVectorTimesMatrix, v3(), {linear, param(kGamut, m33)});
    Id converted = transfer(mapped, kEncode0);
    Id convert = g.op(spv::Op::OpINotEqual, g.T.boolType(),
                      {param(kConvertColor, g.T.u32()), g.constU32(0)});
    Id out = g.op(spv::Op::OpSelect, v3(), {g.splat(convert, g.T.boolType(), 3), converted, rgb});
    Id alpha = g.op(spv::Op::OpSelect, f(), {onePlane, component(rgba0, 3), g.constF32(1)});
    return g.op(spv::Op::OpCompositeConstruct, v4(), {out, alpha});
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
  Ext ext{*this, x, load(x.plane0, x.planeType), load(x.plane1, x.planeType),
          load(x.plane2, x.planeType)};
  TypeId u2 = T.vec(2, T.u32()), f2 = T.vec(2, T.f32());
  Id visibleSize = ext.param(kVisibleSize, u2);
  if (name == "textureDimensions") return visibleSize;
  Id origin = ext.param(kVisibleOrigin, u2);
  Id size0 = ext.size(ext.plane0), size1 = ext.size(ext.plane1), size2 = ext.size(ext.plane2);
  if (name == "textureLoad") {
    NodeId c = arg(e, 1);
    TypeId ct = T.isAbstract(T.unref(info(c).type)) ? T.vec(2, T.i32()) : T.unref(info(c).type);
    Id coords = convert(value(c, ct), ct, u2);
    Id inside = glsl(GLSLstd450UMin, u2,
                     {coords, op(spv::Op::OpISub, u2, {visibleSize, constSplat(u2, 0, 1)})});
    Id c0 = op(spv::Op::OpIAdd, u2, {origin, inside});
    // planes 1 and 2 at the same relative position: c0 * size / size0
    auto scaled = [&](Id size) {
      Id at = op(spv::Op::OpUDiv, u2, {op(spv::Op::OpIMul, u2, {c0, size}), size0});
      return glsl(GLSLstd450UMin, u2, {at, op(spv::Op::OpISub, u2, {size, constSplat(u2, 0, 1)})});
    };
    auto fetch = [&](Id image, Id at) {
      return op(spv::Op::OpImageFetch, ext.v4(),
                {image, at, uint32_t(spv::ImageOperandsMask::Lod), constU32(0)});
    };
    return ext.combine(fetch(ext.plane0, c0), fetch(ext.plane1, scaled(size1)),
                       fetch(ext.plane2, scaled(size2)));
  }
  if (name == "textureSampleBaseClampToEdge") {
    Id sampler = value(arg(e, 1));
    Id uv = value(arg(e, 2), f2);
    Id sit = sampledImageTypes_[type(x.planeType)];
    if (!sit) {
      sit = sampledImageTypes_[type(x.planeType)] = b.newId();
      emitOp(b.globals, spv::Op::OpTypeSampledImage, {sit, type(x.planeType)});
    }
    // the visible rect in plane 0's texels, and the point uv maps to in it
    Id lo = op(spv::Op::OpConvertUToF, f2, {origin});
    Id extent = op(spv::Op::OpConvertUToF, f2, {visibleSize});
    Id at0 = op(spv::Op::OpFAdd, f2, {lo, op(spv::Op::OpFMul, f2, {uv, extent})});
    Id size0f = op(spv::Op::OpConvertUToF, f2, {size0});
    auto sample = [&](Id image, Id size) {
      // the same in this plane's texels, clamped half a texel inside the rect
      Id sizef = op(spv::Op::OpConvertUToF, f2, {size});
      Id scale = op(spv::Op::OpFDiv, f2, {sizef, size0f});
      Id half = constSplat(f2, 0.5, 0);
      Id low = op(spv::Op::OpFAdd, f2, {op(spv::Op::OpFMul, f2, {lo, scale}), half});
      Id end = op(spv::Op::OpFMul, f2, {op(spv::Op::OpFAdd, f2, {lo, extent}), scale});
      Id high = op(spv::Op::OpFSub, f2, {end, half});
      Id texel = op(spv::Op::OpFMul, f2, {at0, scale});
      Id clamped = glsl(GLSLstd450FMin, f2, {glsl(GLSLstd450FMax, f2, {texel, low}), high});
      Id at = op(spv::Op::OpFDiv, f2, {clamped, sizef});
      Id si = opId(spv::Op::OpSampledImage, sit, {image, sampler});
      return op(spv::Op::OpImageSampleExplicitLod, ext.v4(),
                {si, at, uint32_t(spv::ImageOperandsMask::Lod), constF32(0)});
    };
    return ext.combine(sample(ext.plane0, size0), sample(ext.plane1, size1),
                       sample(ext.plane2, size2));
  }
  (void)concrete;
  unsupported(std::string(name) + " of a texture_external", e);
}

}  // namespace bindery::spirv
