#!/usr/bin/env bash
# The CLI end to end: replay prints the trace, errors name what is wrong, match prints its table.
set -u
PG=${1:?usage: cli_test.sh path/to/playground}
fail=0
check() {  # check NAME EXPECTED-SUBSTRING ACTUAL
  if [[ "$3" == *"$2"* ]]; then echo "ok   $1"; else echo "FAIL $1: expected '$2' in:"; echo "$3"; fail=1; fi
}

out=$("$PG" mancala replay --seed 7 --actions 3,6,1 2>&1); rc=$?
check "replay exits 0" "0" "$rc"
check "replay prints the trace format" '"format": "rl-playground-trace"' "$out"
check "replay prints the seed" '"seed": 7' "$out"
board=$(printf '%s' "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const t=JSON.parse(s);console.log(t.steps[2].state.board.join(","), t.steps[2].state.to_move)})')
# 3: four stones reach the store (extra turn); 6: five stones from hole 5 to 10;
# player 1's pit 1: five stones into holes 8..12.
check "replay's third state" "4,4,0,5,5,0,2,0,6,6,6,5,5,0 0" "$board"
n=$(printf '%s' "$out" | grep -c '"action":')
check "replay has three steps" "3" "$n"

out=$("$PG" mancala replay --actions 3,3 2>&1); rc=$?
check "illegal action exits 2" "2" "$rc"
check "illegal action names its position" "action 2 ('3'): '3' is not a legal action here (legal: 1,2,4,5,6)" "$out"

out=$("$PG" mancala replay --actions 1 --stones-per-pit 99 2>&1)
check "bad option names the option" "option 'stones_per_pit': must be an integer from 1 to 10" "$out"

out=$("$PG" mancala replay --actions 1 --speed 3 2>&1)
check "unknown flag is named" "flag --speed: unknown here" "$out"

out=$("$PG" chess replay --actions 1 2>&1)
check "unknown game is named" "game 'chess': unknown game (known: mancala" "$out"

out=$("$PG" mancala match --first greedy:5 --second random --games 50 --seed 1 2>&1); rc=$?
check "match exits 0" "0" "$rc"
check "match prints wins draws losses" "first player (greedy:5): " "$out"
check "match prints the win rate with its interval" "first player's win rate: " "$out"
check "match names the interval" "95% interval" "$out"

out=$("$PG" mancala match --first greedy:9 --second random 2>&1)
check "bad agent depth is named" "agent 'greedy:9': parameter must be an integer from 1 to 5" "$out"

out=$("$PG" mancala replay --seed 7 --actions 3,6,1 --options '{"stones_per_pit": 6}' 2>&1)
check "options as JSON" '"stones_per_pit": 6' "$out"

out=$("$PG" mancala table --agents random,greedy:2 --games 20 --seed 3 2>&1); rc=$?
check "table exits 0" "0" "$rc"
check "table has a row per agent" "greedy:2" "$(printf '%s' "$out" | tail -1)"
check "table's heuristic-free header" "first \\ second" "$out"

out=$("$PG" mancala play --agents greedy:3,random --seed 4 2>&1); rc=$?
check "play exits 0" "0" "$rc"
check "play records the decisions" '"decision": {' "$out"
check "play ends the game" '"done": true' "$(printf '%s' "$out" | tail -3)"
out=$("$PG" mancala play --agents human,random 2>&1)
check "play refuses a human" "flag --agents: the command line has no human player" "$out"

out=$("$PG" list 2>&1)
check "list shows the agents" "greedy:5" "$out"
exit $fail
