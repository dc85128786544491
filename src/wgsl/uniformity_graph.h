// Internal to the uniformity analysis (uniformity.cpp builds the graph,
// uniformity_report.cpp computes reachability, tags and diagnostics).
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "diagnostics.h"
#include "ir.h"

namespace bindery::wgsl::uniformity {

constexpr uint32_t kMaxNesting = 256;

// Behaviours (#behaviors) as a bit set.
constexpr uint8_t kNext = 1, kBreak = 2, kContinue = 4, kReturn = 8;

// Severity index of a RequiredToBeUniform.S node; kOff: no requirement.
constexpr uint8_t kError = 0, kWarning = 1, kInfo = 2, kOff = 3;

// The triggering rule of a requirement (#filterable-triggering-rules): the
// potential-trigger-set of a call site or parameter tag (#uniformity-overview).
enum class Rule : uint8_t { Unnamed, Derivative, Subgroup };

// The uniformity scope an analysis runs for (#uniformity-concepts): workgroup
// (compute) or draw (other stages), one scope here; subgroup when the
// subgroup_uniformity language extension is supported.
enum class Scope : uint8_t { WorkgroupOrDraw, Subgroup };

// What a uniformity requirement comes from: the builtin call that needs it.
struct Origin {
  std::string_view builtin;
  Span span;
  Rule rule = Rule::Unnamed;
  bool isArg = false;  // a parameter requirement (workgroupUniformLoad's p, a shuffle's delta)
};

// A function's tags for one of its parameters (one vector of these per
// function, not a vector per tag).
struct ParamTags {
  uint8_t req = kOff;          // kOff or the severity
  uint8_t contentsReq = kOff;  // ParameterContentsRequiredToBeUniform.S
  bool returns = false;        // ParameterReturnContentsRequiredToBeUniform
  bool ptrNonUniform = false;  // PointerParameterMayBeNonUniform
  Origin origin;
  Origin contentsOrigin;
  std::vector<uint32_t> ptrParams;    // params reachable from Value_return_i_contents
  std::vector<uint32_t> ptrContents;  // param_j_contents reachable from it
};

struct FnTags {
  bool analysed = false;
  uint8_t callSite = kOff;
  Origin callSiteOrigin;
  bool returnNonUniform = false;
  std::vector<ParamTags> params;
};

enum class DescKind : uint8_t {
  None,
  Input,         // entry-point parameter (name)
  BuiltinInput,  // entry-point builtin parameter (name = builtin)
  Global,        // non-read-only module-scope variable
  PtrParam,      // non-read-only pointer parameter
  CallResult,    // builtin whose result may be non-uniform
  UserReturn,    // user function whose return value may be non-uniform
  PtrStore,      // user function storing a non-uniform value through a pointer
  Ctrl,          // a condition controlling control flow (name = keyword)
};

struct Desc {
  DescKind kind = DescKind::None;
  std::string_view name;
  std::string_view extra;   // Global: address space; Input: stage word
  std::string_view member;  // Input of struct type: the first non-uniform member
  Span span;
};

struct Req {
  uint8_t sev;
  uint32_t target;
  Span call;
  std::string_view callee;  // builtin or user function called
  Origin origin;
  bool isArg = false;
  uint32_t arg = 0;
  // The argument (a subgroup_uniformity parameter requirement is triggered
  // at "the location of the parameter required to be uniform").
  Span argSpan{};
};

struct PtrLet {
  uint32_t root = kNone;  // var id of the originating variable / parameter
  uint32_t idx = kNone;   // value node of the index expressions
  bool partial = false;
};

inline bool isDerivativeBuiltin(std::string_view n) {
  return n == "dpdx" || n == "dpdxCoarse" || n == "dpdxFine" || n == "dpdy" || n == "dpdyCoarse" ||
         n == "dpdyFine" || n == "fwidth" || n == "fwidthCoarse" || n == "fwidthFine" ||
         n == "textureSample" || n == "textureSampleBias" || n == "textureSampleCompare";
}

inline bool isSyncBuiltin(std::string_view n) {
  return n == "workgroupBarrier" || n == "storageBarrier" || n == "textureBarrier" ||
         n == "workgroupUniformLoad";
}

// #subgroup-builtin-functions and #quad-builtin-functions.
inline bool isSubgroupOrQuadBuiltin(std::string_view n) {
  return n.starts_with("subgroup") || n.starts_with("quad");
}

// #uniformity-function-calls: the subgroup builtins whose result is uniform at
// subgroup uniformity scope (every other subgroup and quad builtin has a
// function tag of ReturnValueMayBeNonUniform).
inline bool isSubgroupUniformResult(std::string_view n) {
  return n == "subgroupAdd" || n == "subgroupAll" || n == "subgroupAnd" || n == "subgroupAny" ||
         n == "subgroupBallot" || n == "subgroupBroadcast" || n == "subgroupBroadcastFirst" ||
         n == "subgroupMax" || n == "subgroupMin" || n == "subgroupMul" || n == "subgroupOr" ||
         n == "subgroupXor";
}

// The rule names a diagnostic filter can name for the uniformity analysis,
// indexed by Rule - 1.
constexpr int kFilterRules = 2;
inline int filterIndex(std::string_view rule) {
  return rule == "derivative_uniformity" ? 0 : rule == "subgroup_uniformity" ? 1 : -1;
}
using FilterSeverities = std::array<int8_t, kFilterRules>;  // -1: no filter

// "line:column" in a message, the column in code points as editors show it.
inline std::string where(const LineMap& lines, Span s) {
  return std::to_string(lines.line(s.offset)) + ":" +
         std::to_string(lines.codePointColumn(s.offset));
}

// What a FunctionAnalysis fills, kept by analyzeUniformity from one function
// to the next so that the storage is allocated once per module, not once per
// function (cleared, capacity kept).
struct Scratch {
  explicit Scratch(size_t vars) : letNode(vars, kNone), ptrLets(vars) {}
  void clear() {
    edges.clear();
    desc.clear();
    exterior.clear();
    reqs.clear();
    log.clear();
    sevStack.clear();
    paramNode.clear();
    contentsNode.clear();
    returnContentsNode.clear();
    paramVars.clear();
    stack.clear();
    for (uint32_t v : lets) {
      letNode[v] = kNone;
      ptrLets[v] = {};
    }
    lets.clear();
  }
  std::vector<std::pair<uint32_t, uint32_t>> edges;
  std::vector<Desc> desc;
  std::vector<uint8_t> exterior;
  std::vector<Req> reqs;
  std::vector<std::pair<uint32_t, uint32_t>> log;
  std::vector<FilterSeverities> sevStack;
  std::vector<uint32_t> paramNode, contentsNode, returnContentsNode, paramVars;
  // A user function call's arguments: roots and values before the call (no
  // call is walked while they are in use).
  std::vector<PtrLet> callRoots;
  std::vector<uint32_t> callBefore;
  // The arguments, binary spines and index chains of the expressions being
  // walked, innermost last (each walk truncates back to where it began).
  std::vector<uint32_t> stack;
  // Lets by var id: the initializer's value node (kNone: none), a pointer
  // let's root (root kNone: not a pointer let); `lets` lists the ids set.
  std::vector<uint32_t> letNode;
  std::vector<PtrLet> ptrLets;
  std::vector<uint32_t> lets;
  // finish(): the graph per node and the walks.
  std::vector<uint32_t> outStart, inStart, out, in, fill, next, queue, by, q;
  std::vector<uint8_t> mark, seen;
};

class FunctionAnalysis {
 public:
  FunctionAnalysis(const ModuleImpl& m, Diagnostics& diags, std::vector<FnTags>& tags, uint32_t fi,
                   Scope scope, bool subgroupUniformity, FilterSeverities moduleSeverity,
                   std::vector<uint32_t>& cur, std::vector<uint32_t>& stamp,
                   std::vector<uint32_t>& slot, std::vector<uint8_t>& behaviorCache,
                   uint32_t& stampCounter, Scratch& scratch)
      : m_(m),
        ast_(m.ast),
        diags_(diags),
        tags_(tags),
        fi_(fi),
        scope_(scope),
        subgroupUniformity_(subgroupUniformity),
        cur_(cur),
        stamp_(stamp),
        slot_(slot),
        behaviorCache_(behaviorCache),
        stampCounter_(stampCounter),
        s_(scratch),
        edges_(scratch.edges),
        desc_(scratch.desc),
        exterior_(scratch.exterior),
        reqs_(scratch.reqs),
        log_(scratch.log),
        sevStack_(scratch.sevStack),
        paramNode_(scratch.paramNode),
        contentsNode_(scratch.contentsNode),
        returnContentsNode_(scratch.returnContentsNode),
        paramVars_(scratch.paramVars),
        stack_(scratch.stack) {
    scratch.clear();
    sevStack_.push_back(moduleSeverity);
  }

  void run();

 private:
  // ---- graph
  uint32_t node(Desc d = {}, bool exterior = false) {
    desc_.push_back(d);
    exterior_.push_back(exterior);
    return static_cast<uint32_t>(desc_.size() - 1);
  }
  void edge(uint32_t from, uint32_t to) {
    if (from != kNone && to != kNone && from != to) edges_.push_back({from, to});
  }
  // A described stand-in for MayBeNonUniform (like it, not an interior node).
  uint32_t nonUniform(Desc d) {
    uint32_t n = node(d, true);
    edge(n, kMayBeNonUniform);
    return n;
  }
  uint32_t join(uint32_t a, uint32_t b) {
    uint32_t n = node();
    edge(n, a);
    edge(n, b);
    return n;
  }

  // ---- function-scope variable values (#func-var-value-analysis)
  void set(uint32_t var, uint32_t n) {
    log_.push_back({var, cur_[var]});
    cur_[var] = n;
  }
  void undoTo(size_t pos) {
    while (log_.size() > pos) {
      cur_[log_.back().first] = log_.back().second;
      log_.pop_back();
    }
  }
  using Snapshot = std::vector<std::pair<uint32_t, uint32_t>>;
  Snapshot snapshot(size_t pos) {
    Snapshot s;
    ++stampCounter_;
    for (size_t i = log_.size(); i-- > pos;) {
      uint32_t v = log_[i].first;
      if (stamp_[v] == stampCounter_) continue;
      stamp_[v] = stampCounter_;
      s.push_back({v, cur_[v]});
    }
    return s;
  }
  // After undoTo(pos): each variable in any snapshot gets a join of its
  // values in all of them (the current value where a snapshot lacks it).
  void joinSnapshots(const std::vector<const Snapshot*>& snaps) {
    if (snaps.empty()) return;
    ++stampCounter_;
    uint32_t mark = stampCounter_;
    std::vector<uint32_t> vars;
    for (const Snapshot* s : snaps)
      for (auto& [v, n] : *s)
        if (stamp_[v] != mark) {
          stamp_[v] = mark;
          slot_[v] = static_cast<uint32_t>(vars.size());
          vars.push_back(v);
        }
    const size_t ns = snaps.size();
    std::vector<uint32_t> vals(vars.size() * ns);
    for (size_t i = 0; i < vars.size(); ++i)
      for (size_t k = 0; k < ns; ++k) vals[i * ns + k] = cur_[vars[i]];
    for (size_t k = 0; k < ns; ++k)
      for (auto& [v, n] : *snaps[k]) vals[slot_[v] * ns + k] = n;
    for (size_t i = 0; i < vars.size(); ++i) {
      uint32_t j = node();
      for (size_t k = 0; k < ns; ++k) edge(j, vals[i * ns + k]);
      set(vars[i], j);
    }
  }

  // ---- analysis
  uint8_t behavior(NodeId s);
  uint32_t stmt(uint32_t cf, NodeId s);
  uint32_t stmtInner(uint32_t cf, NodeId s);
  uint32_t block(uint32_t cf, NodeId s);
  uint32_t ifStmt(uint32_t cf, NodeId s);
  uint32_t loopStmt(uint32_t cf, NodeId s);
  uint32_t switchStmt(uint32_t cf, NodeId s);
  uint32_t expr(uint32_t cf, NodeId e, bool load);
  uint32_t exprDefault(uint32_t cf, NodeId e) { return expr(cf, e, isRef(m_.exprs[e].type)); }
  uint32_t ident(uint32_t cf, NodeId e, bool load);
  uint32_t varUse(uint32_t cf, uint32_t var, bool load, Span span);
  uint32_t call(uint32_t cf, NodeId e);
  void assign(uint32_t cf, NodeId lhs, uint32_t rv, bool partialAlways);
  PtrLet rootOf(NodeId e);
  bool loadsBase(NodeId e) const {
    TypeId base = m_.exprs[ast_.exprs[e].lhs].type;
    return isRef(base) && !isRef(m_.exprs[e].type);
  }
  bool isRef(TypeId t) const { return t != kNoType && m_.types[t].kind == TypeKind::Reference; }
  bool isPtr(TypeId t) const { return t != kNoType && m_.types[t].kind == TypeKind::Pointer; }
  bool isLocalTracked(uint32_t var) const {
    return var != kNone && var < cur_.size() && m_.vars[var].fn == fi_ && cur_[var] != kNone;
  }
  void pushFilters(Range attrs);
  // The severity of the nearest enclosing diagnostic filter for `rule`
  // (error without one; kOff when turned off).
  uint8_t severity(Rule rule) const;
  // "If subgroup_uniformity is not supported or the uniformity scope is not
  // subgroup" (#uniformity-function-calls).
  bool outerScope() const { return !subgroupUniformity_ || scope_ != Scope::Subgroup; }
  bool subgroupScope() const { return subgroupUniformity_ && scope_ == Scope::Subgroup; }
  void builtinCall(uint32_t cf, NodeId e, std::span<const uint32_t> args, uint32_t result);
  void collectAssigned(NodeId s, std::vector<uint32_t>& out);
  void finish();

  const ModuleImpl& m_;
  const Ast& ast_;
  Diagnostics& diags_;
  std::vector<FnTags>& tags_;
  uint32_t fi_;
  Scope scope_;
  bool subgroupUniformity_;
  std::vector<uint32_t>& cur_;
  std::vector<uint32_t>& stamp_;
  std::vector<uint32_t>& slot_;
  std::vector<uint8_t>& behaviorCache_;  // module-wide: a statement belongs to one function
  uint32_t& stampCounter_;

  static constexpr uint32_t kMayBeNonUniform = 0;
  static constexpr uint32_t kRequired = 1;  // + severity
  static constexpr uint32_t kCfStart = 4;
  // The edges in the order they were added; finish() lays them out per node
  // (a node's successors keep that order, so the walks are as with a list
  // per node, without an allocation per node).
  Scratch& s_;
  std::vector<std::pair<uint32_t, uint32_t>>& edges_;
  std::vector<Desc>& desc_;
  // Not an interior node (#uniformity-function): MayBeNonUniform, the
  // RequiredToBeUniform nodes, CF_start, param_i, param_i_contents,
  // Value_return(_i_contents); never marked visited across severities.
  std::vector<uint8_t>& exterior_;
  std::vector<Req>& reqs_;
  std::vector<std::pair<uint32_t, uint32_t>>& log_;
  std::vector<FilterSeverities>& sevStack_;
  std::vector<uint32_t>&paramNode_, &contentsNode_, &returnContentsNode_;
  std::vector<uint32_t>& paramVars_;
  std::vector<uint32_t>& stack_;
  uint32_t valueReturn_ = kNone;
  // Break / continue targets: the log position at entry and the snapshots.
  struct Target {
    bool loop;
    size_t pos;
    std::vector<Snapshot> breaks, continues;
  };
  std::vector<Target> targets_;
  uint32_t depth_ = 0;
  bool gaveUp_ = false;
};

}  // namespace bindery::wgsl::uniformity
