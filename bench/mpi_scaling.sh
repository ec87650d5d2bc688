#!/usr/bin/env bash
# Distributed `hostmark fio` on this one machine (docs/MPI.md, issue 8):
#  1. aggregate read throughput of np=2 against np=1 on a page-cached file set (each rank reads
#     its own file, laid out by the run and kept in the page cache: invalidate=0), best of
#     `reps` runs each;
#  2. the start-up overhead of an MPI launch: `mpirun -np 1 hostmark --version` against
#     `hostmark --version` (the launcher alone: --version never initialises MPI), and a minimal
#     `hostmark fio` (ioengine=null) with and without mpirun (launcher + MPI_Init + the phases).
#   bench/mpi_scaling.sh [reps=3] [seconds=5] [size=512m]
set -euo pipefail
cd "$(dirname "$0")/.."
reps="${1:-3}"
secs="${2:-5}"
size="${3:-512m}"
hm="${HOSTMARK:-$PWD/build/release/hostmark}"
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_oob_tcp_if_include=lo OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun=(mpirun --allow-run-as-root --oversubscribe)
dir=$(mktemp -d /var/tmp/hostmark-mpi-bench.XXXXXX)
trap 'rm -rf "$dir"' EXIT

# Aggregate read bandwidth in MiB/s (binary) of one run with `np` ranks.
read_mib_s() {
  local np=$1
  "${mpirun[@]}" -np "$np" "$hm" fio --name=cached --rw=read --bs=1m --size="$size" \
    --invalidate=0 --time_based --runtime="${secs}s" --directory="$dir" \
    --output-format=json --no-save |
    jq '.jobs[0].read.bw_bytes / 1048576'
}
best() {
  local np=$1 best=0 v
  for ((i = 0; i < reps; i++)); do
    v=$(read_mib_s "$np")
    best=$(awk -v a="$best" -v b="$v" 'BEGIN {print (b > a) ? b : a}')
  done
  echo "$best"
}
one=$(best 1)
two=$(best 2)
echo "| ranks | aggregate read MiB/s (best of $reps, ${secs} s, $size per rank, page cache) |"
echo "|---|---|"
echo "| 1 | $(printf %.0f "$one") |"
echo "| 2 | $(printf %.0f "$two") |"
echo "np=2 / np=1: $(awk -v a="$one" -v b="$two" 'BEGIN {printf "%.2f", b / a}')"
echo

# Mean wall time of a command over `runs` runs, in ms.
mean_ms() {
  local runs=$1
  shift
  local start end
  start=$(date +%s%N)
  for ((i = 0; i < runs; i++)); do "$@" >/dev/null 2>&1; done
  end=$(date +%s%N)
  awk -v ns=$((end - start)) -v n="$runs" 'BEGIN {printf "%.1f", ns / n / 1e6}'
}
null_fio=(fio --name=n --ioengine=null --size=1m --output-format=json --no-save)
echo "| command | mean wall (ms) |"
echo "|---|---|"
echo "| hostmark --version | $(mean_ms 50 "$hm" --version) |"
echo "| mpirun -np 1 hostmark --version | $(mean_ms 10 "${mpirun[@]}" -np 1 "$hm" --version) |"
echo "| hostmark fio (null engine, 1 MiB) | $(mean_ms 20 "$hm" "${null_fio[@]}") |"
echo "| mpirun -np 1 hostmark fio (same) | $(mean_ms 10 "${mpirun[@]}" -np 1 "$hm" "${null_fio[@]}") |"
echo "| mpirun -np 2 hostmark fio (same) | $(mean_ms 10 "${mpirun[@]}" -np 2 "$hm" "${null_fio[@]}") |"
