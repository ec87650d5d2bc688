#!/usr/bin/env bash
# The cost of the syscall seam (platform/syscalls.h) and the retry wrapper of the engines:
# two hostmark builds, before (BASE) and after (NEW), alternating on the same cached file in
# /dev/shm (RAM: no disk noise), 4 KiB random reads and writes, where per-I/O overhead shows
# most. Prints the medians of IOPS and of CPU time per I/O ((usr+sys) / IOPS: steadier than
# IOPS on a busy machine, where the job thread waits for a core) and the ratios NEW/BASE.
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

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", (b > 0 ? a / b : 0)}'; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
# One run -> "iops cpu_ns_per_io".
iops() {
  "$@" --output-format=json 2>/dev/null | jq -r '
    ([.jobs[] | .read.iops + .write.iops] | add) as $iops
    | ([.jobs[] | .usr_cpu + .sys_cpu] | add) as $cpu
    | [$iops, ($cpu / 100 * 1e9 / ($iops + 1e-9))] | @tsv'
}

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
# CASES="psync_randread ..." runs only those cases.
if [ -n "${CASES:-}" ]; then read -r -a order <<<"$CASES"; fi
echo "| case | before IOPS | after IOPS | after/before | before CPU ns/IO | after CPU ns/IO | after/before |"
echo "|---|---|---|---|---|---|---|"
for name in "${order[@]}"; do
  b=(); n=()
  for ((r = 0; r < rounds; r++)); do
    # shellcheck disable=SC2086
    b+=("$(iops setsid -w "$base" fio ${cases[$name]} "${common[@]}")")
    # shellcheck disable=SC2086
    n+=("$(iops setsid -w "$new" fio ${cases[$name]} "${common[@]}")")
  done
  col() { printf '%s\n' "$@" | cut -f"$col" | median; }
  col=1; bi=$(col "${b[@]}"); ni=$(col "${n[@]}")
  col=2; bc=$(col "${b[@]}"); nc=$(col "${n[@]}")
  printf '| %s | %.0f | %.0f | %s | %.0f | %.0f | %s |\n' "$name" "$bi" "$ni" "$(ratio "$ni" "$bi")" \
    "$bc" "$nc" "$(ratio "$nc" "$bc")"
done
