// Types (#types -> SPIR-V 2.9 "Types"): scalars, vectors, matrices, arrays and
// structs with the front end's layout (Offset, ArrayStride, MatrixStride),
// pointers, samplers and images. One SPIR-V id per distinct type.
#include "generator.h"

namespace bindery::spirv {

using wgsl::TexelFormat;
using wgsl::TextureKind;
using wgsl::ViewDimension;

bool Generator::isFloat(TypeId t) const {
  TypeKind k = T[T.leaf(t)].kind;
  return k == TypeKind::F32 || k == TypeKind::F16 || k == TypeKind::AbstractFloat;
}

Id Generator::voidType() {
  if (!void_) {
    void_ = b.newId();
    emitOp(b.globals, spv::Op::OpTypeVoid, {void_});
  }
  return void_;
}

spv::StorageClass Generator::storageClass(AddressSpace s) const {
  switch (s) {
    case AddressSpace::Function: return spv::StorageClass::Function;
    case AddressSpace::Private: return spv::StorageClass::Private;
    case AddressSpace::Workgroup: return spv::StorageClass::Workgroup;
    case AddressSpace::Uniform: return spv::StorageClass::Uniform;
    case AddressSpace::Storage: return spv::StorageClass::StorageBuffer;
    case AddressSpace::Immediate: return spv::StorageClass::PushConstant;
    case AddressSpace::Handle:
    case AddressSpace::None: break;
  }
  return spv::StorageClass::UniformConstant;
}

TypeId Generator::concreteOf(NodeId e, TypeId want) {
  TypeId t = T.unref(info(e).type);
  if (!T.isAbstract(t)) return t;
  if (want != kNoType && !T.isAbstract(want)) {
    TypeId leaf = T.leaf(want);
    if (T[want].kind == TypeKind::Array) {
      TypeId w = want;
      while (T[w].kind == TypeKind::Array) w = T[w].elem;
      leaf = T.leaf(w);
    }
    return T.withLeaf(t, leaf);
  }
  return T.concretize(t);
}

Id Generator::pointerType(spv::StorageClass sc, Id pointee) {
  auto key = std::make_pair(uint32_t(sc), pointee);
  auto it = pointers_.find(key);
  if (it != pointers_.end()) return it->second;
  Id id = b.newId();
  emitOp(b.globals, spv::Op::OpTypePointer, {id, uint32_t(sc), pointee});
  pointers_[key] = id;
  return id;
}

Id Generator::functionType(Id ret, const std::vector<Id>& params) {
  std::vector<Id> key{ret};
  key.insert(key.end(), params.begin(), params.end());
  auto it = fnTypes_.find(key);
  if (it != fnTypes_.end()) return it->second;
  Id id = b.newId();
  std::vector<Id> ops{id};
  ops.insert(ops.end(), key.begin(), key.end());
  emitOp(b.globals, spv::Op::OpTypeFunction, ops);
  fnTypes_[key] = id;
  return id;
}

void Generator::requireF16Storage(AddressSpace s) {
  switch (s) {
    case AddressSpace::Storage: b.capability(spv::Capability::StorageBuffer16BitAccess); break;
    case AddressSpace::Uniform:
      b.capability(spv::Capability::UniformAndStorageBuffer16BitAccess);
      break;
    case AddressSpace::Immediate: b.capability(spv::Capability::StoragePushConstant16); break;
    default: return;
  }
  if (options.version < 0x00010300) b.extension("SPV_KHR_16bit_storage");
}

Id Generator::type(TypeId t) {
  const wgsl::Type& ty = T[t];
  // Scalars share one id per SPIR-V type (atomic<u32> is u32; abstract types concretize).
  switch (ty.kind) {
    case TypeKind::AbstractInt: return type(T.i32());
    case TypeKind::AbstractFloat: return type(T.f32());
    case TypeKind::Atomic: return type(ty.elem);
    case TypeKind::Reference:
    case TypeKind::Pointer: return pointerType(storageClass(ty.space), type(ty.elem));
    case TypeKind::Void: return voidType();
    case TypeKind::Buffer: return storageWordsBlock();  // behind a storage pointer parameter
    default: break;
  }
  auto it = types_.find(t);
  if (it != types_.end()) return it->second;
  Id id = 0;
  switch (ty.kind) {
    case TypeKind::Bool:
      id = b.newId();
      emitOp(b.globals, spv::Op::OpTypeBool, {id});
      break;
    case TypeKind::I32:
    case TypeKind::U32:
      id = b.newId();
      emitOp(b.globals, spv::Op::OpTypeInt, {id, 32, ty.kind == TypeKind::I32 ? 1u : 0u});
      break;
    case TypeKind::F32:
      id = b.newId();
      emitOp(b.globals, spv::Op::OpTypeFloat, {id, 32});
      break;
    case TypeKind::F16:
      b.capability(spv::Capability::Float16);
      id = b.newId();
      emitOp(b.globals, spv::Op::OpTypeFloat, {id, 16});
      break;
    case TypeKind::Vector: {
      Id elem = type(ty.elem);
      id = b.newId();
      emitOp(b.globals, spv::Op::OpTypeVector, {id, elem, ty.width});
      break;
    }
    case TypeKind::Matrix: {
      Id col = type(T.vec(ty.rows, ty.elem));
      id = b.newId();
      emitOp(b.globals, spv::Op::OpTypeMatrix, {id, col, ty.width});
      break;
    }
    case TypeKind::Array: id = arrayType(t); break;
    case TypeKind::Struct: id = structType(t); break;
    case TypeKind::Sampler:
    case TypeKind::SamplerComparison:
      // sampler and sampler_comparison are the same SPIR-V type
      if (TypeId other = T.sampler(ty.kind == TypeKind::Sampler); types_.count(other)) {
        id = types_[other];
        break;
      }
      id = b.newId();
      emitOp(b.globals, spv::Op::OpTypeSampler, {id});
      break;
    case TypeKind::Texture: id = textureType(t); break;
    default: unsupportedAt("the type '" + T.name(t) + "'", {});
  }
  types_[t] = id;
  return id;
}

Id Generator::arrayType(TypeId t) {
  const wgsl::Type ty = T[t];
  Id elem = type(ty.elem);
  Id id = b.newId();
  if (ty.count == 0 && ty.overrideKey == kNone) {
    emitOp(b.globals, spv::Op::OpTypeRuntimeArray, {id, elem});
  } else {
    uint32_t n = ty.count;
    if (ty.overrideKey != kNone) {
      auto it = m.overrideArrayCounts.find(ty.overrideKey);
      n = it == m.overrideArrayCounts.end() ? 0 : it->second;
      if (n == 0) unsupportedAt("an override-sized array without a count", {});
    }
    Id len = constU32(n);
    emitOp(b.globals, spv::Op::OpTypeArray, {id, elem, len});
  }
  // Handles (binding_array) have no stride; everything else keeps the WGSL layout.
  TypeKind ek = T[ty.elem].kind;
  if (ek != TypeKind::Texture && ek != TypeKind::Sampler && ek != TypeKind::SamplerComparison)
    b.decorate(id, spv::Decoration::ArrayStride, {T.strideOf(t)});
  return id;
}

Id Generator::structType(TypeId t) {
  const wgsl::StructInfo& s = T.structInfo(T[t].structIndex);
  std::vector<Id> ops{0};
  for (const wgsl::MemberInfo& mi : s.members) ops.push_back(type(mi.type));
  Id id = b.newId();
  ops[0] = id;
  emitOp(b.globals, spv::Op::OpTypeStruct, ops);
  if (options.emitNames) b.name(id, s.name);
  for (uint32_t i = 0; i < s.members.size(); ++i) {
    const wgsl::MemberInfo& mi = s.members[i];
    if (options.emitNames) b.memberName(id, i, mi.name);
    b.memberDecorate(id, i, spv::Decoration::Offset, {mi.offset});
    TypeId inner = mi.type;
    while (T[inner].kind == TypeKind::Array) inner = T[inner].elem;
    if (T[inner].kind == TypeKind::Matrix) {
      b.memberDecorate(id, i, spv::Decoration::ColMajor);
      b.memberDecorate(id, i, spv::Decoration::MatrixStride,
                       {T.alignOf(T.vec(T[inner].rows, T[inner].elem))});
    }
  }
  return id;
}

namespace {
spv::ImageFormat imageFormat(TexelFormat f) {
  switch (f) {
    case TexelFormat::Rgba8unorm: return spv::ImageFormat::Rgba8;
    case TexelFormat::Rgba8snorm: return spv::ImageFormat::Rgba8Snorm;
    case TexelFormat::Rgba8uint: return spv::ImageFormat::Rgba8ui;
    case TexelFormat::Rgba8sint: return spv::ImageFormat::Rgba8i;
    case TexelFormat::Rgba16uint: return spv::ImageFormat::Rgba16ui;
    case TexelFormat::Rgba16sint: return spv::ImageFormat::Rgba16i;
    case TexelFormat::Rgba16float: return spv::ImageFormat::Rgba16f;
    case TexelFormat::R32uint: return spv::ImageFormat::R32ui;
    case TexelFormat::R32sint: return spv::ImageFormat::R32i;
    case TexelFormat::R32float: return spv::ImageFormat::R32f;
    case TexelFormat::Rg32uint: return spv::ImageFormat::Rg32ui;
    case TexelFormat::Rg32sint: return spv::ImageFormat::Rg32i;
    case TexelFormat::Rg32float: return spv::ImageFormat::Rg32f;
    case TexelFormat::Rgba32uint: return spv::ImageFormat::Rgba32ui;
    case TexelFormat::Rgba32sint: return spv::ImageFormat::Rgba32i;
    case TexelFormat::Rgba32float: return spv::ImageFormat::Rgba32f;
    case TexelFormat::R8unorm: return spv::ImageFormat::R8;
    case TexelFormat::R8snorm: return spv::ImageFormat::R8Snorm;
    case TexelFormat::R8uint: return spv::ImageFormat::R8ui;
    case TexelFormat::R8sint: return spv::ImageFormat::R8i;
    case TexelFormat::Rg8unorm: return spv::ImageFormat::Rg8;
    case TexelFormat::Rg8snorm: return spv::ImageFormat::Rg8Snorm;
    case TexelFormat::Rg8uint: return spv::ImageFormat::Rg8ui;
    case TexelFormat::Rg8sint: return spv::ImageFormat::Rg8i;
    case TexelFormat::R16uint: return spv::ImageFormat::R16ui;
    case TexelFormat::R16sint: return spv::ImageFormat::R16i;
    // texture_formats_tier1's other formats (StorageImageExtendedFormats)
    case TexelFormat::R16unorm: return spv::ImageFormat::R16;
    case TexelFormat::R16snorm: return spv::ImageFormat::R16Snorm;
    case TexelFormat::R16float: return spv::ImageFormat::R16f;
    case TexelFormat::Rg16unorm: return spv::ImageFormat::Rg16;
    case TexelFormat::Rg16snorm: return spv::ImageFormat::Rg16Snorm;
    case TexelFormat::Rg16uint: return spv::ImageFormat::Rg16ui;
    case TexelFormat::Rg16sint: return spv::ImageFormat::Rg16i;
    case TexelFormat::Rg16float: return spv::ImageFormat::Rg16f;
    case TexelFormat::Rgba16unorm: return spv::ImageFormat::Rgba16;
    case TexelFormat::Rgba16snorm: return spv::ImageFormat::Rgba16Snorm;
    case TexelFormat::Rgb10a2uint: return spv::ImageFormat::Rgb10a2ui;
    case TexelFormat::Rgb10a2unorm: return spv::ImageFormat::Rgb10A2;
    case TexelFormat::Rg11b10ufloat: return spv::ImageFormat::R11fG11fB10f;
    default: return spv::ImageFormat::Unknown;  // bgra8unorm
  }
}
}  // namespace

// #texture-and-sampler-types: OpTypeImage(sampled type, Dim, Depth, Arrayed, MS, Sampled, format).
Id Generator::textureType(TypeId t) {
  const wgsl::Type ty = T[t];
  if (ty.texture == TextureKind::External)  // only reached through a function parameter
    unsupportedAt("a texture_external passed to a function", {});
  spv::Dim dim = spv::Dim::Dim2D;
  bool arrayed = false;
  switch (ty.dim) {
    case ViewDimension::e1D:
      dim = spv::Dim::Dim1D;
      b.capability(ty.texture == TextureKind::Storage ? spv::Capability::Image1D
                                                      : spv::Capability::Sampled1D);
      break;
    case ViewDimension::e2DArray: arrayed = true; break;
    case ViewDimension::Cube: dim = spv::Dim::Cube; break;
    case ViewDimension::CubeArray:
      dim = spv::Dim::Cube, arrayed = true;
      b.capability(spv::Capability::SampledCubeArray);
      break;
    case ViewDimension::e3D: dim = spv::Dim::Dim3D; break;
    default: break;
  }
  bool depth = ty.texture == TextureKind::Depth || ty.texture == TextureKind::DepthMultisampled;
  bool ms = ty.texture == TextureKind::Multisampled || ty.texture == TextureKind::DepthMultisampled;
  bool storage = ty.texture == TextureKind::Storage;
  TypeId sampled = depth ? T.f32() : ty.elem;
  spv::ImageFormat format = spv::ImageFormat::Unknown;
  if (storage) {
    format = imageFormat(ty.format);
    if (format == spv::ImageFormat::Unknown) {  // bgra8unorm, ...: no SPIR-V format
      if (ty.access != wgsl::AccessMode::Write)
        b.capability(spv::Capability::StorageImageReadWithoutFormat);
      if (ty.access != wgsl::AccessMode::Read)
        b.capability(spv::Capability::StorageImageWriteWithoutFormat);
    }
    sampled = (ty.format == TexelFormat::R32sint || ty.format == TexelFormat::Rg32sint ||
               ty.format == TexelFormat::Rgba32sint || ty.format == TexelFormat::Rgba8sint ||
               ty.format == TexelFormat::Rgba16sint || ty.format == TexelFormat::R8sint ||
               ty.format == TexelFormat::Rg8sint || ty.format == TexelFormat::R16sint ||
               ty.format == TexelFormat::Rg16sint)
                  ? T.i32()
              : (ty.format == TexelFormat::R32uint || ty.format == TexelFormat::Rg32uint ||
                 ty.format == TexelFormat::Rgba32uint || ty.format == TexelFormat::Rgba8uint ||
                 ty.format == TexelFormat::Rgba16uint || ty.format == TexelFormat::R8uint ||
                 ty.format == TexelFormat::Rg8uint || ty.format == TexelFormat::R16uint ||
                 ty.format == TexelFormat::Rg16uint || ty.format == TexelFormat::Rgb10a2uint)
                  ? T.u32()
                  : T.f32();
    if (format != spv::ImageFormat::Unknown && format != spv::ImageFormat::Rgba32f &&
        format != spv::ImageFormat::Rgba32i && format != spv::ImageFormat::Rgba32ui &&
        format != spv::ImageFormat::R32f && format != spv::ImageFormat::R32i &&
        format != spv::ImageFormat::R32ui && format != spv::ImageFormat::Rgba16f &&
        format != spv::ImageFormat::Rgba16i && format != spv::ImageFormat::Rgba16ui &&
        format != spv::ImageFormat::Rgba8 && format != spv::ImageFormat::Rgba8Snorm &&
        format != spv::ImageFormat::Rgba8i && format != spv::ImageFormat::Rgba8ui)
      b.capability(spv::Capability::StorageImageExtendedFormats);
  }
  Id sampledId = type(sampled);
  // texture types that differ only in access share one image type
  std::vector<uint32_t> key{uint32_t(spv::Op::OpTypeImage),
                            sampledId,
                            uint32_t(dim),
                            depth ? 1u : 0u,
                            arrayed ? 1u : 0u,
                            ms ? 1u : 0u,
                            storage ? 2u : 1u,
                            uint32_t(format)};
  auto it = constants_.find(key);
  if (it != constants_.end()) return it->second;
  Id id = b.newId();
  std::vector<uint32_t> ops{id};
  ops.insert(ops.end(), key.begin() + 1, key.end());
  emitOp(b.globals, spv::Op::OpTypeImage, ops);
  constants_[key] = id;
  return id;
}

}  // namespace bindery::spirv
