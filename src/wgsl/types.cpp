// The interned type table, type predicates and canonical names (#types).
#include "types.h"

#include <array>
#include <cstring>
#include <string>
#include <type_traits>

namespace bindery::wgsl {

namespace {
struct FormatName {
  TexelFormat f;
  const char* name;
};
const FormatName kFormats[] = {
    {TexelFormat::Rgba8unorm, "rgba8unorm"},
    {TexelFormat::Rgba8snorm, "rgba8snorm"},
    {TexelFormat::Rgba8uint, "rgba8uint"},
    {TexelFormat::Rgba8sint, "rgba8sint"},
    {TexelFormat::Rgba16uint, "rgba16uint"},
    {TexelFormat::Rgba16sint, "rgba16sint"},
    {TexelFormat::Rgba16float, "rgba16float"},
    {TexelFormat::R32uint, "r32uint"},
    {TexelFormat::R32sint, "r32sint"},
    {TexelFormat::R32float, "r32float"},
    {TexelFormat::Rg32uint, "rg32uint"},
    {TexelFormat::Rg32sint, "rg32sint"},
    {TexelFormat::Rg32float, "rg32float"},
    {TexelFormat::Rgba32uint, "rgba32uint"},
    {TexelFormat::Rgba32sint, "rgba32sint"},
    {TexelFormat::Rgba32float, "rgba32float"},
    {TexelFormat::Bgra8unorm, "bgra8unorm"},
    {TexelFormat::R8unorm, "r8unorm"},
    {TexelFormat::R8snorm, "r8snorm"},
    {TexelFormat::R8uint, "r8uint"},
    {TexelFormat::R8sint, "r8sint"},
    {TexelFormat::Rg8unorm, "rg8unorm"},
    {TexelFormat::Rg8snorm, "rg8snorm"},
    {TexelFormat::Rg8uint, "rg8uint"},
    {TexelFormat::Rg8sint, "rg8sint"},
    {TexelFormat::R16unorm, "r16unorm"},
    {TexelFormat::R16snorm, "r16snorm"},
    {TexelFormat::R16uint, "r16uint"},
    {TexelFormat::R16sint, "r16sint"},
    {TexelFormat::R16float, "r16float"},
    {TexelFormat::Rg16unorm, "rg16unorm"},
    {TexelFormat::Rg16snorm, "rg16snorm"},
    {TexelFormat::Rg16uint, "rg16uint"},
    {TexelFormat::Rg16sint, "rg16sint"},
    {TexelFormat::Rg16float, "rg16float"},
    {TexelFormat::Rgba16unorm, "rgba16unorm"},
    {TexelFormat::Rgba16snorm, "rgba16snorm"},
    {TexelFormat::Rgb10a2uint, "rgb10a2uint"},
    {TexelFormat::Rgb10a2unorm, "rgb10a2unorm"},
    {TexelFormat::Rg11b10ufloat, "rg11b10ufloat"},
};
}  // namespace

std::string_view toString(TexelFormat f) {
  for (const FormatName& n : kFormats)
    if (n.f == f) return n.name;
  return "";
}

bool parseTexelFormat(std::string_view s, TexelFormat& out) {
  for (const FormatName& n : kFormats)
    if (s == n.name) {
      out = n.f;
      return true;
    }
  return false;
}

bool parseAddressSpace(std::string_view s, AddressSpace& out) {
  if (s == "function")
    out = AddressSpace::Function;
  else if (s == "private")
    out = AddressSpace::Private;
  else if (s == "workgroup")
    out = AddressSpace::Workgroup;
  else if (s == "uniform")
    out = AddressSpace::Uniform;
  else if (s == "storage")
    out = AddressSpace::Storage;
  else if (s == "handle")
    out = AddressSpace::Handle;
  else if (s == "immediate")
    out = AddressSpace::Immediate;
  else
    return false;
  return true;
}

bool parseAccessMode(std::string_view s, AccessMode& out) {
  if (s == "read")
    out = AccessMode::Read;
  else if (s == "write")
    out = AccessMode::Write;
  else if (s == "read_write")
    out = AccessMode::ReadWrite;
  else
    return false;
  return true;
}

const char* addressSpaceName(AddressSpace s) {
  switch (s) {
    case AddressSpace::None: return "none";
    case AddressSpace::Function: return "function";
    case AddressSpace::Private: return "private";
    case AddressSpace::Workgroup: return "workgroup";
    case AddressSpace::Uniform: return "uniform";
    case AddressSpace::Storage: return "storage";
    case AddressSpace::Handle: return "handle";
    case AddressSpace::Immediate: return "immediate";
  }
  return "";
}

const char* accessModeName(AccessMode a) {
  switch (a) {
    case AccessMode::None: return "";
    case AccessMode::Read: return "read";
    case AccessMode::Write: return "write";
    case AccessMode::ReadWrite: return "read_write";
  }
  return "";
}

TypeTable::TypeTable() {
  // a module of a few hundred lines has some tens of types (44 in the
  // particles bench shader): no regrowth or rehash for those
  types_.reserve(64);
  slots_.assign(128, kNoType);
  types_.push_back(Type{});  // kNoType
  auto simple = [&](TypeKind k) {
    Type t;
    t.kind = k;
    return intern(t);
  };
  void_ = simple(TypeKind::Void);
  bool_ = simple(TypeKind::Bool);
  ai_ = simple(TypeKind::AbstractInt);
  af_ = simple(TypeKind::AbstractFloat);
  i32_ = simple(TypeKind::I32);
  u32_ = simple(TypeKind::U32);
  f32_ = simple(TypeKind::F32);
  f16_ = simple(TypeKind::F16);
}

namespace {
// A type's key: its 24 bytes (every field is in it) as three words.
static_assert(sizeof(Type) == 24 && std::has_unique_object_representations_v<Type>);
using TypeKey = std::array<uint64_t, 3>;
TypeKey typeKey(const Type& t) {
  TypeKey k;
  std::memcpy(k.data(), &t, sizeof(Type));
  return k;
}
size_t hashKey(const TypeKey& key) {
  uint64_t h = 0x9E3779B97F4A7C15ull;
  for (uint64_t w : key) {
    h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  }
  return static_cast<size_t>(h);
}
}  // namespace

TypeId TypeTable::intern(const Type& t) {
  const TypeKey key = typeKey(t);
  if (slots_.empty()) slots_.assign(64, kNoType);
  size_t mask = slots_.size() - 1;
  size_t i = hashKey(key) & mask;
  for (; slots_[i] != kNoType; i = (i + 1) & mask)
    if (typeKey(types_[slots_[i]]) == key) return slots_[i];
  types_.push_back(t);
  const TypeId id = static_cast<TypeId>(types_.size() - 1);
  if (types_.size() * 2 > slots_.size()) {  // grow: every interned id again
    slots_.assign(slots_.size() * 2, kNoType);
    mask = slots_.size() - 1;
    for (TypeId k = 1; k <= id; ++k) {
      size_t j = hashKey(typeKey(types_[k])) & mask;
      while (slots_[j] != kNoType) j = (j + 1) & mask;
      slots_[j] = k;
    }
    return id;
  }
  slots_[i] = id;
  return id;
}

TypeId TypeTable::vec(uint8_t n, TypeId elem) {
  Type t;
  t.kind = TypeKind::Vector;
  t.width = n;
  t.elem = elem;
  return intern(t);
}
TypeId TypeTable::mat(uint8_t cols, uint8_t rows, TypeId elem) {
  Type t;
  t.kind = TypeKind::Matrix;
  t.width = cols;
  t.rows = rows;
  t.elem = elem;
  return intern(t);
}
TypeId TypeTable::array(TypeId elem, uint32_t count, uint32_t overrideKey) {
  Type t;
  t.kind = TypeKind::Array;
  t.elem = elem;
  t.count = count;
  t.overrideKey = overrideKey;
  return intern(t);
}
TypeId TypeTable::atomic(TypeId elem) {
  Type t;
  t.kind = TypeKind::Atomic;
  t.elem = elem;
  return intern(t);
}
TypeId TypeTable::pointer(AddressSpace s, TypeId store, AccessMode a) {
  Type t;
  t.kind = TypeKind::Pointer;
  t.space = s;
  t.elem = store;
  t.access = a;
  return intern(t);
}
TypeId TypeTable::reference(AddressSpace s, TypeId store, AccessMode a) {
  Type t;
  t.kind = TypeKind::Reference;
  t.space = s;
  t.elem = store;
  t.access = a;
  return intern(t);
}
TypeId TypeTable::sampler(bool comparison) {
  Type t;
  t.kind = comparison ? TypeKind::SamplerComparison : TypeKind::Sampler;
  return intern(t);
}
TypeId TypeTable::texture(TextureKind k, ViewDimension d, TypeId sampled, TexelFormat f,
                          AccessMode a) {
  Type t;
  t.kind = TypeKind::Texture;
  t.texture = k;
  t.dim = d;
  t.elem = sampled;
  t.format = f;
  t.access = a;
  return intern(t);
}
TypeId TypeTable::structType(uint32_t structIndex) {
  Type t;
  t.kind = TypeKind::Struct;
  t.structIndex = structIndex;
  return intern(t);
}

TypeId TypeTable::buffer(uint32_t bytes, uint32_t overrideKey) {
  Type t;
  t.kind = TypeKind::Buffer;
  t.count = bytes;
  t.overrideKey = overrideKey;
  return intern(t);
}

uint32_t TypeTable::addStruct(StructInfo s) {
  structs_.push_back(std::move(s));
  return static_cast<uint32_t>(structs_.size() - 1);
}

bool TypeTable::isScalar(TypeId t) const {
  TypeKind k = types_[t].kind;
  return k >= TypeKind::Bool && k <= TypeKind::F16;
}
bool TypeTable::isNumericScalar(TypeId t) const {
  TypeKind k = types_[t].kind;
  return k >= TypeKind::AbstractInt && k <= TypeKind::F16;
}
bool TypeTable::isFloatScalar(TypeId t) const {
  TypeKind k = types_[t].kind;
  return k == TypeKind::AbstractFloat || k == TypeKind::F32 || k == TypeKind::F16;
}
bool TypeTable::isIntScalar(TypeId t) const {
  TypeKind k = types_[t].kind;
  return k == TypeKind::AbstractInt || k == TypeKind::I32 || k == TypeKind::U32;
}

bool TypeTable::isAbstract(TypeId t) const {
  const Type& ty = types_[t];
  switch (ty.kind) {
    case TypeKind::AbstractInt:
    case TypeKind::AbstractFloat: return true;
    case TypeKind::Vector:
    case TypeKind::Matrix:
    case TypeKind::Array: return isAbstract(ty.elem);
    default: return false;
  }
}

TypeId TypeTable::leaf(TypeId t) const {
  const Type& ty = types_[t];
  if (ty.kind == TypeKind::Vector || ty.kind == TypeKind::Matrix) return ty.elem;
  return t;
}

TypeId TypeTable::withLeaf(TypeId t, TypeId scalar) {
  const Type& ty = types_[t];
  switch (ty.kind) {
    case TypeKind::Vector: return vec(ty.width, scalar);
    case TypeKind::Matrix: return mat(ty.width, ty.rows, scalar);
    case TypeKind::Array: {
      Type copy = ty;
      TypeId e = withLeaf(ty.elem, scalar);
      return array(e, copy.count, copy.overrideKey);
    }
    default: return scalar;
  }
}

TypeId TypeTable::concretize(TypeId t) {
  const Type& ty = types_[t];
  switch (ty.kind) {
    case TypeKind::AbstractInt: return i32_;
    case TypeKind::AbstractFloat: return f32_;
    case TypeKind::Vector: {
      uint8_t w = ty.width;
      return vec(w, concretize(ty.elem));
    }
    case TypeKind::Matrix: {
      uint8_t c = ty.width, r = ty.rows;
      return mat(c, r, concretize(ty.elem));
    }
    case TypeKind::Array: {
      Type copy = ty;
      return array(concretize(copy.elem), copy.count, copy.overrideKey);
    }
    default: return t;
  }
}

TypeId TypeTable::unref(TypeId t) const {
  const Type& ty = types_[t];
  if (ty.kind == TypeKind::Reference || ty.kind == TypeKind::Pointer) return ty.elem;
  return t;
}

bool TypeTable::containsAtomic(TypeId t) const {
  const Type& ty = types_[t];
  if (ty.kind == TypeKind::Atomic) return true;
  if (ty.kind == TypeKind::Array) return containsAtomic(ty.elem);
  if (ty.kind == TypeKind::Struct) {
    for (const MemberInfo& m : structs_[ty.structIndex].members)
      if (containsAtomic(m.type)) return true;
  }
  return false;
}

bool TypeTable::containsRuntimeArray(TypeId t) const {
  const Type& ty = types_[t];
  if (ty.kind == TypeKind::Array) return ty.count == 0 && ty.overrideKey == kNone;
  if (ty.kind == TypeKind::Struct) {
    const auto& ms = structs_[ty.structIndex].members;
    return !ms.empty() && containsRuntimeArray(ms.back().type);
  }
  return false;
}

bool TypeTable::containsF16(TypeId t) const {
  const Type& ty = types_[t];
  switch (ty.kind) {
    case TypeKind::F16: return true;
    case TypeKind::Vector:
    case TypeKind::Matrix:
    case TypeKind::Array:
    case TypeKind::Atomic: return containsF16(ty.elem);
    case TypeKind::Struct:
      for (const MemberInfo& m : structs_[ty.structIndex].members)
        if (containsF16(m.type)) return true;
      return false;
    default: return false;
  }
}

// #constructible-types
bool TypeTable::isConstructible(TypeId t) const {
  const Type& ty = types_[t];
  switch (ty.kind) {
    case TypeKind::Bool:
    case TypeKind::AbstractInt:
    case TypeKind::AbstractFloat:
    case TypeKind::I32:
    case TypeKind::U32:
    case TypeKind::F32:
    case TypeKind::F16:
    case TypeKind::Vector:
    case TypeKind::Matrix: return true;
    case TypeKind::Array:
      return ty.count != 0 && ty.overrideKey == kNone && isConstructible(ty.elem);
    case TypeKind::Struct:
      for (const MemberInfo& m : structs_[ty.structIndex].members)
        if (!isConstructible(m.type)) return false;
      return true;
    default: return false;
  }
}

// #host-shareable-types
bool TypeTable::isHostShareable(TypeId t) const {
  const Type& ty = types_[t];
  switch (ty.kind) {
    case TypeKind::I32:
    case TypeKind::U32:
    case TypeKind::F32:
    case TypeKind::F16: return true;
    case TypeKind::Vector:
    case TypeKind::Matrix:
    case TypeKind::Atomic: return isHostShareable(ty.elem);
    case TypeKind::Array: return ty.overrideKey == kNone && isHostShareable(ty.elem);
    case TypeKind::Struct:
      for (const MemberInfo& m : structs_[ty.structIndex].members)
        if (!isHostShareable(m.type)) return false;
      return true;
    case TypeKind::Buffer: return true;
    default: return false;
  }
}

// #fixed-footprint-types
bool TypeTable::hasFixedFootprint(TypeId t) const {
  const Type& ty = types_[t];
  switch (ty.kind) {
    case TypeKind::Array: return ty.count != 0 || ty.overrideKey != kNone;
    case TypeKind::Struct:
      for (const MemberInfo& m : structs_[ty.structIndex].members)
        if (!hasFixedFootprint(m.type)) return false;
      return true;
    case TypeKind::Buffer: return ty.count != 0 || ty.overrideKey != kNone;  // fixed-size
    default: return isPlain(t);
  }
}

// #plain-types
bool TypeTable::isPlain(TypeId t) const {
  const Type& ty = types_[t];
  switch (ty.kind) {
    case TypeKind::Bool:
    case TypeKind::AbstractInt:
    case TypeKind::AbstractFloat:
    case TypeKind::I32:
    case TypeKind::U32:
    case TypeKind::F32:
    case TypeKind::F16:
    case TypeKind::Vector:
    case TypeKind::Matrix:
    case TypeKind::Atomic: return true;
    case TypeKind::Array: return isPlain(ty.elem);
    case TypeKind::Struct:
      for (const MemberInfo& m : structs_[ty.structIndex].members)
        if (!isPlain(m.type)) return false;
      return true;
    default: return false;
  }
}

// #storable-types
bool TypeTable::isStorable(TypeId t) const {
  TypeKind k = types_[t].kind;
  return isPlain(t) || k == TypeKind::Texture || k == TypeKind::Sampler ||
         k == TypeKind::SamplerComparison || k == TypeKind::Buffer;
}

namespace {
const char* dimSuffix(ViewDimension d) {
  switch (d) {
    case ViewDimension::e1D: return "1d";
    case ViewDimension::e2D: return "2d";
    case ViewDimension::e2DArray: return "2d_array";
    case ViewDimension::Cube: return "cube";
    case ViewDimension::CubeArray: return "cube_array";
    case ViewDimension::e3D: return "3d";
    case ViewDimension::None: return "";
  }
  return "";
}
}  // namespace

std::string TypeTable::name(TypeId id) const {
  const Type& t = types_[id];
  switch (t.kind) {
    case TypeKind::Invalid: return "<invalid>";
    case TypeKind::Void: return "void";
    case TypeKind::Bool: return "bool";
    case TypeKind::AbstractInt: return "abstract-int";
    case TypeKind::AbstractFloat: return "abstract-float";
    case TypeKind::I32: return "i32";
    case TypeKind::U32: return "u32";
    case TypeKind::F32: return "f32";
    case TypeKind::F16: return "f16";
    case TypeKind::Vector: return "vec" + std::to_string(t.width) + "<" + name(t.elem) + ">";
    case TypeKind::Matrix:
      return "mat" + std::to_string(t.width) + "x" + std::to_string(t.rows) + "<" + name(t.elem) +
             ">";
    case TypeKind::Array:
      if (t.overrideKey != kNone) return "array<" + name(t.elem) + ", <override>>";
      if (t.count == 0) return "array<" + name(t.elem) + ">";
      return "array<" + name(t.elem) + ", " + std::to_string(t.count) + ">";
    case TypeKind::Atomic: return "atomic<" + name(t.elem) + ">";
    case TypeKind::Buffer:
      if (t.overrideKey != kNone) return "buffer<<override>>";
      return t.count == 0 ? "buffer" : "buffer<" + std::to_string(t.count) + ">";
    case TypeKind::Struct: return structs_[t.structIndex].name;
    case TypeKind::Pointer:
    case TypeKind::Reference: {
      std::string s = t.kind == TypeKind::Pointer ? "ptr<" : "ref<";
      s += addressSpaceName(t.space);
      s += ", " + name(t.elem);
      if (t.access != AccessMode::None) s += std::string(", ") + accessModeName(t.access);
      return s + ">";
    }
    case TypeKind::Sampler: return "sampler";
    case TypeKind::SamplerComparison: return "sampler_comparison";
    case TypeKind::Texture:
      switch (t.texture) {
        case TextureKind::Sampled:
          return std::string("texture_") + dimSuffix(t.dim) + "<" + name(t.elem) + ">";
        case TextureKind::Multisampled: return "texture_multisampled_2d<" + name(t.elem) + ">";
        case TextureKind::Depth: return std::string("texture_depth_") + dimSuffix(t.dim);
        case TextureKind::DepthMultisampled: return "texture_depth_multisampled_2d";
        case TextureKind::External: return "texture_external";
        case TextureKind::Storage:
          return std::string("texture_storage_") + dimSuffix(t.dim) + "<" +
                 std::string(toString(t.format)) + ", " + accessModeName(t.access) + ">";
      }
      return "texture";
  }
  return "?";
}

}  // namespace bindery::wgsl
