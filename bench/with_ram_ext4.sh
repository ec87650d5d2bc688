#!/usr/bin/env bash
# Runs a benchmark on an ext4 filesystem that lives in RAM: a file in /dev/shm, attached to a
# loop device with direct I/O on, formatted ext4 and mounted on a fresh directory. Its speed
# does not drift like a virtual disk's, so tool-against-tool ratios (hostmark vs fio...) show
# what the tools cost, not the disk's mood; it measures no disk. The argument @DIR@ in the
# command is replaced by the mount point. Everything is undone by its id at the end.
#   sudo bench/with_ram_ext4.sh SIZE_MIB COMMAND [ARGS...]
#   sudo bench/with_ram_ext4.sh 1536 bench/disk_compare.sh 3 5 1G @DIR@
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "bench: needs root (losetup, mount)" >&2; exit 2; }
size_mib="${1:?size in MiB}"
shift
img="$(mktemp /dev/shm/hostmark-ramext4-XXXXXX)"
mnt="$(mktemp -d /var/tmp/hostmark-ramext4-XXXXXX)"
dev=""
mounted=0
cleanup() {
  [ "$mounted" -eq 1 ] && umount "$mnt"
  [ -n "$dev" ] && losetup -d "$dev"
  rm -f "$img"
  rmdir "$mnt"
}
trap cleanup EXIT
truncate -s "${size_mib}M" "$img"
dev="$(losetup --find --show --direct-io=on "$img")"
mkfs.ext4 -q -F "$dev"
mount "$dev" "$mnt"
mounted=1
args=()
for a in "$@"; do args+=("${a//@DIR@/$mnt}"); done
"${args[@]}"
