#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds the dev preset (release with the
# tests) and the AddressSanitizer+UndefinedBehaviorSanitizer preset with warnings as errors, runs
# every test of both, and checks the source format; then the threaded tests under
# ThreadSanitizer (scripts/tsan.sh), every fuzz target for HOSTMARK_FUZZ_SECONDS (20) s
# (scripts/fuzz.sh), and the arm64 cross build (scripts/build.sh arm64) with its portable tests
# under qemu-user. The time of each phase is printed at the end.
# The database tests run against a throwaway MariaDB and
# PostgreSQL (scripts/db-servers.sh) started before the first ctest and stopped on exit, even
# when a step fails; HOSTMARK_REQUIRE_DB_SERVERS=1 makes a missing server a failure, not a skip.
# HOSTMARK_REQUIRE_CHROMIUM=1 does the same for the headless Chromium check of the HTML report
# (setup-debian.sh installs chromium); its screenshot goes to $HOSTMARK_TEST_ARTIFACTS, by
# default build/test-artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase's wall time and CPU time (user + sys of the processes it ran and waited for): on a
# machine shared with other work the wall time moves with the load, the CPU time much less.
phase_names=()
phase_seconds=()
phase_cpu=()
phase_start=$SECONDS
phase_name=""
times_file=$(mktemp)
cpu=0
read_cpu() {   # cpu= the CPU seconds of this script's finished children so far
  times >"$times_file"   # in this shell, not in a $(...) subshell: that one's would be 0
  cpu=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; ++i) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] }
                       printf "%d\n", t }' "$times_file")
}
read_cpu
phase_cpu_start=$cpu
phase() {   # phase NAME: ends the running phase (its times are kept) and starts NAME
  read_cpu
  if [ -n "$phase_name" ]; then
    phase_names+=("$phase_name")
    phase_seconds+=($((SECONDS - phase_start)))
    phase_cpu+=($((cpu - phase_cpu_start)))
  fi
  phase_name=$1
  phase_start=$SECONDS
  phase_cpu_start=$cpu
  [ -n "$phase_name" ] && echo "== $phase_name" >&2
  return 0
}
print_phases() {
  phase ""
  echo "== time per phase (s): wall, CPU (user + sys)" >&2
  local i total_cpu=0
  for i in "${!phase_names[@]}"; do
    printf '%6d %6d  %s\n' "${phase_seconds[$i]}" "${phase_cpu[$i]}" "${phase_names[$i]}" >&2
    total_cpu=$((total_cpu + phase_cpu[i]))
  done
  printf '%6d %6d  total\n' "$SECONDS" "$total_cpu" >&2
  rm -f "$times_file"
}
phase "packages (scripts/setup-debian.sh --dev --arm64)"
scripts/setup-debian.sh --dev --arm64
export HOSTMARK_REQUIRE_CHROMIUM=1
export HOSTMARK_TEST_ARTIFACTS="${HOSTMARK_TEST_ARTIFACTS:-$PWD/build/test-artifacts}"
phase "source format (clang-format, .clang-format) and unity-build names (scripts/check-unity-names.py)"
git ls-files 'src/*.cc' 'src/*.h' 'tests/*.cc' 'tests/*.h' 'bench/*.cc' 'fuzz/*.cc' 'fuzz/*.h' 'support/*.cc' | xargs clang-format --dry-run --Werror
scripts/check-unity-names.py   # a file-local name that would shadow a header's in a unity batch

db_state=""
db_started=0
stop_db_servers() {
  if [ -n "$db_state" ]; then
    scripts/db-servers.sh stop "$db_state" || true
    db_state=""
  fi
}
finish() {
  local rc=$?
  stop_db_servers
  print_phases
  return $rc
}
trap finish EXIT
trap 'exit 130' INT TERM   # through the EXIT trap

start_db_servers() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "== not root: no database servers (their tests are skipped)" >&2
    return 0
  fi
  local env_lines
  # Our own servers, even when the caller's shell has some (we stop ours on exit).
  env_lines=$(env -u HOSTMARK_DB_STATE scripts/db-servers.sh start)   # fails the script (set -e) with the server's log
  eval "$env_lines"
  db_state=$HOSTMARK_DB_STATE
  export HOSTMARK_REQUIRE_DB_SERVERS=1
}

jobs=$((2 * $(nproc)))
for preset in dev asan; do
  phase "build: $preset"
  scripts/build.sh "$preset"
  if [ "$db_started" -eq 0 ]; then   # not `|| start_db_servers`: that would disable set -e in it
    db_started=1
    phase "database servers (scripts/db-servers.sh)"
    start_db_servers
  fi
  phase "tests: $preset (ctest; the dev tree's include the man page, completions, install and .deb)"
  # Two tests per core: most of them wait (timed runs, servers, child processes) more than they
  # compute; the dev tests took 146 s at -j2 (1.1 cores busy) and 89 s at -j4.
  ctest --preset "$preset" -j "$jobs"
done
phase "ThreadSanitizer: runner, workloads, engines, fio job threads, monitors, top, exporter"
scripts/tsan.sh
phase "fuzzing: every target of fuzz/, built by the asan preset, for ${HOSTMARK_FUZZ_SECONDS:=20} s (scripts/fuzz.sh)"
scripts/fuzz.sh --built build/asan "$HOSTMARK_FUZZ_SECONDS"
phase "build: arm64 (cross, scripts/build.sh arm64)"
scripts/build.sh arm64
phase "tests: arm64, the portable ones under qemu-user (ctest --preset arm64)"
ctest --preset arm64 -j "$jobs"
