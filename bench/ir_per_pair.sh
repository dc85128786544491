#!/usr/bin/env bash
# bench/ir_per_pair.sh [bench_encoding binary]: instructions per
# (setBindGroup + dispatchWorkgroups/draw) pair of each bench_encoding case,
# counted by valgrind's callgrind (exact and independent of machine load,
# unlike the wall-clock numbers). One iteration of 100,000 pairs per case;
# the cost is the inclusive count of the two public calls divided by 100,000.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$(realpath "${1:-$root/build/release/bench/bench_encoding}")"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
printf '%-42s %10s %10s %10s\n' case setBindGroup 'dispatch/draw' 'Ir/pair'
for c in 'Compute.*dynamic:0' 'Compute.*dynamic:1' 'Render.*dynamic:0' 'Render.*dynamic:1'; do
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bin" --benchmark_filter="$c" \
    --benchmark_min_time=0.000001 >"$out/log" 2>&1
  grep -qE '/dynamic:[01] .* 1 ' "$out/log" || { echo "expected one iteration:"; cat "$out/log"; exit 1; }
  (cd "$out" && callgrind_annotate --auto=no --inclusive=yes cg 2>/dev/null) | awk -v name="$c" '
    /=>/ { next }
    /bindery::(Compute|Render)PassEncoder::setBindGroup\(/ { gsub(",", "", $1); s += $1 }
    /bindery::(Compute|Render)PassEncoder::(dispatchWorkgroups|draw)\(/ { gsub(",", "", $1); d += $1 }
    END { printf "%-42s %10.1f %10.1f %10.1f\n", name, s / 1e5, d / 1e5, (s + d) / 1e5 }'
done
