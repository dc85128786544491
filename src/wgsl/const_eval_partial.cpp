// Early evaluation of the parts of an expression known before execution
// (#const-expr, #override-expr): an operator or builtin whose other operands
// are runtime values still breaks its rules through the operands that are
// const-expressions (a shader-creation error) or override-expressions (a
// pipeline-creation error, at the override values in use;
// #pipeline-creation-error). The integer divisor and shift amount
// (#arithmetic-expr, #bit-expr), clamp's low and high (#clamp),
// smoothstep's edges (#smoothstep-builtin), extractBits / insertBits'
// offset and count, ldexp's exponent (#ldexp-builtin), and an index into a
// vector, matrix or array (#vector-access-expr, #matrix-access-expr,
// #array-access-expr, override-sized arrays included). Also the message of
// every override-expression that fails to evaluate: the expression as
// written and the overrides it uses, with their values.
#include <algorithm>

#include "const_eval_util.h"
#include "resolver.h"

namespace bindery::wgsl {

namespace {

bool isIdentChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// True when `text` has `word` as a whole identifier.
bool mentions(std::string_view text, std::string_view word) {
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    const bool before = at > 0 && isIdentChar(text[at - 1]);
    const bool after = at + word.size() < text.size() && isIdentChar(text[at + word.size()]);
    if (!before && !after) return true;
  }
  return false;
}

std::string withoutContext(std::string err) {
  for (std::string_view suffix : {" in a constant expression"}) {
    const size_t at = err.find(suffix);
    if (at != std::string::npos) err.erase(at, suffix.size());
  }
  return err;
}

}  // namespace

void Resolver::overrideError(NodeId e, std::string err) {
  const Span span = exprSpan(e);
  std::string_view text = std::string_view(m_.source).substr(span.offset, span.length);
  std::string shown(text.substr(0, 80));
  if (text.size() > 80) shown += "...";
  std::string values;
  for (uint32_t vi = 0; vi < m_.ast.vars.size(); ++vi) {
    const VarDecl& d = m_.ast.vars[vi];
    if (d.kind != DeclKind::Override || !mentions(text, d.name)) continue;
    const VarInfo& info = m_.vars[vi];
    values += values.empty() ? ", with " : ", ";
    values += std::string(d.name) + " = " + (info.value ? formatValue(T, *info.value) : "?");
  }
  pipelineError(span, withoutContext(std::move(err)) + " (in the override-expression '" + shown +
                          "'" + values + ")");
}

bool Resolver::checkKnownOperands(Span span, NodeId rhs, BinaryOp op, TypeId result, NodeId whole) {
  const bool shift = op == BinaryOp::Shl || op == BinaryOp::Shr;
  const bool division = op == BinaryOp::Div || op == BinaryOp::Mod;
  if (skipEval_ || (!shift && !division) || result == kNoType || T.isAbstract(result) ||
      !T.isIntScalar(T.leaf(result)))
    return true;
  auto broken = [&](const ConstValue& v, std::string& err) {
    for (const Scalar& s : v.elems) {
      if (division && s.i == 0) {
        err = std::string(op == BinaryOp::Div ? "integer division" : "integer remainder") +
              " by zero (the right-hand side is 0)";
        return true;
      }
      if (shift && (s.i < 0 || s.i >= 32)) {
        err = "shift amount " + std::to_string(s.i) + " must be less than the bit width 32";
        return true;
      }
    }
    return false;
  };
  std::string err;
  ConstValue b;
  if (constValueOf(rhs, b)) {
    if (!broken(b, err)) return true;
    error(span, err);
    return false;
  }
  // An override-expression as a whole is evaluated by the caller.
  const bool runtime = whole == kNone || m_.exprs[whole].stage == EvalStage::Runtime;
  if (runtime && m_.exprs[rhs].stage == EvalStage::Override && anyValueOf(rhs, b) &&
      broken(b, err)) {
    overrideError(whole == kNone ? rhs : whole, err);
    return false;
  }
  return true;
}

bool Resolver::checkKnownArguments(NodeId e, std::string_view name, const std::vector<NodeId>& args,
                                   TypeId result) {
  if (skipEval_) return true;
  // The arguments each rule reads.
  std::vector<size_t> used;
  if (name == "clamp") used = {1, 2};
  if (name == "smoothstep") used = {0, 1};
  if (name == "extractBits") used = {1, 2};
  if (name == "insertBits") used = {2, 3};
  if (name == "ldexp") used = {1};
  if (used.empty() || used.back() >= args.size()) return true;
  auto check = [&](bool constOnly, std::string& err) {
    std::vector<ConstValue> vals(args.size());
    for (size_t i : used) {
      const bool known = constOnly ? constValueOf(args[i], vals[i]) : anyValueOf(args[i], vals[i]);
      if (!known) return true;
    }
    return eval_.checkKnownArguments(name, vals, used, result, err);
  };
  std::string err;
  if (!check(true, err)) {
    error(exprSpan(e), err);
    return false;
  }
  if (m_.exprs[e].stage == EvalStage::Runtime && !check(false, err)) {
    overrideError(e, err);
    return false;
  }
  return true;
}

void Resolver::checkKnownIndex(NodeId e, NodeId base, NodeId index, TypeId store, TypeId elem,
                               bool isValue) {
  if (skipEval_) return;
  const Type st = T[store];
  const bool overrideSized = st.kind == TypeKind::Array && st.overrideKey != kNone;
  const bool runtimeSized = st.kind == TypeKind::Array && st.count == 0 && !overrideSized;
  uint32_t count = st.kind == TypeKind::Array ? st.count : st.width;
  bool countKnown = !runtimeSized;
  if (overrideSized) {
    auto it = m_.overrideArrayCounts.find(st.overrideKey);
    countKnown = it != m_.overrideArrayCounts.end();
    count = countKnown ? it->second : 0;
  }
  auto outOfBounds = [&](int64_t i) {
    if (runtimeSized) return i < 0;
    return countKnown && (i < 0 || uint64_t(i) >= count);
  };
  auto message = [&](int64_t i) {
    if (runtimeSized)
      return "index " + std::to_string(i) + " of the runtime-sized '" + T.name(store) +
             "' is negative";
    return "index " + std::to_string(i) + " is out of bounds for '" + T.name(store) + "' (" +
           std::to_string(count) + " element" + (count == 1 ? "" : "s") +
           (overrideSized ? " at the override values in use" : "") + ")";
  };
  ConstValue iv;
  if (constValueOf(index, iv)) {
    // A fixed count is checked by the caller; a runtime-sized array's
    // negative index is a shader-creation error; an override-sized
    // array's count is known at pipeline creation.
    if (runtimeSized && outOfBounds(iv.elems[0].i))
      error(exprSpan(index), message(iv.elems[0].i));
    else if (overrideSized && outOfBounds(iv.elems[0].i))
      overrideError(e, message(iv.elems[0].i));
    return;
  }
  if (m_.exprs[index].stage != EvalStage::Override || !anyValueOf(index, iv)) return;
  const int64_t i = iv.elems[0].i;
  if (outOfBounds(i)) {
    overrideError(e, message(i));
    return;
  }
  ConstValue bv, out;
  std::string err;
  if (isValue && !runtimeSized && anyValueOf(base, bv) && eval_.index(bv, i, elem, out, err))
    storeOverride(e, std::move(out));
}

// The rules of `name` that read only the arguments `used` (all known).
bool ConstEval::checkKnownArguments(std::string_view name, std::vector<ConstValue>& args,
                                    const std::vector<size_t>& used, TypeId result,
                                    std::string& err) {
  const TypeId leaf = T.leaf(result);
  const bool fl = T.isFloatScalar(leaf);
  for (size_t i : used) {
    const TypeId to = name == "extractBits" || name == "insertBits" ? T.u32()
                      : name == "ldexp"
                          ? (T[leaf].kind == TypeKind::AbstractFloat ? T.abstractInt() : T.i32())
                          : leaf;
    if (!convert(args[i], T.withLeaf(args[i].type, to), err)) return false;
  }
  auto text = [&](const Scalar& s) { return fl ? numberText(s.f) : std::to_string(s.i); };
  size_t n = 1;
  for (size_t i : used) n = std::max(n, args[i].elems.size());
  for (size_t c = 0; c < n; ++c) {
    auto at = [&](size_t k) -> const Scalar& {
      const ConstValue& v = args[used[k]];
      return v.elems[v.elems.size() == 1 ? 0 : c];
    };
    if (name == "clamp" && (fl ? at(0).f > at(1).f : at(0).i > at(1).i)) {
      err = "clamp: low (" + text(at(0)) + ") is greater than high (" + text(at(1)) + ")";
      return false;
    }
    if (name == "smoothstep" && at(0).f == at(1).f) {
      err = "smoothstep: edge0 and edge1 are both " + numberText(at(0).f);
      return false;
    }
    if ((name == "extractBits" || name == "insertBits") && at(0).i + at(1).i > 32) {
      err = std::string(name) + ": offset " + std::to_string(at(0).i) + " + count " +
            std::to_string(at(1).i) + " is greater than the bit width 32";
      return false;
    }
    if (name == "ldexp") {
      const TypeKind k = T[leaf].kind;
      const int bias = k == TypeKind::F16 ? 15 : k == TypeKind::F32 ? 127 : 1023;
      if (at(0).i > bias + 1) {
        err = "ldexp: the exponent " + std::to_string(at(0).i) + " is greater than " +
              std::to_string(bias + 1) + " (the bias of " + T.name(leaf) + " + 1)";
        return false;
      }
    }
  }
  return true;
}

}  // namespace bindery::wgsl
