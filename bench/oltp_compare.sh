#!/usr/bin/env bash
# Side by side on the same servers: Debian's sysbench 1.0.20 and `hostmark sysbench`, same
# options, alternating runs, on MariaDB and PostgreSQL (throwaway servers from
# scripts/db-servers.sh unless HOSTMARK_DB_STATE names running ones), plus hostmark's figures on
# SQLite (sysbench 1.0.20 has no SQLite driver). Prints one Markdown table for
# docs/PERFORMANCE.md:
#   - prepare of TABLES x TABLE_SIZE rows (--threads=2): median wall seconds, ratio
#     hostmark/sysbench (below 1: hostmark faster);
#   - oltp_read_write and oltp_point_select at 1 and 2 threads: median tps, ratio
#     hostmark/sysbench (above 1: hostmark faster), and the client's CPU per transaction
#     (user+system seconds of the client process from getrusage via /usr/bin/time, divided by
#     its transactions), ratio hostmark/sysbench (below 1: hostmark cheaper). On SQLite the
#     database engine runs in the client, so its CPU is the whole database's.
#
#   bench/oltp_compare.sh                   # the lead's run: 3 rounds, 10 s, 4 x 100k rows
#   ROUNDS=1 TIME=1 TABLE_SIZE=1000 bench/oltp_compare.sh   # a quick try
#   PIN=0:1 ROUNDS=5 TIME=15 DBS="mysql pgsql" bench/oltp_compare.sh   # servers on CPU 0, clients on 1
#   ROUNDS=20 DBS=pgsql WORKLOADS=oltp_read_write THREADS=2 PREPARE_ROUNDS=0 bench/oltp_compare.sh
# Environment: ROUNDS (3), TIME seconds per run (10), TABLES (4), TABLE_SIZE (100000),
# DBS ("mysql pgsql sqlite"), WORKLOADS ("oltp_read_write oltp_point_select"), THREADS ("1 2"),
# PREPARE_ROUNDS (ROUNDS; 0 leaves the prepare row out), HOSTMARK (build/release/hostmark),
# PIN=SERVER_CPUS:CLIENT_CPUS (taskset CPU lists; default: no pinning). The two tools alternate
# in A-B, B-A order, so neither always runs after the other's writes; each run's tps goes to
# stderr.
# Word splitting of the collected figures is wanted below.
# shellcheck disable=SC2086,SC2015
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${ROUNDS:-3}"
seconds="${TIME:-10}"
tables="${TABLES:-4}"
table_size="${TABLE_SIZE:-100000}"
dbs="${DBS:-mysql pgsql sqlite}"
workloads="${WORKLOADS:-oltp_read_write oltp_point_select}"
thread_counts="${THREADS:-1 2}"
prepare_rounds="${PREPARE_ROUNDS:-$rounds}"
hm="${HOSTMARK:-build/release/hostmark}"
command -v sysbench >/dev/null || { echo "bench: sysbench is not installed" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
[ -x "$hm" ] || { echo "bench: $hm is not built (scripts/build.sh release)" >&2; exit 2; }
hm=$(realpath "$hm")
server_cpus="" client=()
if [ -n "${PIN:-}" ]; then
  [[ "$PIN" == *:* ]] || { echo "bench: PIN=$PIN: expected SERVER_CPUS:CLIENT_CPUS" >&2; exit 2; }
  server_cpus=${PIN%%:*}
  client=(taskset -c "${PIN#*:}")
fi

work=$(mktemp -d /var/tmp/hostmark-oltp-bench.XXXXXX)
started_servers=""
finish() {
  if [ -n "$started_servers" ]; then scripts/db-servers.sh stop "$HOSTMARK_DB_STATE" || true; fi
  rm -rf "$work"
}
trap finish EXIT
if [[ "$dbs" == *mysql* || "$dbs" == *pgsql* ]] && [ -z "${HOSTMARK_DB_STATE:-}" ]; then
  eval "$(scripts/db-servers.sh start)"
  started_servers=yes
fi
# Pins the server with pid $1, every thread of it and of its child processes (PostgreSQL's
# backends fork from the postmaster later and inherit its mask).
pin_server() {
  local pid
  for pid in "$1" $(ps -o pid= --ppid "$1"); do taskset -a -p -c "$server_cpus" "$pid" >/dev/null; done
}
if [ -n "$server_cpus" ] && [ -n "${HOSTMARK_DB_STATE:-}" ]; then
  # shellcheck disable=SC1090
  (source "$HOSTMARK_DB_STATE"
   [ -n "${MYSQL_PID:-}" ] && pin_server "$MYSQL_PID"
   [ -n "${PGSQL_PID:-}" ] && pin_server "$PGSQL_PID"
   true)
fi

# The connection options of driver $1, the same for both tools.
conn() {
  case "$1" in
    mysql) echo "--db-driver=mysql --mysql-socket=$HOSTMARK_TEST_MYSQL_SOCKET" \
      "--mysql-user=sbtest --mysql-password=sbtest --mysql-db=sbtest" ;;
    pgsql) echo "--db-driver=pgsql --pgsql-host=$HOSTMARK_TEST_PGSQL_HOST" \
      "--pgsql-port=$HOSTMARK_TEST_PGSQL_PORT --pgsql-user=sbtest --pgsql-password=sbtest" \
      "--pgsql-db=sbtest" ;;
    sqlite) echo "--db-driver=sqlite --sqlite-db=$work/sbtest.db" ;;
  esac
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a > 0) printf "%.3f", b / a; else print "-"}'; }

# Runs tool $1 (sysbench|hostmark) with the rest as sysbench arguments under /usr/bin/time;
# prints "wall_s cpu_s transactions tps" (transactions and tps 0 for prepare/cleanup).
measure() {
  local tool=$1 out rc
  shift
  local cmd=("${client[@]}" sysbench)
  [ "$tool" = hostmark ] && cmd=("${client[@]}" "$hm" sysbench)
  rc=0
  out=$(/usr/bin/time -f 'TIME %e %U %S' "${cmd[@]}" "$@" 2>&1) || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "bench: $tool $* failed ($rc):" >&2
    echo "$out" | tail -n 5 >&2
    return 1
  fi
  echo "$out" | awk '/^TIME / {wall = $2; cpu = $3 + $4}
    /transactions:/ {n = $2; t = $3; gsub(/[(]/, "", t)}
    END {printf "%s %s %s %s\n", wall, cpu, n + 0, t + 0}'
}

# Round by round (the two runs of a round are adjacent in time): hostmark/sysbench tps of each
# round, sorted, their geometric mean, and how many rounds hostmark won; to stderr.
paired() {
  paste <(printf '%s\n' $1) <(printf '%s\n' $2) | awk -v what="$3" '
    {r[NR] = $2 / $1; s += log(r[NR]); w += ($2 >= $1)}
    END {n = asort(r); line = ""; for (i = 1; i <= n; i++) line = line sprintf(" %.3f", r[i]);
      printf "bench: %s paired hm/sb:%s; geometric mean %.3f; hostmark >= sysbench in %d of %d\n",
        what, line, exp(s / NR), w, NR}' >&2
}

rows=()
row() { rows+=("$(printf '| %s | %s | %s | %s | %s | %s | %s | %s |' "$@")"); }
# The tools of round $1: as listed in even rounds, reversed in odd ones.
in_order() {
  if (($1 % 2)) && [ "${#tools[@]}" -eq 2 ]; then echo "${tools[1]} ${tools[0]}"; else echo "${tools[@]}"; fi
}

for db in $dbs; do
  # shellcheck disable=SC2207
  c=($(conn "$db"))
  data=(--tables="$tables" --table-size="$table_size")
  tools=(sysbench hostmark)
  [ "$db" = sqlite ] && tools=(hostmark)
  # Prepare: wall time of each tool, cleanup after each.
  declare -A prep=()
  for ((r = 0; r < prepare_rounds; r++)); do
    for tool in $(in_order "$r"); do
      prep[$tool]+="$(measure "$tool" oltp_read_write "${c[@]}" "${data[@]}" --threads=2 prepare | cut -d' ' -f1) "
      measure "$tool" oltp_read_write "${c[@]}" "${data[@]}" cleanup >/dev/null
    done
  done
  if [ "$prepare_rounds" -gt 0 ]; then
    sb_prep=$( [ "$db" = sqlite ] && echo - || printf '%s\n' ${prep[sysbench]} | median)
    hm_prep=$(printf '%s\n' ${prep[hostmark]} | median)
    row "$db" "prepare ${tables}x${table_size} (s)" "$sb_prep" "$hm_prep" \
      "$( [ "$db" = sqlite ] && echo - || ratio "$sb_prep" "$hm_prep")" "" "" ""
  fi
  # The runs share one data set (the same schema and data for both tools).
  measure "${tools[0]}" oltp_read_write "${c[@]}" "${data[@]}" --threads=2 prepare >/dev/null
  for workload in $workloads; do
    for threads in $thread_counts; do
      declare -A tps=() cpu=()
      for ((r = 0; r < rounds; r++)); do
        for tool in $(in_order "$r"); do
          res=$(measure "$tool" "$workload" "${c[@]}" "${data[@]}" --threads="$threads" \
            --time="$seconds" run)
          read -r _ cpu_s n t <<<"$res"
          tps[$tool]+="$t "
          cpu[$tool]+="$(awk -v c="$cpu_s" -v n="$n" 'BEGIN {printf "%.2f", (n > 0 ? c / n * 1e6 : 0)}') "
        done
      done
      for tool in "${tools[@]}"; do echo "bench: $db $workload $threads thr $tool tps: ${tps[$tool]}" >&2; done
      [ "$db" = sqlite ] || paired "${tps[sysbench]}" "${tps[hostmark]}" "$db $workload $threads thr"
      hm_tps=$(printf '%s\n' ${tps[hostmark]} | median)
      hm_cpu=$(printf '%s\n' ${cpu[hostmark]} | median)
      if [ "$db" = sqlite ]; then
        row "$db" "$workload, $threads thr" "-" "$hm_tps" "-" "-" "$hm_cpu" "-"
      else
        sb_tps=$(printf '%s\n' ${tps[sysbench]} | median)
        sb_cpu=$(printf '%s\n' ${cpu[sysbench]} | median)
        row "$db" "$workload, $threads thr" "$sb_tps" "$hm_tps" "$(ratio "$sb_tps" "$hm_tps")" \
          "$sb_cpu" "$hm_cpu" "$(ratio "$sb_cpu" "$hm_cpu")"
      fi
      unset tps cpu
    done
  done
  measure "${tools[0]}" oltp_read_write "${c[@]}" "${data[@]}" cleanup >/dev/null
  unset prep
done

echo "rounds=$rounds, ${seconds} s per run, ${tables} tables x ${table_size} rows, sysbench $(sysbench --version | awk '{print $2}'), $("$hm" --version)"
echo
echo "| db | case | sysbench | hostmark | ratio hm/sb | sysbench CPU µs/tx | hostmark CPU µs/tx | CPU ratio hm/sb |"
echo "|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
