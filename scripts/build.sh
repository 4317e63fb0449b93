#!/usr/bin/env bash
# Builds what is asked: native | native-debug | wasm (default: all three).
# Outputs: build/native/bin/playground (CLI), build/wasm/site/ (the static site).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export NODE_PATH=/usr/share/nodejs  # Emscripten's JS optimizer needs Debian's acorn
presets=("$@")
[ ${#presets[@]} -gt 0 ] || presets=(native native-debug wasm)
for preset in "${presets[@]}"; do
  echo "[build] $preset"
  if [ ! -f "build/$preset/CMakeCache.txt" ]; then cmake --preset "$preset" >/dev/null; fi
  cmake --build --preset "$preset"
done
