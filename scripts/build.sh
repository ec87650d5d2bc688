#!/usr/bin/env bash
# Configures and builds one CMake preset: scripts/build.sh [preset]
#   release (default)  the hostmark binary only, in build/release
#   dev                release with the tests and the bench/ programs, in build/dev (scripts/test.sh)
#   asan               clang ASan + UBSan with the tests and the fuzz targets, in build/asan
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
