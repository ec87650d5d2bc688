#!/usr/bin/env bash
# Side by side: Debian's sysbench 1.0.20 and `hostmark sysbench`, fileio test, same options on
# the same prepared files, alternating runs in one session; prints the median throughput
# (read + written MiB/s) of each and the ratio hostmark/sysbench as a Markdown table for
# docs/PERFORMANCE.md.
#   [CASES="name ..."] bench/fileio_compare.sh [rounds=3] [seconds=10] [size=2G] [dir=/var/tmp]
# `dir` must be on a disk filesystem (O_DIRECT is refused by tmpfs); the files are removed at
# the end. Cases: cached_rndrd (page-cached 4k random reads), direct_rndrd (O_DIRECT, sync),
# async_direct_rndrd (O_DIRECT, libaio, backlog 128), seqwr_fsync (1M sequential writes,
# fsync every 100 requests and at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
seconds="${2:-10}"
size="${3:-2G}"
dir="${4:-/var/tmp}"
hm="$(realpath "${HOSTMARK:-build/release/hostmark}")"
command -v sysbench >/dev/null || { echo "bench: sysbench is not installed (apt-get install sysbench)" >&2; exit 2; }
[ -x "$hm" ] || { echo "bench: $hm is not built (scripts/build.sh release)" >&2; exit 2; }

work="$(mktemp -d "$dir/hostmark-fileio-bench-XXXXXX")"
trap 'rm -rf "$work"' EXIT
cd "$work"
common=(--file-total-size="$size" --file-num=8 --time="$seconds")
sysbench fileio "${common[@]}" prepare >/dev/null

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", (b > 0 ? a / b : 0)}'; }
# One run of either tool (same text report) -> read + written MiB/s.
measure() {
  "$@" run 2>/dev/null | awk '/read, MiB\/s:/ {r = $3} /written, MiB\/s:/ {w = $3} END {print r + w}'
}

declare -A cases=(
  [cached_rndrd]="--file-test-mode=rndrd --file-block-size=4k --file-fsync-freq=0"
  [direct_rndrd]="--file-test-mode=rndrd --file-block-size=4k --file-fsync-freq=0 --file-extra-flags=direct"
  [async_direct_rndrd]="--file-test-mode=rndrd --file-block-size=4k --file-fsync-freq=0 --file-extra-flags=direct --file-io-mode=async"
  [seqwr_fsync]="--file-test-mode=seqwr --file-block-size=1M"
)
order=(cached_rndrd direct_rndrd async_direct_rndrd seqwr_fsync)
if [ -n "${CASES:-}" ]; then read -r -a order <<<"$CASES"; fi

echo "| case | sysbench MiB/s | hostmark MiB/s | hostmark/sysbench |"
echo "|---|---|---|---|"
for name in "${order[@]}"; do
  args="${cases[$name]}"
  # Warm the page cache for the cached case (both tools then read from it).
  if [ "$name" = cached_rndrd ]; then cat test_file.* >/dev/null; fi
  s=(); h=()
  for ((r = 0; r < rounds; r++)); do
    # shellcheck disable=SC2086
    s+=("$(measure sysbench fileio "${common[@]}" $args)")
    # shellcheck disable=SC2086
    h+=("$(measure "$hm" sysbench fileio "${common[@]}" $args)")
  done
  sm=$(printf '%s\n' "${s[@]}" | median)
  hmed=$(printf '%s\n' "${h[@]}" | median)
  printf '| %s | %.2f | %.2f | %s |\n' "$name" "$sm" "$hmed" "$(ratio "$hmed" "$sm")"
done
echo
echo "Command: bench/fileio_compare.sh $rounds $seconds $size $dir (alternating, medians of $rounds)"
