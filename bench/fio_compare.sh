#!/usr/bin/env bash
# Side by side: Debian's fio 3.33 and `hostmark fio`, same job options, alternating runs in the
# same session; prints medians of IOPS (and CPU per I/O, p50/p99 clat) and the ratio
# hostmark/fio as a Markdown table for docs/PERFORMANCE.md.
#   [CASES="name ..."] bench/fio_compare.sh [rounds=3] [seconds=5] [dir=/var/tmp]
# The file cases use a file in `dir` (a disk filesystem: O_DIRECT is refused by tmpfs), removed
# at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
seconds="${2:-5}"
dir="${3:-/var/tmp}"
hm="${HOSTMARK:-build/release/hostmark}"
loop="${URING_LOOP:-build/dev/bench/uring_read_loop}"
command -v fio >/dev/null || { echo "bench: fio is not installed (apt-get install fio)" >&2; exit 2; }
command -v jq >/dev/null || { echo "bench: jq is not installed (apt-get install jq)" >&2; exit 2; }
[ -x "$hm" ] || { echo "bench: $hm is not built (scripts/build.sh release)" >&2; exit 2; }

work="$(mktemp -d "$dir/hostmark-bench-XXXXXX")"
trap 'rm -rf "$work"' EXIT
file="$work/cached-256m"
dfile="$work/direct-1g"
head -c $((256 << 20)) /dev/urandom >"$file"
head -c $((1 << 30)) /dev/urandom >"$dfile"
sync

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", (b > 0 ? a / b : 0)}'; }

# One run -> "iops cpu_ns_per_io p50_us p99_us" from fio-format JSON (reads + writes).
measure() {
  "$@" --output-format=json 2>/dev/null | jq -r '
    .jobs as $j
    | ([$j[] | .read.iops + .write.iops] | add) as $iops
    | ([$j[] | .usr_cpu + .sys_cpu] | add) as $cpu
    | ($j[0] | if .read.total_ios > 0 then .read else .write end) as $d
    | [$iops, ($cpu / 100 * 1e9 / ($iops + 1e-9)),
       (($d.clat_ns.percentile["50.000000"] // 0) / 1000), (($d.clat_ns.percentile["99.000000"] // 0) / 1000)]
    | @tsv'
}

# A loop device over a file in RAM (root only): a block device whose speed does not drift like
# the virtual disk's, so the 1 MiB sequential cases compare the tools, not the disk's mood.
ramdev=""
if [ "$(id -u)" -eq 0 ] && [ -d /dev/shm ]; then
  ramimg="$(mktemp /dev/shm/hostmark-bench-XXXXXX)"
  head -c $((512 << 20)) /dev/zero >"$ramimg"
  ramdev="$(losetup --find --show --direct-io=on "$ramimg" 2>/dev/null || true)"
  trap 'rm -rf "$work"; [ -n "$ramdev" ] && losetup -d "$ramdev"; rm -f "$ramimg"' EXIT
fi
timed=(--time_based "--runtime=$seconds" --ramp_time=1)
declare -A cases=(
  [null_randread]="--name=n --ioengine=null --size=1G --rw=randread --bs=4k"
  [cached_psync_qd1]="--name=c --filename=$file --invalidate=0 --ioengine=psync --rw=randread --bs=4k"
  [cached_uring_qd32]="--name=u --filename=$file --invalidate=0 --ioengine=io_uring --iodepth=32 --rw=randread --bs=4k"
  [cached_uring_sqpoll_qd32]="--name=u --filename=$file --invalidate=0 --ioengine=io_uring --sqthread_poll=1 --iodepth=32 --rw=randread --bs=4k"
  [direct_uring_qd1]="--name=d --filename=$dfile --direct=1 --ioengine=io_uring --iodepth=1 --rw=randread --bs=4k"
  [direct_uring_qd32]="--name=d --filename=$dfile --direct=1 --ioengine=io_uring --iodepth=32 --rw=randread --bs=4k"
  [direct_libaio_qd32]="--name=d --filename=$dfile --direct=1 --ioengine=libaio --iodepth=32 --rw=randread --bs=4k"
  [seq_read_1m]="--name=s --filename=$dfile --direct=1 --ioengine=libaio --iodepth=8 --rw=read --bs=1M"
  [seq_write_1m]="--name=s --filename=$dfile --direct=1 --ioengine=libaio --iodepth=8 --rw=write --bs=1M"
  [seq_read_1m_ramloop]="--name=s --filename=$ramdev --direct=1 --ioengine=libaio --iodepth=8 --rw=read --bs=1M"
  [seq_write_1m_ramloop]="--name=s --filename=$ramdev --direct=1 --ioengine=libaio --iodepth=8 --rw=write --bs=1M"
)
order=(null_randread cached_psync_qd1 cached_uring_qd32 cached_uring_sqpoll_qd32 direct_uring_qd1 direct_uring_qd32 direct_libaio_qd32 seq_read_1m seq_write_1m)
[ -n "$ramdev" ] && order+=(seq_read_1m_ramloop seq_write_1m_ramloop)
# CASES="seq_read_1m seq_write_1m" runs only those cases.
if [ -n "${CASES:-}" ]; then read -r -a order <<<"$CASES"; fi
# fio's best options for io_uring on cached data (batching, registered buffers and files).
tuned="--iodepth_batch_submit=32 --iodepth_batch_complete_min=1 --iodepth_batch_complete_max=32 --fixedbufs --registerfiles"

echo "| case | fio IOPS | hostmark IOPS | hostmark/fio | fio CPU ns/IO | hostmark CPU ns/IO | fio p50/p99 us | hostmark p50/p99 us |"
echo "|---|---|---|---|---|---|---|---|"
for name in "${order[@]}"; do
  args="${cases[$name]}"
  f=(); h=()
  for ((r = 0; r < rounds; r++)); do
    # shellcheck disable=SC2086
    f+=("$(measure fio $args "${timed[@]}")")
    # shellcheck disable=SC2086
    # setsid: a session (autogroup) of its own, as fio's job processes have (disk_compare.sh).
    h+=("$(measure setsid -w "$hm" fio --no-save $args "${timed[@]}")")
  done
  col() { printf '%s\n' "$@" | cut -f"$col" | median; }
  col=1; fi=$(col "${f[@]}"); hi=$(col "${h[@]}")
  col=2; fc=$(col "${f[@]}"); hc=$(col "${h[@]}")
  col=3; f50=$(col "${f[@]}"); h50=$(col "${h[@]}")
  col=4; f99=$(col "${f[@]}"); h99=$(col "${h[@]}")
  printf '| %s | %.0f | %.0f | %s | %.0f | %.0f | %.1f/%.1f | %.1f/%.1f |\n' "$name" "$fi" "$hi" "$(ratio "$hi" "$fi")" \
    "$fc" "$hc" "$f50" "$f99" "$h50" "$h99"
  if [ "$name" = cached_uring_qd32 ]; then
    t=()
    # shellcheck disable=SC2086
    for ((r = 0; r < rounds; r++)); do t+=("$(measure fio $args $tuned "${timed[@]}")"); done
    col=1; ti=$(col "${t[@]}")
    printf '| %s | %.0f | %.0f | %s | | | | |\n' "cached_uring_qd32 vs fio tuned" "$ti" "$hi" "$(ratio "$hi" "$ti")"
    if [ -x "$loop" ]; then
      l=()
      for ((r = 0; r < rounds; r++)); do l+=("$("$loop" "$file" 32 "$seconds" | sed -n 's/^iops=//p')"); done
      li=$(printf '%s\n' "${l[@]}" | median)
      printf '| %s | %.0f | %.0f | %s | | | | |\n' "cached_uring_qd32 vs bare io_uring loop" "$li" "$hi" "$(ratio "$hi" "$li")"
    fi
  fi
done
