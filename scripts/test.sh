#!/usr/bin/env bash
# Sets up what is missing and runs every test: style, native unit/CLI tests
# under ASan+UBSan, the release build's tests, and the browser tests (all of
# them against the page built with Emscripten's assertions and stack-overflow
# checks, the large-input ones against the release page too).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
step() { printf '\n\033[1;34m==> %s\033[0m\n' "$*"; }

step "clang-format"
bash scripts/format.sh --check

step "native debug build (ASan + UBSan) and its tests"
bash scripts/build.sh native-debug
ctest --preset native-debug

step "native release build (CLI, benchmarks) and its tests"
bash scripts/build.sh native
ctest --preset native

step "WebAssembly builds: release, and checked (assertions, stack-overflow checks)"
bash scripts/build.sh wasm wasm-checked

step "browser tests (headless Chromium) against the checked page"
(cd tests/browser && SITE_DIR=build/wasm-checked/site node --test page_test.mjs zuma_test.mjs large_input_test.mjs)

step "browser tests of large inputs against the release page"
(cd tests/browser && node --test large_input_test.mjs)

step "all tests passed"
