#!/usr/bin/env bash
# Side by side: Debian's bonnie++ 2.00a and `hostmark fs`, same directory, same sizes, alternating
# runs; prints the median of each test's figure (K/sec, seeks/s, files/s) and the ratio
# hostmark/bonnie++ as a Markdown table for docs/PERFORMANCE.md.
#   bench/fs_compare.sh [rounds=3] [size_mib=1024] [files_k=16] [dir=/var/tmp]
# hostmark runs with bonnie++ 2.00a's per-char method (--char-io=syscall, 3 MiB) and keeps the
# page cache like bonnie++ (--keep-cache), so both measure the same thing. "+++++" (a test under
# 0.5 s) has no figure: the row says so; raise size_mib / files_k for it.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
size="${2:-1024}"
files="${3:-16}"
dir="${4:-/var/tmp}"
hm="${HOSTMARK:-build/release/hostmark}"
command -v bonnie++ >/dev/null || command -v /usr/sbin/bonnie++ >/dev/null ||
  { echo "bench: bonnie++ is not installed (apt-get install bonnie++)" >&2; exit 2; }
bonnie="$(command -v bonnie++ || echo /usr/sbin/bonnie++)"
[ -x "$hm" ] || { echo "bench: $hm is not built (scripts/build.sh release)" >&2; exit 2; }

work="$(mktemp -d "$dir/hostmark-bench-XXXXXX")"
trap 'rm -rf "$work"' EXIT
out="$work/csv"
mkdir "$out"

user=()
[ "$(id -u)" = 0 ] && user=(-u root)
for ((i = 1; i <= rounds; i++)); do
  # -r 0: no RAM-size check, so a small -s is allowed (the data set may then be cached).
  "$bonnie" -q -d "$work" -s "$size" -n "$files" -r 0 -m bench "${user[@]}" \
    >>"$out/bonnie" 2>/dev/null
  "$hm" fs "$work" --size="${size}M" --files="$files" --char-io=syscall --keep-cache \
    --name=bench --output-format=csv >>"$out/hostmark"
done

# Fields (0-based) of the 1.98 CSV line: the figure of each test.
names=(putc put_block rewrite getc get_block seeks seq_create seq_stat seq_del ran_create
  ran_stat ran_del)
fields=(9 11 13 15 17 19 26 28 30 32 34 36)
median() { { grep -v '+' || true; } | sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "+++++"; else print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
column() { cut -d, -f"$(($2 + 1))" "$1" | median; }

echo "| test | bonnie++ | hostmark fs | hostmark/bonnie++ |"
echo "|---|---|---|---|"
for k in "${!names[@]}"; do
  b="$(column "$out/bonnie" "${fields[$k]}")"
  h="$(column "$out/hostmark" "${fields[$k]}")"
  if [ "$b" = "+++++" ] || [ "$h" = "+++++" ]; then
    r="too fast to time"
  else
    r="$(awk -v a="$h" -v b="$b" 'BEGIN {printf "%.3f", (b > 0 ? a / b : 0)}')"
  fi
  echo "| ${names[$k]} | $b | $h | $r |"
done
echo
echo "($rounds rounds, -s ${size}M -n $files in $dir; K/sec for the data tests, seeks/s, files/s)"
