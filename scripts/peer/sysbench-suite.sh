#!/usr/bin/env bash
# Runs sysbench 1.0.20's own cram tests (tests/t/*.t) twice: with the real sysbench on PATH,
# then with a generated `sysbench` wrapper (exec hostmark sysbench "$@") first on PATH, and
# prints one line per test and the totals:
#
#   scripts/peer/sysbench-suite.sh SYSBENCH_SRC_DIR [HOSTMARK_BINARY]
#
# SYSBENCH_SRC_DIR is an unpacked sysbench 1.0.20 source tree (nothing is fetched; its files
# stay out of this repository: GPL). HOSTMARK_BINARY defaults to build/dev/hostmark. Needs cram
# (Debian: python3-cram, `scripts/setup-debian.sh --dev`) and the real sysbench on PATH.
#
# The environment is tests/test_run.sh's: SBTEST_* variables, cram with --shell=/bin/bash, the
# tests run from a copy of tests/ in a temp dir (cram writes .err files beside failing tests).
# Servers: the *_mysql/*_pgsql tests need SBTEST_MYSQL_ARGS / SBTEST_PGSQL_ARGS; given either,
# or the HOSTMARK_TEST_MYSQL_SOCKET / HOSTMARK_TEST_PGSQL_HOST lines of
# `scripts/db-servers.sh start`, they run; otherwise cram skips them (exit 80) and they are
# listed as skipped.
#
# SYSBENCH_SUITE_ONLY=REGEX runs only the tests whose name (without .t) matches it (bash =~).
#
# SYSBENCH_SUITE_DIFFS=DIR keeps cram's diff of each failure there (hostmark's failures that
# the real sysbench passes as NAME.t.log, the real sysbench's failures as real-NAME.t.log).
#
# Exit status 0 when every test the real sysbench passes also passes with hostmark, except
# those in EXPECTED_DIFFERENCES below; 1 otherwise; 2 for a usage error.
set -euo pipefail

# Tests that pass with the real sysbench and are allowed to fail with hostmark, with why.
# (docs/COMPATIBILITY.md has the same list.)
declare -A EXPECTED_DIFFERENCES=(
  [cmdline]="an extra argument, a built-in test without a command and an invalid option or value are one 'hostmark:' line (exit 2), not sysbench's texts (exit 1); its Lua parts pass"
  [opt_version]="--version prints 'sysbench 1.0.20 compatible (hostmark X)'; the test matches the whole line"
  [opt_rate]="a rate the workers cannot keep up with fails (exit 1) as in sysbench, but with a 'hostmark: --rate: ...' line, not sysbench's FATAL text"
  [drivers]="an unknown --db-driver is one 'hostmark:' line (exit 2), not sysbench's two FATAL lines (exit 1)"
  [opt_help]="--help names hostmark and adds a section of hostmark's own options; no database-driver sections"
  [help_drv_mysql]="the general --help has no database options (they are in 'hostmark sysbench oltp_read_write help')"
  [help_drv_pgsql]="the general --help has no database options (they are in 'hostmark sysbench oltp_read_write help')"
  [script_oltp_help]="'oltp_read_write help' lists hostmark's options (dash names, sqlite and TLS options, no --pgsql-variant)"
  [test_cpu]="prepare/cleanup of cpu are one 'hostmark:' line, exit 2 (sysbench: its message, exit 1)"
  [test_memory]="prepare/cleanup and bad --memory-block-size are one 'hostmark:' line, exit 2 (sysbench: FATAL text, exit 1)"
  [test_mutex]="prepare/cleanup of mutex are one 'hostmark:' line, exit 2"
  [test_threads]="prepare/cleanup of threads are one 'hostmark:' line, exit 2; 100 events may outlast --time=10 on a loaded machine (the real one too)"
  [test_fileio]="reports start with Device:/Filesystem: lines and end with storage warnings; errors are one 'hostmark:' line"
)

usage() {
  echo "usage: $0 SYSBENCH_SRC_DIR [HOSTMARK_BINARY]" >&2
  exit 2
}
[ $# -ge 1 ] && [ $# -le 2 ] || usage
src=$(cd "$1" 2>/dev/null && pwd) || { echo "sysbench-suite: $1: no such directory" >&2; exit 2; }
[ -d "$src/tests/t" ] || { echo "sysbench-suite: $src/tests/t: no such directory (not a sysbench source tree)" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/../.." && pwd)
hostmark=${2:-$repo/build/dev/hostmark}
[ -x "$hostmark" ] || { echo "sysbench-suite: $hostmark: not an executable" >&2; exit 2; }
hostmark=$(cd "$(dirname "$hostmark")" && pwd)/$(basename "$hostmark")
real=$(command -v sysbench) || { echo "sysbench-suite: sysbench: not on PATH (the real one is the reference)" >&2; exit 2; }
cram=$(command -v cram3 || command -v cram) || { echo "sysbench-suite: cram: not on PATH (Debian package python3-cram)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/sysbench-suite.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The servers of scripts/db-servers.sh, as the tests' own variables.
if [ -z "${SBTEST_MYSQL_ARGS:-}" ] && [ -n "${HOSTMARK_TEST_MYSQL_SOCKET:-}" ]; then
  export SBTEST_MYSQL_ARGS="--mysql-socket=$HOSTMARK_TEST_MYSQL_SOCKET --mysql-user=sbtest --mysql-password=sbtest --mysql-db=sbtest"
fi
if [ -z "${SBTEST_PGSQL_ARGS:-}" ] && [ -n "${HOSTMARK_TEST_PGSQL_HOST:-}" ]; then
  export SBTEST_PGSQL_ARGS="--pgsql-host=$HOSTMARK_TEST_PGSQL_HOST --pgsql-port=${HOSTMARK_TEST_PGSQL_PORT:-5432} --pgsql-user=sbtest --pgsql-password=sbtest --pgsql-db=sbtest"
fi

# One copy of tests/ per binary; config.sh as configure writes it for a build with both drivers
# (Debian's sysbench has them; --mysql-dry-run tests need no server).
setup() {  # $1: directory, $2: sysbench to put first on PATH
  mkdir -p "$1/bin"
  cp -r "$src/tests/t" "$src/tests/include" "$1/"
  cat >"$1/include/config.sh" <<CONF
export SBTEST_VERSION_STRING="sysbench 1.0.20"
export SBTEST_VERSION="1.0.20"
export SBTEST_HAS_MYSQL=1
export SBTEST_HAS_PGSQL=1
CONF
  if [ "$2" = "$real" ]; then
    ln -s "$real" "$1/bin/sysbench"  # argv[0] stays "sysbench" (cmdline.t prints it)
  else
    printf '#!/bin/sh\nexec "%s" sysbench "$@"\n' "$2" >"$1/bin/sysbench"
    chmod +x "$1/bin/sysbench"
  fi
}
setup "$work/real" "$real"
setup "$work/hostmark" "$hostmark"

# The stock Lua scripts the tests run by path (${SBTEST_SCRIPTDIR}/oltp_read_write.lua): where
# Debian's sysbench package installs them when present (hostmark takes a stock script's path
# there as its built-in test; any other .lua path is a script of one's own, run in LuaJIT), else the
# source tree's copies. The same directory for both runs.
scriptdir=$src/src/lua
[ -f /usr/share/sysbench/oltp_read_write.lua ] && scriptdir=/usr/share/sysbench

# Runs one test; prints pass, fail or skip. Output of a failing test is kept in $work.
run_one() {  # $1: directory, $2: test file name
  local dir=$1 name=$2 out rc=0
  out=$(
    cd "$dir"
    export SBTEST_ROOTDIR="$dir" SBTEST_SCRIPTDIR="$scriptdir" SBTEST_SUITEDIR="$dir/t"
    export SBTEST_INCDIR="$dir/include" SBTEST_CONFIG="$dir/include/config.sh"
    export LUA_PATH="$scriptdir/?;$scriptdir/?.lua;$dir/include/?;$dir/include/?.lua"
    export PATH="$dir/bin:$PATH"
    # shellcheck disable=SC1091
    . "$SBTEST_CONFIG"
    timeout 300 "$cram" --shell=/bin/bash --verbose "t/$name" 2>&1
  ) || rc=$?
  printf '%s\n' "$out" >"$dir/$name.log"
  if [ $rc -eq 0 ] && grep -q ": skipped" <<<"$out"; then echo skip
  elif [ $rc -eq 0 ]; then echo pass
  else echo fail
  fi
}

declare -i total=0 real_pass=0 hm_pass=0 skipped=0 regressions=0
for t in "$src"/tests/t/*.t; do
  name=$(basename "$t")
  if [ -n "${SYSBENCH_SUITE_ONLY:-}" ] && ! [[ ${name%.t} =~ $SYSBENCH_SUITE_ONLY ]]; then continue; fi
  r=$(run_one "$work/real" "$name")
  h=$(run_one "$work/hostmark" "$name")
  total+=1
  note=""
  if [ "$r" = skip ]; then
    skipped+=1
    note="  (skipped: needs SBTEST_MYSQL_ARGS/SBTEST_PGSQL_ARGS servers)"
  fi
  if [ "$r" = fail ] && [ -n "${SYSBENCH_SUITE_DIFFS:-}" ]; then
    mkdir -p "$SYSBENCH_SUITE_DIFFS"
    cp "$work/real/$name.log" "$SYSBENCH_SUITE_DIFFS/real-$name.log"
  fi
  [ "$r" = pass ] && real_pass+=1
  [ "$h" = pass ] && hm_pass+=1
  if [ "$r" = pass ] && [ "$h" != pass ]; then
    if [ -n "${EXPECTED_DIFFERENCES[${name%.t}]:-}" ]; then
      note="  (documented difference: ${EXPECTED_DIFFERENCES[${name%.t}]})"
    else
      regressions+=1
      note="  (hostmark fails a test the real sysbench passes)"
    fi
    if [ -n "${SYSBENCH_SUITE_DIFFS:-}" ]; then
      mkdir -p "$SYSBENCH_SUITE_DIFFS"
      cp "$work/hostmark/$name.log" "$SYSBENCH_SUITE_DIFFS/"
    fi
  fi
  printf '%-36s real:%-4s  hostmark:%-4s%s\n' "${name%.t}" "$r" "$h" "$note"
done
echo "total: $total tests, $skipped skipped (no server), real sysbench passed $real_pass, hostmark passed $hm_pass, unexpected hostmark failures $regressions"
[ $regressions -eq 0 ]
