#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds the release and the
# AddressSanitizer+UndefinedBehaviorSanitizer presets with warnings as errors, runs every test
# of both, and checks the source format; then the threaded tests under ThreadSanitizer
# (scripts/tsan.sh) and every fuzz target for HOSTMARK_FUZZ_SECONDS (20) s (scripts/fuzz.sh).
# The database tests run against a throwaway MariaDB and
# PostgreSQL (scripts/db-servers.sh) started before the first ctest and stopped on exit, even
# when a step fails; HOSTMARK_REQUIRE_DB_SERVERS=1 makes a missing server a failure, not a skip.
# HOSTMARK_REQUIRE_CHROMIUM=1 does the same for the headless Chromium check of the HTML report
# (setup-debian.sh installs chromium); its screenshot goes to $HOSTMARK_TEST_ARTIFACTS, by
# default build/test-artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-debian.sh --dev
export HOSTMARK_REQUIRE_CHROMIUM=1
export HOSTMARK_TEST_ARTIFACTS="${HOSTMARK_TEST_ARTIFACTS:-$PWD/build/test-artifacts}"
echo "== source format (clang-format, .clang-format)" >&2
git ls-files 'src/*.cc' 'src/*.h' 'tests/*.cc' 'tests/*.h' 'bench/*.cc' 'fuzz/*.cc' 'fuzz/*.h' 'support/*.cc' | xargs clang-format --dry-run --Werror

db_state=""
db_started=0
stop_db_servers() {
  if [ -n "$db_state" ]; then
    scripts/db-servers.sh stop "$db_state" || true
    db_state=""
  fi
}
trap stop_db_servers EXIT
trap 'exit 130' INT TERM   # through the EXIT trap

start_db_servers() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "== not root: no database servers (their tests are skipped)" >&2
    return 0
  fi
  echo "== database servers (scripts/db-servers.sh)" >&2
  local env_lines
  # Our own servers, even when the caller's shell has some (we stop ours on exit).
  env_lines=$(env -u HOSTMARK_DB_STATE scripts/db-servers.sh start)   # fails the script (set -e) with the server's log
  eval "$env_lines"
  db_state=$HOSTMARK_DB_STATE
  export HOSTMARK_REQUIRE_DB_SERVERS=1
}

for preset in dev asan; do
  echo "== build and test: $preset" >&2
  scripts/build.sh "$preset"
  if [ "$db_started" -eq 0 ]; then   # not `|| start_db_servers`: that would disable set -e in it
    db_started=1
    start_db_servers
  fi
  ctest --preset "$preset" -j "$(nproc)"
done
echo "== Debian package of the release build, checked (scripts/package.sh --check)" >&2
scripts/package.sh --no-build --check
echo "== ThreadSanitizer: runner, workloads, engines, fio job threads, monitors, top, exporter" >&2
scripts/tsan.sh
echo "== fuzzing: every target of fuzz/, built by the asan preset, for ${HOSTMARK_FUZZ_SECONDS:=20} s (scripts/fuzz.sh)" >&2
scripts/fuzz.sh --built build/asan "$HOSTMARK_FUZZ_SECONDS"
