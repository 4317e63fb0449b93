#!/usr/bin/env bash
# Sets up what is missing and runs every test: style, native unit/CLI tests
# under ASan+UBSan (with the libtorch parity tests), a short run of every fuzz
# target (scripts/fuzz.sh --short), the release build's tests, the network
# runtime's native-vs-WebAssembly check, the engine's tests in WebAssembly under
# SAFE_HEAP, and the browser tests (all of them against the page linked with
# Emscripten's assertions and stack-overflow checks, the large-input ones
# against the release page too).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
step() { printf '\n\033[1;34m==> %s\033[0m\n' "$*"; }

step "clang-format"
bash scripts/format.sh --check

step "native debug build (ASan + UBSan) and its tests"
bash scripts/build.sh native-debug
ctest --preset native-debug

step "fuzz targets (clang, libFuzzer, ASan + UBSan): their regression inputs, then a few seconds each"
bash scripts/fuzz.sh --short

step "native release build (CLI, benchmarks) and its tests"
bash scripts/build.sh native
ctest --preset native

step "WebAssembly build: the page, and the same page with assertions and stack-overflow checks"
bash scripts/build.sh wasm

step "the page's first download: under 500 KiB gzip (docs/policies.md)"
bash scripts/size_report.sh >/dev/null || { bash scripts/size_report.sh; exit 1; }

step "network runtime: the same bits natively and in WebAssembly (node)"
ctest --preset native -R NnWasmParity --output-on-failure

step "the engine's tests in WebAssembly under node: assertions, SAFE_HEAP, stack checks (docs/reliability.md)"
bash scripts/wasm_engine_tests.sh

step "browser tests (headless Chromium) against the checked page"
(cd tests/browser && SITE_DIR=build/wasm/site-checked node --test page_test.mjs zuma_test.mjs binary_test.mjs mancala_test.mjs morris_test.mjs sokoban_test.mjs determinism_test.mjs network_test.mjs policy_loading_test.mjs large_input_test.mjs soak_test.mjs)

step "browser tests of large inputs against the release page"
(cd tests/browser && node --test large_input_test.mjs)

step "all tests passed"
