// Alias analysis (#alias-analysis): per function, the module-scope
// variables and the pointer parameters it reads and writes (also through the
// functions it calls); at each call site, two pointer arguments with one root
// identifier where either parameter is written, or a pointer argument rooted
// at a module-scope variable the callee accesses while the parameter is
// written (or the variable written while the parameter is read), is a
// shader-creation error.
#include <algorithm>

#include "resolver.h"

namespace bindery::wgsl {

namespace {
void addOnce(std::vector<uint32_t>& v, uint32_t x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}
bool contains(const std::vector<uint32_t>& v, uint32_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}
}  // namespace

Resolver::AliasSets& Resolver::aliasSets(uint32_t fi) {
  if (aliasSets_.size() < m_.fns.size()) aliasSets_.resize(m_.fns.size());
  AliasSets& s = aliasSets_[fi];
  if (s.paramRead.size() < m_.ast.fns[fi].params.count) {
    s.paramRead.resize(m_.ast.fns[fi].params.count, false);
    s.paramWritten.resize(m_.ast.fns[fi].params.count, false);
  }
  return s;
}

void Resolver::noteAccess(uint32_t root, bool write) {
  if (!fn_ || root == kNone) return;
  const VarDecl& d = m_.ast.vars[root];
  AliasSets& s = aliasSets(fn_->fn);
  if (d.global && d.kind == DeclKind::Var) {
    addOnce(write ? s.globalsWritten : s.globalsRead, root);
    return;
  }
  if (d.kind != DeclKind::Param) return;
  const Range params = m_.ast.fns[fn_->fn].params;
  for (uint32_t i = 0; i < params.count; ++i)
    if (m_.ast.at(params, i) == root) (write ? s.paramWritten : s.paramRead)[i] = true;
}

void Resolver::checkCallAliasing(uint32_t callee, Span call, const std::vector<NodeId>& args) {
  if (!fn_ || callee == fn_->fn) return;
  const AliasSets c = aliasSets(callee);  // a copy: aliasSets(fn_) may grow the vector
  const std::string name(m_.ast.fns[callee].name);
  auto param = [&](size_t i) {
    return std::string(m_.ast.vars[m_.ast.at(m_.ast.fns[callee].params, uint32_t(i))].name);
  };
  bool reported = false;
  for (size_t i = 0; i < args.size() && i < c.paramRead.size(); ++i) {
    const uint32_t root = m_.exprs[args[i]].rootVar;
    if (root == kNone || T[m_.exprs[args[i]].type].kind != TypeKind::Pointer) continue;
    // the callee's accesses through the parameter are the caller's through the root
    if (c.paramWritten[i]) noteAccess(root, true);
    if (c.paramRead[i]) noteAccess(root, false);
    if (reported) continue;
    const std::string rootName(m_.ast.vars[root].name);
    for (size_t j = i + 1; j < args.size() && j < c.paramRead.size(); ++j) {
      if (m_.exprs[args[j]].rootVar != root) continue;
      if (!c.paramWritten[i] && !c.paramWritten[j]) continue;
      error(call, "arguments " + std::to_string(i + 1) + " and " + std::to_string(j + 1) + " of '" +
                      name + "' both point into '" + rootName + "', and '" + name +
                      "' writes through '" + param(c.paramWritten[i] ? i : j) +
                      "' (aliased pointers, #alias-analysis)");
      reported = true;
      break;
    }
    const VarDecl& rd = m_.ast.vars[root];
    if (reported || !rd.global) continue;
    const bool conflict = (c.paramWritten[i] &&
                           (contains(c.globalsRead, root) || contains(c.globalsWritten, root))) ||
                          (c.paramRead[i] && contains(c.globalsWritten, root));
    if (conflict) {
      error(call, "argument " + std::to_string(i + 1) + " of '" + name + "' points into '" +
                      rootName + "', which '" + name + "' also " +
                      (contains(c.globalsWritten, root) ? "writes" : "reads") +
                      " directly, while it " + (c.paramWritten[i] ? "writes" : "reads") +
                      " through '" + param(i) + "' (aliased memory, #alias-analysis)");
      reported = true;
    }
  }
  // the callee's module-scope accesses are the caller's
  for (uint32_t g : c.globalsRead) noteAccess(g, false);
  for (uint32_t g : c.globalsWritten) noteAccess(g, true);
}

}  // namespace bindery::wgsl
