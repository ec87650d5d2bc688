#!/bin/sh
# Side by side, single thread, same buffers: hostmark's triad and copy kernels against the plain
# triad loop compiled -O3 -march=native and glibc memcpy (bench/memory_peak.cc), then the whole
# `hostmark memory` bandwidth phase on one thread at the same array size. Builds nothing.
#
# usage: bench/memory_peak.sh [ARRAY_MIB=256] [ROUNDS=20]
#   HOSTMARK_BUILD_DIR  the build directory holding hostmark and bench/memory_peak (build/dev)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${HOSTMARK_BUILD_DIR:-$here/../build/dev}
mib=${1:-256}
rounds=${2:-20}
for exe in "$build/bench/memory_peak" "$build/hostmark"; do
  if [ ! -x "$exe" ]; then
    echo "memory_peak.sh: $exe is not built (cmake --build $build)" >&2
    exit 2
  fi
done
echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(uname -r)$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
echo "# load average: $(cut -d' ' -f1-3 /proc/loadavg) (the ratios are interleaved; absolute GB/s move with load)"
"$build/bench/memory_peak" "$mib" "$rounds"
echo
"$build/hostmark" memory --threads=1 --size="${mib}M" --reps="$rounds" --no-latency
