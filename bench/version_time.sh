#!/usr/bin/env bash
# Wall time of `hostmark --version` (target: under 5 ms) beside /bin/true (the cost of starting
# any process on this machine), measured in the same session: `perf stat -r N` when perf works,
# else a shell loop.
#   bench/version_time.sh [runs=200]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-200}"
hm="${HOSTMARK:-build/release/hostmark}"
mean_ms() {
  if perf stat -r 2 true >/dev/null 2>&1; then
    perf stat -r "$runs" "$@" 2>&1 >/dev/null | awk '/seconds time elapsed/ {printf "%.3f", $1 * 1000}'
    return
  fi
  local start end
  start=$(date +%s%N)
  for ((i = 0; i < runs; i++)); do "$@" >/dev/null; done
  end=$(date +%s%N)
  awk -v ns=$((end - start)) -v n="$runs" 'BEGIN {printf "%.3f", ns / n / 1e6}'
}
echo "| command | mean wall (ms, $runs runs) |"
echo "|---|---|"
echo "| /bin/true | $(mean_ms /bin/true) |"
echo "| hostmark --version | $(mean_ms "$hm" --version) |"
