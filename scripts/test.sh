#!/usr/bin/env bash
# Sets up what is missing and runs every test: style, native unit/CLI tests
# under ASan+UBSan, the release build's tests, and the browser tests.
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

step "WebAssembly build"
bash scripts/build.sh wasm

step "browser tests (headless Chromium)"
(cd tests/browser && node --test page_test.mjs zuma_test.mjs binary_test.mjs)

step "all tests passed"
