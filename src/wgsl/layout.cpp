// #memory-layouts: AlignOf, SizeOf, strides, struct member offsets, and the
// address-space layout constraints (#address-space-layout-constraints).
#include "layout.h"

#include <algorithm>

namespace bindery::wgsl {

uint32_t TypeTable::alignOf(TypeId id) const {
  const Type& t = types_[id];
  switch (t.kind) {
    case TypeKind::Bool:
    case TypeKind::I32:
    case TypeKind::U32:
    case TypeKind::F32:
    case TypeKind::Atomic:
    case TypeKind::AbstractInt:
    case TypeKind::AbstractFloat: return 4;
    case TypeKind::F16: return 2;
    case TypeKind::Vector: {
      uint32_t s = sizeOf(t.elem);
      return t.width == 2 ? 2 * s : 4 * s;
    }
    case TypeKind::Matrix: {
      uint32_t s = sizeOf(t.elem);
      return t.rows == 2 ? 2 * s : 4 * s;
    }
    case TypeKind::Array: return alignOf(t.elem);
    case TypeKind::Struct: return structs_[t.structIndex].align;
    default: return 1;
  }
}

uint32_t TypeTable::strideOf(TypeId id) const {
  const Type& t = types_[id];
  return roundUp(alignOf(t.elem), sizeOf(t.elem));
}

uint32_t TypeTable::sizeOf(TypeId id) const {
  const Type& t = types_[id];
  switch (t.kind) {
    case TypeKind::Bool:
    case TypeKind::I32:
    case TypeKind::U32:
    case TypeKind::F32:
    case TypeKind::Atomic:
    case TypeKind::AbstractInt:
    case TypeKind::AbstractFloat: return 4;
    case TypeKind::F16: return 2;
    case TypeKind::Vector: return t.width * sizeOf(t.elem);
    case TypeKind::Matrix: {
      uint32_t colAlign = t.rows == 2 ? 2 * sizeOf(t.elem) : 4 * sizeOf(t.elem);
      uint32_t colSize = t.rows * sizeOf(t.elem);
      return t.width * roundUp(colAlign, colSize);
    }
    case TypeKind::Array: {
      // runtime-sized (and override-sized, unknown here) count as one element
      uint32_t n = t.count == 0 ? 1 : t.count;
      return n * strideOf(id);
    }
    case TypeKind::Struct: return structs_[t.structIndex].size;
    // #alignment-and-size: buffer<N> is N bytes; the runtime-sized buffer is
    // the attached GPUBuffer's size (0 here).
    case TypeKind::Buffer: return t.count;
    default: return 0;
  }
}

uint32_t TypeTable::flatCount(TypeId id) const {
  const Type& t = types_[id];
  switch (t.kind) {
    case TypeKind::Vector: return t.width;
    case TypeKind::Matrix: return uint32_t(t.width) * t.rows;
    case TypeKind::Array: return t.count * flatCount(t.elem);
    case TypeKind::Struct: {
      uint32_t n = 0;
      for (const MemberInfo& m : structs_[t.structIndex].members) n += flatCount(m.type);
      return n;
    }
    default: return 1;
  }
}

uint64_t layoutStruct(TypeTable& types, StructInfo& s) {
  // 64-bit arithmetic so that a struct too large for the 32-bit layout fields
  // is detected (the caller rejects it) instead of wrapping around.
  uint64_t offset = 0;
  uint32_t align = 1;
  bool first = true;
  for (MemberInfo& m : s.members) {
    uint32_t a = m.hasAlignAttr ? m.align : types.alignOf(m.type);
    uint32_t sz = m.hasSizeAttr ? m.size : types.sizeOf(m.type);
    m.align = a;
    m.size = sz;
    uint64_t off = first ? 0 : roundUp64(a, offset);
    m.offset = static_cast<uint32_t>(std::min<uint64_t>(off, kMaxTypeByteSize));
    offset = off + sz;
    align = std::max(align, a);
    first = false;
  }
  uint64_t size = roundUp64(align, offset);
  s.align = align;
  s.size = static_cast<uint32_t>(std::min<uint64_t>(size, kMaxTypeByteSize));
  return size;
}

uint32_t requiredAlignOf(const TypeTable& types, TypeId t, AddressSpace space,
                         bool uniformStandardLayout) {
  const Type& ty = types[t];
  uint32_t a = types.alignOf(t);
  if (space == AddressSpace::Uniform && !uniformStandardLayout &&
      (ty.kind == TypeKind::Struct || ty.kind == TypeKind::Array))
    return roundUp(16, a);
  return a;
}

namespace {

uint32_t requiredAlign(const TypeTable& types, TypeId t, AddressSpace space, bool std430) {
  const Type& ty = types[t];
  uint32_t a = types.alignOf(t);
  if (space == AddressSpace::Uniform && !std430 &&
      (ty.kind == TypeKind::Struct || ty.kind == TypeKind::Array))
    return roundUp(16, a);
  return a;
}

std::string check(const TypeTable& types, TypeId t, AddressSpace space, bool std430,
                  const std::string& path) {
  const Type& ty = types[t];
  if (ty.kind == TypeKind::Struct) {
    const StructInfo& s = types.structInfo(ty.structIndex);
    for (size_t i = 0; i < s.members.size(); ++i) {
      const MemberInfo& m = s.members[i];
      std::string mpath = path + "." + m.name;
      uint32_t req = requiredAlign(types, m.type, space, std430);
      if (m.offset % req != 0)
        return "the offset of member '" + mpath + "' (" + std::to_string(m.offset) +
               ") must be a multiple of " + std::to_string(req) + " in the '" +
               addressSpaceName(space) + "' address space; use @align(" + std::to_string(req) + ")";
      if (space == AddressSpace::Uniform && !std430 && i + 1 < s.members.size() &&
          types[m.type].kind == TypeKind::Struct) {
        uint32_t gap = s.members[i + 1].offset - m.offset;
        uint32_t need = roundUp(16, types.sizeOf(m.type));
        if (gap < need)
          return "in the 'uniform' address space, the member after '" + mpath +
                 "' must start at least " + std::to_string(need) +
                 " bytes after it (its struct size rounded up to 16); use @align(16) on the "
                 "next member";
      }
      std::string inner = check(types, m.type, space, std430, mpath);
      if (!inner.empty()) return inner;
    }
  } else if (ty.kind == TypeKind::Array) {
    if (space == AddressSpace::Uniform && !std430 && types.strideOf(t) % 16 != 0)
      return "in the 'uniform' address space, the stride of array '" + path + "' (" +
             types.name(t) + ") must be a multiple of 16 but is " +
             std::to_string(types.strideOf(t)) +
             "; use an element type with 16-byte alignment, "
             "e.g. vec4";
    return check(types, ty.elem, space, std430, path + "[]");
  }
  return {};
}

}  // namespace

std::string checkLayoutConstraints(const TypeTable& types, TypeId store, AddressSpace space,
                                   bool uniformStandardLayout) {
  return check(types, store, space, uniformStandardLayout, "");
}

}  // namespace bindery::wgsl
