// Statement behavior analysis (#behaviors): each statement's set of ways
// execution proceeds after it (Next, Return, Break, Continue), bottom up.
// A loop whose behavior is empty never exits and is an error; a function with
// a return type must have the behavior {Return}. for / while are desugared as
// #for-statement / #while-statement say; an `if` without `else` adds Next.
#include "resolver.h"

namespace bindery::wgsl {

namespace {
constexpr uint8_t kNext = 1, kReturn = 2, kBreak = 4, kContinue = 8;
}  // namespace

uint8_t Resolver::behaviorOf(NodeId s) {
  if (s == kNone) return kNext;
  const Stmt& st = m_.ast.stmts[s];
  switch (st.kind) {
    case StmtKind::Return: return kReturn;
    case StmtKind::Break: return kBreak;
    case StmtKind::BreakIf: return kBreak | kNext;
    case StmtKind::Continue: return kContinue;
    case StmtKind::Block: {
      uint8_t b = kNext;
      for (uint32_t i = 0; i < st.list.count; ++i) {
        uint8_t x = behaviorOf(m_.ast.at(st.list, i));  // analysed even when unreachable
        if (b & kNext) b = uint8_t((b & ~kNext) | x);
      }
      return b;
    }
    case StmtKind::If:
      return uint8_t(behaviorOf(st.b) | (st.c == kNone ? kNext : behaviorOf(st.c)));
    case StmtKind::Switch: {
      uint8_t b = 0;
      for (uint32_t i = 0; i < st.list.count; ++i)
        b |= behaviorOf(m_.ast.clauses[m_.ast.at(st.list, i)].body);
      return (b & kBreak) ? uint8_t((b | kNext) & ~kBreak) : b;
    }
    case StmtKind::Loop:
    case StmtKind::For:
    case StmtKind::While: {
      uint8_t body = 0, cont = kNext;
      if (st.kind == StmtKind::Loop) {
        body = behaviorOf(st.a);
        cont = behaviorOf(st.b);
      } else if (st.kind == StmtKind::For) {
        behaviorOf(st.a);
        // loop { if !cond { break; } body continuing { update } }
        body = uint8_t(behaviorOf(st.d) | (st.b != kNone ? kBreak : 0));
        cont = behaviorOf(st.c);
      } else {
        body = uint8_t(behaviorOf(st.b) | kBreak);
      }
      uint8_t b;
      if (body == kReturn)
        b = kReturn;
      else if ((body | cont) & kBreak)
        b = uint8_t((body | cont | kNext) & ~(kBreak | kContinue));
      else
        b = uint8_t((body | cont) & ~(kContinue | kNext));
      if (b == 0) {
        Span kw{st.span.offset, st.kind == StmtKind::While ? 5u
                                : st.kind == StmtKind::For ? 3u
                                                           : 4u};
        error(kw,
              "this loop never exits: no 'break', 'break if' or 'return' can end it (statement "
              "behavior analysis, #behaviors, finds an empty behavior)");
        return kNext;
      }
      return b;
    }
    default: return kNext;  // declarations, assignments, calls, discard, const_assert
  }
}

// #behaviors "For each function": a function with a return type returns on
// every path (its body's behavior is {Return}).
void Resolver::checkFunctionBehavior(uint32_t fi, TypeId ret) {
  const FnDecl& f = m_.ast.fns[fi];
  uint8_t b = behaviorOf(f.body);
  if (ret != T.voidType() && ret != kNoType && (b & kNext)) {
    Span end = m_.ast.stmts[f.body].span;
    end.offset = end.offset + (end.length ? end.length - 1 : 0);
    end.length = 1;
    error(end, "missing return at end of function '" + std::string(f.name) + "'");
  }
}

}  // namespace bindery::wgsl
