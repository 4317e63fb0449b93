#!/usr/bin/env bash
# Sets up what is missing and runs every test, one step after another, stopping at the first step that fails:
# style; the native tests under ASan+UBSan (with the libtorch trainers, and every fuzz target's corpus replayed);
# the page; the release build (CLI, benchmarks) with the tests whose result the optimiser could change and
# the native-vs-WebAssembly checks; the engine's tests in WebAssembly under SAFE_HEAP; the browser tests; and the
# hosted folder (scripts/build_site.sh) served by nginx.
# Each step's time is printed, and a table of them at the end. docs/testing.md says what each step guards
# against and how long it takes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step_names=()
step_seconds=()
started=$(date +%s)

summary() {  # summary [FAILED-STEP]
  local i total=$(($(date +%s) - started))
  printf '\n\033[1m%-72s %8s\033[0m\n' "step" "time"
  for i in "${!step_names[@]}"; do
    printf '%-72s %5d:%02d\n' "${step_names[$i]}" $((step_seconds[i] / 60)) $((step_seconds[i] % 60))
  done
  if [ $# -gt 0 ]; then printf '%-72s %8s\n' "$1" "FAILED"; fi
  printf '\033[1m%-72s %5d:%02d\033[0m\n' "total" $((total / 60)) $((total % 60))
}

# step NAME FUNCTION: runs FUNCTION with errexit on, times it, and stops the script if it fails.
step() {
  local name=$1 status=0 start
  shift
  printf '\n\033[1;34m==> %s\033[0m\n' "$name"
  start=$(date +%s)
  set +e
  (set -e; "$@")
  status=$?
  set -e
  local seconds=$(($(date +%s) - start))
  if [ "$status" != 0 ]; then
    summary "$name"
    printf '\n\033[1;31mtest.sh: step failed (exit %d after %d s): %s\033[0m\n' "$status" "$seconds" "$name" >&2
    exit "$status"
  fi
  step_names+=("$name")
  step_seconds+=("$seconds")
  printf '\033[1;34m<== %s: %d s\033[0m\n' "$name" "$seconds"
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
  NODE_PATH=/usr/share/nodejs node --test tests/js/page_modules_test.mjs tests/js/write_index_test.mjs
  cd tests/browser
  # A test file that waits for ever (a promise the page never settles) fails after 20 minutes instead of holding
  # CI to its limit (node applies the timeout to each file as a whole too: the longest take a few minutes).
  SITE_DIR=build/wasm/site-checked node --test --test-concurrency=2 --test-timeout=1200000 page_test.mjs zuma_test.mjs binary_test.mjs mancala_test.mjs \
    morris_test.mjs sokoban_test.mjs determinism_test.mjs network_test.mjs policy_loading_test.mjs \
    large_input_test.mjs soak_test.mjs links_test.mjs embedding_test.mjs docs_links_test.mjs \
    words_test.mjs look_test.mjs touch_test.mjs guides_test.mjs frames_test.mjs text_fit_test.mjs
}
browser_release_tests() { cd tests/browser && node --test large_input_test.mjs; }
# The hosted folder from the release site built above (hashed names, .gz/.br), served by Debian's nginx with
# gzip_static and brotli_static at the root and in a subfolder (docs/hosting.md).
hosted_site_tests() {
  bash scripts/build_site.sh --no-build build/site
  cd tests/browser && HOSTED_DIR=build/site node --test hosting_test.mjs
}

step "set-up (scripts/setup.sh)" setup
step "clang-format" format_check
step "native debug build (ASan + UBSan)" native_debug_build
step "native debug tests: unit, golden, CLI, trainers, fuzz corpora (ASan + UBSan)" native_debug_tests
step "WebAssembly build: the page, and the page with Emscripten's checks" wasm_build
step "the first download of each game's page: at most 400 KiB gzip (docs/page.md)" size_budget
step "native release build: CLI, benchmarks, release checks" native_release_build
step "release checks: optimiser-sensitive tests, CLI, native = WebAssembly" native_release_tests
step "the engine's tests in WebAssembly (node): SAFE_HEAP, assertions, stack" wasm_engine_tests
step "browser tests (headless Chromium) against the checked page" browser_tests
step "browser tests of large inputs against the release page" browser_release_tests
step "the hosted site: scripts/build_site.sh, served by nginx" hosted_site_tests
summary
printf '\n\033[1;32mall tests passed\033[0m\n'
