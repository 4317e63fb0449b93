#!/usr/bin/env bash
# Sets up what is missing and runs every test: style, native unit/CLI tests
# under ASan+UBSan (with the libtorch parity tests), the release build's tests,
# the network runtime's native-vs-WebAssembly check, and the browser tests.
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

step "network runtime: the same bits natively and in WebAssembly (node)"
ctest --preset native -R NnWasmParity --output-on-failure

step "browser tests (headless Chromium)"
(cd tests/browser && node --test page_test.mjs zuma_test.mjs binary_test.mjs)

step "all tests passed"
