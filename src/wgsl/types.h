// Internal: the interned type table (#types). Every distinct type has one TypeId.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ast.h"
#include "bindery/wgsl/reflection.h"

namespace bindery::wgsl {

using TypeId = uint32_t;
inline constexpr TypeId kNoType = 0;  // the invalid type; always id 0

enum class TypeKind : uint8_t {
  Invalid,
  Void,
  Bool,
  AbstractInt,
  AbstractFloat,
  I32,
  U32,
  F32,
  F16,
  Vector,
  Matrix,
  Array,
  Atomic,
  Struct,
  Pointer,
  Reference,
  Sampler,
  SamplerComparison,
  Texture,
  // buffer<N> / buffer (#buffer-types, language extension buffer_view): count
  // N bytes, 0 for the runtime-sized buffer (unless overrideKey is set).
  Buffer,
};

// Immediate: var<immediate> (#address-spaces, language extension immediate_address_space).
enum class AddressSpace : uint8_t {
  None,
  Function,
  Private,
  Workgroup,
  Uniform,
  Storage,
  Handle,
  Immediate
};
enum class AccessMode : uint8_t { None, Read, Write, ReadWrite };
enum class TextureKind : uint8_t {
  Sampled,
  Multisampled,
  Depth,
  DepthMultisampled,
  Storage,
  External
};

struct Type {
  TypeKind kind = TypeKind::Invalid;
  uint8_t width = 0;                        // vector size; matrix column count
  uint8_t rows = 0;                         // matrix row count
  AddressSpace space = AddressSpace::None;  // pointer / reference
  AccessMode access = AccessMode::None;     // pointer / reference / storage texture
  TextureKind texture = TextureKind::Sampled;
  ViewDimension dim = ViewDimension::None;
  TexelFormat format = TexelFormat::None;
  TypeId elem = kNoType;         // component / element / pointee / sampled type
  uint32_t count = 0;            // array element count; 0 = runtime-sized (unless overrideKey set)
  uint32_t overrideKey = kNone;  // override-sized array: identity of the count expression
  uint32_t structIndex = kNone;  // Struct: index into TypeTable::structs
};

struct MemberInfo {
  std::string name;
  TypeId type = kNoType;
  uint32_t offset = 0;
  uint32_t size = 0;
  uint32_t align = 0;
  Span span;
  Range attrs;
  bool hasAlignAttr = false;
  bool hasSizeAttr = false;
  // IO attributes (for entry point interface structs)
  bool hasLocation = false;
  bool hasBuiltin = false;
};

struct StructInfo {
  std::string name;
  uint32_t astIndex = kNone;  // kNone for predeclared result structs
  std::vector<MemberInfo> members;
  uint32_t size = 0;
  uint32_t align = 1;
  Span span;
};

class TypeTable {
 public:
  TypeTable();
  TypeId intern(const Type& t);
  const Type& operator[](TypeId id) const { return types_[id]; }
  size_t size() const { return types_.size(); }

  TypeId invalid() const { return kNoType; }
  TypeId voidType() const { return void_; }
  TypeId boolType() const { return bool_; }
  TypeId abstractInt() const { return ai_; }
  TypeId abstractFloat() const { return af_; }
  TypeId i32() const { return i32_; }
  TypeId u32() const { return u32_; }
  TypeId f32() const { return f32_; }
  TypeId f16() const { return f16_; }
  TypeId vec(uint8_t n, TypeId elem);
  TypeId mat(uint8_t cols, uint8_t rows, TypeId elem);
  TypeId array(TypeId elem, uint32_t count, uint32_t overrideKey = kNone);
  TypeId atomic(TypeId elem);
  TypeId pointer(AddressSpace s, TypeId store, AccessMode a);
  TypeId reference(AddressSpace s, TypeId store, AccessMode a);
  TypeId sampler(bool comparison);
  TypeId texture(TextureKind k, ViewDimension d, TypeId sampled = kNoType,
                 TexelFormat f = TexelFormat::None, AccessMode a = AccessMode::None);
  TypeId structType(uint32_t structIndex);
  // #buffer-types: buffer<bytes>; bytes 0 (and no overrideKey): runtime-sized.
  TypeId buffer(uint32_t bytes, uint32_t overrideKey = kNone);

  uint32_t addStruct(StructInfo s);
  StructInfo& structInfo(uint32_t i) { return structs_[i]; }
  const StructInfo& structInfo(uint32_t i) const { return structs_[i]; }
  size_t structCount() const { return structs_.size(); }

  // Predicates (#type-categories)
  bool isScalar(TypeId t) const;  // bool, abstract, i32, u32, f32, f16
  bool isNumericScalar(TypeId t) const;
  bool isFloatScalar(TypeId t) const;  // f32, f16, abstract-float
  bool isIntScalar(TypeId t) const;    // i32, u32, abstract-int
  bool isAbstract(TypeId t) const;     // contains an abstract scalar
  bool isConstructible(TypeId t) const;
  bool isHostShareable(TypeId t) const;
  bool hasFixedFootprint(TypeId t) const;
  bool isStorable(TypeId t) const;
  bool isPlain(TypeId t) const;
  bool containsAtomic(TypeId t) const;
  bool containsRuntimeArray(TypeId t) const;
  bool containsF16(TypeId t) const;
  bool isBuffer(TypeId t) const { return types_[t].kind == TypeKind::Buffer; }
  bool isRuntimeSizedBuffer(TypeId t) const {
    return isBuffer(t) && types_[t].count == 0 && types_[t].overrideKey == kNone;
  }
  // Scalar component of a scalar/vector/matrix (else the type itself).
  TypeId leaf(TypeId t) const;
  // Replace the leaf scalar of a scalar/vector/matrix/array with `scalar`.
  TypeId withLeaf(TypeId t, TypeId scalar);
  // The concrete type an abstract type converts to by default (#concretization).
  TypeId concretize(TypeId t);
  // Store type of a reference / pointer (else t).
  TypeId unref(TypeId t) const;

  // Canonical WGSL spelling: "vec3<f32>", "array<u32, 4>", "ptr<storage, i32, read_write>".
  std::string name(TypeId t) const;

  // #memory-layouts: AlignOf / SizeOf (runtime-sized arrays count one element).
  uint32_t alignOf(TypeId t) const;
  uint32_t sizeOf(TypeId t) const;
  uint32_t strideOf(TypeId arrayType) const;  // array element stride
  // Number of scalar components when flattened (const values); runtime arrays: 0.
  uint32_t flatCount(TypeId t) const;

 private:
  std::vector<Type> types_;
  // Open addressing over types_, probed by a hash of the type's key; kNoType
  // marks an empty slot (id 0 is never interned). At most half full.
  std::vector<TypeId> slots_;
  std::vector<StructInfo> structs_;
  TypeId void_, bool_, ai_, af_, i32_, u32_, f32_, f16_;
};

// Names <-> enums for the context-dependent enumerants (#enumerant-types).
bool parseAddressSpace(std::string_view s, AddressSpace& out);
bool parseAccessMode(std::string_view s, AccessMode& out);
bool parseTexelFormat(std::string_view s, TexelFormat& out);
const char* addressSpaceName(AddressSpace s);
const char* accessModeName(AccessMode a);

}  // namespace bindery::wgsl
