// Internal: the resolver. Resolves module-scope declarations lazily in
// dependency order (cycles rejected), scopes and shadowing, types, const and
// override expressions, type checking of expressions and statements, and
// records per-function static use (#shader-interface).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "const_eval.h"
#include "ir.h"
#include "local_scopes.h"
#include "name_table.h"

namespace bindery::wgsl {

struct BuiltinResult;

class Resolver {
 public:
  Resolver(ModuleImpl& m, Diagnostics& d);
  void run();

  // --- module scope (resolver_decl.cpp)
  void resolveDirectives();
  void collectGlobals();
  std::vector<uint32_t> dependencyOrder() const;
  void resolveGlobal(uint32_t globalIndex);
  void resolveStruct(uint32_t si);
  void resolveAlias(uint32_t ai);
  void resolveVarDecl(uint32_t vi);  // global or local var/let/const/override
  void resolveFunction(uint32_t fi);
  void resolveEntryPoint(uint32_t fi);
  void checkConstAssert(NodeId e, Span span);
  void checkBindingConflicts();
  // #alias-analysis (alias_analysis.cpp)
  struct AliasSets {
    std::vector<uint32_t> globalsRead, globalsWritten;  // module-scope var ids
    std::vector<bool> paramRead, paramWritten;          // by parameter index
  };
  std::vector<AliasSets> aliasSets_;
  AliasSets& aliasSets(uint32_t fi);
  // A read or write of memory whose root identifier is var `root`.
  void noteAccess(uint32_t root, bool write);
  void checkCallAliasing(uint32_t callee, Span call, const std::vector<NodeId>& args);
  // #texture-builtin-functions: `offset` is a const-expression with each
  // component in [-8, 7]; textureGather's `component` a const-expression
  // in [0, 3] (stage_rules.cpp).
  void checkTextureConstArgs(std::string_view name, const std::vector<NodeId>& args,
                             const std::vector<TypeId>& argTypes);
  // Builtins a stage may not call (#sync-builtin-functions,
  // #atomic-builtin-functions), for entry point `fi` (stage_rules.cpp).
  void checkStageBuiltins(uint32_t fi);
  // #subgroup-size-attr (stage_rules.cpp)
  void checkSubgroupSize(uint32_t fi);
  // subgroup and quad builtins: `enable subgroups;`, broadcast ids.
  void checkSubgroupCall(std::string_view name, Span span, const std::vector<NodeId>& args);
  void checkVertexWritableAccess(uint32_t fi);
  void checkOverrideIds();
  // @builtin / @location / @interpolate on a parameter, member or return type (io_attributes.cpp)
  void checkIoAttributes(Range attrs, TypeId type);
  void checkEntryIo(uint32_t fi);
  // #input-output-locations "locations in structs": @blend_src members.
  void checkBlendSrcMembers(const StructInfo& info);

  // --- override values, pipeline-creation errors (resolver_override.cpp)
  // An error of an override-expression at the override values in use: a
  // pipeline-creation error, charged to function `fn` (default: the current
  // one) or to the module-scope declaration being resolved.
  void pipelineError(Span span, std::string message, uint32_t fn = kNone);
  // --- early evaluation of known operands (const_eval_partial.cpp)
  // Override-expression `e` fails to evaluate: a pipeline-creation error
  // naming the expression and the overrides it uses, with their values.
  void overrideError(NodeId e, std::string err);
  // The rules an operator / builtin / index breaks through its operands that
  // are const- or override-expressions while others are not; false when an
  // error was reported.
  // `whole`: the binary expression, kNone for a compound assignment.
  bool checkKnownOperands(Span span, NodeId rhs, BinaryOp op, TypeId result, NodeId whole);
  bool checkKnownArguments(NodeId e, std::string_view name, const std::vector<NodeId>& args,
                           TypeId result);
  void checkKnownIndex(NodeId e, NodeId base, NodeId index, TypeId store, TypeId elem,
                       bool isValue);
  // Options::overrideValues: the value given for override `vi` (of `type`).
  void applyOverrideValue(uint32_t vi, TypeId type);
  // At most one immediate variable per entry point (#address-space).
  void checkImmediateUse(uint32_t fi);
  // FnInfo::builtinCalls: `name` called at `span` (kept when new).
  static void noteBuiltinCall(FnInfo& f, std::string name, Span span);

  // --- types (resolver_type.cpp)
  TypeId resolveType(NodeId e);
  // Returns true when `name` names a type (predeclared or user); sets `out`.
  bool typeFromName(std::string_view name, Range templateArgs, Span span, TypeId& out);

  // --- expressions (resolver_expr.cpp)
  TypeId resolveExpr(NodeId e);
  void resolveSpine(NodeId e);
  TypeId resolveValue(NodeId e);  // with the load rule applied
  // resolver_ctor.cpp; `type` kNoType for vecN(...)/matCxR(...)/array(...) with inferred elements
  TypeId resolveConstructor(NodeId e, TypeId type, const std::vector<NodeId>& args);
  bool constValueOf(NodeId e, ConstValue& out) const;
  // The const value of `e` in place (nullptr if none); valid until the next
  // value is stored.
  const ConstValue* constValue(NodeId e) const;
  bool anyValueOf(NodeId e, ConstValue& out) const;  // const, or override at defaults
  // Requires a const-expression (or override-expression when allowOverride)
  // of integer type; evaluates it. Reports an error and returns false otherwise.
  bool evalInt(NodeId e, const char* what, int64_t& out, bool allowOverride = false,
               bool* dependsOnOverride = nullptr);
  bool canConvert(TypeId from, TypeId to) const;
  // Result type of `a op b`, or kNoType when the operator does not apply.
  TypeId binaryResultType(BinaryOp op, TypeId a, TypeId b);
  // Check `e` (already resolved) is assignable to `target`; report otherwise.
  bool checkConvertible(NodeId e, TypeId valueType, TypeId target, const std::string& context);
  std::string typeName(TypeId t) const { return T.name(t); }

  // --- statements (resolver_stmt.cpp)
  void resolveStmt(NodeId s);
  void resolveBlock(NodeId s, bool newScope);
  // #behaviors (behaviors.cpp): a statement's behavior set; reports loops
  // that never exit and functions with a return type that can fall off.
  uint8_t behaviorOf(NodeId s);
  void checkFunctionBehavior(uint32_t fi, TypeId ret);

  // --- builtin calls (builtins.cpp)
  TypeId resolveBuiltinCall(NodeId e, std::string_view name, const std::vector<NodeId>& args,
                            std::vector<TypeId>& argTypes, bool& isBuiltin);

  void noteFragmentOnly(std::string_view name, Span span);

  // --- buffer_view (buffer_view.cpp): #buffer-types, #buffer-view-builtin-functions
  bool bufferType(Range templateArgs, Span span, TypeId& out);
  void checkBufferVariable(Span span, const std::string& name, TypeId type, AddressSpace space);
  bool bufferPointerConverts(TypeId from, TypeId to) const;
  // A view of `size` bytes taken of the buffer whose originating variable is
  // `root` (a module-scope variable, or a parameter of the current function).
  void noteBufferView(uint32_t root, uint32_t size);
  TypeId resolveBufferViewCall(NodeId e, std::string_view name, const std::vector<NodeId>& args,
                               const std::vector<TypeId>& argTypes);
  static bool isMustUseBuiltin(std::string_view name);

  // helpers
  void error(Span s, std::string msg) { diags_.error(s, std::move(msg)); }
  Span exprSpan(NodeId e) const { return m_.ast.exprs[e].span; }
  void addUse(uint32_t varId);
  // Record the value of const-expression `e` / override-expression `e` at
  // the override values in use, charged to Options::maxConstEvalScalars;
  // false (and one error naming the declaration) when the budget is spent.
  bool storeConst(NodeId e, ConstValue v);
  bool storeOverride(NodeId e, ConstValue v);
  bool chargeConstEval(uint64_t scalars, Span span);
  // A const-expression whose value was not materialised (over the budget):
  // the error a place that needs its value reports.
  std::string budgetNote() const;
  uint64_t constEvalLeft_ = 0;
  bool budgetReported_ = false;
  // > 0 while resolving the right-hand side of a `&&` / `||` whose left-hand
  // side decides the result (#const-expr: it is not evaluated): values are
  // not read, so nothing in it is evaluated or raises an evaluation error.
  int skipEval_ = 0;
  std::vector<std::string_view> enabledExtensions_;
  bool isEnabled(std::string_view ext) const {
    for (std::string_view e : enabledExtensions_)
      if (e == ext) return true;
    return false;
  }
  bool zeroSkipped_ = false;

  struct FnCtx {
    uint32_t fn = kNone;
    LocalScopes* scopes = nullptr;  // name -> var id (from scopesPool_)
    int loopDepth = 0;
    int switchDepth = 0;
    int continuingDepth = 0;
  };
  // Look up a local name in the current function's scopes; kNone if absent.
  uint32_t lookupLocal(std::string_view name) const;
  // Global index (into ast.globals) of a module-scope name; kNone if absent.
  uint32_t lookupGlobal(std::string_view name) const;

  ModuleImpl& m_;
  Diagnostics& diags_;
  TypeTable& T;
  ConstEval eval_;
  NameTable globalNames_;
  // FnCtx::scopes of the functions being resolved (nested when a function's
  // resolution resolves another), reused from one function to the next
  std::vector<std::unique_ptr<LocalScopes>> scopesPool_;
  size_t scopesInUse_ = 0;
  std::vector<uint8_t> globalState_;    // 0 todo, 1 in progress, 2 done
  std::vector<uint32_t> resolveStack_;  // global indices being resolved (for cycle messages)
  FnCtx* fn_ = nullptr;
  std::vector<uint32_t>* useSink_ = nullptr;       // where static uses are recorded
  std::vector<std::vector<uint32_t>> globalUses_;  // per var id: globals its decl references
  std::unordered_map<uint32_t, ConstValue> overrideValues_;  // expr -> value at override defaults
  std::unordered_map<std::string, TypeId> resultStructs_;
  TypeId predeclaredStruct(const std::string& name,
                           const std::vector<std::pair<std::string, TypeId>>& members);
};

}  // namespace bindery::wgsl
