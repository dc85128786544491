// Two measured batches in one benchmark, run alternately (the first one
// first in even iterations, the second first in odd ones), so whatever
// drifts during a run (the driver's own recording cost moved 2x between
// runs on the H100, clocks, the GPU's queue) reaches both. Reported: each
// side's median per unit and the median of the per-iteration ratios.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>
#include <vector>

namespace bindery_bench {

inline double median(std::vector<double> v) {
  if (v.empty()) return 0;
  size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
  return v[mid];
}

class Alternation {
 public:
  // Runs both (each returns its measure of one batch), in this iteration's order.
  template <class A, class B>
  void run(A&& a, B&& b) {
    double x = 0, y = 0;
    if (a_.size() % 2 == 0) {
      x = a();
      y = b();
    } else {
      y = b();
      x = a();
    }
    a_.push_back(x);
    b_.push_back(y);
  }
  // Counters "<first>", "<second>" (medians) and "ratio" (median of first/second).
  void report(benchmark::State& state, const std::string& first, const std::string& second) const {
    std::vector<double> ratios;
    for (size_t i = 0; i < a_.size(); ++i) {
      if (b_[i] > 0) ratios.push_back(a_[i] / b_[i]);
    }
    state.counters[first] = median(a_);
    state.counters[second] = median(b_);
    state.counters["ratio"] = median(ratios);
  }

 private:
  std::vector<double> a_, b_;
};

// A *_Alternating benchmark's loop: bindery's batch and raw's (each returns
// its ns per pair) alternating, reported as "bindery_ns", "raw_ns", "ratio".
template <class A, class B>
void alternate(benchmark::State& state, A&& binderyBatch, B&& rawBatch) {
  Alternation pairs;
  for (auto _ : state) pairs.run(binderyBatch, rawBatch);
  pairs.report(state, "bindery_ns", "raw_ns");
}

}  // namespace bindery_bench
