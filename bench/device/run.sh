#!/usr/bin/env bash
# On the `device` tool's GPU machine (bench/device/pack.sh copies this to
# .h200/run.sh): unpacks the Vulkan loader (.gl), runs the Vulkan suite under
# the Khronos validation layer ($OUT/vulkan_tests.txt, the GPU's name first), the render demo
# ($OUT/demo.txt, its PNG files in $OUT/demo_png.tgz), the pair benchmarks
# alternating with raw and the same pairs encoded on the null device
# ($OUT/alternating.txt) and the three Vulkan benchmarks,
# medians of 3 ($OUT/bench_*.txt, without the alternating ones). Environment: FILTER (gtest
# filter), SUITE_LIMIT (seconds), SKIP_DEMO, SKIP_BENCH, SKIP_ALTERNATING, ALT_ROUNDS (the
# alternating pairs run that many times, default 1), BFILTER (benchmark
# filter), PROFILE=1 (perf stat and a flat perf profile of bench_compute's
# bindery and raw pairs, $OUT/prof.txt; PROFILE_CASES: which).
set -u
cd "$(dirname "$0")/.."
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
H=$PWD/.h200
[ -f $H/lib/libVkLayer_khronos_validation.so ] || xz -dc $H/lib/vl.xz > $H/lib/libVkLayer_khronos_validation.so
export LD_LIBRARY_PATH=$H/lib
export VK_LAYER_PATH=$H/layers
if ! ls /usr/share/vulkan/icd.d/*nvidia* /etc/vulkan/icd.d/*nvidia* >/dev/null 2>&1; then
  export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
fi
# At most 8 files come back: the GPU's name goes at the top of the suite's.
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $OUT/vulkan_tests.txt 2>&1
chmod +x $H/bin/*
START=$(date +%s)
BINDERY_VULKAN_VALIDATION=1 timeout ${SUITE_LIMIT:-240} $H/bin/bindery_vulkan_tests ${FILTER:+--gtest_filter=$FILTER} >> $OUT/vulkan_tests.txt 2>&1
echo "suite rc=$? in $(( $(date +%s) - START )) s" >> $OUT/vulkan_tests.txt
bench() {
  [ -z "${SKIP_BENCH:-}" ] || return 0
  timeout 150 $H/bin/$1 --benchmark_repetitions=3 --benchmark_report_aggregates_only=true --benchmark_filter=${BFILTER:--Alternating} > $OUT/$1.txt 2>&1
  echo "$1 rc=$?" >> $OUT/$1.txt
}
# In the order of what matters most, so a run cut off returns the most: the
# pairs against raw, alternating in one run (21 batches each, their own
# medians: no repetitions), then the rest.
if [ -z "${SKIP_BENCH:-}" ] && [ -z "${SKIP_ALTERNATING:-}" ]; then
  for round in $(seq ${ALT_ROUNDS:-1}); do
    for b in bench_compute bench_render; do
      echo "round $round $(date +%T)" >> $OUT/alternating.txt
      timeout 120 $H/bin/$b --benchmark_filter=Alternating >> $OUT/alternating.txt 2>&1
      echo "$b rc=$?" >> $OUT/alternating.txt
    done
  done
  # The same pairs encoded on the null device, same host: what WebGPU's
  # validation and the recording of the commands cost before any Vulkan call.
  timeout 60 $H/bin/bench_encoding --benchmark_repetitions=5 --benchmark_report_aggregates_only=true >> $OUT/alternating.txt 2>&1
  echo "bench_encoding rc=$?" >> $OUT/alternating.txt
fi
bench bench_vulkan
if [ -n "${PROFILE:-}" ]; then
  mkdir -p /tmp/perf && tar xJf $H/perf.txz -C /tmp/perf
  P="env LD_LIBRARY_PATH=/tmp/perf/lib:$H/lib /tmp/perf/perf"
  for f in ${PROFILE_CASES:-BindDispatch_Bindery/0 BindDispatch_Raw/0 BindDispatch_Bindery/1 BindDispatch_Raw/1 BindDraw_Bindery/0 BindDraw_Raw/0}; do
    n=$(echo $f | tr '/' '_')
    b=bench_compute; case $f in BindDraw*) b=bench_render ;; esac
    $P stat -e page-faults,context-switches,cpu-clock,task-clock,instructions,cycles -o /tmp/stat_$n.txt $H/bin/$b --benchmark_filter="$f(/|\$)" --benchmark_min_time=1 > /tmp/out_$n.txt 2>&1
    $P record -e cpu-clock -F 4000 -o /tmp/p_$n.data $H/bin/$b --benchmark_filter="$f(/|\$)" --benchmark_min_time=1 > /dev/null 2>&1
    $P report -i /tmp/p_$n.data --no-children --sort dso,sym 2>/dev/null | grep -v "^#" | grep -v "^$" | head -60 > /tmp/prof_$n.txt
    $P report -i /tmp/p_$n.data --no-children --sort comm,dso 2>/dev/null | grep -v "^#" | grep -v "^$" | head -20 >> /tmp/prof_$n.txt
    # bindery's own functions (the benchmarks keep their symbols)
    $P report -i /tmp/p_$n.data --no-children --dsos $b --sort sym 2>/dev/null | grep -v "^#" | grep -v "^$" | head -25 >> /tmp/prof_$n.txt
    { echo "=== $f"; grep -E "^BM_|ns" /tmp/out_$n.txt | tail -3; cat /tmp/stat_$n.txt /tmp/prof_$n.txt; } >> $OUT/prof.txt
  done
fi
bench bench_compute
bench bench_render
if [ -z "${SKIP_DEMO:-}" ]; then
  mkdir -p /tmp/demo && timeout 60 $H/bin/render_demo /tmp/demo > $OUT/demo.txt 2>&1
  echo "demo rc=$?" >> $OUT/demo.txt
  tar czf $OUT/demo_png.tgz -C /tmp/demo . 2>/dev/null
fi
echo "total $(( $(date +%s) - START )) s"
