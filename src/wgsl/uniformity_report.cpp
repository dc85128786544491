// The uniformity analysis (#uniformity), second half: reachability over a
// function's graph, the function's tags for its callers, and the diagnostics.
#include <span>

#include "uniformity_graph.h"

namespace bindery::wgsl::uniformity {

void FunctionAnalysis::finish() {
  const size_t n = desc_.size();
  // The graph per node (compressed rows): successors of a in out[outStart[a]
  // .. outStart[a + 1]) in the order edge() added them; predecessors of b in
  // in[inStart[b] .. inStart[b + 1]) by increasing a.
  std::vector<uint32_t>&outStart = s_.outStart, &inStart = s_.inStart, &out = s_.out, &in = s_.in,
  &fill = s_.fill;
  outStart.assign(n + 1, 0);
  inStart.assign(n + 1, 0);
  for (auto [a, b] : edges_) {
    ++outStart[a + 1];
    ++inStart[b + 1];
  }
  for (size_t i = 0; i < n; ++i) {
    outStart[i + 1] += outStart[i];
    inStart[i + 1] += inStart[i];
  }
  out.resize(edges_.size());
  in.resize(edges_.size());
  fill.assign(outStart.begin(), outStart.end() - 1);
  for (auto [a, b] : edges_) out[fill[a]++] = b;
  fill.assign(inStart.begin(), inStart.end() - 1);
  for (uint32_t a = 0; a < n; ++a)
    for (uint32_t k = outStart[a]; k < outStart[a + 1]; ++k) in[fill[out[k]]++] = a;
  auto succ = [&](uint32_t a) {
    return std::span<const uint32_t>(out.data() + outStart[a], outStart[a + 1] - outStart[a]);
  };
  auto pred = [&](uint32_t b) {
    return std::span<const uint32_t>(in.data() + inStart[b], inStart[b + 1] - inStart[b]);
  };
  FnTags& t = tags_[fi_];
  size_t np = paramVars_.size();
  t.params.assign(np, ParamTags{});

  // Reverse reachability to MayBeNonUniform, with the next hop on a shortest
  // path, for the messages.
  std::vector<uint32_t>& next = s_.next;
  next.assign(n, kNone);
  std::vector<uint32_t>& queue = s_.queue;
  queue.assign(1, kMayBeNonUniform);
  next[kMayBeNonUniform] = kMayBeNonUniform;
  for (size_t qi = 0; qi < queue.size(); ++qi)
    for (uint32_t p : pred(queue[qi]))
      if (next[p] == kNone) {
        next[p] = queue[qi];
        queue.push_back(p);
      }

  // #uniformity-function: per severity, the unvisited nodes reachable from
  // the requirements of that severity; `by` is the requirement reaching it.
  std::vector<uint32_t>& by = s_.by;
  by.assign(n, kNone);
  std::vector<uint8_t>& mark = s_.mark;
  mark.assign(n, 0);
  const LineMap& lines = diags_.lines();
  for (uint8_t sev = kError; sev <= kInfo; ++sev) {
    const uint8_t stageMark = static_cast<uint8_t>(sev + 1);
    auto visited = [&](uint32_t y) { return exterior_[y] ? mark[y] == stageMark : mark[y] != 0; };
    auto visit = [&](uint32_t y, uint32_t ri) {
      mark[y] = stageMark;
      by[y] = ri;
    };
    auto reached = [&](uint32_t y) { return mark[y] == stageMark; };
    std::vector<uint32_t>& q = s_.q;
    q.clear();
    for (uint32_t ri = 0; ri < reqs_.size(); ++ri) {
      const Req& r = reqs_[ri];
      if (r.sev != sev || visited(r.target)) continue;
      visit(r.target, ri);
      q.push_back(r.target);
    }
    bool failed = false;
    for (size_t qi = 0; qi < q.size(); ++qi) {
      uint32_t x = q[qi];
      if (x == kMayBeNonUniform) failed = true;
      for (uint32_t y : succ(x))
        if (!visited(y)) {
          visit(y, by[x]);
          q.push_back(y);
        }
    }
    if (failed) {
      for (const Req& r : reqs_) {
        if (r.sev != sev || next[r.target] == kNone) continue;
        // The path: the first control-flow condition and the origin.
        const Desc* ctrl = nullptr;
        const Desc* origin = nullptr;
        for (uint32_t x = r.target, guard = 0; x != kMayBeNonUniform && guard < n;
             x = next[x], ++guard) {
          const Desc& d = desc_[x];
          if (d.kind == DescKind::Ctrl) ctrl = &d;  // the last: closest to the cause
          if (d.kind != DescKind::None && d.kind != DescKind::Ctrl) origin = &d;
        }
        std::string what;
        if (origin) {
          std::string at = " (line " + std::to_string(lines.line(origin->span.offset)) + ")";
          switch (origin->kind) {
            case DescKind::Input:
              what = "the " + std::string(origin->extra) + " input '" + std::string(origin->name) +
                     "'" + at;
              if (!origin->member.empty())
                what += " (through its member '" + std::string(origin->member) + "')";
              break;
            case DescKind::BuiltinInput:
              what = "the builtin value '" + std::string(origin->name) + "'" + at;
              break;
            case DescKind::Global:
              what = "the " + std::string(origin->extra) + " variable '" +
                     std::string(origin->name) + "'" + at;
              break;
            case DescKind::PtrParam:
              what = "the memory pointed to by parameter '" + std::string(origin->name) + "'" + at;
              break;
            case DescKind::CallResult:
              what = "the result of '" + std::string(origin->name) + "' at " +
                     where(lines, origin->span);
              break;
            case DescKind::UserReturn:
              what = "the value returned by '" + std::string(origin->name) + "' at " +
                     where(lines, origin->span);
              break;
            case DescKind::PtrStore:
              what = "the value '" + std::string(origin->name) +
                     "' stores through its pointer argument at " + where(lines, origin->span);
              break;
            default: break;
          }
        } else {
          what = "a value that may be non-uniform";
        }
        std::string msg = "'" + std::string(r.callee) + "' (at " + where(lines, r.call) + ")";
        bool viaUser = r.callee != r.origin.builtin;
        if (viaUser)
          msg += " calls '" + std::string(r.origin.builtin) + "' (at " +
                 where(lines, r.origin.span) + ") and";
        if (r.isArg)
          msg += " requires argument " + std::to_string(r.arg + 1) +
                 " to be uniform, but it depends on " + what;
        else if (ctrl)
          msg += " must only be called from uniform control flow, but the '" +
                 std::string(ctrl->name) + "' at line " +
                 std::to_string(lines.line(ctrl->span.offset)) + " depends on " + what;
        else
          msg +=
              " must only be called from uniform control flow, but control flow depends on " + what;
        msg += ", which may be non-uniform (#uniformity)";
        if (r.origin.rule == Rule::Derivative)
          msg +=
              "; move the call out of the non-uniform control flow, use textureSampleLevel "
              "(explicit level) instead of a derivative-based builtin, or add "
              "'diagnostic(off, derivative_uniformity);'";
        else if (r.origin.rule == Rule::Subgroup && r.origin.isArg)
          msg +=
              "; pass a value that is the same for all invocations of the subgroup, or add "
              "'diagnostic(off, subgroup_uniformity);' (triggering rule subgroup_uniformity)";
        else if (r.origin.rule == Rule::Subgroup)
          msg +=
              std::string("; move the call out of the non-uniform control flow") +
              (subgroupUniformity_ ? " (control flow uniform across the subgroup is enough)" : "") +
              ", or add 'diagnostic(off, subgroup_uniformity);' (triggering rule "
              "subgroup_uniformity)";
        else if (r.origin.isArg)
          msg +=
              "; pass a pointer that is the same for all invocations (this rule cannot be "
              "turned off)";
        else if (r.isArg)
          msg +=
              "; pass a value that is the same for all invocations (this rule cannot be "
              "turned off)";
        else
          msg +=
              "; move the call out of the non-uniform control flow (this rule cannot be "
              "turned off)";
        // A subgroup_uniformity parameter requirement is triggered at the
        // argument (#uniformity, "the location of the parameter").
        Span at = r.argSpan.length != 0 ? r.argSpan : r.call;
        if (sev == kError)
          diags_.error(at, std::move(msg));
        else if (sev == kWarning)
          diags_.warning(at, std::move(msg));
        else
          diags_.info(at, std::move(msg));
      }
      continue;
    }
    if (reached(kCfStart) && t.callSite == kOff) {
      t.callSite = sev;
      t.callSiteOrigin = reqs_[by[kCfStart]].origin;
    }
    for (size_t i = 0; i < np; ++i) {
      uint32_t p = paramNode_[i];
      ParamTags& pt = t.params[i];
      if (reached(p) && pt.req == kOff) {
        pt.req = sev;
        pt.origin = reqs_[by[p]].origin;
      }
      uint32_t c = contentsNode_[i];
      if (c != kNone && reached(c) && pt.contentsReq == kOff) {
        pt.contentsReq = sev;
        pt.contentsOrigin = reqs_[by[c]].origin;
      }
    }
  }

  // Return value and pointer-contents tags.
  auto reach = [&](uint32_t from, std::vector<uint8_t>& seen) {
    seen.assign(n, 0);
    std::vector<uint32_t>& q = s_.q;
    q.assign(1, from);
    seen[from] = 1;
    for (size_t qi = 0; qi < q.size(); ++qi)
      for (uint32_t y : succ(q[qi]))
        if (!seen[y]) {
          seen[y] = 1;
          q.push_back(y);
        }
  };
  std::vector<uint8_t>& seen = s_.seen;
  if (valueReturn_ != kNone) {
    reach(valueReturn_, seen);
    t.returnNonUniform = seen[kMayBeNonUniform];
    for (size_t i = 0; i < np; ++i) t.params[i].returns = seen[paramNode_[i]];
  }
  for (size_t i = 0; i < np; ++i) {
    if (returnContentsNode_[i] == kNone) continue;
    reach(returnContentsNode_[i], seen);
    ParamTags& pt = t.params[i];
    pt.ptrNonUniform = seen[kMayBeNonUniform];
    for (uint32_t j = 0; j < np; ++j) {
      if (seen[paramNode_[j]]) pt.ptrParams.push_back(j);
      if (contentsNode_[j] != kNone && seen[contentsNode_[j]]) pt.ptrContents.push_back(j);
    }
  }
  t.analysed = true;
}

}  // namespace bindery::wgsl::uniformity
