#!/usr/bin/env bash
# The page at every size and in every theme, for review: runs the browser test that takes a screenshot per
# size (desktop, phones, landscape phone, tablet) and theme (dark, light, high contrast) of the same Kalah
# moment, and copies them to docs/screenshots/. Needs the built site (bash scripts/build.sh wasm) and the CLI.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=docs/screenshots
(cd tests/browser && PG_ALL_SCREENSHOTS=1 node --test --test-name-pattern='a screenshot per size and theme' look_test.mjs)
mkdir -p "$out"
cp tests/browser/artifacts/look/*.png "$out/"
ls -1 "$out" | sed 's/^/  /'
echo "screenshots: $(ls "$out" | wc -l) files in $out"
# The students' guides' pictures, with their numbered call-outs (tests/browser/guides_test.mjs).
(cd tests/browser && node --test guides_test.mjs)
cp tests/browser/artifacts/guides/*.png docs/games/
ls -1 docs/games/*.png | sed 's/^/  /'
