// Internal: the generator's state, shared by the files that lower one concern
// each (types.cpp, constants.cpp, expressions.cpp, operators.cpp, access.cpp,
// conversions.cpp, statements.cpp, builtins*.cpp, atomics.cpp, textures.cpp,
// entry_point.cpp, functions.cpp). Function bodies are built in a FnCtx.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "bindery/spirv/generate.h"
#include "builder.h"
#include "ir.h"

namespace bindery::spirv {

using wgsl::AddressSpace;
using wgsl::kNone;
using wgsl::kNoType;
using wgsl::NodeId;
using wgsl::TypeId;
using wgsl::TypeKind;

// Thrown for a construct the generator does not implement; caught by generate().
struct Unsupported {
  std::string construct;
  wgsl::Span span;
};

// How a module-scope or local variable is reached.
struct VarBinding {
  Id id = 0;             // pointer (var) or value (let, const, override, param)
  bool pointer = false;  // id is a pointer to the store type
  bool wrapped = false;  // a buffer wrapped in a Block struct: member 0 is the WGSL value
};

// A breakable construct: break goes to `merge`, continue to `cont` (loops only).
struct Breakable {
  Id merge = 0;
  Id cont = 0;
  Id header = 0;
  bool loop = false;
};

// A pointer's way from a module-scope variable: the variable and the indices of
// the access chains that led to it (constant ids, or run-time u32 ids).
struct PtrPath {
  Id root = 0;
  std::vector<Id> steps;
};

// A parameter a call binds at compile time (functions.cpp: the callee is
// specialised per binding): a texture_external's module-scope variable, or
// the variable a uniform / workgroup pointer points into and the access chain
// to its target (a constant id per step, or 0 where the u32 index is passed
// as an argument).
struct ParamBinding {
  uint32_t param = 0;
  uint32_t externalVar = kNone;
  Id root = 0;
  std::vector<Id> steps;
  // a pointer made by bufferView / bufferArrayView (buffer_view.cpp): root is
  // the buffer's variable; its offset, end (and last word index unless
  // viewWords gives the word count) are passed as u32 parameters
  bool view = false;
  uint32_t viewWords = 0;
};

// #buffer-view-builtin-functions: ArrayOffset(T) (the offset of the
// runtime-sized array ending T, 0 when none) and that array's type (kNoType).
uint32_t arrayOffset(const wgsl::TypeTable& T, TypeId t);
TypeId runtimeArrayOf(const wgsl::TypeTable& T, TypeId t);

// A pointer made by bufferView / bufferArrayView (buffer_view.cpp): a handle
// id, never emitted, for the buffer's u32 words, the byte offset of what it
// designates and the end of the view's region.
struct ViewPtr {
  Id root = 0;        // the buffer's variable or pointer parameter
  bool block = true;  // root points to a Block whose member 0 holds the words (else an array)
  AddressSpace space = AddressSpace::None;
  Id lastWord = 0;         // u32: the index of the buffer's last word (0 when it has none)
  uint32_t wordCount = 0;  // the buffer's words when known (0: only at run time)
  Id offset = 0;           // u32: byte offset of what the pointer designates
  Id end = 0;              // u32: byte end of the view's region
  TypeId store = kNoType;
};

// The hidden u32 parameters that carry a runtime-sized array's or buffer's
// length into a function: the length accesses are clamped to (OpArrayLength
// or the buffer's bytes) and, where the entry point reads pushed effective
// binding sizes (effective_size.cpp), the length arrayLength / bufferLength
// report; otherwise both are one parameter.
struct HiddenLength {
  Id clamp = 0;
  Id reported = 0;
};

struct FnCtx {
  uint32_t fn = kNone;
  Words vars;  // OpVariable of the first block
  Words body;
  Id label = 0;  // current block
  bool terminated = false;
  std::unordered_map<uint32_t, VarBinding> locals;  // var id -> binding
  // pointer parameters to (structs ending in) runtime-sized arrays: param var id ->
  // the hidden u32 parameters carrying the array's length
  std::unordered_map<uint32_t, HiddenLength> arrayLengths;
  // texture_external parameters: param var id -> the module-scope variable bound to it
  std::unordered_map<uint32_t, uint32_t> externalParams;
  std::vector<Breakable> breakables;
  TypeId returnType = kNoType;
};

class Generator {
 public:
  Generator(const wgsl::ModuleImpl& m, const Options& o);
  Words run(uint32_t entryFn);

  // ---- types.cpp
  Id type(TypeId t);
  Id pointerType(spv::StorageClass sc, Id pointee);
  Id functionType(Id ret, const std::vector<Id>& params);
  Id voidType();
  spv::StorageClass storageClass(AddressSpace s) const;
  // The concrete type of expression `e` (abstract leaf replaced by `want`'s).
  TypeId concreteOf(NodeId e, TypeId want);
  TypeId vecOf(uint8_t n, TypeId scalar) { return n ? T.vec(n, scalar) : scalar; }
  uint8_t widthOf(TypeId t) const { return T[t].kind == TypeKind::Vector ? T[t].width : 0; }
  void requireF16Storage(AddressSpace s);

  // ---- constants.cpp
  Id constant(const wgsl::ConstValue& v, TypeId concrete);
  Id constScalar(TypeId scalar, wgsl::Scalar s);
  Id constU32(uint32_t v);
  Id constI32(int32_t v);
  Id constF32(float v);
  Id constBool(bool v);
  Id constNull(TypeId t);
  Id constNullId(Id spvType);
  Id constComposite(TypeId t, const std::vector<Id>& parts);
  // A scalar constant splatted to `t` (scalar or vector) from its double/int value.
  Id constSplat(TypeId t, double f, int64_t i);

  // ---- expressions.cpp
  Id value(NodeId e, TypeId want = kNoType);
  Id valueNoConst(NodeId e, TypeId concrete);
  Id literalValue(NodeId e, TypeId want);
  Id identValue(NodeId e, TypeId concrete);
  Id callValue(NodeId e, TypeId concrete);
  Id constructValue(NodeId e, TypeId concrete);
  Id userCall(NodeId e);
  // Splat a scalar id of type `scalar` to vecN when n > 0.
  Id splat(Id scalar, TypeId scalarType, uint8_t n);

  // ---- operators.cpp
  Id unaryValue(NodeId e, TypeId concrete);
  Id binaryValue(NodeId e, TypeId concrete);
  Id shortCircuit(NodeId e);
  Id binaryOp(wgsl::BinaryOp op, Id a, TypeId ta, Id b, TypeId tb, TypeId result);
  Id arithmetic(wgsl::BinaryOp op, Id a, TypeId ta, Id b, TypeId tb, TypeId result);
  Id comparison(wgsl::BinaryOp op, Id a, Id b, TypeId operand, TypeId result);

  // ---- integer_guards.cpp (#arithmetic-expr: defined division, remainder, shifts)
  Id integerDivision(bool remainder, Id a, Id b, TypeId t);
  Id shiftAmount(Id b, TypeId t);

  // ---- conversions.cpp (#conversion-builtin-function, #bitcast-builtin)
  Id convert(Id v, TypeId from, TypeId to);
  Id bitcast(Id v, TypeId from, TypeId to);

  // ---- access.cpp (references, indexing, bounds clamping)
  Id pointer(NodeId e);  // an expression of reference type as a pointer id
  Id indexValue(NodeId e, TypeId concrete);
  Id memberValue(NodeId e, TypeId concrete);
  Id clampIndex(Id index, TypeId indexType, uint32_t count);
  Id clampIndexDynamic(Id index, TypeId indexType, Id length);
  Id runtimeArrayLength(NodeId arrayRef);
  Id arrayLengthOf(NodeId ref, bool reported);
  uint32_t wholeGlobal(NodeId e) const;
  bool needsLengthParam(TypeId paramType) const;
  Id accessChain(TypeId resultStore, AddressSpace space, Id base, std::initializer_list<Id> idx);
  Id load(Id ptr, TypeId store);
  void store(Id ptr, Id value);
  VarBinding globalVar(uint32_t vid);
  void decorateBlockMember(Id block, uint32_t member, TypeId t, uint32_t offset);

  // ---- buffer_view.cpp (#buffer-types, #buffer-view-builtin-functions)
  struct BufferLength {
    Id bytes = 0;        // bufferLength(p) (the effective binding size where pushed)
    uint32_t known = 0;  // the length when it is a constant, else 0
    Id clampBytes = 0;   // what accesses are clamped to: the descriptor's bytes
  };
  Id storageWordsBlock();
  uint32_t fixedBufferBytes(TypeId buffer) const;
  Id bufferPointee(const wgsl::VarInfo& vi, TypeId& zeroType);
  BufferLength bufferLength(NodeId p);
  Id bufferViewCall(NodeId e, bool arrayView);
  Id newView(const ViewPtr& v);
  ParamBinding viewArgument(uint32_t param, const ViewPtr& v, std::vector<Id>& ops, NodeId arg);
  Id viewParameter(const ParamBinding& pb, TypeId paramType, Words& header,
                   const std::vector<Id>& paramTypes, uint32_t& k);
  bool isView(Id ptr) const { return !views_.empty() && views_.count(ptr) != 0; }
  bool isViewExpr(NodeId e) const;
  Id viewIndex(Id base, NodeId indexExpr);
  Id viewMember(Id base, NodeId memberExpr);
  Id viewArrayLength(const ViewPtr& v);
  Id viewArrayLength(NodeId pointerExpr);
  Id viewWord(const ViewPtr& v, Id byteOffset);
  Id viewHalfIndex(Id byteOffset);
  Id viewLoad(const ViewPtr& v, TypeId t);
  void viewStore(const ViewPtr& v, TypeId t, Id value);
  void viewStoreHalf(const ViewPtr& v, Id value);
  Id viewArrayCall(const ViewPtr& v, TypeId t, Id value);
  void emitViewArrayFunction(Id fnId, const ViewPtr& v, bool global, TypeId t, bool store);
  Id viewLoadLoop(const ViewPtr& v, TypeId t);
  void viewStoreLoop(const ViewPtr& v, TypeId t, Id value);
  void countedLoop(uint32_t count, const std::function<void(Id)>& body);
  Id addU32(Id a, uint32_t c);
  Id asU32(Id v, TypeId t);
  std::unordered_map<Id, ViewPtr> views_;
  std::map<std::vector<uint32_t>, Id> viewFunctions_;  // viewArrayCall's functions
  Id storageWords_ = 0;

  // ---- effective_size.cpp (Options::effectiveSizeWords)
  void pushConstantBlock(uint32_t entryFn);
  // The pushed effective binding size of module-scope variable `vid` as a u32
  // id, or 0 when it has none.
  Id effectiveSize(uint32_t vid);
  // arrayLength(ref) (#arraylength-builtin): from the pushed size where there
  // is one, else the clamp's length (access.cpp arrayLengthOf).
  Id reportedArrayLength(NodeId ref) { return arrayLengthOf(ref, true); }
  Id effectiveArrayLength(uint32_t vid);
  // Hidden u32 parameters per length (HiddenLength): 1, or 2 when sizes are pushed.
  uint32_t hiddenLengthCount() const { return sizeWordMembers_.empty() ? 1 : 2; }
  void pushHiddenLength(std::vector<Id>& ops, Id clamp, Id reported) const;
  Id pushVar_ = 0;                                          // the one PushConstant variable
  std::unordered_map<uint32_t, uint32_t> sizeWordMembers_;  // var id -> member of pushVar_

  // ---- statements.cpp
  void block(NodeId s);
  void statement(NodeId s);
  void ifStatement(NodeId s);
  void switchStatement(NodeId s);
  void loopStatement(NodeId s);
  void forStatement(NodeId s);
  void whileStatement(NodeId s);
  void assignment(NodeId s);
  void declaration(uint32_t vid);
  void returnStatement(NodeId s);
  void discard(wgsl::Span span);
  Id label(Id l);  // starts block `l`
  void branch(Id target);
  Id newLocalVar(TypeId store, Id init = 0);

  // ---- builtins.cpp, builtins_numeric.cpp, builtins_bits.cpp
  Id builtinCall(NodeId e, TypeId concrete);
  Id glsl(uint32_t inst, TypeId result, std::initializer_list<Id> args);
  std::vector<Id> builtinArgs(NodeId e, TypeId leaf);
  TypeId commonArgLeaf(NodeId e);

  // ---- atomics.cpp
  Id atomicCall(NodeId e, std::string_view name, TypeId concrete);
  Id barrier(std::string_view name);

  // ---- textures.cpp, external_texture.cpp
  Id textureCall(NodeId e, std::string_view name, TypeId concrete);
  Id externalTextureCall(NodeId e, std::string_view name, TypeId concrete);
  struct External {
    Id plane0 = 0, plane1 = 0, plane2 = 0, params = 0;  // variables
    TypeId planeType = kNoType, paramsType = kNoType;
  };
  External externalTexture(uint32_t vid);
  std::unordered_map<uint32_t, External> externals_;

  // ---- functions.cpp
  // the SPIR-V function of WGSL function `fn` with `bound` parameters (emitted once each)
  Id function(uint32_t fn, const std::vector<ParamBinding>& bound = {});
  void emitFunctionBody(uint32_t fn, Id fnId, const std::vector<ParamBinding>& bound);
  // the module-scope texture_external an argument designates (through bound parameters)
  uint32_t externalRoot(NodeId arg);

  // ---- entry_point.cpp
  void entryPoint(uint32_t fn);

  // ---- helpers
  Id op(spv::Op o, TypeId result, std::initializer_list<Id> operands);
  Id opId(spv::Op o, Id resultType, std::initializer_list<Id> operands);
  Id opId(spv::Op o, Id resultType, const std::vector<Id>& operands);
  void inst(spv::Op o, std::initializer_list<Id> operands) { emitOp(fn_->body, o, operands); }
  [[noreturn]] void unsupported(std::string construct, NodeId expr) const;
  [[noreturn]] void unsupportedAt(std::string construct, wgsl::Span span) const;
  const wgsl::Expr& ex(NodeId e) const { return m.ast.exprs[e]; }
  const wgsl::ExprInfo& info(NodeId e) const { return m.exprs[e]; }
  NodeId arg(NodeId call, uint32_t i) const { return m.ast.at(m.ast.exprs[call].args, i); }
  uint32_t argCount(NodeId call) const { return m.ast.exprs[call].args.count; }
  bool isSigned(TypeId t) const { return T[T.leaf(t)].kind == TypeKind::I32; }
  bool isFloat(TypeId t) const;
  bool isBool(TypeId t) const { return T[T.leaf(t)].kind == TypeKind::Bool; }

  const wgsl::ModuleImpl& m;
  const Options& options;
  wgsl::TypeTable T;  // a copy: the generator interns the types it needs (bool vectors, ...)
  ModuleBuilder b;
  FnCtx* fn_ = nullptr;
  uint32_t entryFn_ = kNone;

 private:
  Id structType(TypeId t);
  Id arrayType(TypeId t);
  Id textureType(TypeId t);
  std::unordered_map<TypeId, Id> types_;
  std::map<std::pair<uint32_t, Id>, Id> pointers_;
  std::map<std::vector<Id>, Id> fnTypes_;
  std::map<std::vector<uint32_t>, Id> constants_;
  std::unordered_map<uint32_t, VarBinding> globals_;
  std::map<std::vector<uint32_t>, Id> functions_;  // (fn, bindings) -> function
  std::vector<uint32_t> pendingFunctions_;
  Id void_ = 0;
  friend struct EntryBuilder;

 public:
  std::vector<Id> interface_;  // entry-point interface variables
  std::vector<Id> workgroupVars_;
  std::vector<Id> allGlobals_;  // every module-scope variable (the 1.4+ interface)
  std::unordered_map<Id, TypeId> workgroupTypes_;
  std::unordered_map<Id, Id> sampledImageTypes_;
  // OpVariable / OpFunctionParameter ids: what a pointer argument may be (logical addressing)
  std::unordered_map<Id, bool> memoryObjects_;
  std::unordered_map<Id, TypeId>
      tempTypes_;  // copy-in/copy-out temporaries' store types  // image type -> OpTypeSampledImage
  Id localInvocationIndex_ = 0;
  std::unordered_map<Id, PtrPath> paths_;  // pointer id -> its way from a module-scope variable
  std::unordered_set<Id> constantIds_;     // scalar constants (constant access-chain steps)
  // private variables initialised with an override-expression: stored at entry
  std::vector<std::pair<Id, uint32_t>>
      privateInits_;  // Input variable, when zero-initialisation needs it
};

}  // namespace bindery::spirv
