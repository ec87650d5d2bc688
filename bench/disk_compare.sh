#!/usr/bin/env bash
# Side by side: `hostmark disk` (standard profile) and the KDiskMark-equivalent fio command line
# of each of its tests (libaio, direct=1, end_fsync=1 for writes, as `hostmark disk --explain`
# prints them), on the same file, alternating which goes first; medians over the rounds and the
# ratio hostmark/fio as a Markdown table for docs/PERFORMANCE.md (target: within 5%).
#   bench/disk_compare.sh [rounds=3] [seconds=5] [size=1G] [dir=/var/tmp]
# Tiny try: bench/disk_compare.sh 1 0.3 16M
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
seconds="${2:-5}"
size="${3:-1G}"
dir="${4:-/var/tmp}"
hm="${HOSTMARK:-build/release/hostmark}"
command -v fio >/dev/null || { echo "bench: fio is not installed (apt-get install fio)" >&2; exit 2; }
command -v jq >/dev/null || { echo "bench: jq is not installed (apt-get install jq)" >&2; exit 2; }
[ -x "$hm" ] || { echo "bench: $hm is not built (scripts/build.sh release)" >&2; exit 2; }

work="$(mktemp -d "$dir/hostmark-bench-XXXXXX")"
trap 'rm -rf "$work"' EXIT
file="$work/testfile"
# The file exists before both tools run, so neither lays it out nor removes it.
fio --name=prepare --filename="$file" --size="$size" --ioengine=libaio --direct=1 --rw=write \
  --bs=1m --iodepth=8 --end_fsync=1 >/dev/null

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", (b > 0 ? a / b : 0)}'; }

# --destructive: the pre-written test file exists, and the write tests overwrite it (as fio does).
disk_opts=(--profile=standard --size="$size" --duration="$seconds" --loops=1 --destructive)
# test name ("SEQ1M_Q8T1_read") -> its fio arguments, in the order hostmark runs them.
declare -A line_of=()
names=()
while read -r line; do
  [[ -z "$line" || "$line" == \#* ]] && continue
  args="${line#hostmark fio }"
  name="$(sed -n 's/.*--name=\([^ ]*\).*/\1/p' <<<"$args")"
  names+=("$name")
  line_of[$name]="$args"
done < <("$hm" disk "$file" "${disk_opts[@]}" --explain)

declare -A fio_mb=() fio_iops=() fio_lat=() hm_mb=() hm_iops=() hm_lat=()
# hostmark in a session of its own (setsid), as fio's job processes are (fio calls setsid()
# in each): with the kernel's autogroup scheduling a session gets a fair share of the CPU
# against every other session, so on a loaded machine fio's I/O would otherwise get more CPU
# than hostmark's threads and the ratio would measure the scheduler (docs/PERFORMANCE.md).
run_hostmark() {
  local out
  out="$(setsid -w "$hm" disk "$file" "${disk_opts[@]}" --output-format=json 2>/dev/null)"
  while IFS=$'\t' read -r name mb iops lat; do
    hm_mb[$name]+="$mb "; hm_iops[$name]+="$iops "; hm_lat[$name]+="$lat "
  done < <(jq -r '.phases[] | [(.name | gsub(" "; "_")),
      (.metrics[] | select(.name == "mb_per_s") | .value),
      (.metrics[] | select(.name == "iops") | .value),
      (.metrics[] | select(.name == "lat_mean_us") | .value)] | @tsv' <<<"$out")
}
run_fio() {
  local name out
  for name in "${names[@]}"; do
    # shellcheck disable=SC2086
    out="$(eval "fio ${line_of[$name]} --output-format=json" 2>/dev/null)"
    read -r mb iops lat < <(jq -r '.jobs[0] | [((.read.bw_bytes + .write.bw_bytes) / 1e6),
        (.read.iops + .write.iops),
        ((if .read.total_ios > 0 then .read else .write end).lat_ns.mean / 1000)] | @tsv' <<<"$out")
    fio_mb[$name]+="$mb "; fio_iops[$name]+="$iops "; fio_lat[$name]+="$lat "
  done
}

for ((r = 0; r < rounds; r++)); do
  if ((r % 2 == 0)); then run_hostmark; run_fio; else run_fio; run_hostmark; fi
done

med() { tr ' ' '\n' <<<"$1" | grep -v '^$' | median; }
# Paired ratios: round r's hostmark figure over round r's fio figure (the two ran back to back),
# so a slow moment of the machine hits both sides of one ratio. Their median and range say more
# than the ratio of two medians on a machine whose speed drifts between rounds.
paired() {
  paste -d' ' <(tr ' ' '\n' <<<"$1" | grep -v '^$') <(tr ' ' '\n' <<<"$2" | grep -v '^$') |
    awk '$2 > 0 {print $1 / $2}'
}
echo "| test | fio MB/s | hostmark disk MB/s | hostmark/fio (median of paired rounds) | range | fio IOPS | hostmark IOPS | fio lat mean us | hostmark lat mean us |"
echo "|---|---|---|---|---|---|---|---|---|"
for name in "${names[@]}"; do
  fm="$(med "${fio_mb[$name]:-}")"; hmm="$(med "${hm_mb[$name]:-}")"
  ratios="$(paired "${hm_mb[$name]:-}" "${fio_mb[$name]:-}")"
  printf '| %s | %.1f | %.1f | %.3f | %s | %.0f | %.0f | %.1f | %.1f |\n' "${name//_/ }" "$fm" "$hmm" \
    "$(median <<<"$ratios")" "$(sort -g <<<"$ratios" | awk 'NR==1{lo=$1} {hi=$1} END {printf "%.2f-%.2f", lo, hi}')" \
    "$(med "${fio_iops[$name]:-}")" "$(med "${hm_iops[$name]:-}")" \
    "$(med "${fio_lat[$name]:-}")" "$(med "${hm_lat[$name]:-}")"
done
echo
echo "rounds=$rounds, ${seconds} s per test, size=$size, file on $(df --output=source,fstype "$dir" | tail -1)"
