#!/usr/bin/env bash
# Builds the folder to put on any static host (docs/hosting.md): the WebAssembly site first (scripts/build.sh
# wasm) unless --no-build, then content-hashed names, precompressed .gz/.br variants and site-manifest.json
# (scripts/build_site.mjs), and prints each game's download raw, gzip and brotli.
#   bash scripts/build_site.sh [--no-build] [OUT]      (OUT: build/site)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=1
args=()
for a in "$@"; do
  case "$a" in
    --no-build) build=0 ;;
    -h|--help) echo "usage: bash scripts/build_site.sh [--no-build] [OUT]   (OUT: build/site)"; exit 0 ;;
    *) args+=("$a") ;;
  esac
done
if [ "$build" = 1 ]; then bash "$here/build.sh" wasm; fi
exec node "$here/build_site.mjs" "${args[@]}"
