#!/usr/bin/env bash
# Side by side: Debian's sysbench 1.0.20 and `hostmark sysbench`, same options, alternating runs
# in the same session; prints the median of each and the ratio hostmark/sysbench as a Markdown
# table for docs/PERFORMANCE.md.
#   bench/sysbench_compare.sh [rounds=5] [seconds=5]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
seconds="${2:-5}"
hm="${HOSTMARK:-build/release/hostmark}"
command -v sysbench >/dev/null || { echo "bench: sysbench is not installed (apt-get install sysbench)" >&2; exit 2; }
[ -x "$hm" ] || { echo "bench: $hm is not built (scripts/build.sh release)" >&2; exit 2; }

# The figure a case compares: events/s for cpu, MiB/s for memory, and for threads and mutex
# (which print no rate) total events / total time.
figure() {
  case "$1" in
    cpu) awk '/events per second:/ {print $4}' ;;
    memory) sed -n 's/.*MiB transferred (\([0-9.]*\) MiB\/sec).*/\1/p' ;;
    events) awk '/total time:/ {t = $3 + 0} /total number of events:/ {n = $5} END {print n / t}' ;;
  esac
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

cases=(
  "cpu|--threads=1 cpu"
  "cpu|--threads=2 cpu"
  "memory|--threads=1 memory"
  "memory|--threads=1 --memory-block-size=1M memory"
  "memory|--threads=2 --memory-block-size=1M --memory-scope=local memory"
  "events|--threads=2 threads"
  "events|--threads=2 mutex"
)

echo "| case | sysbench | hostmark | hostmark/sysbench |"
echo "|---|---|---|---|"
for c in "${cases[@]}"; do
  kind="${c%%|*}"
  args="${c#*|}"
  sb=(); hmv=()
  for ((r = 0; r < rounds; r++)); do
    # shellcheck disable=SC2086
    sb+=("$(sysbench --time="$seconds" $args run | figure "$kind")")
    # shellcheck disable=SC2086
    hmv+=("$("$hm" sysbench --time="$seconds" $args run | figure "$kind")")
  done
  a=$(printf '%s\n' "${sb[@]}" | median)
  b=$(printf '%s\n' "${hmv[@]}" | median)
  unit=$([ "$kind" = memory ] && echo "MiB/s" || echo "events/s")
  printf '| `%s` | %.2f %s | %.2f %s | %.3f |\n' "$args" "$a" "$unit" "$b" "$unit" "$(awk -v a="$a" -v b="$b" 'BEGIN {print b/a}')"
done
