#!/usr/bin/env bash
# clang-format over our C++ (third_party excluded): --check fails on a diff.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mapfile -t files < <(git ls-files -co --exclude-standard -- 'engine/*.cc' 'engine/*.h' 'web/*.cc' 'web/*.h' \
  'tools/*.cc' 'tools/*.h' 'tests/*.cc' 'tests/*.h' 'bench/*.cc' 'bench/*.h' 'python/*.cc' | sort -u |
  while read -r f; do [ -f "$f" ] && echo "$f"; done)  # files deleted but not yet committed are skipped
if [ "${1:-}" = "--check" ]; then
  clang-format --dry-run --Werror "${files[@]}" && echo "clang-format: ${#files[@]} files clean"
else
  clang-format -i "${files[@]}"
fi
