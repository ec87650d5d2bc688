#!/usr/bin/env bash
# Runs the peers' own test suites against hostmark, next to the real programs, and prints pass
# or fail per test for both (docs/COMPATIBILITY.md records the counts):
#
#   scripts/peer-suites.sh FIO_SRC_DIR SYSBENCH_SRC_DIR [HOSTMARK_BINARY]
#
# FIO_SRC_DIR: an unpacked fio 3.33 source tree (t/run-fio-tests.py and t/jobs/*.fio), the
# version Debian 12's fio package is; SYSBENCH_SRC_DIR: an unpacked sysbench 1.0.20 tree
# (tests/t/*.t, run with cram). Neither is fetched here nor kept in this repository (both are
# GPL): get them with `apt-get source fio sysbench`, or from the projects' git tags fio-3.33 and
# 1.0.20. HOSTMARK_BINARY defaults to build/dev/hostmark. Either directory may be given as "-"
# to skip that suite. The exit status is non-zero when a test the real program passes fails
# with hostmark, unless the suite's script lists it as a documented difference.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -lt 2 ]; then
  sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
fio_src=$1
sysbench_src=$2
hostmark=$(realpath "${3:-$here/../build/dev/hostmark}")
[ -x "$hostmark" ] || { echo "peer-suites.sh: $hostmark: not built (scripts/build.sh dev)" >&2; exit 2; }
status=0
if [ "$fio_src" != "-" ]; then
  echo "== fio's test suite ($fio_src)"
  "$here/peer/fio-suite.sh" "$fio_src" "$hostmark" || status=1
fi
if [ "$sysbench_src" != "-" ]; then
  echo "== sysbench's test suite ($sysbench_src)"
  "$here/peer/sysbench-suite.sh" "$sysbench_src" "$hostmark" || status=1
fi
exit $status
