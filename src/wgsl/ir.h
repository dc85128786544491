// Internal: the resolved module. The AST plus parallel side tables: every
// expression's type and evaluation stage, every identifier's declaration,
// every call's target, every variable's type/address space/binding, every
// function's static uses. A code generator can work from this alone.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ast.h"
#include "bindery/wgsl/module.h"
#include "scalar_vec.h"
#include "types.h"

namespace bindery::wgsl {

// A constant, flattened to its scalar components in declaration order.
struct ConstValue {
  TypeId type = kNoType;
  ScalarVec elems;
};

// Constant values by expression id: the subset of std::unordered_map's
// interface the passes use (find, end, count, operator[]), stored densely (a
// slot per expression id, the values in insertion order) so that storing one
// allocates no node. References are not stable across operator[].
class ConstValueMap {
 public:
  using value_type = std::pair<uint32_t, ConstValue>;
  using iterator = std::vector<value_type>::iterator;
  using const_iterator = std::vector<value_type>::const_iterator;

  ConstValue& operator[](uint32_t e) {
    if (e >= slot_.size()) slot_.resize(size_t(e) + 1, kNone);
    if (slot_[e] == kNone) {
      slot_[e] = static_cast<uint32_t>(values_.size());
      values_.push_back({e, ConstValue{}});
    }
    return values_[slot_[e]].second;
  }
  // Room for `exprs` expression ids and `values` values without regrowth.
  void reserve(size_t exprs, size_t values) {
    if (slot_.size() < exprs) slot_.resize(exprs, kNone);
    values_.reserve(values);
  }
  iterator find(uint32_t e) {
    return e < slot_.size() && slot_[e] != kNone ? values_.begin() + slot_[e] : values_.end();
  }
  const_iterator find(uint32_t e) const {
    return e < slot_.size() && slot_[e] != kNone ? values_.begin() + slot_[e] : values_.end();
  }
  size_t count(uint32_t e) const { return e < slot_.size() && slot_[e] != kNone ? 1 : 0; }
  iterator begin() { return values_.begin(); }
  iterator end() { return values_.end(); }
  const_iterator begin() const { return values_.begin(); }
  const_iterator end() const { return values_.end(); }
  size_t size() const { return values_.size(); }
  bool empty() const { return values_.empty(); }

 private:
  std::vector<uint32_t> slot_;  // by expression id: index into values_, kNone if none
  std::vector<value_type> values_;
};

enum class EvalStage : uint8_t { Const, Override, Runtime };

enum class RefKind : uint8_t {
  None,
  Var,        // ModuleImpl::vars index (local or global var/let/const/override/param)
  Function,   // ModuleImpl::fns index
  Type,       // ExprInfo::type is the named type
  Builtin,    // builtin function call
  Enumerant,  // a context-dependent name: address space, access mode, texel format
};

enum class CallKind : uint8_t { None, Function, Builtin, Constructor, Conversion };

struct ExprInfo {
  TypeId type = kNoType;  // may be a Reference type (see #load-rule); the load is implicit
  EvalStage stage = EvalStage::Runtime;
  RefKind ref = RefKind::None;
  uint32_t refIndex = kNone;
  CallKind call = CallKind::None;
  // For expressions of texture/sampler/pointer type: the variable (global or
  // parameter) the handle comes from; kNone if unknown.
  uint32_t rootVar = kNone;
  // Member access: index of the struct member, or swizzle components packed
  // two bits each (count in swizzleCount).
  uint32_t memberIndex = kNone;
  uint8_t swizzleCount = 0;
  uint8_t swizzle = 0;
  bool resolved = false;
};

struct VarInfo {
  TypeId type = kNoType;  // store type (var) / value type (let, const, override, param)
  AddressSpace space = AddressSpace::None;
  AccessMode access = AccessMode::None;
  bool hasGroup = false, hasBinding = false;
  uint32_t group = 0, binding = 0;
  bool hasId = false;
  uint32_t overrideId = 0;
  std::optional<ConstValue> value;  // const: its value; override: its default when const
  uint32_t fn = kNone;              // owning function; kNone at module scope
  uint8_t state = 0;                // 0 unresolved, 1 resolving, 2 done
  // parameter IO attributes
  bool hasLocation = false, hasBuiltin = false;
};

// A texture and a sampler passed together to a sampling builtin; each is a
// var id (global variable or a parameter of the function).
struct SamplePair {
  uint32_t texture;
  uint32_t sampler;
  bool operator==(const SamplePair& o) const {
    return texture == o.texture && sampler == o.sampler;
  }
};

// A texture builtin call's texture and the sampler passed with it (kNone
// when the builtin takes none), as var ids like SamplePair.
struct TextureUseRecord {
  uint32_t texture = kNone;
  uint32_t sampler = kNone;
  bool comparison = false;  // the sampler is a sampler_comparison
  bool load = false;        // textureLoad
  bool operator==(const TextureUseRecord&) const = default;
};

struct FnInfo {
  TypeId returnType = kNoType;  // Void when none
  std::vector<TypeId> params;
  bool isEntry = false;
  Stage stage = Stage::Compute;
  std::array<uint32_t, 3> workgroupSize = {0, 0, 0};
  std::vector<uint32_t> uses;     // module-scope var/override ids statically used (transitive)
  std::vector<uint32_t> callees;  // user functions called directly
  std::vector<SamplePair> samplePairs;        // transitive, in terms of globals and own params
  std::vector<TextureUseRecord> textureUses;  // likewise: every texture builtin call
  // Builtin functions called (transitively), each name once with its first call.
  std::vector<std::pair<std::string, Span>> builtinCalls;
  // First use (transitively) of a fragment-only builtin (derivatives,
  // implicit-level sampling); length 0 when none.
  Span fragmentOnlyUse;
  std::string fragmentOnlyName;
  bool mustUse = false;  // @must_use
  uint8_t state = 0;
  // buffer_view: the largest MinTypeSize viewed (transitively) through each
  // of its own pointer-to-runtime-sized-buffer parameters (param var id,
  // size), for the callers' #minimum-buffer-binding-size.
  std::vector<std::pair<uint32_t, uint32_t>> bufferViews;
};

// A pipeline-creation error (#pipeline-creation-error) found while
// evaluating an override-expression, and where: in function `fn`, or else in
// the declaration of module-scope variable / override `var` (each kNone
// when not).
struct PipelineErrorRecord {
  Diagnostic diagnostic;
  uint32_t fn = kNone;
  uint32_t var = kNone;
};

namespace detail {
struct ModuleImpl {
  std::string source;
  Options options;
  Ast ast;
  TypeTable types;
  std::vector<ExprInfo> exprs;      // parallel to ast.exprs
  std::vector<VarInfo> vars;        // parallel to ast.vars
  std::vector<FnInfo> fns;          // parallel to ast.fns
  std::vector<TypeId> structTypes;  // parallel to ast.structs
  std::vector<TypeId> aliasTypes;   // parallel to ast.aliases
  ConstValueMap constValues;        // expression id -> value
  // Override-sized arrays: element count at the overrides' defaults, by Type::overrideKey.
  std::unordered_map<uint32_t, uint32_t> overrideArrayCounts;
  // #minimum-buffer-binding-size of a runtime-sized buffer variable (by var
  // id): the largest MinTypeSize of the bufferView / bufferArrayView types
  // taken of it (buffer_view.cpp).
  std::unordered_map<uint32_t, uint32_t> bufferMinBindingSize;
  // At the override values in use (Options::overrideValues, else the defaults).
  std::vector<PipelineErrorRecord> pipelineErrors;
  bool f16Enabled = false;
  bool dualSourceBlendingEnabled = false;  // `enable dual_source_blending;`
  bool uniformStandardLayout = false;
};
}  // namespace detail

using detail::ModuleImpl;

void resolveModule(ModuleImpl& m, Diagnostics& diags);
Reflection buildReflection(const ModuleImpl& m);

}  // namespace bindery::wgsl
