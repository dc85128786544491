// Texture builtins (#texture-builtin-functions): queries (OpImageQuery*),
// textureLoad (OpImageFetch / OpImageRead, coordinates and level clamped to
// the image so an out-of-range load reads a texel of the image,
// #textureload), textureStore (OpImageWrite, skipped when out of bounds,
// #texturestore), sampling (OpSampledImage +
// OpImageSample*), comparisons (Dref), gathers, and
// textureSampleBaseClampToEdge (coordinates clamped half a texel inside).
#include <spirv/unified1/GLSL.std.450.h>

#include "generator.h"

namespace bindery::spirv {

namespace {

using wgsl::TextureKind;
using wgsl::ViewDimension;

struct Tex {
  Generator& g;
  NodeId call;
  uint32_t first;  // index of the texture argument
  TypeId type;
  wgsl::Type t;
  Id image = 0;

  bool arrayed() const {
    return t.dim == ViewDimension::e2DArray || t.dim == ViewDimension::CubeArray;
  }
  bool depth() const {
    return t.texture == TextureKind::Depth || t.texture == TextureKind::DepthMultisampled;
  }
  bool multisampled() const {
    return t.texture == TextureKind::Multisampled || t.texture == TextureKind::DepthMultisampled;
  }
  bool storage() const { return t.texture == TextureKind::Storage; }
  uint8_t dims() const {
    switch (t.dim) {
      case ViewDimension::e1D: return 1;
      case ViewDimension::e3D: return 3;
      default: return 2;
    }
  }
  NodeId arg(uint32_t i) const { return g.arg(call, first + i); }
  uint32_t count() const { return g.argCount(call) - first; }
  TypeId argType(uint32_t i) const { return g.T.unref(g.info(arg(i)).type); }

  // The image's size at `lod` (0 when none) as u32 / vecN<u32>, with layers when arrayed.
  Id querySize(Id lod, TypeId& resultType) {
    g.b.capability(spv::Capability::ImageQuery);
    uint8_t n =
        uint8_t((t.dim == ViewDimension::Cube || t.dim == ViewDimension::CubeArray ? 2 : dims()) +
                (arrayed() ? 1 : 0));
    resultType = g.vecOf(n == 1 ? 0 : n, g.T.u32());
    if (storage() || multisampled()) return g.op(spv::Op::OpImageQuerySize, resultType, {image});
    return g.op(spv::Op::OpImageQuerySizeLod, resultType, {image, lod ? lod : g.constU32(0)});
  }

  // coords (+ array index) as one vector of `leaf` components.
  Id coordinates(uint32_t coordsArg, TypeId leaf, bool withArray) {
    TypeId ct = argType(coordsArg);
    Id c = g.value(arg(coordsArg), g.T.isAbstract(ct) ? g.T.withLeaf(ct, leaf) : ct);
    TypeId concrete = g.T.isAbstract(ct) ? g.T.withLeaf(ct, leaf) : ct;
    c = g.convert(c, concrete, g.T.withLeaf(concrete, leaf));
    if (!withArray || !arrayed()) return c;
    TypeId at = argType(coordsArg + 1);
    TypeId aconc = g.T.isAbstract(at) ? g.T.withLeaf(at, leaf) : at;
    Id a = g.convert(g.value(arg(coordsArg + 1), aconc), aconc, leaf);
    uint8_t n = uint8_t(g.widthOf(concrete) + 1);
    return g.op(spv::Op::OpCompositeConstruct, g.T.vec(n, leaf), {c, a});
  }

  Id sampledImage(Id sampler) {
    Id imageType = g.type(type);
    Id& sit = g.sampledImageTypes_[imageType];
    if (!sit) {
      sit = g.b.newId();
      emitOp(g.b.globals, spv::Op::OpTypeSampledImage, {sit, imageType});
    }
    return g.opId(spv::Op::OpSampledImage, sit, {image, sampler});
  }
};

Id extractFirst(Generator& g, Id v4, TypeId result) {
  if (g.widthOf(result)) return v4;
  return g.op(spv::Op::OpCompositeExtract, result, {v4, 0});
}

Id dimensions(Tex& x, TypeId result) {
  Id lod = 0;
  if (x.count() > 1) lod = x.g.value(x.arg(1), x.g.T.withLeaf(x.argType(1), x.g.T.u32()));
  TypeId qt;
  Id size = x.querySize(lod, qt);
  if (!x.arrayed()) return size;
  uint8_t n = x.g.widthOf(result);
  if (!n) return x.g.op(spv::Op::OpCompositeExtract, result, {size, 0});
  std::vector<Id> ops{size, size};
  for (uint32_t i = 0; i < n; ++i) ops.push_back(i);
  return x.g.opId(spv::Op::OpVectorShuffle, x.g.type(result), ops);
}

Id numLayers(Tex& x, TypeId result) {
  TypeId qt;
  Id size = x.querySize(0, qt);
  return x.g.op(spv::Op::OpCompositeExtract, result, {size, uint32_t(x.g.widthOf(qt) - 1)});
}

Id textureLoad(Tex& x, TypeId result) {
  Generator& g = x.g;
  TypeId u = g.T.u32();
  Id coords = x.coordinates(1, u, true);
  TypeId ct = g.T.withLeaf(g.T.unref(g.info(x.arg(1)).type), u);
  if (x.arrayed()) ct = g.T.vec(uint8_t(g.widthOf(ct) + 1), u);
  uint32_t next = x.arrayed() ? 3 : 2;
  Id lodOrSample = 0;
  if (x.count() > next) lodOrSample = g.value(x.arg(next), g.T.withLeaf(x.argType(next), u));
  lodOrSample = lodOrSample ? g.convert(lodOrSample, g.T.withLeaf(x.argType(next), u), u) : 0;
  // clamp level and coordinates into the image (#textureload: any texel of the image is allowed)
  if (g.options.clampIndices && !x.storage() && !x.multisampled() && lodOrSample) {
    g.b.capability(spv::Capability::ImageQuery);
    Id levels = g.op(spv::Op::OpImageQueryLevels, u, {x.image});
    lodOrSample =
        g.glsl(GLSLstd450UMin, u, {lodOrSample, g.op(spv::Op::OpISub, u, {levels, g.constU32(1)})});
  }
  if (g.options.clampIndices) {
    TypeId qt;
    Id size = x.querySize(x.storage() || x.multisampled() ? 0 : lodOrSample, qt);
    Id last = g.op(spv::Op::OpISub, qt, {size, g.constSplat(qt, 0, 1)});
    coords = g.glsl(GLSLstd450UMin, ct, {coords, last});
  }
  TypeId v4 = g.T.vec(4, x.depth() ? g.T.f32() : g.T.leaf(result));
  Id texel;
  if (x.storage()) {
    texel = g.op(spv::Op::OpImageRead, v4, {x.image, coords});
  } else if (x.multisampled()) {
    texel = g.op(spv::Op::OpImageFetch, v4,
                 {x.image, coords, uint32_t(spv::ImageOperandsMask::Sample), lodOrSample});
  } else {
    texel = g.op(spv::Op::OpImageFetch, v4,
                 {x.image, coords, uint32_t(spv::ImageOperandsMask::Lod),
                  lodOrSample ? lodOrSample : g.constU32(0)});
  }
  return extractFirst(g, texel, result);
}

// #texturestore: when a coordinate is outside [0, textureDimensions) or the
// array index outside [0, textureNumLayers) the function "will not be
// executed" (storage textures have one level). It is skipped: the
// coordinates as u32 (a negative one wraps above the size) against
// OpImageQuerySize, so no store relies on the device's robustImageAccess.
// The arguments are evaluated before the test, as WGSL evaluates them.
Id textureStore(Tex& x) {
  Generator& g = x.g;
  TypeId ct = x.argType(1);
  TypeId leaf = g.T.isAbstract(ct) ? g.T.i32() : g.T.leaf(ct);
  bool check = g.options.clampIndices;
  if (check) leaf = g.T.u32();
  Id coords = x.coordinates(1, leaf, true);
  uint32_t valueArg = x.arrayed() ? 3 : 2;
  TypeId texel = g.T.vec(4, g.T.leaf(x.argType(valueArg)));
  if (g.T.isAbstract(texel)) texel = g.T.concretize(texel);
  Id value = g.value(x.arg(valueArg), texel);
  if (!check) {
    g.inst(spv::Op::OpImageWrite, {x.image, coords, value});
    return 0;
  }
  TypeId qt;
  Id size = x.querySize(0, qt);
  uint8_t n = g.widthOf(qt);
  Id inside = g.op(spv::Op::OpULessThan, g.vecOf(n, g.T.boolType()), {coords, size});
  if (n) inside = g.op(spv::Op::OpAll, g.T.boolType(), {inside});
  Id write = g.b.newId(), merge = g.b.newId();
  g.inst(spv::Op::OpSelectionMerge, {merge, 0});
  g.inst(spv::Op::OpBranchConditional, {inside, write, merge});
  g.label(write);
  g.inst(spv::Op::OpImageWrite, {x.image, coords, value});
  g.branch(merge);
  g.label(merge);
  return 0;
}

// textureSample* / textureGather*: `first` is the texture; the sampler follows.
Id sample(Tex& x, std::string_view name, TypeId result) {
  Generator& g = x.g;
  TypeId f = g.T.f32();
  Id si = x.sampledImage(g.value(x.arg(1)));
  Id coords = x.coordinates(2, f, true);
  uint32_t next = x.arrayed() ? 4 : 3;
  std::vector<Id> ops{si, coords};
  uint32_t mask = 0;
  std::vector<Id> operands;
  spv::Op o = spv::Op::OpImageSampleImplicitLod;
  bool compare = name.find("Compare") != std::string_view::npos;
  auto scalarF32 = [&](uint32_t i) {
    TypeId t = x.argType(i);
    TypeId c = g.T.isAbstract(t) ? f : t;
    return g.convert(g.value(x.arg(i), c), c, f);
  };
  if (compare) ops.push_back(scalarF32(next++));
  if (name == "textureSample") {
    o = spv::Op::OpImageSampleImplicitLod;
  } else if (name == "textureSampleBias") {
    o = spv::Op::OpImageSampleImplicitLod;
    mask |= uint32_t(spv::ImageOperandsMask::Bias);
    operands.push_back(scalarF32(next++));
  } else if (name == "textureSampleLevel") {
    o = spv::Op::OpImageSampleExplicitLod;
    mask |= uint32_t(spv::ImageOperandsMask::Lod);
    operands.push_back(scalarF32(next++));
  } else if (name == "textureSampleGrad") {
    o = spv::Op::OpImageSampleExplicitLod;
    mask |= uint32_t(spv::ImageOperandsMask::Grad);
    TypeId gt = x.argType(next);
    TypeId gc = g.T.isAbstract(gt) ? g.T.withLeaf(gt, f) : gt;
    operands.push_back(g.value(x.arg(next++), gc));
    operands.push_back(g.value(x.arg(next++), gc));
  } else if (name == "textureSampleCompare") {
    o = spv::Op::OpImageSampleDrefImplicitLod;
  } else if (name == "textureSampleCompareLevel") {
    o = spv::Op::OpImageSampleDrefExplicitLod;
    mask |= uint32_t(spv::ImageOperandsMask::Lod);
    operands.push_back(g.constF32(0));
  } else if (name == "textureGatherCompare") {
    o = spv::Op::OpImageDrefGather;
  } else if (name == "textureGather") {
    o = spv::Op::OpImageGather;
    Id component = g.constU32(0);
    if (x.first == 1) {
      auto cv = g.m.constValues.find(g.arg(x.call, 0));
      component = g.constU32(cv == g.m.constValues.end() ? 0 : uint32_t(cv->second.elems[0].i));
    }
    ops.push_back(component);
  }
  if (x.count() > next) {  // a const offset
    TypeId ot = x.argType(next);
    TypeId oc = g.T.isAbstract(ot) ? g.T.withLeaf(ot, g.T.i32()) : ot;
    mask |= uint32_t(spv::ImageOperandsMask::ConstOffset);
    operands.push_back(g.value(x.arg(next), oc));
  }
  if (mask) {
    ops.push_back(mask);
    ops.insert(ops.end(), operands.begin(), operands.end());
  }
  bool scalarResult =
      o == spv::Op::OpImageSampleDrefImplicitLod || o == spv::Op::OpImageSampleDrefExplicitLod;
  if (scalarResult) return g.opId(o, g.type(result), ops);
  TypeId v4 = g.T.vec(4, x.depth() && o != spv::Op::OpImageDrefGather && o != spv::Op::OpImageGather
                             ? f
                             : g.T.leaf(result));
  return extractFirst(g, g.opId(o, g.type(v4), ops), result);
}

Id sampleBaseClampToEdge(Tex& x, TypeId result) {
  Generator& g = x.g;
  TypeId f = g.T.f32(), v2 = g.T.vec(2, f);
  Id si = x.sampledImage(g.value(x.arg(1)));
  TypeId qt;
  Id size = g.op(spv::Op::OpConvertUToF, v2, {x.querySize(0, qt)});
  Id half = g.op(spv::Op::OpFDiv, v2, {g.constSplat(v2, 0.5, 0), size});
  Id hi = g.op(spv::Op::OpFSub, v2, {g.constSplat(v2, 1, 0), half});
  Id c = g.glsl(GLSLstd450NClamp, v2, {g.value(g.arg(x.call, 2), v2), half, hi});
  return g.op(spv::Op::OpImageSampleExplicitLod, result,
              {si, c, uint32_t(spv::ImageOperandsMask::Lod), g.constF32(0)});
}

}  // namespace

Id Generator::textureCall(NodeId e, std::string_view name, TypeId concrete) {
  // textureGather(component, t, s, coords, ...) has the component first for non-depth textures
  uint32_t first = 0;
  if (name == "textureGather" && T[T.unref(info(arg(e, 0)).type)].kind != TypeKind::Texture)
    first = 1;
  TypeId tt = T.unref(info(arg(e, first)).type);
  Tex x{*this, e, first, tt, T[tt]};
  if (x.t.texture == TextureKind::External) return externalTextureCall(e, name, concrete);
  x.image = value(arg(e, first));
  if (name == "textureDimensions") return dimensions(x, concrete);
  if (name == "textureNumLayers") return numLayers(x, concrete);
  if (name == "textureNumLevels") {
    b.capability(spv::Capability::ImageQuery);
    return op(spv::Op::OpImageQueryLevels, concrete, {x.image});
  }
  if (name == "textureNumSamples") {
    b.capability(spv::Capability::ImageQuery);
    return op(spv::Op::OpImageQuerySamples, concrete, {x.image});
  }
  if (name == "textureLoad") return textureLoad(x, concrete);
  if (name == "textureStore") return textureStore(x);
  if (name == "textureSampleBaseClampToEdge") return sampleBaseClampToEdge(x, concrete);
  return sample(x, name, concrete);
}

}  // namespace bindery::spirv
