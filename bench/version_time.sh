#!/usr/bin/env bash
# Wall time of `hostmark --version` (target: under 5 ms), mean over N runs, beside /bin/true
# (the cost of starting any process on this machine) measured in the same session.
#   bench/version_time.sh [runs=200]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-200}"
hm="${HOSTMARK:-build/release/hostmark}"
mean_ms() {
  local start end
  start=$(date +%s%N)
  for ((i = 0; i < runs; i++)); do "$@" >/dev/null; done
  end=$(date +%s%N)
  awk -v ns=$((end - start)) -v n="$runs" 'BEGIN {printf "%.3f", ns / n / 1e6}'
}
t_true=$(mean_ms /bin/true)
t_hm=$(mean_ms "$hm" --version)
echo "| command | mean wall (ms, $runs runs) |"
echo "|---|---|"
echo "| /bin/true | $t_true |"
echo "| hostmark --version | $t_hm |"
