#!/usr/bin/env bash
# Sets up what is missing, builds the site and serves it:
#   bash scripts/run.sh [--port 8000] [--host 127.0.0.1]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
bash scripts/build.sh wasm
exec node scripts/serve.mjs --dir build/wasm/site "$@"
