#!/usr/bin/env bash
# The page's download (gzip): what the first frame needs and what each game adds (its policy files).
#   bash scripts/size_report.sh [SITE_DIR] [BEFORE_SITE_DIR]
# SITE_DIR defaults to build/wasm/site; with BEFORE_SITE_DIR (e.g. another checkout's build/wasm/site) it
# prints both. Exits 1 when the first frame is over the 500 KiB target.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node scripts/size_report.mjs "$@"
