#!/usr/bin/env bash
# The network probe natively and in WebAssembly (node) must print the same
# bits: every step's output, the policy files' bytes, softmax, exp and tanh.
#   wasm_parity.sh NATIVE_PROBE WASM_PROBE_JS
set -u
native=${1:?usage: wasm_parity.sh native_probe wasm_probe.js}
wasm=${2:?usage: wasm_parity.sh native_probe wasm_probe.js}
if [ ! -f "$wasm" ]; then
  echo "skipped: $wasm is not built (bash scripts/build.sh wasm)"
  exit 77
fi
a=$("$native") || { echo "FAIL: the native probe failed"; exit 1; }
b=$(node "$wasm") || { echo "FAIL: the WebAssembly probe failed"; exit 1; }
lines=$(printf '%s\n' "$a" | wc -l)
if [ "$a" != "$b" ]; then
  echo "FAIL: native and WebAssembly outputs differ:"
  diff <(printf '%s\n' "$a") <(printf '%s\n' "$b") | head -40
  exit 1
fi
echo "ok: native and WebAssembly print the same $lines lines of bits"
printf '%s\n' "$a" | head -12
