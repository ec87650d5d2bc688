#!/usr/bin/env bash
# Installs what is missing, from Debian's packages only (apt-get); safe to run again.
#   scripts/setup-debian.sh         what building and running hostmark needs: compiler, cmake and
#                                   the -dev libraries (the first Quick start command of README.md)
#   scripts/setup-debian.sh --dev   also what the test suite, the fuzzers and bench/ need: the
#                                   database servers, Chromium, clang, Open MPI and the peer tools
#                                   (scripts/test.sh, CI)
#   scripts/setup-debian.sh --arm64 also the arm64 cross compiler, the arm64 -dev libraries
#                                   (multiarch) and qemu-user-static (scripts/build.sh arm64)
set -euo pipefail

usage() { echo "usage: scripts/setup-debian.sh [--dev] [--arm64]" >&2; exit 2; }
dev=0
arm64=0
for arg in "$@"; do
  case "$arg" in
    --dev) dev=1 ;;
    --arm64) arm64=1 ;;
    *) usage ;;
  esac
done

# Building and running hostmark.
build_libs=(
  libcli11-dev libfmt-dev nlohmann-json3-dev
  liburing-dev libaio-dev libxxhash-dev libssl-dev libblkid-dev zlib1g-dev   # io engines, verify, device safety
  libncurses-dev   # hostmark top's screen
  libsqlite3-dev libmariadb-dev libpq-dev   # database drivers (SQLite linked; the others' headers only, loaded at run time)
  libluajit2-5.1-dev   # users' own sysbench Lua scripts (the LuaJIT Debian's sysbench links; Multi-Arch: same)
)
packages=(g++ make cmake pkg-config "${build_libs[@]}")

if [ "$dev" -eq 1 ]; then
  packages+=(
    libgtest-dev libgmock-dev libbenchmark-dev   # the tests and bench/ programs
    mariadb-server postgresql   # the real servers of the OLTP tests and benchmarks (started by the tests, not as services)
    iotop tmux   # peer of `hostmark top` (bench/top_compare.sh); tmux drives top's screen in tests
    sysbench fio   # the peers bench/ compares against, and the references of the drop-in faces
    python3-cram   # scripts/peer/sysbench-suite.sh runs sysbench's own cram tests (tests/t/*.t)
    hdparm bonnie++   # peers of `hostmark disk --timing` and `hostmark fs` (bench/, format checks)
    sysstat   # iostat and sar: the references of `hostmark stat` (tests/stat_vs_iostat_test.cc, bench/stat_compare.sh)
    e2fsprogs util-linux   # mkfs.ext4, losetup, wipefs: device-safety tests on loop devices
    jq time python3   # bench/*.sh read fio-format JSON; /usr/bin/time measures client CPU (oltp_compare); python3 in bench/stat_compare.sh
    openssl   # scripts/db-servers.sh: the test servers' self-signed TLS certificate
    clang-format git   # scripts/test.sh checks the source format of the tracked files
    libopenmpi-dev openmpi-bin   # MPI-distributed runs (HOSTMARK_MPI, docs/MPI.md) and their mpirun tests
    clang libclang-rt-14-dev   # scripts/fuzz.sh: libFuzzer targets of fuzz/ (preset fuzz)
    chromium   # headless browser: tests/report_chromium_test.cc loads `hostmark report`'s page and screenshots it
    dpkg-dev file   # scripts/package.sh: dpkg-shlibdeps and dpkg-deb for the .deb (CPack)
    man-db bash-completion zsh   # the installed man page and completions are checked by the tests
  )
fi

sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
if [ "$arm64" -eq 1 ]; then
  packages+=(crossbuild-essential-arm64 qemu-user-static)
  # The arm64 builds of the libraries hostmark links (Multi-Arch: same, beside the amd64 ones).
  # Not CLI11 and nlohmann-json (architecture-independent headers, already there), nor
  # libmariadb-dev and libpq-dev: they are not multi-arch (the arm64 one would remove the
  # native one) and hostmark needs only their headers, which are the same.
  for lib in libfmt-dev liburing-dev libaio-dev libxxhash-dev libssl-dev libblkid-dev zlib1g-dev \
             libncurses-dev libsqlite3-dev libluajit2-5.1-dev libgtest-dev libgmock-dev; do
    packages+=("$lib:arm64")
  done
  # The arm64 loader and C++ runtime that qemu-aarch64-static runs the tests with
  # (cmake/aarch64-linux-gnu.cmake); the libraries above bring them, named here to be sure.
  packages+=(libc6:arm64 libstdc++6:arm64)
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    "${sudo_cmd[@]}" dpkg --add-architecture arm64
  fi
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
