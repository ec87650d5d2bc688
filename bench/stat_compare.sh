#!/usr/bin/env bash
# Side by side, at the same time: `hostmark stat -x INTERVAL COUNT` and Debian's
# `iostat -x INTERVAL COUNT` (sysstat 12.6), output to /dev/null. Measures each process's CPU
# time (user + system from wait4() in a python3 parent that posix_spawns it: microsecond
# figures, where /usr/bin/time rounds to 10 ms and both tools use less) and maximum resident
# set size, and
# prints one Markdown table for docs/PERFORMANCE.md ("Monitoring: stat vs iostat").
# Targets (issue 6): CPU <= iostat's, RSS < 10 MB.
#
#   bench/stat_compare.sh             # the lead's run: -x 1 60 (one minute)
#   COUNT=10 bench/stat_compare.sh    # a quick try
# Environment: COUNT (60), INTERVAL seconds (1), ROUNDS (1), HOSTMARK (build/release/hostmark).
set -euo pipefail
cd "$(dirname "$0")/.."
count="${COUNT:-60}"
interval="${INTERVAL:-1}"
rounds="${ROUNDS:-1}"
hm="${HOSTMARK:-build/release/hostmark}"
command -v iostat >/dev/null || { echo "bench: iostat is not installed (apt-get install sysstat)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "bench: python3 is missing" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
[ -x "$hm" ] || { echo "bench: $hm is not built (scripts/build.sh release)" >&2; exit 2; }
hm=$(realpath "$hm")
iostat_bin=$(command -v iostat)

work=$(mktemp -d /var/tmp/hostmark-stat-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

# "user system maxrss_kb" of one command (its output and stderr discarded), written to $1.
measure() {
  local out=$1
  shift
  python3 - "$out" "$@" <<'PY'
import os, sys
# CPU from wait4() (microseconds; includes /usr/bin/time's own few hundred microseconds, the
# same on both sides). Maximum RSS from /usr/bin/time, which forks from a small process:
# exec records the old image's high-water mark, so a python parent would show its own.
null = os.open(os.devnull, os.O_WRONLY)
rss_file = sys.argv[1] + ".rss"
argv = ["/usr/bin/time", "-f", "%M", "-o", rss_file] + sys.argv[2:]
pid = os.posix_spawn(argv[0], argv, os.environ,
                     file_actions=[(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)])
_, status, r = os.wait4(pid, 0)
if os.waitstatus_to_exitcode(status) != 0:
    sys.exit(f"bench: {sys.argv[2]} failed")
with open(rss_file) as f:
    maxrss_kb = int(f.read().split()[-1])
with open(sys.argv[1], "w") as f:
    f.write(f"{r.ru_utime:.6f} {r.ru_stime:.6f} {maxrss_kb}\n")
PY
}

hm_cpu=0 io_cpu=0 hm_rss=0 io_rss=0
for r in $(seq "$rounds"); do
  measure "$work/hm.$r" "$hm" stat -x "$interval" "$count" &
  hm_pid=$!
  measure "$work/io.$r" "$iostat_bin" -x "$interval" "$count" &
  io_pid=$!
  wait "$hm_pid" "$io_pid"
  read -r u s m <"$work/hm.$r"
  hm_cpu=$(echo "$hm_cpu + $u + $s" | bc -l)
  [ "$m" -gt "$hm_rss" ] && hm_rss=$m
  read -r u s m <"$work/io.$r"
  io_cpu=$(echo "$io_cpu + $u + $s" | bc -l)
  [ "$m" -gt "$io_rss" ] && io_rss=$m
done

ratio() { if [ "$(echo "$2 == 0" | bc -l)" = 1 ]; then echo "n/a"; else printf '%.2f' "$(echo "$1 / $2" | bc -l)"; fi; }
echo "| run (${rounds} x \`-x $interval $count\`) | CPU user+sys (s) | max RSS (MB) |"
echo "|---|---|---|"
printf '| hostmark stat | %.4f | %.1f |\n' "$hm_cpu" "$(echo "$hm_rss / 1024" | bc -l)"
printf '| iostat 12.6 | %.4f | %.1f |\n' "$io_cpu" "$(echo "$io_rss / 1024" | bc -l)"
echo "| ratio hostmark/iostat | $(ratio "$hm_cpu" "$io_cpu") | $(ratio "$hm_rss" "$io_rss") |"
