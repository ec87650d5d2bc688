#!/usr/bin/env bash
# Side by side: hdparm 9.65 -tT vs `hostmark disk --timing`, and coreutils dd vs `hostmark disk
# --seq-write/--seq-read`, alternating runs in one session; prints medians and the ratio
# hostmark/peer as a Markdown table for docs/PERFORMANCE.md.
#   bench/timing_compare.sh [rounds=3] [size_mib=1024] [dir=/var/tmp]
# Needs root (losetup). The timings run on a loop device over a file of random data in `dir`,
# created here and detached by its own name at the end; the dd cases use files in the same
# temporary directory, removed at the end. Nothing else is written.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
size_mib="${2:-1024}"
dir="${3:-/var/tmp}"
hm="${HOSTMARK:-build/release/hostmark}"
for tool in hdparm dd jq losetup; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is not installed" >&2; exit 2; }
done
[ -x "$hm" ] || { echo "bench: $hm is not built (scripts/build.sh release)" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "bench: needs root for losetup" >&2; exit 2; }
[ "$size_mib" -ge 4 ] || { echo "bench: size_mib must be at least 4" >&2; exit 2; }

work="$(mktemp -d "$dir/hostmark-timing-XXXXXX")"
dev=""
cleanup() {
  if [ -n "$dev" ]; then losetup -d "$dev"; fi
  rm -rf "$work"
}
trap cleanup EXIT
head -c $((size_mib << 20)) /dev/urandom >"$work/image"
sync
dev="$(losetup --find --show "$work/image")"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", (b > 0 ? a / b : 0)}'; }
row() {  # name, unit, peer values (newline list), hostmark values
  local p h
  p=$(printf '%s\n' "$3" | median)
  h=$(printf '%s\n' "$4" | median)
  printf '| %s | %s | %.2f | %.2f | %s |\n' "$1" "$2" "$p" "$h" "$(ratio "$h" "$p")"
}

# hdparm's "= X MB/sec" of the line matching $1 (its MB are MiB).
hdparm_rate() { awk -v k="$1" 'index($0, k) {print $(NF-1)}'; }
hm_rate() { jq -r --arg p "$1" '.phases[] | select(.name == $p) | .metrics[] | select(.name == "mib_per_s") | .value'; }
# dd's "N bytes ... copied, S s, ..." -> decimal MB/s computed from N and S.
dd_rate() { awk '/copied/ {for (i = 1; i <= NF; i++) if ($i == "s,") s = $(i-1); printf "%.3f\n", $1 / s / 1e6}'; }
hm_mb() { jq -r --arg p "$1" '.phases[] | select(.name == $p) | .metrics[] | select(.name == "mb_per_s") | .value'; }

# Both tools flush the loop device's own cache (BLKFLSBUF); the backing file's page cache is
# dropped here before every run, so the disk reads reach the disk under the image every time.
cold() { dd if="$work/image" iflag=nocache count=0 status=none; }
hc=""; ht=""; mc=""; mt=""; hdt=""; mdt=""
for ((r = 0; r < rounds; r++)); do
  cold
  out="$(hdparm -tT "$dev")"
  hc+="$(hdparm_rate 'cached reads' <<<"$out")"$'\n'
  ht+="$(hdparm_rate 'buffered disk reads' <<<"$out")"$'\n'
  cold
  js="$("$hm" disk --timing "$dev" --output-format=json 2>/dev/null)"
  mc+="$(hm_rate cached_reads <<<"$js")"$'\n'
  mt+="$(hm_rate disk_reads <<<"$js")"$'\n'
  cold
  hdt+="$(hdparm -t --direct "$dev" | hdparm_rate 'O_DIRECT disk reads')"$'\n'
  cold
  mdt+="$("$hm" disk --timing -t --direct "$dev" --output-format=json 2>/dev/null | hm_rate disk_reads)"$'\n'
done

count=$((size_mib / 4))  # dd cases move a quarter of the image size, in 1 MiB blocks
dw=""; mw=""; dr=""; mr=""; ddr=""; mdr=""
for ((r = 0; r < rounds; r++)); do
  dw+="$(dd if=/dev/zero of="$work/dd.bin" bs=1M count="$count" conv=fdatasync 2>&1 | dd_rate)"$'\n'
  mw+="$("$hm" disk --seq-write "$work/hm.bin" --bs=1M --count="$count" --data=zero --keep --output-format=json 2>/dev/null | hm_mb seq_write)"$'\n'
  dd if="$work/dd.bin" iflag=nocache count=0 status=none  # drops the file's cached pages
  dr+="$(dd if="$work/dd.bin" of=/dev/null bs=1M 2>&1 | dd_rate)"$'\n'
  mr+="$("$hm" disk --seq-read "$work/hm.bin" --bs=1M --output-format=json 2>/dev/null | hm_mb seq_read)"$'\n'
  ddr+="$(dd if="$work/dd.bin" of=/dev/null bs=1M iflag=direct 2>&1 | dd_rate)"$'\n'
  mdr+="$("$hm" disk --seq-read "$work/hm.bin" --bs=1M --iflag=direct --output-format=json 2>/dev/null | hm_mb seq_read)"$'\n'
  rm -f "$work/dd.bin" "$work/hm.bin"
done

echo "hdparm/dd vs hostmark, $rounds rounds, medians; loop device over ${size_mib} MiB in $dir; dd cases $count MiB"
echo
echo "| case | unit | peer | hostmark | hostmark/peer |"
echo "|---|---|---|---|---|"
row "hdparm -T vs --timing (cached reads)" "MiB/s" "$hc" "$mc"
row "hdparm -t vs --timing (buffered disk reads)" "MiB/s" "$ht" "$mt"
row "hdparm -t --direct vs --timing -t --direct" "MiB/s" "$hdt" "$mdt"
row "dd conv=fdatasync vs --seq-write --data=zero" "MB/s" "$dw" "$mw"
row "dd read (cache dropped) vs --seq-read" "MB/s" "$dr" "$mr"
row "dd iflag=direct vs --seq-read --iflag=direct" "MB/s" "$ddr" "$mdr"
