#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds the release and the
# AddressSanitizer+UndefinedBehaviorSanitizer presets with warnings as errors, runs every test
# of both, and checks the source format.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-debian.sh
echo "== source format (clang-format, .clang-format)" >&2
git ls-files 'src/*.cc' 'src/*.h' 'tests/*.cc' 'tests/*.h' 'bench/*.cc' | xargs clang-format --dry-run --Werror
for preset in release asan; do
  echo "== build and test: $preset" >&2
  scripts/build.sh "$preset"
  ctest --preset "$preset" -j "$(nproc)"
done
