#!/usr/bin/env bash
# Side by side: CPU time per refresh and peak resident memory of `hostmark top -b` and Debian's
# iotop in batch mode, same refresh count and delay, alternating runs (needs root: iotop asks
# taskstats for every thread). CPU is user+system seconds of the whole process (start-up
# included) (GNU time) after it exits, divided by the refreshes; RSS is
# its ru_maxrss. Prints one Markdown table for docs/PERFORMANCE.md ("Monitoring: top vs iotop"):
# ratio hostmark/iotop (below 1: hostmark cheaper). Rows: the commands the issue names
# (hostmark's processes vs iotop's default threads), then like for like (processes: iotop -P;
# threads: hostmark -t).
#
#   bench/top_compare.sh                     # the lead's run: 3 rounds of 30 refreshes
#   ROUNDS=1 REFRESHES=5 bench/top_compare.sh   # a quick try
# Environment: ROUNDS (3), REFRESHES (30), DELAY seconds (1), HOSTMARK (build/release/hostmark).
# shellcheck disable=SC2086
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${ROUNDS:-3}"
n="${REFRESHES:-30}"
delay="${DELAY:-1}"
hm="${HOSTMARK:-build/release/hostmark}"
[ "$(id -u)" -eq 0 ] || { echo "bench: iotop needs root" >&2; exit 2; }
command -v iotop >/dev/null || { echo "bench: iotop is not installed (apt-get install iotop)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
[ -x "$hm" ] || { echo "bench: $hm is not built (scripts/build.sh release)" >&2; exit 2; }
hm=$(realpath "$hm")
work=$(mktemp -d /tmp/hostmark-top-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

# Runs "$@" with its output discarded; prints "cpu_seconds max_rss_kib" (GNU time: wait4's
# rusage, from a small C parent, so the child's peak RSS is its own).
measure() {
  /usr/bin/time -f "%U %S %M" -o "$work/time" "$@" >/dev/null 2>&1
  awk '{printf "%.2f %d\n", $1 + $2, $3}' "$work/time"
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# One row: label, hostmark's arguments, iotop's arguments.
row() {
  local label="$1" hm_args="$2" io_args="$3" hm_cpu="" hm_rss="" io_cpu="" io_rss=""
  for _ in $(seq "$rounds"); do
    read -r c m < <(measure "$hm" top $hm_args)
    hm_cpu+="$c "; hm_rss+="$m "
    read -r c m < <(measure iotop $io_args)
    io_cpu+="$c "; io_rss+="$m "
  done
  local hc ic hr ir
  hc=$(printf '%s\n' $hm_cpu | median); ic=$(printf '%s\n' $io_cpu | median)
  hr=$(printf '%s\n' $hm_rss | sort -g | tail -1); ir=$(printf '%s\n' $io_rss | sort -g | tail -1)
  awk -v l="$label" -v ha="hostmark top $hm_args" -v ia="iotop $io_args" -v hc="$hc" -v ic="$ic" \
      -v hr="$hr" -v ir="$ir" -v n="$n" 'BEGIN {
    printf "| %s | `%s` | `%s` | %.2f | %.2f | %.3f | %.1f | %.1f |\n", l, ha, ia,
      hc / n * 1000, ic / n * 1000, (ic > 0 ? hc / ic : 0), hr / 1024, ir / 1024 }'
}

tasks=$(find /proc -maxdepth 1 -name '[0-9]*' | wc -l)
threads=$(find /proc/[0-9]*/task -maxdepth 1 -mindepth 1 2>/dev/null | wc -l)
echo "$(date -u +%F) on $(nproc) CPUs, $tasks processes / $threads threads, $rounds rounds of $n refreshes (-d $delay); iotop $(dpkg-query -W -f='${Version}' iotop 2>/dev/null || echo '?')"
echo
echo "| case | hostmark | iotop | hostmark CPU ms/refresh | iotop CPU ms/refresh | ratio | hostmark max RSS MiB | iotop max RSS MiB |"
echo "|---|---|---|---|---|---|---|---|"
row "issue's commands" "-b -n $n -d $delay" "-b -n $n -d $delay"
row "processes" "-b -n $n -d $delay" "-b -P -n $n -d $delay"
row "threads" "-b -t -n $n -d $delay" "-b -n $n -d $delay"
