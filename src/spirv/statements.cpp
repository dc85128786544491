// Statements (#statements) as structured control flow (SPIR-V 2.11): if ->
// OpSelectionMerge, switch -> OpSwitch with the default clause wherever it
// is written, loop/for/while -> OpLoopMerge with the continuing statements
// (and break-if) in the continue construct. Statements after a return,
// break, continue or an OpKill discard in the same block are dead and not
// emitted (after a demoting discard they run, as a helper invocation).
#include "generator.h"

namespace bindery::spirv {

using wgsl::StmtKind;

Id Generator::label(Id l) {
  emitOp(fn_->body, spv::Op::OpLabel, {l});
  fn_->label = l;
  fn_->terminated = false;
  return l;
}

void Generator::branch(Id target) {
  inst(spv::Op::OpBranch, {target});
  fn_->terminated = true;
}

Id Generator::newLocalVar(TypeId store, Id init) {
  Id id = b.newId();
  emitOp(fn_->vars, spv::Op::OpVariable,
         {pointerType(spv::StorageClass::Function, type(store)), id,
          uint32_t(spv::StorageClass::Function)});
  if (init) this->store(id, init);
  memoryObjects_[id] = true;
  return id;
}

void Generator::block(NodeId s) {
  const wgsl::Stmt& st = m.ast.stmts[s];
  if (st.kind != StmtKind::Block) {
    statement(s);
    return;
  }
  for (uint32_t i = 0; i < st.list.count && !fn_->terminated; ++i) statement(m.ast.at(st.list, i));
}

void Generator::statement(NodeId s) {
  const wgsl::Stmt& st = m.ast.stmts[s];
  switch (st.kind) {
    case StmtKind::Empty:
    case StmtKind::ConstAssert: return;
    case StmtKind::Block: block(s); return;
    case StmtKind::Return: returnStatement(s); return;
    case StmtKind::If: ifStatement(s); return;
    case StmtKind::Switch: switchStatement(s); return;
    case StmtKind::Loop: loopStatement(s); return;
    case StmtKind::For: forStatement(s); return;
    case StmtKind::While: whileStatement(s); return;
    case StmtKind::Break: branch(fn_->breakables.back().merge); return;
    case StmtKind::Continue:
      for (auto it = fn_->breakables.rbegin(); it != fn_->breakables.rend(); ++it)
        if (it->loop) {
          branch(it->cont);
          return;
        }
      return;
    case StmtKind::BreakIf: {
      const Breakable& loop = fn_->breakables.back();
      Id cond = value(st.a, T.boolType());
      inst(spv::Op::OpBranchConditional, {cond, loop.merge, loop.header});
      fn_->terminated = true;
      return;
    }
    case StmtKind::Discard: discard(st.span); return;
    case StmtKind::Assign:
    case StmtKind::CompoundAssign:
    case StmtKind::Increment:
    case StmtKind::Decrement: assignment(s); return;
    case StmtKind::Call: value(st.a); return;
    case StmtKind::Decl: declaration(st.a); return;
  }
}

// #discard-statement: the invocation becomes a helper invocation (its storage
// writes and its output have no effect; it keeps running for derivatives and
// the quad's subgroup operations): exactly OpDemoteToHelperInvocation, core in
// SPIR-V 1.6, else SPV_EXT_demote_to_helper_invocation when the device has it.
// Otherwise OpKill: the same observable effects for this invocation, but it
// stops, so its quad's later derivatives are undefined where it was needed.
void Generator::discard(wgsl::Span span) {
  if (m.fns[entryFn_].stage != wgsl::Stage::Fragment)
    unsupportedAt("discard outside a fragment shader", span);
  if (options.version >= 0x00010600 || options.demoteToHelperInvocation) {
    if (options.version < 0x00010600) b.extension("SPV_EXT_demote_to_helper_invocation");
    b.capability(spv::Capability::DemoteToHelperInvocation);
    inst(spv::Op::OpDemoteToHelperInvocation, {});
    return;  // execution continues, as a helper
  }
  inst(spv::Op::OpKill, {});
  fn_->terminated = true;
}

void Generator::returnStatement(NodeId s) {
  const wgsl::Stmt& st = m.ast.stmts[s];
  if (st.a == kNone)
    inst(spv::Op::OpReturn, {});
  else
    inst(spv::Op::OpReturnValue, {value(st.a, fn_->returnType)});
  fn_->terminated = true;
}

void Generator::ifStatement(NodeId s) {
  const wgsl::Stmt& st = m.ast.stmts[s];
  Id cond = value(st.a, T.boolType());
  Id thenL = b.newId(), merge = b.newId();
  Id elseL = st.c != kNone ? b.newId() : merge;
  inst(spv::Op::OpSelectionMerge, {merge, 0});
  inst(spv::Op::OpBranchConditional, {cond, thenL, elseL});
  label(thenL);
  block(st.b);
  if (!fn_->terminated) branch(merge);
  if (st.c != kNone) {
    label(elseL);
    block(st.c);
    if (!fn_->terminated) branch(merge);
  }
  label(merge);
}

void Generator::switchStatement(NodeId s) {
  const wgsl::Stmt& st = m.ast.stmts[s];
  TypeId selT = concreteOf(st.a, T.i32());
  Id sel = value(st.a, selT);
  Id merge = b.newId();
  Id defaultL = merge;
  std::vector<Id> labels;
  std::vector<uint32_t> cases;
  for (uint32_t i = 0; i < st.list.count; ++i) {
    const wgsl::SwitchClause& c = m.ast.clauses[m.ast.at(st.list, i)];
    Id l = b.newId();
    labels.push_back(l);
    for (uint32_t k = 0; k < c.selectors.count; ++k) {
      NodeId e = m.ast.at(c.selectors, k);
      if (e == kNone) {
        defaultL = l;
        continue;
      }
      auto it = m.constValues.find(e);
      if (it == m.constValues.end()) unsupported("a case selector that is not a constant", e);
      cases.push_back(uint32_t(it->second.elems[0].i));
      cases.push_back(l);
    }
  }
  inst(spv::Op::OpSelectionMerge, {merge, 0});
  std::vector<uint32_t> ops{sel, defaultL};
  ops.insert(ops.end(), cases.begin(), cases.end());
  emitOp(fn_->body, spv::Op::OpSwitch, ops);
  fn_->breakables.push_back({merge, 0, 0, false});
  for (uint32_t i = 0; i < st.list.count; ++i) {
    const wgsl::SwitchClause& c = m.ast.clauses[m.ast.at(st.list, i)];
    label(labels[i]);
    block(c.body);
    if (!fn_->terminated) branch(merge);
  }
  fn_->breakables.pop_back();
  label(merge);
}

namespace {
struct LoopLabels {
  Id header, body, cont, merge;
};
}  // namespace

// loop { body } continuing { ...; break if c; }  (cond: for/while's condition, or kNone)
static void emitLoop(Generator& g, NodeId cond, NodeId body, NodeId continuing, bool updateIsStmt) {
  FnCtx& f = *g.fn_;
  LoopLabels l{g.b.newId(), g.b.newId(), g.b.newId(), g.b.newId()};
  g.branch(l.header);
  g.label(l.header);
  g.inst(spv::Op::OpLoopMerge, {l.merge, l.cont, 0});
  g.branch(l.body);
  g.label(l.body);
  f.breakables.push_back({l.merge, l.cont, l.header, true});
  if (cond != kNone) {
    Id c = g.value(cond, g.T.boolType());
    Id go = g.b.newId(), stop = g.b.newId();
    g.inst(spv::Op::OpSelectionMerge, {go, 0});
    g.inst(spv::Op::OpBranchConditional, {c, go, stop});
    g.label(stop);
    g.branch(l.merge);
    g.label(go);
  }
  g.block(body);
  if (!f.terminated) g.branch(l.cont);
  g.label(l.cont);
  if (continuing != kNone) {
    if (updateIsStmt)
      g.statement(continuing);
    else
      g.block(continuing);
  }
  if (!f.terminated) g.branch(l.header);
  f.breakables.pop_back();
  g.label(l.merge);
}

void Generator::loopStatement(NodeId s) {
  const wgsl::Stmt& st = m.ast.stmts[s];
  emitLoop(*this, kNone, st.a, st.b, false);
}

void Generator::forStatement(NodeId s) {
  const wgsl::Stmt& st = m.ast.stmts[s];
  if (st.a != kNone) statement(st.a);
  emitLoop(*this, st.b, st.d, st.c, true);
}

void Generator::whileStatement(NodeId s) {
  const wgsl::Stmt& st = m.ast.stmts[s];
  emitLoop(*this, st.a, st.b, kNone, false);
}

void Generator::assignment(NodeId s) {
  const wgsl::Stmt& st = m.ast.stmts[s];
  if (st.kind == StmtKind::Assign && st.a == kNone) {    // phony: evaluate, keep nothing
    if (ex(st.b).kind == wgsl::ExprKind::Ident) return;  // no effects to keep
    if (T[info(st.b).type].kind == TypeKind::Reference)
      pointer(st.b);
    else
      value(st.b);
    return;
  }
  Id ptr = pointer(st.a);
  TypeId storeT = T.unref(info(st.a).type);
  if (st.kind == StmtKind::Assign) {
    store(ptr, value(st.b, storeT));
    return;
  }
  Id cur = load(ptr, storeT);
  if (st.kind == StmtKind::Increment || st.kind == StmtKind::Decrement) {
    Id one = constSplat(storeT, 1, 1);
    store(ptr, op(st.kind == StmtKind::Increment ? spv::Op::OpIAdd : spv::Op::OpISub, storeT,
                  {cur, one}));
    return;
  }
  wgsl::BinaryOp o = wgsl::BinaryOp(st.op);
  TypeId rt = T.unref(info(st.b).type);
  bool shift = o == wgsl::BinaryOp::Shl || o == wgsl::BinaryOp::Shr;
  TypeId rhsT = shift              ? T.withLeaf(rt, T.u32())
                : T.isAbstract(rt) ? T.withLeaf(rt, T.leaf(storeT))
                                   : rt;
  Id rhs = value(st.b, rhsT);
  store(ptr, binaryOp(o, cur, storeT, rhs, rhsT, storeT));
}

void Generator::declaration(uint32_t vid) {
  const wgsl::VarDecl& d = m.ast.vars[vid];
  const wgsl::VarInfo& vi = m.vars[vid];
  switch (d.kind) {
    case wgsl::DeclKind::Var: {
      Id init = d.init != kNone ? value(d.init, vi.type) : constNull(vi.type);
      Id id = newLocalVar(vi.type);
      store(id, init);
      if (options.emitNames) b.name(id, d.name);
      fn_->locals[vid] = VarBinding{id, true, false};
      return;
    }
    case wgsl::DeclKind::Let: {
      Id v = value(d.init, vi.type);
      // (a view's handle is never emitted: buffer_view.cpp)
      if (options.emitNames && !m.constValues.count(d.init) && !isView(v)) b.name(v, d.name);
      fn_->locals[vid] = VarBinding{v, false, false};
      return;
    }
    default: return;  // const: folded at each use
  }
}

}  // namespace bindery::spirv
