#!/usr/bin/env bash
# Sets up what is missing and runs every test: style; the native tests under ASan+UBSan (with the libtorch
# trainers, and every fuzz target's corpus replayed); the page; the release build (CLI, benchmarks) with the tests
# whose result the optimiser could change and the native-vs-WebAssembly checks; the engine's tests in WebAssembly
# under SAFE_HEAP; the browser tests; and the hosted folder (scripts/build_site.sh) served by nginx.
#
# After set-up and style, two lanes run side by side, because neither keeps both cores busy alone:
#   the page lane:   WebAssembly build, size budget, release build, browser tests, large inputs, hosted site
#   the native lane: debug build, debug tests, release checks, the engine's tests in WebAssembly
# The native lane runs at a lower priority (nice), so the browser tests, which wait on timers, keep their pace
# and the builds take the rest of the machine. A step that needs another lane's step waits for it.
# Each lane step's output is kept in build/test-logs/ and printed whole when the step ends; the first step that
# fails stops both lanes and is named. A table of every step's time ends the run. docs/testing.md says what each
# step guards against and how long it takes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

logs="$PWD/build/test-logs"  # absolute: some steps change directory
started=$(date +%s)

summary() {  # summary [FAILED-STEP]
  local total=$(($(date +%s) - started)) name seconds lane cpu all_cpu=0
  printf '\n\033[1m%-72s %-7s %8s %8s\033[0m\n' "step" "lane" "time" "CPU"
  while IFS=$'\t' read -r lane seconds cpu name; do
    printf '%-72s %-7s %5d:%02d %5d:%02d\n' "$name" "$lane" $((seconds / 60)) $((seconds % 60)) \
      $((cpu / 60)) $((cpu % 60))
    all_cpu=$((all_cpu + cpu))
  done <"$logs/times"
  if [ $# -gt 0 ]; then printf '%-72s %-7s %8s\n' "$1" "" "FAILED"; fi
  printf '\033[1m%-72s %-7s %5d:%02d %5d:%02d\033[0m\n' "total (wall; CPU of the steps that ended)" "" \
    $((total / 60)) $((total % 60)) $((all_cpu / 60)) $((all_cpu % 60))
}

# record LANE SECONDS CPU-SECONDS NAME: one line of the table, written under a lock (the lanes finish steps at
# any time).
record() { flock "$logs/times" printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >>"$logs/times"; }

# cpu_seconds FILE: the user + system CPU seconds of a step's processes, from the output of bash's `times`
# (its second line: the children's), which the step wrote to FILE as it ended.
cpu_seconds() {
  sed -n 2p "$1" | awk '{ total = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); total += t[1] * 60 + t[2] }
    printf "%d", total }'
}

# step NAME FUNCTION: runs FUNCTION with errexit on, in the foreground (its output as it comes), and stops the
# script if it fails. For the steps before the lanes.
step() {
  local name=$1 status=0 start
  shift
  printf '\n\033[1;34m==> %s\033[0m\n' "$name"
  start=$(date +%s)
  set +e
  (set -e; "$@"; times >"$logs/.cpu")
  status=$?
  set -e
  local seconds=$(($(date +%s) - start))
  if [ "$status" != 0 ]; then
    summary "$name"
    printf '\n\033[1;31mtest.sh: step failed (exit %d after %d s): %s\033[0m\n' "$status" "$seconds" "$name" >&2
    exit "$status"
  fi
  record - "$seconds" "$(cpu_seconds "$logs/.cpu")" "$name"
  printf '\033[1;34m<== %s: %d s\033[0m\n' "$name" "$seconds"
}

# lane_step LANE KEY NAME FUNCTION: inside a lane, runs FUNCTION with its output in $logs/KEY.log, prints that
# log whole when it ends (under a lock, so two lanes' logs never interleave), and marks KEY done or failed.
lane_step() {
  local lane=$1 key=$2 name=$3 status=0 start
  shift 3
  printf '\033[1;34m==> [%s] %s\033[0m\n' "$lane" "$name"
  start=$(date +%s)
  set +e
  (set -e; "$@"; times >"$logs/$key.cpu") >"$logs/$key.log" 2>&1
  status=$?
  set -e
  local seconds=$(($(date +%s) - start))
  {
    flock 9
    printf '\n\033[1;34m---- [%s] %s: its output ----\033[0m\n' "$lane" "$name"
    cat "$logs/$key.log"
    if [ "$status" != 0 ]; then
      printf '\033[1;31m<== [%s] %s: FAILED (exit %d after %d s)\033[0m\n' "$lane" "$name" "$status" "$seconds"
    else
      printf '\033[1;34m<== [%s] %s: %d s\033[0m\n' "$lane" "$name" "$seconds"
    fi
  } 9>"$logs/.print"
  if [ "$status" != 0 ]; then
    printf '%s\n' "$name" >"$logs/failed"
    return "$status"
  fi
  record "$lane" "$seconds" "$(cpu_seconds "$logs/$key.cpu")" "$name"
  touch "$logs/$key.done"
}

# await KEY...: waits until the other lane has done each KEY; gives up if a step failed.
await() {
  local key
  for key in "$@"; do
    until [ -e "$logs/$key.done" ]; do
      [ -e "$logs/failed" ] && return 1
      sleep 2
    done
  done
}

setup() { bash scripts/setup.sh; }
format_check() { bash scripts/format.sh --check; }
native_debug_build() { bash scripts/build.sh native-debug; }
native_debug_tests() { ctest --preset native-debug; }
native_release_build() { bash scripts/build.sh native-checks; }
native_release_tests() { ctest --preset native-checks; }
wasm_build() { bash scripts/build.sh wasm; }
size_budget() { bash scripts/size_report.sh >/dev/null || { bash scripts/size_report.sh; exit 1; }; }
wasm_engine_tests() { bash scripts/wasm_engine_tests.sh; }
browser_tests() {
  # The page's modules and index.html's writing, without a browser (a second or two).
  NODE_PATH=/usr/share/nodejs node --test tests/js/page_modules_test.mjs tests/js/write_index_test.mjs tests/js/lesson_file_test.mjs tests/js/lesson_drawing_test.mjs
  cd tests/browser
  # A test file that waits for ever (a promise the page never settles) fails after 20 minutes instead of holding
  # CI to its limit (node applies the timeout to each file as a whole too: the longest take a few minutes).
  SITE_DIR=build/wasm/site-checked node --test --test-concurrency=2 --test-timeout=1200000 page_test.mjs zuma_test.mjs binary_test.mjs mancala_test.mjs \
    morris_test.mjs sokoban_test.mjs determinism_test.mjs network_test.mjs policy_loading_test.mjs \
    soak_test.mjs links_test.mjs embedding_test.mjs docs_links_test.mjs \
    words_test.mjs look_test.mjs touch_test.mjs guides_test.mjs frames_test.mjs text_fit_test.mjs program_test.mjs \
    lessons_test.mjs
}
# Large inputs against the release page only, as users get it (its memory limits and speed). Deep nesting and
# large texts are parsed under WebAssembly's stack checks by the engine's tests in WebAssembly (JsonInput.*).
browser_release_tests() { cd tests/browser && node --test large_input_test.mjs; }
# The hosted folder from the release site built above (hashed names, .gz/.br), served by Debian's nginx with
# gzip_static and brotli_static at the root and in a subfolder (docs/hosting.md).
hosted_site_tests() {
  bash scripts/build_site.sh --no-build build/site
  cd tests/browser && HOSTED_DIR=build/site node --test hosting_test.mjs
}

page_lane() {
  lane_step page wasm-build "WebAssembly build: the page, and the page with Emscripten's checks" wasm_build
  lane_step page size "the first download of each game's page: at most 400 KiB gzip (docs/page.md)" size_budget
  lane_step page release-build "native release build: CLI, benchmarks, release checks" native_release_build
  lane_step page browser "browser tests (headless Chromium) against the checked page" browser_tests
  lane_step page large "browser tests of large inputs against the release page" browser_release_tests
  lane_step page hosted "the hosted site: scripts/build_site.sh, served by nginx" hosted_site_tests
}

native_lane() {
  lane_step native debug-build "native debug build (ASan + UBSan)" native_debug_build
  lane_step native debug-tests "native debug tests: unit, golden, CLI, trainers, fuzz corpora (ASan + UBSan)" \
    native_debug_tests
  await wasm-build release-build
  lane_step native release-checks "release checks: optimiser-sensitive tests, CLI, native = WebAssembly" \
    native_release_tests
  lane_step native wasm-tests "the engine's tests in WebAssembly (node): SAFE_HEAP, assertions, stack" \
    wasm_engine_tests
}

rm -rf "$logs"
mkdir -p "$logs"
: >"$logs/times"
step "set-up (scripts/setup.sh)" setup
step "clang-format" format_check

# Each lane in its own process group (job control), so a failure in one can stop the other whole: its
# builds, its node and its Chromium.
set -m
(set -e; page_lane) &
page_pid=$!
(set -e; renice -n 10 -p "$BASHPID" >/dev/null; native_lane) &
native_pid=$!
set +m
stop_lanes() { kill -- -"$page_pid" -"$native_pid" 2>/dev/null || true; }
trap 'stop_lanes; exit 130' INT TERM

for _ in page native; do
  status=0
  wait -n || status=$?
  if [ "$status" != 0 ]; then
    stop_lanes
    wait 2>/dev/null || true
    failed=$(cat "$logs/failed" 2>/dev/null || echo "a lane")
    summary "$failed"
    printf '\n\033[1;31mtest.sh: step failed (exit %d): %s; its output is above and in %s/\033[0m\n' \
      "$status" "$failed" "$logs" >&2
    exit "$status"
  fi
done
summary
printf '\n\033[1;32mall tests passed\033[0m\n'
