#!/usr/bin/env bash
# Installs what hostmark needs to build, test and compare with its peers, from Debian's
# packages only, when something is missing. Safe to run again: it installs nothing twice.
set -euo pipefail

packages=(
  build-essential cmake g++ pkg-config
  libcli11-dev libfmt-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  liburing-dev libaio-dev libxxhash-dev libssl-dev libblkid-dev   # io engines, verify, safety
  libncurses-dev   # hostmark top's screen
  libsqlite3-dev libmariadb-dev libpq-dev   # database drivers (SQLite linked, the others loaded at run time)
  mariadb-server postgresql   # the real servers of the OLTP tests and benchmarks (started by the tests, not as services)
  iotop tmux   # peer of `hostmark top` (bench/top_compare.sh); tmux drives top's screen in tests
  sysbench fio   # the peers bench/ compares against, and the references of the drop-in faces
  hdparm bonnie++   # peers of `hostmark disk --timing` and `hostmark fs` (bench/, format checks)
  sysstat   # iostat and sar: the references of `hostmark stat` (tests/stat_vs_iostat_test.cc, bench/stat_compare.sh)
  e2fsprogs util-linux   # mkfs.ext4, losetup, wipefs: device-safety tests on loop devices
  jq time python3   # bench/*.sh read fio-format JSON; /usr/bin/time measures client CPU (oltp_compare); python3 in bench/stat_compare.sh
  openssl   # scripts/db-servers.sh: the test servers' self-signed TLS certificate
  clang-format git   # scripts/test.sh checks the source format of the tracked files
  libopenmpi-dev openmpi-bin   # MPI-distributed runs (HOSTMARK_MPI, docs/MPI.md) and their mpirun tests
  clang libclang-rt-14-dev   # scripts/fuzz.sh: libFuzzer targets of fuzz/ (preset fuzz)
  chromium   # headless browser: tests/report_chromium_test.cc loads `hostmark report`'s page and screenshots it
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
