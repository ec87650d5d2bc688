#!/usr/bin/env bash
# The cost of the syscall seam (platform/syscalls.h) and the retry wrapper of the engines:
# two hostmark builds, before (BASE) and after (NEW), alternating on the same cached file in
# /dev/shm (RAM: no disk noise), 4 KiB random reads and writes, where per-I/O overhead shows
# most. Prints the median IOPS of each and the ratio NEW/BASE as a Markdown table.
#   BASE=/path/hostmark-before [NEW=build/release/hostmark] bench/seam_compare.sh [rounds=5] [seconds=3]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
seconds="${2:-3}"
base="${BASE:?BASE=path of the hostmark build to compare against}"
new="${NEW:-build/release/hostmark}"
command -v jq >/dev/null || { echo "bench: jq is not installed (apt-get install jq)" >&2; exit 2; }
work="$(mktemp -d /dev/shm/hostmark-seam-XXXXXX)"
trap 'rm -rf "$work"' EXIT
file="$work/cached-64m"
head -c $((64 << 20)) /dev/urandom >"$file"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
iops() { "$@" --output-format=json 2>/dev/null | jq -r '[.jobs[] | .read.iops + .write.iops] | add'; }

common=(--filename="$file" --invalidate=0 --bs=4k --time_based "--runtime=$seconds" --ramp_time=1)
declare -A cases=(
  [psync_randread]="--name=s --ioengine=psync --rw=randread"
  [sync_randwrite]="--name=s --ioengine=sync --rw=randwrite"
  [pvsync2_randread]="--name=s --ioengine=pvsync2 --rw=randread"
  [mmap_randread]="--name=s --ioengine=mmap --rw=randread"
  [libaio_randread_qd32]="--name=s --ioengine=libaio --iodepth=32 --rw=randread"
  [io_uring_randread_qd32]="--name=s --ioengine=io_uring --iodepth=32 --rw=randread"
)
order=(psync_randread sync_randwrite pvsync2_randread mmap_randread libaio_randread_qd32 io_uring_randread_qd32)
echo "| case | before IOPS | after IOPS | after/before |"
echo "|---|---|---|---|"
for name in "${order[@]}"; do
  b=(); n=()
  for ((r = 0; r < rounds; r++)); do
    # shellcheck disable=SC2086
    b+=("$(iops setsid -w "$base" fio ${cases[$name]} "${common[@]}")")
    # shellcheck disable=SC2086
    n+=("$(iops setsid -w "$new" fio ${cases[$name]} "${common[@]}")")
  done
  bi=$(printf '%s\n' "${b[@]}" | median)
  ni=$(printf '%s\n' "${n[@]}" | median)
  printf '| %s | %.0f | %.0f | %s |\n' "$name" "$bi" "$ni" "$(awk -v a="$ni" -v b="$bi" 'BEGIN {printf "%.3f", (b > 0 ? a / b : 0)}')"
done
