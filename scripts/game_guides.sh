#!/usr/bin/env bash
# Writes the page's help into each game's guide, docs/games/<game>.md: the part between the two marker lines
# below becomes `playground <game> rules` word for word (the blurb, how to play, the options and agents, as the
# page's Setup panel shows them), so the guides and the page cannot drift apart. With --check it changes
# nothing and fails, naming the guide, when one is missing or differs (the CLI test runs it).
#   bash scripts/game_guides.sh [--check] [path/to/playground]
set -euo pipefail
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
PG=${1:-}
cd "$(dirname "${BASH_SOURCE[0]}")/.." >/dev/null
ROOT=$PWD
cd - >/dev/null
PG=$(realpath "${PG:-$ROOT/build/native/bin/playground}")
cd "$ROOT"
[ -x "$PG" ] || { echo "game_guides.sh: no CLI at $PG (bash scripts/build.sh native)" >&2; exit 2; }

status=0
for game in $("$PG" list | sed -n 's/^\([a-z_]*\): .*/\1/p'); do
  guide="docs/games/$game.md"
  if [ ! -f "$guide" ]; then
    echo "game_guides.sh: $game has no guide ($guide)" >&2
    status=1
    continue
  fi
  begin="<!-- from the page's help: playground $game rules (scripts/game_guides.sh writes this part) -->"
  end="<!-- end of the page's help -->"
  if ! grep -qxF "$begin" "$guide" || ! grep -qxF "$end" "$guide"; then
    echo "game_guides.sh: $guide lacks the marker lines:" >&2
    printf '  %s\n  %s\n' "$begin" "$end" >&2
    status=1
    continue
  fi
  help=$(mktemp)
  "$PG" "$game" rules >"$help"
  written=$(mktemp)
  # The guide with the lines between the markers replaced by the help, framed by empty lines.
  awk -v begin="$begin" -v end="$end" -v help="$help" '
    $0 == begin { print; print ""; while ((getline line < help) > 0) print line; print ""; skipping = 1; next }
    $0 == end { skipping = 0 }
    !skipping { print }' "$guide" >"$written"
  if cmp -s "$guide" "$written"; then
    rm -f "$written"
  elif [ "$check" = 1 ]; then
    echo "game_guides.sh: $guide differs from \`playground $game rules\` (bash scripts/game_guides.sh rewrites it):" >&2
    diff "$guide" "$written" | head -20 >&2 || true
    rm -f "$written"
    status=1
  else
    mv "$written" "$guide"
    echo "wrote the page's help into $guide"
  fi
  rm -f "$help"
done
exit $status
