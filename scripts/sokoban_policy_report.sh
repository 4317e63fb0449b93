#!/usr/bin/env bash
# The general Sokoban policy's figures (docs/experiments/sokoban.md): held-out generated levels by size and box count
# (playground sokoban generate with seeds 900001.. and at least side - 3 pushes, which the trainer never draws: it seeds its levels with
# mix_seed), then the agents on each set with playground sokoban eval.
#   scripts/sokoban_policy_report.sh [-p PLAYGROUND] [-n LEVELS] [-a "policy policy:greedy guided solver"] [BOXOBAN_FILE:COUNT]
# e.g. scripts/sokoban_policy_report.sh -n 100 ../shared/data/boxoban/unfiltered-train/004.txt:1000
# Use a release build (cmake --preset native).
set -euo pipefail
playground=build/native/bin/playground
count=100
agents="policy guided"
while getopts "p:n:a:" opt; do
  case $opt in
    p) playground=$OPTARG ;;
    n) count=$OPTARG ;;
    a) agents=$OPTARG ;;
    *) echo "usage: $0 [-p PLAYGROUND] [-n LEVELS] [-a AGENTS] [BOXOBAN_FILE:COUNT]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
sets=()
for size in 7 8 10; do
  for boxes in 1 2 3; do
    file="$dir/held_out_${size}x${size}_${boxes}box.txt"
    "$playground" sokoban generate --count "$count" --seed 900001 --width "$size" --height "$size" \
      --boxes "$boxes" --min-pushes $((size - 3)) --out "$file" > /dev/null
    sets+=("$file:$count")
  done
done
sets+=("$@")
printf '%-28s %-14s %7s %18s %12s %12s %10s\n' levels agent solved "95% interval" mean_steps over_optimal nodes
for spec in "${sets[@]}"; do
  file=${spec%:*}
  first=${spec##*:}
  for agent in $agents; do
    out=$("$playground" sokoban eval --agent "$agent" --levels "$file" --first "$first" 2>/dev/null)
    rate=$(printf '%s\n' "$out" | sed -n 's/^solve rate \([0-9.]*%\) (95% interval \([0-9.%]*\.\.[0-9.%]*\).*/\1 \2/p')
    steps=$(printf '%s\n' "$out" | sed -n 's/^mean steps when solved \([0-9.]*\).*/\1/p')
    over=$(printf '%s\n' "$out" | sed -n 's/.*: \([-+0-9.]*\) steps over optimal.*/\1/p')
    nodes=$(printf '%s\n' "$out" | sed -n 's/^nodes expanded by the first search of each episode: \([0-9]*\).*/\1/p')
    printf '%-28s %-14s %7s %18s %12s %12s %10s\n' "$(basename "$file" .txt):$first" "$agent" ${rate:-- -} \
      "${steps:--}" "${over:--}" "${nodes:--}"
  done
done
