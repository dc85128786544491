#!/usr/bin/env bash
# bench/device/pack.sh [BUILD_DEBUG] [BUILD_RELEASE]: gathers what a run on
# the `device` tool's GPU machine needs into .h200/ and the Vulkan loader's
# packages into .gl/ (both ignored): the Vulkan test suite and render demo from a Debug build, the three
# Vulkan benchmarks and bench_encoding (the same pairs encoded on the null
# device: the encoding's own floor) from a Release build with BINDERY_BUILD_BENCH=ON, the
# shared libraries they need beyond the machine's, the Khronos validation
# layer (xz-compressed) and perf with its libraries (for PROFILE=1). The
# whole stays under the tool's 64 MiB. Then call the tool's run with
# carry [".gl", ".h200"] and the command `bash .h200/run.sh` (run.sh beside
# this file says what it runs and writes under $OUT).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
debug="${1:-$root/build/normal}"
release="${2:-$root/build/release}"
cd "$root"
H=.h200
rm -rf "$H" && mkdir -p "$H/bin" "$H/lib" "$H/layers"
strip -o "$H/bin/bindery_vulkan_tests" "$debug/tests/backends/vulkan/bindery_vulkan_tests"
strip -o "$H/bin/render_demo" "$debug/examples/render_demo/render_demo"
for b in bench_compute bench_render bench_vulkan bench_encoding; do strip --strip-debug -o "$H/bin/$b" "$release/bench/$b"; done
lib=/lib/x86_64-linux-gnu
for l in libfmt.so.9 libpng16.so.16 libbenchmark.so.1debian; do cp -L "$lib/$l" "$H/lib/"; done
xz -c "$lib/libVkLayer_khronos_validation.so" > "$H/lib/vl.xz"
cp /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json "$H/layers/"
perfdir=$(mktemp -d)
mkdir -p "$perfdir/lib"
cp /usr/bin/perf "$perfdir/"
for l in $(ldd /usr/bin/perf | awk '/=>/ {print $1}'); do
  case "$l" in libc.so*|libm.so*|libstdc++*|libgcc_s*|libz.so*|libzstd*|liblzma*) ;;
    *) cp -L "$lib/$l" "$perfdir/lib/" ;;
  esac
done
tar cJf "$H/perf.txz" -C "$perfdir" .
rm -rf "$perfdir"
cp bench/device/run.sh "$H/run.sh"
if [ ! -d .gl ]; then
  mkdir -p .gl /tmp/amd64/partial
  o='-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64'
  apt-get $o update >/dev/null
  (cd .gl && apt-get $o download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
fi
du -sh "$H" .gl
