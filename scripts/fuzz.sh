#!/usr/bin/env bash
# Runs every target of fuzz/ for SECONDS each (default 60), two at a time on two cores:
#   scripts/fuzz.sh [--all|--parsers|--built DIR] [SECONDS]
# --parsers (the default) builds the fuzz preset (clang, libFuzzer, ASan + UBSan) with only the
# parser targets; --all also builds command_line (the native command lines through the command
# table), which needs the whole tree under the sanitizers a second time; --built DIR builds
# nothing and runs the targets already in DIR/fuzz/, every one of them: the asan preset
# (build/asan, what scripts/test.sh does) makes them all, command_line included, with its tests.
# command_line runs for HOSTMARK_FUZZ_COMMAND_LINE_SECONDS (default: half of SECONDS, at least 5).
# Each starts from its seed corpus fuzz/corpus/<target>/ (and fuzz/<target>.dict when there is
# one); what it adds goes to DIR/fuzz-corpus/<target>/, never into the repository. Prints one
# line per target with its executions. A crash, leak, UB report or timeout stops it with status 1
# and the input in DIR/fuzz-crashes/<target>/ (DIR: build/fuzz unless --built): fix it, add a
# regression test in tests/ that feeds that input, and copy the input into fuzz/corpus/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."
all=OFF
dir=build/fuzz
built=0
case "${1:-}" in
  --all) all=ON; shift ;;
  --parsers) shift ;;
  --built)
    [ $# -ge 2 ] || { echo "fuzz: --built needs a build directory" >&2; exit 2; }
    dir=${2%/}; built=1; shift 2 ;;
esac
seconds="${1:-60}"
half=$(( seconds / 2 ))
command_line_seconds="${HOSTMARK_FUZZ_COMMAND_LINE_SECONDS:-$(( half > 5 ? half : 5 ))}"
if [ "$built" -eq 0 ]; then
  cmake --preset fuzz -DHOSTMARK_FUZZ_ALL="$all" >/dev/null
  cmake --build --preset fuzz -j "$(nproc)"
fi

out=$dir/fuzz-runs
rm -rf "$out"
mkdir -p "$out"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"

run_target() {  # NAME: runs $dir/fuzz/NAME_fuzz; its log in $out/NAME.log
  local name=$1 time=$seconds
  [ "$name" = command_line ] && time=$command_line_seconds
  local args=(-max_total_time="$time" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
              -artifact_prefix="$dir/fuzz-crashes/$name/")
  [ -f "fuzz/$name.dict" ] && args+=(-dict="fuzz/$name.dict")
  mkdir -p "$dir/fuzz-corpus/$name" "$dir/fuzz-crashes/$name"
  "$dir/fuzz/${name}_fuzz" "${args[@]}" "$dir/fuzz-corpus/$name" "fuzz/corpus/$name" \
    >"$out/$name.log" 2>&1
}

report() {  # NAME STATUS
  local name=$1 status=$2 log="$out/$1.log"
  if [ "$status" -ne 0 ]; then
    echo "fuzz: $name: FAILED (status $status); the input is in $dir/fuzz-crashes/$name/:" >&2
    grep -E "ERROR|SUMMARY|runtime error|Test unit written|==[0-9]+==" "$log" | head -20 >&2
    return 1
  fi
  local execs corpus
  execs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log")
  corpus=$(ls "fuzz/corpus/$name" | wc -l)
  local time=$seconds
  [ "$name" = command_line ] && time=$command_line_seconds
  printf 'fuzz: %-18s %10s executions in %s s (seed corpus %s files)\n' "$name" "$execs" \
    "$time" "$corpus"
}

names=()
for f in fuzz/*_fuzz.cc; do
  n=$(basename "$f" .cc)
  if [ -x "$dir/fuzz/$n" ]; then
    names+=("${n%_fuzz}")
  elif [ "$built" -eq 1 ]; then  # the build named is expected to hold every target
    echo "fuzz: ${n%_fuzz}: not built in $dir" >&2
    exit 1
  else
    echo "fuzz: ${n%_fuzz}: not built (command_line needs --all: the whole tree)" >&2
  fi
done
failed=0
pids=()
running=()
for name in "${names[@]}"; do
  if [ ${#pids[@]} -ge "$(nproc)" ]; then  # wait for the oldest before starting another
    status=0
    wait "${pids[0]}" || status=$?
    report "${running[0]}" "$status" || failed=1
    pids=("${pids[@]:1}")
    running=("${running[@]:1}")
  fi
  run_target "$name" &
  pids+=($!)
  running+=("$name")
done
for i in "${!pids[@]}"; do
  status=0
  wait "${pids[$i]}" || status=$?
  report "${running[$i]}" "$status" || failed=1
done
exit "$failed"
