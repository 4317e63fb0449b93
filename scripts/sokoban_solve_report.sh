#!/usr/bin/env bash
# The Sokoban solver on the first levels of level files: how many it solves
# within a per-level limit, the time distribution (milliseconds, the solver's own
# clock: parsing the file and starting the process are left out), the mean
# pushes of the solutions and the nodes (positions expanded) per second.
#   scripts/sokoban_solve_report.sh [-p PLAYGROUND] [-t SECONDS] [-o pushes|moves] FILE:COUNT...
# e.g. scripts/sokoban_solve_report.sh -t 30 boxoban/medium-valid/000.txt:200 boxoban/hard/001.txt:100
# Use a release build (cmake --preset native): the debug build's sanitizers are ~10x slower.
set -euo pipefail
playground=build/native/bin/playground
limit=30
optimise=pushes
while getopts "p:t:o:" opt; do
  case $opt in
    p) playground=$OPTARG ;;
    t) limit=$OPTARG ;;
    o) optimise=$OPTARG ;;
    *) echo "usage: $0 [-p PLAYGROUND] [-t SECONDS] [-o pushes|moves] FILE:COUNT..." >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] || { echo "usage: $0 [-p PLAYGROUND] [-t SECONDS] [-o pushes|moves] FILE:COUNT..." >&2; exit 2; }

printf '%-28s %7s %7s %10s %10s %10s %10s %11s %10s\n' file levels solved median_ms p90_ms max_ms mean_push nodes nodes/s
for spec in "$@"; do
  file=${spec%:*}
  count=${spec##*:}
  rows=$(mktemp)
  for ((i = 0; i < count; i++)); do
    out=$("$playground" sokoban solve --level "$file" --index "$i" --time-limit "$limit" --optimise "$optimise" 2>&1) &&
      solved=1 || solved=0
    seconds=$(printf '%s\n' "$out" | awk '/^seconds /{print $2}')
    nodes=$(printf '%s\n' "$out" | awk '/^nodes expanded /{print $3}')
    pushes=$(printf '%s\n' "$out" | awk '/^pushes /{print $2}')
    [[ -n "$seconds" && -n "$nodes" ]] || { echo "level $i of $file: $out" >&2; exit 1; }
    echo "$solved $seconds $nodes ${pushes:-0}" >> "$rows"
  done
  # Times of unsolved levels count at their limit in the distribution.
  sort -k2,2g "$rows" | awk -v name="$(basename "$(dirname "$file")")/$(basename "$file")" '
    { solved += $1; t[NR] = $2; nodes += $3; secs += $2; if ($1) pushes += $4 }
    END {
      n = NR
      median = (n % 2) ? t[(n + 1) / 2] : (t[n / 2] + t[n / 2 + 1]) / 2
      p90 = t[int(0.9 * n + 0.999999)]
      printf "%-28s %7d %7d %10.2f %10.2f %10.2f %10.1f %11d %10.0f\n", name, n, solved, 1000 * median, 1000 * p90,
             1000 * t[n],
             (solved ? pushes / solved : 0), nodes, (secs > 0 ? nodes / secs : 0)
    }'
  rm -f "$rows"
done
