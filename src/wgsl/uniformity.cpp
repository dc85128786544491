// The uniformity analysis (#uniformity); see uniformity.h for the overview and
// the list of what is not analysed.
#include "uniformity.h"

#include "uniformity_graph.h"

#include <string>
#include <string_view>
#include <vector>

namespace bindery::wgsl {

namespace uniformity {

void FunctionAnalysis::pushFilters(Range attrs) {
  FilterSeverities sev = sevStack_.back();
  for (uint32_t i = 0; i < attrs.count; ++i) {
    const Attribute& a = ast_.attrs[attrs.begin + i];
    if (a.name != "diagnostic" || a.args.count < 2) continue;
    const Expr& rule = ast_.exprs[ast_.at(a.args, 1)];
    int k = rule.kind == ExprKind::Ident ? filterIndex(rule.name) : -1;
    if (k < 0) continue;
    std::string_view s = ast_.exprs[ast_.at(a.args, 0)].name;
    sev[k] = static_cast<int8_t>(s == "error"     ? kError
                                 : s == "warning" ? kWarning
                                 : s == "info"    ? kInfo
                                                  : kOff);
  }
  sevStack_.push_back(sev);
}

uint8_t FunctionAnalysis::severity(Rule rule) const {
  if (rule == Rule::Unnamed) return kError;
  int8_t s = sevStack_.back()[rule == Rule::Derivative ? 0 : 1];
  return s < 0 ? kError : static_cast<uint8_t>(s);
}

// #behaviors, memoized per statement. For/while are analysed as their
// desugaring (#for-statement, #while-statement).
uint8_t FunctionAnalysis::behavior(NodeId s) {
  if (s == kNone) return kNext;
  if (behaviorCache_[s]) return behaviorCache_[s];
  const Stmt& st = ast_.stmts[s];
  uint8_t b = kNext;
  auto loopRule = [](uint8_t b1, uint8_t b2) -> uint8_t {
    if (b1 == kReturn) return kReturn;
    uint8_t u = b1 | b2;
    if (!(u & kBreak)) return static_cast<uint8_t>(u & ~(kContinue | kNext));
    return static_cast<uint8_t>((u | kNext) & ~(kBreak | kContinue));
  };
  switch (st.kind) {
    case StmtKind::Return: b = kReturn; break;
    case StmtKind::Break: b = kBreak; break;
    case StmtKind::Continue: b = kContinue; break;
    case StmtKind::BreakIf: b = kBreak | kNext; break;
    case StmtKind::Block: {
      b = kNext;
      for (uint32_t i = 0; i < st.list.count && (b & kNext); ++i)
        b = static_cast<uint8_t>((b & ~kNext) | behavior(ast_.at(st.list, i)));
      break;
    }
    case StmtKind::If: b = behavior(st.b) | (st.c == kNone ? kNext : behavior(st.c)); break;
    case StmtKind::Loop:
      b = loopRule(behavior(st.a), st.b == kNone ? kNext : behavior(st.b));
      break;
    case StmtKind::For:
    case StmtKind::While: {
      NodeId cond = st.kind == StmtKind::For ? st.b : st.a;
      NodeId body = st.kind == StmtKind::For ? st.d : st.b;
      uint8_t b1 = behavior(body);
      if (cond != kNone) b1 = kBreak | b1;
      b = loopRule(b1, kNext);
      break;
    }
    case StmtKind::Switch: {
      uint8_t u = 0;
      for (uint32_t i = 0; i < st.list.count; ++i)
        u |= behavior(ast_.clauses[ast_.at(st.list, i)].body);
      b = (u & kBreak) ? static_cast<uint8_t>((u | kNext) & ~kBreak) : u;
      break;
    }
    default: b = kNext; break;
  }
  behaviorCache_[s] = b;
  return b;
}

uint32_t FunctionAnalysis::stmt(uint32_t cf, NodeId s) {
  if (s == kNone || gaveUp_) return cf;
  if (++depth_ > kMaxNesting) {
    gaveUp_ = true;
    --depth_;
    return cf;
  }
  pushFilters(ast_.stmts[s].attrs);
  uint32_t r = stmtInner(cf, s);
  sevStack_.pop_back();
  --depth_;
  return r;
}

uint32_t FunctionAnalysis::block(uint32_t cf, NodeId s) {
  const Stmt& st = ast_.stmts[s];
  for (uint32_t i = 0; i < st.list.count; ++i) {
    NodeId c = ast_.at(st.list, i);
    cf = stmt(cf, c);
    if (!(behavior(c) & kNext)) break;  // the rest is unreachable
  }
  return cf;
}

uint32_t FunctionAnalysis::stmtInner(uint32_t cf, NodeId s) {
  const Stmt& st = ast_.stmts[s];
  switch (st.kind) {
    case StmtKind::Empty:
    case StmtKind::ConstAssert:
    case StmtKind::Discard:  // behaviour {Next}; no uniformity rule (#discard-statement)
      return cf;
    case StmtKind::Block: return block(cf, s);
    case StmtKind::If: return ifStmt(cf, s);
    case StmtKind::Switch: return switchStmt(cf, s);
    case StmtKind::Loop:
    case StmtKind::For:
    case StmtKind::While: return loopStmt(cf, s);
    case StmtKind::Break:
    case StmtKind::Continue: {
      for (size_t i = targets_.size(); i-- > 0;) {
        Target& t = targets_[i];
        if (st.kind == StmtKind::Continue && !t.loop) continue;
        Snapshot snap = snapshot(t.pos);
        (st.kind == StmtKind::Break ? t.breaks : t.continues).push_back(std::move(snap));
        break;
      }
      return cf;
    }
    case StmtKind::BreakIf: {
      uint32_t v = exprDefault(cf, st.a);
      uint32_t c = node({DescKind::Ctrl, "break if", {}, {}, st.span});
      edge(c, v);
      for (size_t i = targets_.size(); i-- > 0;)
        if (targets_[i].loop) {
          Snapshot snap = snapshot(targets_[i].pos);
          targets_[i].breaks.push_back(std::move(snap));
          break;
        }
      return c;
    }
    case StmtKind::Return: {
      if (st.a != kNone) {
        uint32_t v = exprDefault(cf, st.a);
        if (valueReturn_ != kNone) edge(valueReturn_, v);
      }
      for (size_t i = 0; i < paramVars_.size(); ++i)
        if (returnContentsNode_[i] != kNone) edge(returnContentsNode_[i], cur_[paramVars_[i]]);
      return cf;
    }
    case StmtKind::Assign: {
      uint32_t rv = exprDefault(cf, st.b);
      if (st.a != kNone) assign(cf, st.a, rv, false);
      return cf;
    }
    case StmtKind::CompoundAssign: {
      uint32_t rv = exprDefault(cf, st.b);
      assign(cf, st.a, rv, true);
      return cf;
    }
    case StmtKind::Increment:
    case StmtKind::Decrement: assign(cf, st.a, kNone, true); return cf;
    case StmtKind::Call: exprDefault(cf, st.a); return cf;
    case StmtKind::Decl: {
      uint32_t var = st.a;
      const VarDecl& vd = ast_.vars[var];
      uint32_t v = vd.init != kNone ? exprDefault(cf, vd.init) : cf;
      if (vd.kind == DeclKind::Var) {
        set(var, v);
      } else if (vd.kind == DeclKind::Let) {
        if (isPtr(m_.vars[var].type)) {
          PtrLet p = rootOf(vd.init);
          p.idx = v;
          s_.ptrLets[var] = p;
        } else {
          s_.letNode[var] = v;
        }
        s_.lets.push_back(var);
      }
      return cf;
    }
  }
  return cf;
}

uint32_t FunctionAnalysis::ifStmt(uint32_t cf, NodeId s) {
  const Stmt& st = ast_.stmts[s];
  uint32_t v = exprDefault(cf, st.a);
  uint32_t c = node({DescKind::Ctrl, "if", {}, {}, st.span});
  edge(c, v);
  size_t pos = log_.size();
  uint32_t cf1 = stmt(c, st.b);
  Snapshot a = snapshot(pos);
  undoTo(pos);
  uint32_t cf2 = st.c != kNone ? stmt(c, st.c) : c;
  Snapshot b = snapshot(pos);
  undoTo(pos);
  std::vector<const Snapshot*> outs;
  if (behavior(st.b) & kNext) outs.push_back(&a);
  if (st.c == kNone || (behavior(st.c) & kNext)) outs.push_back(&b);
  joinSnapshots(outs);
  if (behavior(s) == kNext) return cf;
  uint32_t end = node();
  edge(end, cf1);
  edge(end, cf2);
  return end;
}

uint32_t FunctionAnalysis::switchStmt(uint32_t cf, NodeId s) {
  const Stmt& st = ast_.stmts[s];
  uint32_t v = exprDefault(cf, st.a);
  uint32_t c = node({DescKind::Ctrl, "switch", {}, {}, st.span});
  edge(c, v);
  size_t pos = log_.size();
  targets_.push_back({false, pos, {}, {}});
  std::vector<uint32_t> cfs;
  std::vector<Snapshot> outs;
  for (uint32_t i = 0; i < st.list.count; ++i) {
    NodeId body = ast_.clauses[ast_.at(st.list, i)].body;
    cfs.push_back(stmt(c, body));
    if (behavior(body) & kNext) outs.push_back(snapshot(pos));
    undoTo(pos);
  }
  Target t = std::move(targets_.back());
  targets_.pop_back();
  std::vector<const Snapshot*> all;
  for (const Snapshot& o : outs) all.push_back(&o);
  for (const Snapshot& o : t.breaks) all.push_back(&o);
  joinSnapshots(all);
  if (behavior(s) == kNext) return cf;
  uint32_t end = node();
  for (uint32_t x : cfs) edge(end, x);
  return end;
}

// Variables a loop may assign (roots of assignments, address-of operands and
// pointer uses), for its loop-header nodes. Iterative over the subtree.
void FunctionAnalysis::collectAssigned(NodeId root, std::vector<uint32_t>& out) {
  std::vector<NodeId> stmts{root};
  std::vector<NodeId> exprs;
  auto addRoot = [&](NodeId e) {
    PtrLet p = rootOf(e);
    if (isLocalTracked(p.root)) out.push_back(p.root);
  };
  while (!stmts.empty()) {
    NodeId s = stmts.back();
    stmts.pop_back();
    if (s == kNone) continue;
    const Stmt& st = ast_.stmts[s];
    switch (st.kind) {
      case StmtKind::Block:
        for (uint32_t i = 0; i < st.list.count; ++i) stmts.push_back(ast_.at(st.list, i));
        break;
      case StmtKind::If:
        exprs.push_back(st.a);
        stmts.push_back(st.b);
        stmts.push_back(st.c);
        break;
      case StmtKind::Switch:
        exprs.push_back(st.a);
        for (uint32_t i = 0; i < st.list.count; ++i)
          stmts.push_back(ast_.clauses[ast_.at(st.list, i)].body);
        break;
      case StmtKind::Loop:
        stmts.push_back(st.a);
        stmts.push_back(st.b);
        break;
      case StmtKind::For:
        stmts.push_back(st.a);
        exprs.push_back(st.b);
        stmts.push_back(st.c);
        stmts.push_back(st.d);
        break;
      case StmtKind::While:
        exprs.push_back(st.a);
        stmts.push_back(st.b);
        break;
      case StmtKind::Assign:
      case StmtKind::CompoundAssign:
        if (st.a != kNone) addRoot(st.a);
        exprs.push_back(st.a);
        exprs.push_back(st.b);
        break;
      case StmtKind::Increment:
      case StmtKind::Decrement:
        addRoot(st.a);
        exprs.push_back(st.a);
        break;
      case StmtKind::Decl: exprs.push_back(ast_.vars[st.a].init); break;
      default: exprs.push_back(st.a); break;
    }
  }
  while (!exprs.empty()) {
    NodeId e = exprs.back();
    exprs.pop_back();
    if (e == kNone) continue;
    const Expr& x = ast_.exprs[e];
    if (x.kind == ExprKind::Unary && static_cast<UnaryOp>(x.op) == UnaryOp::AddressOf) addRoot(e);
    if (x.kind == ExprKind::Ident && isPtr(m_.exprs[e].type)) addRoot(e);
    exprs.push_back(x.lhs);
    exprs.push_back(x.rhs);
    for (uint32_t i = 0; i < x.args.count; ++i) exprs.push_back(ast_.at(x.args, i));
  }
}

uint32_t FunctionAnalysis::loopStmt(uint32_t cf, NodeId s) {
  const Stmt& st = ast_.stmts[s];
  // loop { s1 continuing { s2 } }; for/while desugar to
  // { init; loop { if !cond { break; } body continuing { update } } }.
  NodeId init = kNone, cond = kNone, body = st.a, cont = st.b, update = kNone;
  std::string_view kw = "loop";
  if (st.kind == StmtKind::For) {
    init = st.a, cond = st.b, update = st.c, body = st.d, cont = kNone, kw = "for";
  } else if (st.kind == StmtKind::While) {
    cond = st.a, body = st.b, cont = kNone, kw = "while";
  }
  if (init != kNone) cf = stmt(cf, init);
  uint8_t b1 = behavior(body);
  if (cond != kNone) b1 = kBreak | b1;
  bool iterates = (b1 & (kNext | kContinue)) != 0;

  size_t pos = log_.size();
  uint32_t head = cf;
  std::vector<std::pair<uint32_t, uint32_t>> headers;  // var, header node
  if (iterates) {
    head = node();
    edge(head, cf);
    std::vector<uint32_t> vars;
    collectAssigned(s, vars);
    ++stampCounter_;
    for (uint32_t v : vars) {
      if (stamp_[v] == stampCounter_) continue;
      stamp_[v] = stampCounter_;
      uint32_t h = node();
      edge(h, cur_[v]);
      headers.push_back({v, h});
      set(v, h);
    }
  }
  targets_.push_back({true, pos, {}, {}});
  uint32_t cf1 = head;
  if (cond != kNone) {
    uint32_t v = exprDefault(head, cond);
    uint32_t c = node({DescKind::Ctrl, kw, {}, {}, st.span});
    edge(c, v);
    targets_.back().breaks.push_back(snapshot(pos));  // the desugared 'break'
    uint32_t end = node();
    edge(end, c);
    cf1 = end;
  }
  cf1 = stmt(cf1, body);
  // Vin(continuing): the end of the body and the continue statements.
  Snapshot endBody = snapshot(pos);
  std::vector<Snapshot> conts = std::move(targets_.back().continues);
  targets_.back().continues.clear();
  {
    // Rejoin on top of the current state: restore the header values first.
    std::vector<const Snapshot*> in;
    if (behavior(body) & kNext) in.push_back(&endBody);
    for (const Snapshot& c : conts) in.push_back(&c);
    undoTo(pos);
    for (auto& [v, h] : headers) set(v, h);
    joinSnapshots(in);
  }
  uint32_t cf2 = cf1;
  if (cont != kNone) cf2 = stmt(cf1, cont);
  if (update != kNone) cf2 = stmt(cf2, update);
  if (iterates) {
    edge(head, cf2);
    for (auto& [v, h] : headers) edge(h, cur_[v]);
  }
  Target t = std::move(targets_.back());
  targets_.pop_back();
  undoTo(pos);
  std::vector<const Snapshot*> exits;
  for (const Snapshot& b : t.breaks) exits.push_back(&b);
  joinSnapshots(exits);
  if (!iterates) return (b1 & kReturn) ? cf1 : cf;
  return (b1 & kReturn) ? head : cf;
}

PtrLet FunctionAnalysis::rootOf(NodeId e) {
  PtrLet r;
  while (e != kNone) {  // each step goes to a child: a chain of any length ends
    const Expr& x = ast_.exprs[e];
    const ExprInfo& info = m_.exprs[e];
    switch (x.kind) {
      case ExprKind::Ident: {
        if (info.ref != RefKind::Var) return r;
        uint32_t v = info.refIndex;
        if (const PtrLet& p = s_.ptrLets[v]; p.root != kNone) {
          r.root = p.root;
          r.partial = r.partial || p.partial;
          return r;
        }
        r.root = v;
        return r;
      }
      case ExprKind::Unary: e = x.lhs; break;
      case ExprKind::Index:
      case ExprKind::Member:
        r.partial = true;
        e = x.lhs;
        break;
      default: return r;
    }
  }
  return r;
}

uint32_t FunctionAnalysis::varUse(uint32_t cf, uint32_t var, bool load, Span span) {
  const VarInfo& vi = m_.vars[var];
  const VarDecl& vd = ast_.vars[var];
  if (vi.fn == kNone) {  // module scope
    if (vd.kind != DeclKind::Var) return cf;
    bool readOnly = vi.space == AddressSpace::Uniform || vi.space == AddressSpace::Handle ||
                    vi.space == AddressSpace::Immediate ||
                    (vi.space == AddressSpace::Storage && vi.access != AccessMode::ReadWrite &&
                     vi.access != AccessMode::Write);
    if (readOnly || !load) return cf;
    std::string_view space = vi.space == AddressSpace::Workgroup ? "workgroup"
                             : vi.space == AddressSpace::Private ? "private"
                                                                 : "read_write storage";
    return nonUniform({DescKind::Global, vd.name, space, {}, span});
  }
  switch (vd.kind) {
    case DeclKind::Const:
    case DeclKind::Override: return cf;
    case DeclKind::Let: {
      if (const PtrLet& p = s_.ptrLets[var]; p.root != kNone) {
        uint32_t base = load ? varUse(cf, p.root, true, span) : cf;
        return join(base, p.idx);
      }
      uint32_t x = s_.letNode[var];
      return x == kNone ? cf : join(cf, x);
    }
    case DeclKind::Var: return load && cur_[var] != kNone ? join(cf, cur_[var]) : cf;
    case DeclKind::Param: {
      uint32_t i = 0;
      while (i < paramVars_.size() && paramVars_[i] != var) ++i;
      if (i == paramVars_.size()) return cf;
      if (isPtr(vi.type)) {
        const Type& pt = m_.types[vi.type];
        if (pt.space == AddressSpace::Function) {
          if (!load) return paramNode_[i];
          return cur_[var] != kNone ? join(cf, cur_[var]) : cf;
        }
        bool nonReadOnly = pt.access != AccessMode::Read && (pt.space == AddressSpace::Storage ||
                                                             pt.space == AddressSpace::Workgroup ||
                                                             pt.space == AddressSpace::Private);
        if (nonReadOnly && load) return nonUniform({DescKind::PtrParam, vd.name, {}, {}, span});
        return cf;
      }
      return join(cf, paramNode_[i]);
    }
    default: return cf;
  }
}

uint32_t FunctionAnalysis::ident(uint32_t cf, NodeId e, bool load) {
  const ExprInfo& info = m_.exprs[e];
  if (info.ref != RefKind::Var || info.refIndex == kNone) return cf;
  return varUse(cf, info.refIndex, load, ast_.exprs[e].span);
}

uint32_t FunctionAnalysis::expr(uint32_t cf, NodeId e, bool load) {
  if (e == kNone) return cf;
  const Expr& x = ast_.exprs[e];
  if (m_.exprs[e].stage != EvalStage::Runtime) return cf;  // const / override values
  switch (x.kind) {
    case ExprKind::IntLit:
    case ExprKind::FloatLit:
    case ExprKind::BoolLit: return cf;
    case ExprKind::Ident: return ident(cf, e, load);
    case ExprKind::Call: return call(cf, e);
    // A swizzle (or a member of a value) of a memory view loads the view.
    // A chain of them (`v.xyzw.xyzw...`, `s.a.a...`) is walked with a loop:
    // the base first, then the indices innermost first.
    case ExprKind::Member:
    case ExprKind::Index: {
      const size_t base = stack_.size();  // the indices, outermost first
      NodeId cur = e;
      bool ld = load;
      while (true) {
        const Expr& c = ast_.exprs[cur];
        if (c.kind != ExprKind::Member && c.kind != ExprKind::Index) break;
        if (c.kind == ExprKind::Index) stack_.push_back(c.rhs);
        ld = ld || loadsBase(cur);
        cur = c.lhs;
        if (m_.exprs[cur].stage != EvalStage::Runtime) break;
      }
      uint32_t v = expr(cf, cur, ld);
      for (size_t i = stack_.size(); i-- > base;) v = join(v, exprDefault(cf, stack_[i]));
      stack_.resize(base);
      return v;
    }
    case ExprKind::Unary: {
      auto op = static_cast<UnaryOp>(x.op);
      if (op == UnaryOp::AddressOf) return expr(cf, x.lhs, false);
      if (op == UnaryOp::Deref) return expr(cf, x.lhs, load);
      return exprDefault(cf, x.lhs);
    }
    case ExprKind::Binary: {
      // A flat chain `a + b + c + ...` is a left spine of Binary nodes: walk
      // it with a loop (no recursion per operand), innermost first.
      const size_t base = stack_.size();  // the spine, outermost first
      stack_.push_back(e);
      for (NodeId l = x.lhs;
           ast_.exprs[l].kind == ExprKind::Binary && m_.exprs[l].stage == EvalStage::Runtime;
           l = ast_.exprs[l].lhs)
        stack_.push_back(l);
      uint32_t v = exprDefault(cf, ast_.exprs[stack_.back()].lhs);
      for (size_t i = stack_.size(); i-- > base;) {
        const Expr& b = ast_.exprs[stack_[i]];
        auto op = static_cast<BinaryOp>(b.op);
        if (op == BinaryOp::LogAnd || op == BinaryOp::LogOr) {
          uint32_t c = node({DescKind::Ctrl, op == BinaryOp::LogAnd ? "&&" : "||", {}, {}, b.span});
          edge(c, v);
          v = exprDefault(c, b.rhs);
        } else {
          v = join(v, exprDefault(cf, b.rhs));
        }
      }
      stack_.resize(base);
      return v;
    }
  }
  return cf;
}

uint32_t FunctionAnalysis::call(uint32_t cf, NodeId e) {
  const Expr& x = ast_.exprs[e];
  const ExprInfo& info = m_.exprs[e];
  // The argument values on stack_ (each argument's walk leaves it as it was).
  const size_t base = stack_.size();
  for (uint32_t i = 0; i < x.args.count; ++i) {
    uint32_t a = exprDefault(cf, ast_.at(x.args, i));
    stack_.push_back(a);
  }
  struct Truncate {
    std::vector<uint32_t>& v;
    size_t n;
    ~Truncate() { v.resize(n); }
  } truncate{stack_, base};
  const std::span<const uint32_t> args(stack_.data() + base, x.args.count);
  uint32_t result = node();
  edge(result, cf);
  if (info.call == CallKind::Function && info.refIndex < tags_.size()) {
    const FnTags& t = tags_[info.refIndex];
    std::string_view callee = ast_.fns[info.refIndex].name;
    if (!t.analysed) return result;
    if (t.callSite != kOff) reqs_.push_back({t.callSite, cf, x.span, callee, t.callSiteOrigin});
    if (t.returnNonUniform)
      edge(result, nonUniform({DescKind::UserReturn, callee, {}, {}, x.span}));
    // Values before the call, for pointer arguments.
    std::vector<PtrLet>& roots = s_.callRoots;
    roots.assign(args.size(), PtrLet{});
    std::vector<uint32_t>& before = s_.callBefore;
    before.assign(args.size(), kNone);
    for (size_t i = 0; i < args.size() && i < t.params.size(); ++i) {
      const ParamTags& pt = t.params[i];
      if (pt.req != kOff)
        reqs_.push_back(
            {pt.req, args[i], x.span, callee, pt.origin, true, static_cast<uint32_t>(i)});
      if (pt.returns) edge(result, args[i]);
      roots[i] = rootOf(ast_.at(x.args, static_cast<uint32_t>(i)));
      if (isLocalTracked(roots[i].root)) before[i] = cur_[roots[i].root];
    }
    for (size_t i = 0; i < args.size() && i < t.params.size(); ++i) {
      const ParamTags& pt = t.params[i];
      const FnInfo& fn = m_.fns[info.refIndex];
      if (i >= fn.params.size() || !isPtr(fn.params[i]) ||
          m_.types[fn.params[i]].space != AddressSpace::Function)
        continue;
      if (pt.contentsReq != kOff && before[i] != kNone)
        reqs_.push_back({pt.contentsReq, before[i], x.span, callee, pt.contentsOrigin, true,
                         static_cast<uint32_t>(i)});
      if (before[i] == kNone) continue;
      uint32_t out = node();
      edge(out, cf);
      if (pt.ptrNonUniform) edge(out, nonUniform({DescKind::PtrStore, callee, {}, {}, x.span}));
      for (uint32_t j : pt.ptrParams)
        if (j < args.size()) edge(out, args[j]);
      for (uint32_t j : pt.ptrContents)
        if (j < args.size()) edge(out, before[j]);
      set(roots[i].root, out);
    }
    return result;
  }
  if (info.call != CallKind::Builtin) {  // constructors, conversions
    for (uint32_t a : args) edge(result, a);
    return result;
  }
  builtinCall(cf, e, args, result);
  return result;
}

// The builtin exceptions of #uniformity-function-calls, for this scope.
void FunctionAnalysis::builtinCall(uint32_t cf, NodeId e, std::span<const uint32_t> args,
                                   uint32_t result) {
  const Expr& x = ast_.exprs[e];
  std::string_view name = x.name;
  for (uint32_t a : args) edge(result, a);  // ParameterReturnContentsRequiredToBeUniform
  auto nonUniformResult = [&] {
    edge(result, nonUniform({DescKind::CallResult, name, {}, {}, x.span}));
  };
  if (isDerivativeBuiltin(name)) {
    nonUniformResult();
    uint8_t sev = severity(Rule::Derivative);
    if (outerScope() && sev != kOff)
      reqs_.push_back({sev, cf, x.span, name, {name, x.span, Rule::Derivative, false}});
  } else if (isSyncBuiltin(name)) {
    if (!outerScope()) return;
    reqs_.push_back({kError, cf, x.span, name, {name, x.span, Rule::Unnamed, false}});
    if (name == "workgroupUniformLoad" && !args.empty())
      reqs_.push_back(
          {kError, args[0], x.span, name, {name, x.span, Rule::Unnamed, true}, true, 0});
  } else if (isSubgroupOrQuadBuiltin(name)) {
    // #subgroup-builtin-functions, #quad-builtin-functions: a
    // subgroup_uniformity requirement at subgroup scope (at the one scope
    // there is without the subgroup_uniformity language extension).
    if (!(subgroupScope() && isSubgroupUniformResult(name))) nonUniformResult();
    uint8_t sev = severity(Rule::Subgroup);
    if (sev == kOff || !(subgroupScope() || !subgroupUniformity_)) return;
    reqs_.push_back({sev, cf, x.span, name, {name, x.span, Rule::Subgroup, false}});
    // subgroupShuffleUp / Down's `delta`, subgroupShuffleXor's `mask`.
    if ((name == "subgroupShuffleUp" || name == "subgroupShuffleDown" ||
         name == "subgroupShuffleXor") &&
        args.size() == 2)
      reqs_.push_back({sev,
                       args[1],
                       x.span,
                       name,
                       {name, x.span, Rule::Subgroup, true},
                       true,
                       1,
                       ast_.exprs[ast_.at(x.args, 1)].span});
  } else if (name == "textureLoad" && x.args.count > 0) {
    TypeId tt = m_.types.unref(m_.exprs[ast_.at(x.args, 0)].type);
    const Type& ty = m_.types[tt];
    if (ty.kind == TypeKind::Texture && ty.texture == TextureKind::Storage &&
        ty.access == AccessMode::ReadWrite)
      nonUniformResult();
  }
}

void FunctionAnalysis::assign(uint32_t cf, NodeId lhs, uint32_t rv, bool partialAlways) {
  uint32_t lv = expr(cf, lhs, false);  // index expressions of the left-hand side
  PtrLet r = rootOf(lhs);
  if (!isLocalTracked(r.root)) return;
  const VarInfo& vi = m_.vars[r.root];
  bool fnPtrParam = ast_.vars[r.root].kind == DeclKind::Param && isPtr(vi.type) &&
                    m_.types[vi.type].space == AddressSpace::Function;
  if (ast_.vars[r.root].kind != DeclKind::Var && !fnPtrParam) return;
  uint32_t n = node();
  edge(n, cf);
  edge(n, rv);
  edge(n, lv);
  if (partialAlways || r.partial) edge(n, cur_[r.root]);
  set(r.root, n);
}

namespace {

// #uniformity-expressions: the built-in values considered uniform.
bool isUniformBuiltin(std::string_view b, Stage stage, bool subgroupScope) {
  return b == "workgroup_id" || b == "num_workgroups" || b == "num_subgroups" ||
         (b == "subgroup_size" && stage == Stage::Compute) || (b == "subgroup_id" && subgroupScope);
}

std::string_view builtinAttr(const Ast& ast, Range attrs) {
  for (uint32_t i = 0; i < attrs.count; ++i) {
    const Attribute& a = ast.attrs[attrs.begin + i];
    if (a.name == "builtin" && a.args.count > 0) return ast.exprs[ast.at(a.args, 0)].name;
  }
  return {};
}

}  // namespace

void FunctionAnalysis::run() {
  const FnDecl& f = ast_.fns[fi_];
  const FnInfo& info = m_.fns[fi_];
  for (int i = 0; i < 5; ++i) node({}, true);  // MayBeNonUniform, RequiredToBeUniform.S, CF_start
  for (uint32_t i = 0; i < f.params.count; ++i) {
    uint32_t var = ast_.at(f.params, i);
    paramVars_.push_back(var);
    const VarDecl& vd = ast_.vars[var];
    uint32_t p = node({}, true);
    paramNode_.push_back(p);
    contentsNode_.push_back(kNone);
    returnContentsNode_.push_back(kNone);
    TypeId t = m_.vars[var].type;
    if (isPtr(t) && m_.types[t].space == AddressSpace::Function) {
      contentsNode_.back() = node({}, true);
      returnContentsNode_.back() = node({}, true);
      set(var, contentsNode_.back());  // desugared: a local initialized from the contents
    }
    if (!info.isEntry) continue;
    // #uniformity-expressions: uniform and non-uniform built-in values; a
    // composite is as non-uniform as its least uniform member.
    std::string_view b = builtinAttr(ast_, vd.attrs);
    const Type& ty = m_.types[t];
    bool uniform = !b.empty() && isUniformBuiltin(b, info.stage, subgroupScope());
    std::string_view member;
    if (b.empty() && ty.kind == TypeKind::Struct) {
      uniform = true;
      for (const MemberInfo& mem : m_.types.structInfo(ty.structIndex).members) {
        std::string_view mb = builtinAttr(ast_, mem.attrs);
        if (mb.empty() || !isUniformBuiltin(mb, info.stage, subgroupScope())) {
          uniform = false;
          member = mem.name;
          break;
        }
      }
    }
    if (!uniform) {
      std::string_view stageWord = info.stage == Stage::Fragment ? "fragment"
                                   : info.stage == Stage::Vertex ? "vertex"
                                                                 : "compute";
      edge(p, nonUniform({b.empty() ? DescKind::Input : DescKind::BuiltinInput,
                          b.empty() ? vd.name : b, stageWord, member, vd.nameSpan}));
    }
  }
  if (info.returnType != kNoType && m_.types[info.returnType].kind != TypeKind::Void)
    valueReturn_ = node({}, true);
  pushFilters(f.attrs);
  stmt(kCfStart, f.body);
  if (behavior(f.body) & kNext)
    for (size_t i = 0; i < paramVars_.size(); ++i)
      if (returnContentsNode_[i] != kNone) edge(returnContentsNode_[i], cur_[paramVars_[i]]);
  undoTo(0);
  if (gaveUp_) return;
  finish();
}

}  // namespace uniformity

void analyzeUniformity(const ModuleImpl& m, Diagnostics& diags) {
  using namespace uniformity;
  // Module-level diagnostic filters (#diagnostic-directive).
  FilterSeverities moduleSev{-1, -1};
  bool subgroupsEnabled = false;
  for (const Directive& d : m.ast.directives) {
    if (d.kind == Directive::Kind::Enable)
      for (std::string_view n : d.names)
        subgroupsEnabled = subgroupsEnabled || n == "subgroups" || n == "subgroup_size_control";
    if (d.kind != Directive::Kind::Diagnostic || d.names.size() < 2) continue;
    int k = filterIndex(d.names[1]);
    if (k < 0 || d.names.size() != 2) continue;
    std::string_view s = d.names[0];
    moduleSev[k] = static_cast<int8_t>(s == "error"     ? kError
                                       : s == "warning" ? kWarning
                                       : s == "info"    ? kInfo
                                                        : kOff);
  }
  const size_t nf = m.ast.fns.size();
  std::vector<uint32_t> cur(m.ast.vars.size(), kNone);
  std::vector<uint32_t> stamp(m.ast.vars.size(), 0);
  std::vector<uint32_t> slot(m.ast.vars.size(), 0);
  std::vector<uint8_t> behaviorCache(m.ast.stmts.size(), 0);
  uint32_t stampCounter = 0;
  Scratch scratch(m.ast.vars.size());
  // Callees before callers: an iterative post-order over the call graph
  // (recursion is already an error, so it is a DAG).
  std::vector<uint8_t> state(nf, 0);
  std::vector<uint32_t> order;
  for (uint32_t root = 0; root < nf; ++root) {
    if (state[root]) continue;
    std::vector<std::pair<uint32_t, size_t>> stack{{root, 0}};
    state[root] = 1;
    while (!stack.empty()) {
      auto& [f, i] = stack.back();
      const std::vector<uint32_t>& callees = m.fns[f].callees;
      if (i < callees.size()) {
        uint32_t c = callees[i++];
        if (c < nf && !state[c]) {
          state[c] = 1;
          stack.push_back({c, 0});
        }
        continue;
      }
      order.push_back(f);
      stack.pop_back();
    }
  }
  // "This analysis is performed once for each scope" (#uniformity-overview).
  // The subgroup scope only places requirements on subgroup and quad
  // builtins, which need `enable subgroups;`: without it that pass is skipped.
  const bool subgroupUniformity = m.options.allowSubgroupUniformity;
  std::vector<Scope> scopes{Scope::WorkgroupOrDraw};
  if (subgroupUniformity && subgroupsEnabled) scopes.push_back(Scope::Subgroup);
  for (Scope scope : scopes) {
    std::vector<FnTags> tags(nf);
    for (uint32_t f : order) {
      if (m.ast.fns[f].body == kNone) continue;
      FunctionAnalysis a(m, diags, tags, f, scope, subgroupUniformity, moduleSev, cur, stamp, slot,
                         behaviorCache, stampCounter, scratch);
      a.run();
    }
  }
}

}  // namespace bindery::wgsl
