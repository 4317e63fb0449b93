#!/usr/bin/env bash
# Sets up what is missing, builds the hosted folder (build/site: scripts/build_site.sh, which builds the
# WebAssembly site first) and serves exactly that folder, as a static host would (scripts/serve.mjs):
#   bash scripts/run.sh [--port 8000] [--host 127.0.0.1]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
bash scripts/build_site.sh build/site
exec node scripts/serve.mjs --dir build/site "$@"
