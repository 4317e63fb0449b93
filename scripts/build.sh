#!/usr/bin/env bash
# Builds what is asked: native | native-debug | wasm (default: all three), or native-checks (the release
# targets scripts/test.sh needs: the CLI, the benchmarks and the release checks, without the training tools).
# Outputs: build/native/bin/playground (CLI), build/native/bin/playground-train (the training commands, with
# libtorch), build/wasm/site/ (the static site).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export NODE_PATH=/usr/share/nodejs  # Emscripten's JS optimizer needs Debian's acorn
presets=("$@")
[ ${#presets[@]} -gt 0 ] || presets=(native native-debug wasm)
for preset in "${presets[@]}"; do
  echo "[build] $preset"
  configure=$preset
  [ "$preset" = native-checks ] && configure=native
  # A debug build configured before it moved to clang (CMakePresets.json) is configured again, from scratch.
  if [ "$configure" = native-debug ] && [ -f build/native-debug/CMakeCache.txt ] &&
    ! grep -q '^CMAKE_CXX_COMPILER:.*clang++' build/native-debug/CMakeCache.txt; then
    echo "[build] build/native-debug was configured with another compiler: configuring it again with clang"
    rm -rf build/native-debug
  fi
  if [ ! -f "build/$configure/CMakeCache.txt" ]; then cmake --preset "$configure" >/dev/null; fi
  cmake --build --preset "$preset"
done
