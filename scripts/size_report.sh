#!/usr/bin/env bash
# The page's download per game (gzip): what its first frame needs, and its policy files.
#   bash scripts/size_report.sh [SITE_DIR] [BEFORE_SITE_DIR]
# SITE_DIR defaults to build/wasm/site; with BEFORE_SITE_DIR (e.g. another checkout's build/wasm/site) it
# prints both. Exits 1 when a game's first frame is over the 400 KiB target.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node scripts/size_report.mjs "$@"
