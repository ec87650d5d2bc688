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
# the real sysbench passes as NAME.t.log, the real sysbench's failures as real-NAME.t.log, and
# where both fail, how hostmark's output differs from the real one's as both-NAME.t.diff).
#
# The clients the tests read tables with (mysql, psql) reach the same servers; every test
# starts from an empty sbtest database. A test both binaries fail (one written for other server
# versions: MariaDB prints `DEFAULT 0` where it expects `DEFAULT '0'`) passes for hostmark when
# hostmark printed what the real sysbench printed, numbers aside.
#
# Exit status 0 when every test the real sysbench passes also passes with hostmark, except
# those in EXPECTED_DIFFERENCES below; 1 otherwise; 2 for a usage error.
set -euo pipefail

# Tests that pass with the real sysbench and are allowed to fail with hostmark, with why.
# (docs/COMPATIBILITY.md has the same list.)
# None today: keep the table for a documented, deliberate difference.
declare -A EXPECTED_DIFFERENCES=()

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
  # The tests read tables back with `mysql -uroot sbtest` and `psql sbtest`: the clients,
  # pointed at the servers of the test.
  if [ -n "${HOSTMARK_TEST_MYSQL_SOCKET:-}" ]; then
    printf '#!/bin/sh\nexec /usr/bin/mysql --socket="%s" "$@"\n' "$HOSTMARK_TEST_MYSQL_SOCKET" >"$1/bin/mysql"
    chmod +x "$1/bin/mysql"
  fi
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

# psql's connection (pgsql_common.sh runs `psql sbtest`), as SBTEST_PGSQL_ARGS names it.
if [ -n "${HOSTMARK_TEST_PGSQL_HOST:-}" ]; then
  export PGHOST="$HOSTMARK_TEST_PGSQL_HOST" PGPORT="${HOSTMARK_TEST_PGSQL_PORT:-5432}"
  export PGUSER=sbtest PGPASSWORD=sbtest
fi

# Every test starts from an empty sbtest database, as on sysbench's CI (a failed test must not
# leave tables to the next, or to the other binary's run of the same test).
empty_databases() {
  if [ -n "${HOSTMARK_TEST_MYSQL_SOCKET:-}" ]; then
    local t
    for t in $(/usr/bin/mysql --socket="$HOSTMARK_TEST_MYSQL_SOCKET" -uroot -Nse \
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'sbtest'"); do
      /usr/bin/mysql --socket="$HOSTMARK_TEST_MYSQL_SOCKET" -uroot sbtest -e "DROP TABLE \`$t\`"
    done
  fi
  if [ -n "${PGHOST:-}" ]; then
    psql -q -d sbtest -c "DROP OWNED BY sbtest" >/dev/null
  fi
}

# Runs one test; prints pass, fail or skip. Output of a failing test is kept in $work.
run_one() {  # $1: directory, $2: test file name
  local dir=$1 name=$2 out rc=0
  empty_databases
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

# A test's output with its numbers (times, rates, random values), runs of blanks and the
# banner ("sysbench 1.0.20 (using system LuaJIT ...)", "... compatible (hostmark X)") and where
# a script function failed (oltp_common.lua:100, hostmark sysbench) made equal.
normalized() {  # $1: cram's .err file (what the test printed)
  sed -E 's/^( *)sysbench [0-9.]+ (\(using .*\)|compatible \(hostmark .*\))$/\1sysbench BANNER/;
          s/(function failed: ).*: ([^:]*)$/\1SOURCE: \2/;
          s/[0-9]+(\.[0-9]+)?/N/g; s/ +/ /g' "$1" 2>/dev/null || true
}

declare -i total=0 real_pass=0 hm_pass=0 skipped=0 regressions=0
for t in "$src"/tests/t/*.t; do
  name=$(basename "$t")
  if [ -n "${SYSBENCH_SUITE_ONLY:-}" ] && ! [[ ${name%.t} =~ $SYSBENCH_SUITE_ONLY ]]; then
    continue
  fi
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
  # Both fail (a test written for other server versions than this machine's): then hostmark
  # must print what the real sysbench prints, numbers aside.
  if [ "$r" = fail ] && [ "$h" = fail ]; then
    if diff -q <(normalized "$work/real/t/$name.err") <(normalized "$work/hostmark/t/$name.err") >/dev/null; then
      note="  (both fail on this machine's servers; hostmark's output is the real one's, numbers aside)"
    else
      regressions+=1
      note="  (both fail on this machine's servers, and hostmark's output differs from the real one's)"
      if [ -n "${SYSBENCH_SUITE_DIFFS:-}" ]; then
        diff <(normalized "$work/real/t/$name.err") <(normalized "$work/hostmark/t/$name.err") \
          >"$SYSBENCH_SUITE_DIFFS/both-$name.diff" || true
      fi
    fi
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
