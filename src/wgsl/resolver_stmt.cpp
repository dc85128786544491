// Statements (#statements): scopes and shadowing, assignment rules, control
// flow placement (break / continue / continuing / break-if), switch
// selectors, return types.
#include <set>

#include "resolver.h"

namespace bindery::wgsl {

void Resolver::resolveBlock(NodeId s, bool newScope) {
  const Stmt& b = m_.ast.stmts[s];
  if (newScope) fn_->scopes->push();
  for (uint32_t i = 0; i < b.list.count; ++i) {
    if (diags_.tooMany()) break;
    resolveStmt(m_.ast.at(b.list, i));
  }
  if (newScope) fn_->scopes->pop();
}

namespace {
bool isCallExpr(const Ast& ast, NodeId e) {
  return ast.exprs[e].kind == ExprKind::Call;
}
}  // namespace

void Resolver::resolveStmt(NodeId sid) {
  const Stmt& s = m_.ast.stmts[sid];
  auto requireBool = [&](NodeId e, const char* what) {
    TypeId t = resolveValue(e);
    if (t != kNoType && t != T.boolType())
      error(exprSpan(e), std::string(what) + " must be of type 'bool', got '" + T.name(t) + "'");
  };
  switch (s.kind) {
    case StmtKind::Empty: return;
    case StmtKind::Block: resolveBlock(sid, true); return;
    case StmtKind::Return: {
      TypeId ret = m_.fns[fn_->fn].returnType;
      if (fn_->continuingDepth > 0) error(s.span, "'return' is not allowed in a continuing block");
      if (s.a == kNone) {
        if (ret != T.voidType() && ret != kNoType)
          error(s.span, "missing return value; the function returns '" + T.name(ret) + "'");
        return;
      }
      TypeId t = resolveValue(s.a);
      if (ret == T.voidType()) {
        error(exprSpan(s.a), "this function does not return a value");
        return;
      }
      if (t != kNoType && ret != kNoType) checkConvertible(s.a, t, ret, "return statement");
      return;
    }
    case StmtKind::If:
      requireBool(s.a, "if condition");
      resolveBlock(s.b, true);
      if (s.c != kNone) {
        if (m_.ast.stmts[s.c].kind == StmtKind::If)
          resolveStmt(s.c);
        else
          resolveBlock(s.c, true);
      }
      return;
    case StmtKind::Switch: {
      TypeId t = resolveValue(s.a);
      TypeId sel = t;
      if (t != kNoType) {
        TypeId c = T.concretize(t);
        if (c != T.i32() && c != T.u32()) {
          error(exprSpan(s.a), "switch selector must be an i32 or u32, got '" + T.name(t) + "'");
          sel = kNoType;
        }
      }
      // common type: the selector and all case values
      for (uint32_t i = 0; i < s.list.count && sel != kNoType; ++i) {
        const SwitchClause& c = m_.ast.clauses[m_.ast.at(s.list, i)];
        for (uint32_t k = 0; k < c.selectors.count; ++k) {
          NodeId e = m_.ast.at(c.selectors, k);
          if (e == kNone) continue;
          TypeId ct = resolveValue(e);
          if (ct == kNoType) continue;
          if (T.isAbstract(sel) && !T.isAbstract(ct)) sel = ct;
        }
      }
      if (sel != kNoType) sel = T.concretize(sel);
      int defaults = 0;
      std::set<int64_t> seen;
      for (uint32_t i = 0; i < s.list.count; ++i) {
        const SwitchClause& c = m_.ast.clauses[m_.ast.at(s.list, i)];
        for (uint32_t k = 0; k < c.selectors.count; ++k) {
          NodeId e = m_.ast.at(c.selectors, k);
          if (e == kNone) {
            if (++defaults > 1)
              error(c.span,
                    "a switch statement must have exactly one 'default' clause (found more)");
            continue;
          }
          TypeId ct = resolveValue(e);
          if (ct == kNoType || sel == kNoType) continue;
          if (!canConvert(ct, sel)) {
            error(exprSpan(e), "case selector of type '" + T.name(ct) +
                                   "' does not match the switch selector type '" + T.name(sel) +
                                   "'");
            continue;
          }
          if (m_.exprs[e].stage != EvalStage::Const) {
            error(exprSpan(e), "case selectors must be const-expressions");
            continue;
          }
          ConstValue v;
          if (constValueOf(e, v)) {
            std::string err;
            if (!eval_.convert(v, sel, err)) {
              error(exprSpan(e), err);
              continue;
            }
            if (!seen.insert(v.elems[0].i).second)
              error(exprSpan(e), "duplicate case selector value " + std::to_string(v.elems[0].i));
          }
        }
        fn_->switchDepth++;
        resolveBlock(c.body, true);
        fn_->switchDepth--;
      }
      if (defaults == 0) error(s.span, "a switch statement must have a 'default' clause");
      return;
    }
    case StmtKind::Loop: {
      // the continuing block sees the loop body's declarations
      fn_->scopes->push();
      fn_->loopDepth++;
      const Stmt& body = m_.ast.stmts[s.a];
      for (uint32_t i = 0; i < body.list.count; ++i) resolveStmt(m_.ast.at(body.list, i));
      fn_->loopDepth--;
      if (s.b != kNone) {
        fn_->continuingDepth++;
        int savedLoop = fn_->loopDepth, savedSwitch = fn_->switchDepth;
        fn_->loopDepth = 0;
        fn_->switchDepth = 0;
        const Stmt& cont = m_.ast.stmts[s.b];
        fn_->scopes->push();
        for (uint32_t i = 0; i < cont.list.count; ++i) resolveStmt(m_.ast.at(cont.list, i));
        fn_->scopes->pop();
        fn_->loopDepth = savedLoop;
        fn_->switchDepth = savedSwitch;
        fn_->continuingDepth--;
      }
      fn_->scopes->pop();
      return;
    }
    case StmtKind::For: {
      fn_->scopes->push();
      if (s.a != kNone) resolveStmt(s.a);
      if (s.b != kNone) requireBool(s.b, "for-loop condition");
      if (s.c != kNone) resolveStmt(s.c);
      fn_->loopDepth++;
      resolveBlock(s.d, true);
      fn_->loopDepth--;
      fn_->scopes->pop();
      return;
    }
    case StmtKind::While:
      requireBool(s.a, "while condition");
      fn_->loopDepth++;
      resolveBlock(s.b, true);
      fn_->loopDepth--;
      return;
    case StmtKind::Break:
      if (fn_->loopDepth == 0 && fn_->switchDepth == 0)
        error(s.span, fn_->continuingDepth
                          ? "'break' is not allowed in a continuing block; use 'break if'"
                          : "'break' must be inside a loop or switch");
      return;
    case StmtKind::BreakIf: requireBool(s.a, "break-if condition"); return;
    case StmtKind::Continue:
      if (fn_->loopDepth == 0)
        error(s.span, fn_->continuingDepth ? "'continue' is not allowed in a continuing block"
                                           : "'continue' must be inside a loop");
      return;
    case StmtKind::Discard: return;
    case StmtKind::Assign: {
      TypeId rt = resolveValue(s.b);
      if (s.a == kNone) {
        // phony assignment: the right-hand side must be constructible, a pointer,
        // a texture or a sampler
        if (rt != kNoType) {
          const Type& t = T[rt];
          if (!T.isConstructible(rt) && t.kind != TypeKind::Pointer &&
              t.kind != TypeKind::Texture && t.kind != TypeKind::Sampler &&
              t.kind != TypeKind::SamplerComparison)
            error(exprSpan(s.b), "cannot assign a value of type '" + T.name(rt) + "' to '_'");
        }
        return;
      }
      TypeId lt = resolveExpr(s.a);
      if (lt == kNoType || rt == kNoType) return;
      const Type l = T[lt];
      if (l.kind != TypeKind::Reference) {
        error(exprSpan(s.a),
              "cannot assign to this expression: it is not a reference to memory (type '" +
                  T.name(lt) + "')");
        return;
      }
      if (l.access == AccessMode::Read) {
        error(exprSpan(s.a), std::string("cannot assign to read-only memory in the '") +
                                 addressSpaceName(l.space) + "' address space");
        return;
      }
      if (!T.isConstructible(l.elem)) {
        error(exprSpan(s.a),
              "cannot assign a value of non-constructible type '" + T.name(l.elem) + "'");
        return;
      }
      checkConvertible(s.b, rt, l.elem, "assignment");
      noteAccess(m_.exprs[s.a].rootVar, true);
      return;
    }
    case StmtKind::CompoundAssign: {
      TypeId lt = resolveExpr(s.a);
      TypeId rt = resolveValue(s.b);
      if (lt == kNoType || rt == kNoType) return;
      const Type l = T[lt];
      if (l.kind != TypeKind::Reference) {
        error(exprSpan(s.a),
              "the left side of a compound assignment must be a reference to memory");
        return;
      }
      if (l.access == AccessMode::Read) {
        error(exprSpan(s.a), "cannot assign to read-only memory");
        return;
      }
      noteAccess(m_.exprs[s.a].rootVar, false);
      noteAccess(m_.exprs[s.a].rootVar, true);
      TypeId r = binaryResultType(BinaryOp(s.op), l.elem, rt);
      if (r == kNoType || !canConvert(r, l.elem))
        error(s.span, std::string("compound assignment '") + opSpelling(BinaryOp(s.op)) +
                          "=' cannot be applied to '" + T.name(l.elem) + "' and '" + T.name(rt) +
                          "'");
      else
        checkKnownOperands(s.span, s.b, BinaryOp(s.op), r, kNone);
      return;
    }
    case StmtKind::Increment:
    case StmtKind::Decrement: {
      TypeId lt = resolveExpr(s.a);
      if (lt == kNoType) return;
      const Type l = T[lt];
      if (l.kind != TypeKind::Reference || (l.elem != T.i32() && l.elem != T.u32())) {
        error(exprSpan(s.a),
              std::string(s.kind == StmtKind::Increment ? "increment" : "decrement") +
                  " requires a reference to an i32 or u32, got '" + T.name(lt) + "'");
        return;
      }
      if (l.access == AccessMode::Read) error(exprSpan(s.a), "cannot modify read-only memory");
      noteAccess(m_.exprs[s.a].rootVar, false);
      noteAccess(m_.exprs[s.a].rootVar, true);
      return;
    }
    case StmtKind::Call: {
      if (!isCallExpr(m_.ast, s.a)) return;
      TypeId t = resolveExpr(s.a);
      const ExprInfo& ci = m_.exprs[s.a];
      const Expr& ce = m_.ast.exprs[s.a];
      if (t == kNoType || t == T.voidType()) return;
      if (ci.call == CallKind::Builtin && isMustUseBuiltin(ce.name))
        error(ce.span, "the result of '" + std::string(ce.name) +
                           "' must be used; assign it to '_' to discard it (@must_use)");
      else if (ci.call == CallKind::Function && m_.fns[ci.refIndex].mustUse)
        error(ce.span, "the result of '" + std::string(ce.name) + "' must be used (@must_use)");
      else if (ci.call == CallKind::Constructor || ci.call == CallKind::Conversion)
        error(ce.span, "a value constructor cannot be used as a statement");
      return;
    }
    case StmtKind::Decl: {
      uint32_t vi = s.a;
      const VarDecl& d = m_.ast.vars[vi];
      resolveVarDecl(vi);
      auto [previous, inserted] = fn_->scopes->declare(d.name, vi);
      if (!inserted) {
        error(d.nameSpan, "redeclaration of '" + std::string(d.name) + "' in the same scope");
        diags_.note(m_.ast.vars[previous].nameSpan, "previous declaration is here");
      }
      return;
    }
    case StmtKind::ConstAssert: checkConstAssert(s.a, s.span); return;
  }
}

}  // namespace bindery::wgsl
