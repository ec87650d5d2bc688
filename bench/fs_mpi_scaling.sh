#!/usr/bin/env bash
# Distributed `hostmark fs` on this one machine (docs/MPI.md, issue 8): aggregate metadata
# rates (files/s: the files of every rank / the longest rank's time of each test) of np=2
# against np=1, metadata tests only (--size=0), each rank in its own directory under one
# scratch directory, best of `reps` runs for each test.
#   bench/fs_mpi_scaling.sh [reps=3] [files_k=4] [dir=/var/tmp]
set -euo pipefail
cd "$(dirname "$0")/.."
reps="${1:-3}"
files_k="${2:-4}"
base="${3:-/var/tmp}"
hm="${HOSTMARK:-$PWD/build/release/hostmark}"
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_oob_tcp_if_include=lo OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun=(mpirun --allow-run-as-root --oversubscribe)
dir=$(mktemp -d "$base/hostmark-fs-mpi-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT

# One run with `np` ranks: "test rate" lines (files/s).
rates() {
  "${mpirun[@]}" -np "$1" "$hm" fs "$dir" --size=0 --files="$files_k" --seed=1 \
    --output-format=json --no-save |
    jq -r '.phases[] | "\(.name) \(.metrics[] | select(.name == "rate") | .value)"'
}
# Best rate of each test over `reps` runs: "test rate" lines.
best() {
  for ((i = 0; i < reps; i++)); do rates "$1"; done |
    awk '{ if (!($1 in b) || $2 > b[$1]) b[$1] = $2; if (!($1 in o)) o[$1] = n++ }
         END { for (t in o) print o[t], t, b[t] }' | sort -n | cut -d' ' -f2-
}
one=$(best 1)
two=$(best 2)
echo "| test | np=1 files/s | np=2 files/s (aggregate) | np=2 / np=1 |"
echo "|---|---|---|---|"
paste -d' ' <(echo "$one") <(echo "$two" | cut -d' ' -f2) |
  awk '{ printf "| %s | %.0f | %.0f | %.2f |\n", $1, $2, $3, $3 / $2 }'
echo "(best of $reps runs, ${files_k} x 1024 files per rank, in $base)"
