#!/usr/bin/env bash
# Builds the libFuzzer targets (preset fuzz: clang, ASan + UBSan; tests/fuzz/) and runs them.
#   bash scripts/fuzz.sh --short              every target for a few seconds (the test command replays the
#                                             corpora without libFuzzer instead: fuzz_replay.<target>)
#   bash scripts/fuzz.sh [--runs N] [TARGET...]  the long runs: N executions per target (default 10,000,000),
#                                             one target at a time, at low priority
# Options: --time SECONDS (a time limit per target instead of --runs), --timeout SECONDS (one input; default 10 in
# short runs, 60 in long ones: libFuzzer's timeout is wall time, and a long run at low priority beside builds is
# starved for seconds at a time),
# --rss-limit MB (default 2048), --merge (after a long run, add to the committed corpus, tests/fuzz/corpus/TARGET,
# up to 150 of the smallest inputs, 2 KB at most, that a -merge=1 of the grown corpus keeps for new coverage),
# --merge-only (that merge of an earlier run's grown corpus, without fuzzing), --no-build.
# Each target first replays its regression inputs (tests/fuzz/regressions/TARGET/: inputs that once crashed),
# then fuzzes from its committed corpus (and, in long runs, the corpus it grew before: build/fuzz/corpus/).
# A crash, a hang, a leak or a sanitizer report stops that target with its input saved under
# build/fuzz/artifacts/TARGET/, and the script fails. The table of every target's executions, speed and
# coverage (libFuzzer's cov: edges, ft: features) is printed and written to build/fuzz/report-MODE.txt.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)

mode=long runs=10000000 max_time="" timeout="" rss=2048 merge=0 build=1 targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --short) mode=short ;;
    --runs) runs=$2; shift ;;
    --time) max_time=$2; shift ;;
    --timeout) timeout=$2; shift ;;
    --rss-limit) rss=$2; shift ;;
    --merge) merge=1 ;;
    --merge-only) merge=1 mode=merge ;;
    --no-build) build=0 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1") ;;
  esac
  shift
done

[ -n "$timeout" ] || { [ "$mode" = short ] && timeout=10 || timeout=60; }
BUILD=build/fuzz
if [ "$build" = 1 ]; then
  [ -f "$BUILD/CMakeCache.txt" ] || cmake --preset fuzz >/dev/null
  nice -n 10 cmake --build "$BUILD" --target fuzz_targets -j "${PG_FUZZ_JOBS:-2}"
fi
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(find tests/fuzz -maxdepth 1 -name '*.cc' -printf '%f\n' | sed 's/\.cc$//' | sort)
fi

# The dictionary each target's mutations use (tests/fuzz/dict/), if any.
dict_for() {
  case "$1" in
    json_input | episode_trace | game_state | kalah_weights) echo json ;;
    zuma_q_policy) echo policy_file ;;
    *) echo "$1" ;;
  esac
}

# Adds to the committed corpus what the grown one covers beyond it: the inputs a -merge=1 keeps, the 150
# smallest of 2 KB at most, so that the repository stays small and the short run's replay fast.
merge_grown() {
  local t=$1 bin=$2 scratch added
  scratch=$(mktemp -d)
  cp "tests/fuzz/corpus/$t"/* "$scratch"/
  "$bin" -merge=1 "${flags[@]}" "$scratch" "$BUILD/corpus/$t" >"$BUILD/logs/$t-merge.log" 2>&1
  added=0
  while read -r size file; do
    [ "$size" -le 2048 ] && [ "$added" -lt 150 ] || break
    cp "$scratch/$file" "tests/fuzz/corpus/$t/" && added=$((added + 1))
  done < <(cd "$scratch" && for f in *; do [ -e "$ROOT/tests/fuzz/corpus/$t/$f" ] ||
    printf '%s %s\n' "$(stat -c %s "$f")" "$f"; done | sort -n)
  rm -rf "$scratch"
  echo "[fuzz] $t: $added inputs added to tests/fuzz/corpus/$t"
}

report="$BUILD/report-$mode.txt"
results="$BUILD/results-$mode"
rm -rf "$results"
mkdir -p "$results"

# Fuzzes one target; writes its table row to $results/T.row, and $results/T.failed if it failed.
fuzz_target() {
  local t=$1 bin log d status start seconds execs speed last cov ft corp result scratch
  local -a flags limit corpora regressions
  bin="$BUILD/bin/fuzz_$t"
  log="$BUILD/logs/$t-$mode.log"
  mkdir -p "$BUILD/logs" "$BUILD/artifacts/$t" "$BUILD/corpus/$t" "tests/fuzz/corpus/$t"
  flags=(-timeout="$timeout" -rss_limit_mb="$rss" -malloc_limit_mb="$rss" -print_final_stats=1
    -artifact_prefix="$BUILD/artifacts/$t/")
  d="tests/fuzz/dict/$(dict_for "$t").dict"
  [ -f "$d" ] && flags+=(-dict="$d")
  if [ "$mode" = merge ]; then
    merge_grown "$t" "$bin"
    return
  fi

  # The inputs that once failed: each must now pass.
  mapfile -t regressions < <(find "tests/fuzz/regressions/$t" -type f 2>/dev/null | sort)
  if [ ${#regressions[@]} -gt 0 ]; then
    if ! "$bin" "${flags[@]}" "${regressions[@]}" >"$BUILD/logs/$t-regressions.log" 2>&1; then
      echo "fuzz.sh: $t: a regression input fails again, see $BUILD/logs/$t-regressions.log" >&2
      echo "$t (regression)" >>"$results/$t.failed"
    fi
  fi

  if [ "$mode" = short ]; then
    # New inputs go to a scratch folder: the committed corpus is only read.
    scratch=$(mktemp -d)
    limit=(-max_total_time="${max_time:-4}")
    corpora=("$scratch" "tests/fuzz/corpus/$t")
  else
    limit=(-runs="$runs")
    [ -n "$max_time" ] && limit=(-max_total_time="$max_time")
    corpora=("$BUILD/corpus/$t" "tests/fuzz/corpus/$t")
  fi
  echo "[fuzz] $t (${limit[*]})"
  start=$(date +%s)
  status=0
  nice -n 15 "$bin" "${flags[@]}" "${limit[@]}" "${corpora[@]}" >"$log" 2>&1 || status=$?
  seconds=$(($(date +%s) - start))
  [ "$mode" = short ] && rm -rf "$scratch"
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\)\/\([0-9A-Za-z]*\).*/\1 (\2)/p' <<<"$last")
  result=ok
  if [ "$status" != 0 ]; then
    result="FAILED (exit $status; $log)"
    echo "$t" >>"$results/$t.failed"
    grep -E '^==[0-9]+==ERROR|SUMMARY|fuzz check failed|deadly signal|timeout|out-of-memory|Test unit written' "$log" |
      head -5 >&2 || true
  fi
  printf '%-16s %12s %9s %7s %7s %-14s %6ss  %s\n' "$t" "${execs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" \
    "${corp:-?}" "$seconds" "$result" >"$results/$t.row"

  if [ "$merge" = 1 ] && [ "$status" = 0 ]; then merge_grown "$t" "$bin"; fi
}

for t in "${targets[@]}"; do
  [ -x "$BUILD/bin/fuzz_$t" ] || { echo "fuzz.sh: no target $t ($BUILD/bin/fuzz_$t)" >&2; exit 2; }
done
# Short runs fuzz as many targets at a time as there are cores (each is one process on one core); long runs
# one at a time, at low priority beside other work.
lanes=1
[ "$mode" = short ] && lanes=${PG_FUZZ_JOBS:-$(nproc)}
running=0
for t in "${targets[@]}"; do
  if [ "$lanes" = 1 ]; then
    fuzz_target "$t"
    continue
  fi
  fuzz_target "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$lanes" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

[ "$mode" = merge ] && exit 0
{
  echo "libFuzzer ($mode run, $(date -u '+%Y-%m-%d %H:%M UTC'), $(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
  printf '%-16s %12s %9s %7s %7s %-14s %7s  %s\n' target execs exec/s cov ft corpus time result
  for t in "${targets[@]}"; do cat "$results/$t.row"; done
} | tee "$report"
echo "(written to $report)"
failed=$(cat "$results"/*.failed 2>/dev/null | tr '\n' ' ' || true)
if [ -n "$failed" ]; then
  echo "fuzz.sh: failed: $failed" >&2
  exit 1
fi
