#!/usr/bin/env bash
# Builds the benchmarks (native and WebAssembly) and prints every figure with its ratios.
#   bash scripts/bench.sh [--seconds 1] [--loads 5]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh >/dev/null
bash scripts/build.sh native wasm >/dev/null
exec node bench/run_benchmarks.mjs "$@"
