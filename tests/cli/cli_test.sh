#!/usr/bin/env bash
# The CLI end to end: replay prints the trace, errors name what is wrong, match prints its table.
set -u
PG=${1:?usage: cli_test.sh path/to/playground}
# The training commands run in playground-train, beside playground where libtorch is installed; without it
# playground refuses them by name.
TRAINING=0
[ -x "$(dirname "$PG")/playground-train" ] && TRAINING=1
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

# --format text: a line per step in the game's words, then the position reached.
out=$("$PG" tictactoe replay --actions b2,a3,c3,b3,a1 --format text 2>&1); rc=$?
check "replay --format text exits 0" "0" "$rc"
check "replay --format text says what the step did" "5. player 0 (replay): a1   reward +1 / -1   three in a row: c3 b2 a1" "$out"
check "replay --format text ends on the position" "X wins" "$out"
out=$("$PG" mancala play --agents greedy:2,random --format text 2>&1)
check "play --format text names the agents and the game's events" "1. player 0 (greedy:2): 3   reward +0 / +0   extra turn" "$out"
out=$("$PG" mancala play --format xml 2>&1); rc=$?
check "a bad --format exits 2" "2" "$rc"
check "a bad --format is named" "flag --format: expected json or text, not 'xml'" "$out"

out=$("$PG" mancala replay --actions 3,3 2>&1); rc=$?
check "illegal action exits 2" "2" "$rc"
check "illegal action names its position" "action 2 ('3'): '3' is not a legal action here (legal: 1,2,4,5,6)" "$out"

out=$("$PG" mancala replay --actions 1 --stones-per-pit 99 2>&1)
check "bad option names the option" "option 'stones_per_pit': must be an integer from 1 to 10" "$out"

out=$("$PG" mancala replay --actions 1 --speed 3 2>&1)
check "unknown flag is named" "flag --speed: unknown here" "$out"
# Found by fuzzing (tests/fuzz/regressions/cli_args/): a value that is not UTF-8 made the error message's JSON throw.
out=$("$PG" sokoban show --max-steps $'\xff\xff' 2>&1); rc=$?
check "a flag's value that is not UTF-8 exits 2" "2" "$rc"
check "a flag's value that is not UTF-8 is named" "argument 2 after the command: not valid UTF-8 text" "$out"
out=$("$PG" zuma play --options '[99e94464,' 2>&1); rc=$?
check "--options with a number too large is refused, not a crash (found by fuzzing)" "2" "$rc"
check "--options with a number too large names the flag" "flag --options: not valid JSON" "$out"

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
check "play records each move's principal variation" '"line": "P0 ' "$out"
out=$("$PG" mancala play --agents human,random 2>&1)
check "play refuses a human" "flag --agents: the command line has no human player" "$out"

out=$("$PG" list 2>&1)
check "list shows the agents" "greedy:5" "$out"
# Zuma: the homework's engine, its scenarios (JSON or the homework's Python dict), eval and train.
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

out=$("$PG" zuma show 2>&1); rc=$?
check "zuma show exits 0" "0" "$rc"
check "zuma show prints the homework's example line" "line  R B G G G Y B R B G Y Y" "$out"

out=$("$PG" zuma replay --seed 42 --actions 1,2,-1 2>&1); rc=$?
check "zuma replay exits 0" "0" "$rc"
lines=$(printf '%s' "$out" | python3 -c 'import json,sys; t=json.load(sys.stdin); print(len(t["steps"]), all("line" in s["state"] for s in t["steps"]), t["seed"])')
check "zuma replay's states have lines" "3 True 42" "$lines"

out=$("$PG" zuma replay --actions 99 2>&1); rc=$?
check "zuma bad action exits 2" "2" "$rc"
check "zuma bad action names its position and the legal actions" \
  "action 1 ('99'): '99' is not a legal action here (legal: -1,0,1,2,3,4,5,6,7,8,9,10,11,12)" "$out"

out=$("$PG" zuma eval --agent greedy --episodes 200 --seed 1 --max-steps 50 --max-length 10 --random-lines 2>&1); rc=$?
check "zuma eval exits 0" "0" "$rc"
check "zuma eval describes the grading protocol" "max_steps 50, max_length 10, a new random line each episode" "$out"
check "zuma eval prints the mean return" "greedy: mean return " "$out"
check "zuma eval prints the interval" "95% interval" "$out"

out=$("$PG" zuma eval --agent nope 2>&1); rc=$?
check "zuma unknown agent exits 2" "2" "$rc"
check "zuma unknown agent is named" "agent 'nope': unknown agent for zuma" "$out"

out=$("$PG" zuma train --episodes 2000 --eval-episodes 100 --max-steps 50 --max-length 10 --random-lines \
  --out "$TMP/p.json" 2>&1); rc=$?
check "zuma train exits 0" "0" "$rc"
check "zuma train says where it saved" "saved $TMP/p.json" "$out"
policy=$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(p["format"], type(p["info"]["score"]["mean"]).__name__, p["info"]["score"]["episodes"])' "$TMP/p.json" 2>&1)
check "zuma train writes a Q-table with its score" "rl-playground-zuma-qtable float 100" "$policy"
out=$("$PG" zuma train --episodes 500 --eval-episodes 10 --out "$TMP/p.rlpg" 2>&1); rc=$?
check "zuma train --out FILE.rlpg exits 0" "0" "$rc"
check "zuma train writes the policy format" "RLPGPOLICY" "$(head -c 10 "$TMP/p.rlpg")"
out=$("$PG" zuma convert --in "$TMP/p.rlpg" --out "$TMP/p2.json" 2>&1); rc=$?
check "zuma convert reads the policy format" "0" "$rc"
head -c 100 "$TMP/p.rlpg" > "$TMP/cut.rlpg"
out=$("$PG" zuma convert --in "$TMP/cut.rlpg" --out "$TMP/p3.json" 2>&1); rc=$?
check "zuma convert: a truncated file exits 2" "2" "$rc"
check "zuma convert: a truncated file is named" "$TMP/cut.rlpg: truncated" "$out"

# The DQN (run by playground-train, which links libtorch; where it is not built the method is refused by name).
out=$("$PG" zuma train --method dqn --steps 1500 --learn-start 200 --hidden 16 --eval-episodes 50 --scenario grading \
  --out "$TMP/dqn.rlpg" 2>&1); rc=$?
if [ "$TRAINING" = 0 ]; then
  check "zuma train --method dqn without playground-train is refused by name" "flag --method: dqn needs the training tools" "$out"
else
  check "zuma train --method dqn exits 0" "0" "$rc"
  check "zuma train --method dqn evaluates the greedy policy" "evaluation (greedy): mean return" "$out"
  check "zuma train --method dqn says where it saved" "saved $TMP/dqn.rlpg" "$out"
  header=$(python3 -c '
import json, struct, sys
b = open(sys.argv[1], "rb").read()
n = struct.unpack("<I", b[11:15])[0]
h = json.loads(b[15:15 + n])
print(b[:10].decode(), h["kind"], h["observation"]["encoding"], h["observation"]["shape"], h["scores"]["episodes"], h["training"]["settings"]["steps"], h["training"]["command"])' "$TMP/dqn.rlpg" 2>&1)
  check "the DQN file records its kind, observation, score, settings and command" \
    "RLPGPOLICY q-network zuma-rows-v1 [12, 4] 50 1500 playground zuma train --method dqn --steps 1500 --learn-start 200 --hidden 16 --eval-episodes 50 --scenario grading --out $TMP/dqn.rlpg" "$header"
  out=$("$PG" zuma train --method dqn --loss l1 --out "$TMP/x.rlpg" 2>&1); rc=$?
  check "zuma train --method dqn refuses a bad loss" "2" "$rc"
  check "zuma train --method dqn names the bad setting" "dqn settings.loss: expected \"huber\" or \"mse\"" "$out"
fi
out=$("$PG" zuma train --method deep --out "$TMP/x.rlpg" 2>&1)
check "zuma train names an unknown method" "flag --method: expected tabular or dqn, got 'deep'" "$out"
out=$("$PG" zuma eval --agent dqn --episodes 100 --seed 1 --max-steps 50 --max-length 10 --random-lines 2>&1); rc=$?
check "zuma eval of the shipped DQN exits 0" "0" "$rc"
check "zuma eval of the shipped DQN prints its mean return" "dqn: mean return " "$out"
# --policy FILE: a copy of the shipped DQN plays as the shipped one; a damaged copy is refused by name.
cp "$(dirname "$0")/../../policies/zuma/dqn.rlpg" "$TMP/dqn.rlpg"
shipped=$("$PG" zuma eval --agent dqn --episodes 30 --seed 5 --max-steps 50 --max-length 10 --random-lines 2>&1)
copied=$("$PG" zuma eval --agent dqn --episodes 30 --seed 5 --max-steps 50 --max-length 10 --random-lines \
  --policy "$TMP/dqn.rlpg" 2>&1)
check "--policy FILE plays the copy as the shipped file" "$(printf '%s' "$shipped" | grep 'mean return')" "$copied"
python3 -c 'import sys; p=sys.argv[1]; b=bytearray(open(p,"rb").read()); b[-5]^=0x55; open(p,"wb").write(b)' "$TMP/dqn.rlpg"
out=$("$PG" zuma eval --agent dqn --episodes 3 --max-steps 50 --max-length 10 --random-lines --policy "$TMP/dqn.rlpg" 2>&1); rc=$?
check "--policy with a damaged file exits 2" "2" "$rc"
check "--policy with a damaged file names the checksum" "checksum" "$out"
out=$("$PG" zuma eval --agent dqn --episodes 3 --policy "$TMP/nothing.rlpg" 2>&1)
check "--policy names a file that is not there" "flag --policy" "$out"
cp "$TMP/dqn.rlpg" "$TMP/other.rlpg"
out=$("$PG" zuma eval --agent dqn --episodes 3 --policy "$TMP/other.rlpg" 2>&1)
check "--policy FILE of no shipped name lists the shipped files" "no shipped policy of zuma is named 'other.rlpg' (shipped: zuma/dqn.rlpg" "$out"
out=$("$PG" zuma eval --agent dqn --episodes 3 --policy "zuma/nope.rlpg=$TMP/other.rlpg" 2>&1)
check "--policy SHIPPED=FILE names an unknown shipped file" "'zuma/nope.rlpg' is not a shipped policy" "$out"
out=$("$PG" zuma eval --agent dqn --episodes 10 2>&1)
check "the DQN on another max_length is refused, naming the shapes" "observation shape" "$out"

out=$("$PG" mancala train --games 3000 --eval-games 20 --early-end true --out "$TMP/theta.json" 2>&1); rc=$?
check "mancala train exits 0" "0" "$rc"
check "mancala train reports theta:1 against greedy:1" "theta:1 first vs greedy:1: " "$out"
theta=$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(p["format"], len(p["weights"]), p["info"]["command"])' "$TMP/theta.json" 2>&1)
check "mancala train writes 40 named weights and its command" \
  "rl-playground-kalah-theta 40 playground mancala train --games 3000 --eval-games 20 --early-end true" "$theta"
out=$("$PG" mancala train --games 10 --alpha -1 --out "$TMP/x.json" 2>&1); rc=$?
check "mancala train refuses a bad alpha" "2" "$rc"
out=$("$PG" mancala train --games 10 --alpha fast --out "$TMP/x.json" 2>&1)
check "mancala train names a non-numeric alpha" "flag --alpha: expected a number, got 'fast'" "$out"
out=$("$PG" mancala train --games 10 2>&1)
check "mancala train needs --out" "flag --out: missing" "$out"
out=$("$PG" mancala match --first theta:5:nope --second random --games 1 2>&1)
check "unknown theta weights are named" "no weights named 'nope'" "$out"
out=$("$PG" mancala train --method td-leaf --games 100 --depth 2 --start theta_pool --eval-games 4 \
  --out "$TMP/leaf.json" 2>&1); rc=$?
check "mancala train --method td-leaf exits 0" "0" "$rc"
check "mancala train --method td-leaf reports theta:5" "theta:5 second vs greedy:5: " "$out"
check "mancala train --method td-leaf saves its settings" '"method": "TD-Leaf(lambda)' "$(cat "$TMP/leaf.json")"
out=$("$PG" mancala train --method sarsa --games 10 --out "$TMP/x.json" 2>&1)
check "mancala train names an unknown method" "flag --method: expected td0 (the report's) or td-leaf" "$out"
out=$("$PG" mancala train --method td-leaf --start nope --games 10 --out "$TMP/x.json" 2>&1)
check "mancala train names unknown start weights" "flag --start: no weights named 'nope'" "$out"
out=$("$PG" mancala train-ntuple --games 2000 --eval-games 4 --out "$TMP/ntuple.json" 2>&1); rc=$?
check "mancala train-ntuple exits 0" "0" "$rc"
check "mancala train-ntuple reports ntuple:5 second" "ntuple:5 second vs greedy:5: " "$out"
ntuple=$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(p["format"], len(p["tables"]), p["info"]["command"])' "$TMP/ntuple.json" 2>&1)
check "mancala train-ntuple writes 16 named tables and its command" \
  "rl-playground-kalah-ntuple 16 playground mancala train-ntuple --games 2000 --eval-games 4" "$ntuple"
out=$("$PG" mancala match --first "ntuple:2:$TMP/nope" --second random --games 1 2>&1)
check "unknown n-tuple values are named" "no n-tuple value named" "$out"
out=$("$PG" mancala train-ntuple --games 10 --lambda 2 --out "$TMP/x.json" 2>&1)
check "mancala train-ntuple refuses a lambda above 1" "epsilon and lambda in [0, 1]" "$out"
out=$("$PG" mancala match --first ntuple:5 --second greedy:1 --games 2 2>&1); rc=$?
check "the shipped n-tuple value plays" "0" "$rc"
out=$("$PG" mancala train-ntuple --method bootstrap --games 20 --exact-stones 8 --result-weight 0.8 --eval-games 2 \
  --out "$TMP/boot.json" 2>&1); rc=$?
check "mancala train-ntuple --method bootstrap exits 0" "0" "$rc"
check "mancala train-ntuple --method bootstrap starts from the shipped value" "bootstrap from ntuple_averaged" "$out"
boot=$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); b=p["info"]["bootstrap"]; print(len(p["tables"]), b["start"], b["exact_stones"], b["result_weight"])' "$TMP/boot.json" 2>&1)
check "mancala train-ntuple --method bootstrap saves its settings" "16 ntuple_averaged 8 0.8" "$boot"
out=$("$PG" mancala train-ntuple --method bootstrap --games 5 --tables extended --margin-scale 8 --margin-weight 0.5 \
  --eval-games 0 --out "$TMP/ext.json" 2>&1); rc=$?
check "mancala train-ntuple --tables extended exits 0" "0" "$rc"
ext=$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); b=p["info"]["bootstrap"]; print(p["version"], len(p["tables"]), b["tables"], b["margin_scale"], b["margin_weight"])' "$TMP/ext.json" 2>&1)
check "mancala train-ntuple --tables extended writes version 2 with 19 tables and the margin" "2 19 extended 8.0 0.5" "$ext"
out=$("$PG" mancala train-ntuple --method bootstrap --tables wide --games 5 --out "$TMP/x.json" 2>&1)
check "mancala train-ntuple names a bad --tables" "flag --tables: expected basic or extended, got 'wide'" "$out"
out=$("$PG" mancala train-ntuple --method bootstrap --margin-scale 8 --margin-weight 2 --games 5 --out "$TMP/x.json" 2>&1)
check "mancala train-ntuple names a bad --margin-weight" "flag --margin-weight: expected a number in [0, 1]" "$out"
out=$("$PG" mancala train-ntuple --margin-scale 8 --games 5 --out "$TMP/x.json" 2>&1)
check "mancala train-ntuple keeps the margin to the bootstrap" "flag --margin-scale: only with --method bootstrap" "$out"
out=$("$PG" mancala average-ntuple --values ntuple_standard,ntuple_treestrap --out "$TMP/avg.json" 2>&1); rc=$?
check "mancala average-ntuple exits 0" "0" "$rc"
avg=$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(len(p["tables"]), [s["name"] for s in p["info"]["average"]])' "$TMP/avg.json" 2>&1)
check "mancala average-ntuple writes the mean and names its sources" "16 ['ntuple_standard', 'ntuple_treestrap']" "$avg"
out=$("$PG" mancala average-ntuple --values ntuple_standard --out "$TMP/x.json" 2>&1)
check "mancala average-ntuple wants two values" "flag --values: expected two or more names" "$out"
out=$("$PG" mancala average-ntuple --values ntuple_standard,nope --out "$TMP/x.json" 2>&1)
check "mancala average-ntuple names an unknown value" "flag --values: no n-tuple value named 'nope'" "$out"
out=$("$PG" mancala train-ntuple --method bootstrap --start nope --games 10 --out "$TMP/x.json" 2>&1)
check "mancala train-ntuple --method bootstrap names an unknown start" "flag --start: no n-tuple value named 'nope'" "$out"
out=$("$PG" mancala train-ntuple --method bootstrap --learner-seat third --games 10 --out "$TMP/x.json" 2>&1)
check "mancala train-ntuple names a bad learner seat" "flag --learner-seat: expected first, second or both" "$out"
out=$("$PG" mancala train-ntuple --target-depth 4 --games 10 --out "$TMP/x.json" 2>&1)
check "mancala train-ntuple keeps bootstrap flags to that method" "flag --target-depth: only with --method bootstrap" "$out"

out=$("$PG" mancala solve --stones-per-pit 2 --database-stones 6 2>&1); rc=$?
check "mancala solve exits 0" "0" "$rc"
check "mancala solve prints Kalah(6,2)'s value" "value: +6 (final store difference" "$out"
check "mancala solve marks the best move" "pit 5: +6  (best)" "$out"
check "mancala solve reports the bounds each pass proves" "proven so far: value >= +4" "$out"
out=$("$PG" mancala solve --state '{"board":[0,0,0,0,0,1,20,0,0,0,0,0,2,25],"to_move":0,"done":false}' \
  --database-stones 0 2>&1)
check "mancala solve takes a state" "value: -6" "$out"
out=$("$PG" mancala solve --state '{"board":[1]}' 2>&1); rc=$?
check "mancala solve names a bad state" "state.board: expected an array of 14 counts" "$out"
out=$("$PG" mancala solve --time-limit 0.2 --database-stones 0 2>&1); rc=$?
check "mancala solve says when it ran out of time" "not solved within" "$out"
check "mancala solve out of time exits 1" "1" "$rc"

out=$("$PG" mancala tournament --players "random,greedy:1..2" --games 6 --seed 2 --json "$TMP/t.json" --svg "$TMP/t.svg" 2>&1); rc=$?
check "tournament exits 0" "0" "$rc"
check "tournament expands ranges into columns" "greedy:1            greedy:2" "$out"
check "tournament prints intervals" "[" "$(printf '%s' "$out" | grep '^greedy:2')"
check "tournament writes JSON" '"first_win_rate_95"' "$(cat "$TMP/t.json")"
n=$(grep -c '"first":' "$TMP/t.json")
check "tournament JSON has every cell" "9" "$n"
check "tournament writes an SVG" "<svg xmlns" "$(head -1 "$TMP/t.svg")"
n=$(grep -c '<rect x=' "$TMP/t.svg")
check "tournament SVG has a rectangle per cell" "9" "$n"
out=$("$PG" mancala tournament --players "greedy:3..1" 2>&1)
check "tournament names a bad range" "agent 'greedy:3..1': parameter must be an integer from 3 to 1000" "$out"

out=$("$PG" mancala quality --players "random,greedy:2,perfect" --source greedy:1..2 --games 4 --max-stones 10 --database-stones 6 2>&1); rc=$?
check "quality exits 0" "0" "$rc"
check "quality counts its positions" "distinct positions with at most 10 stones in the pits" "$out"
check "quality: perfect keeps every value" "perfect              100.0%" "$out"

out=$("$PG" mancala play --agents perfect:1,random 2>&1); rc=$?
check "play: a declining agent exits 1" "1" "$rc"
check "play: a declining agent says why" "agent 'perfect:1' declined to move at step 0: the solver did not settle" "$out"
out=$("$PG" mancala match --first perfect --second random --games 2 2>&1); rc=$?
check "match: a declining agent loses the game, named" "game 1 (seed 1): the first player, 'perfect', declined to move at step 0 and loses the game: the solver did not settle" "$out"
check "match: a declining agent's forfeits are counted" "first player (perfect) forfeited 2 of 2 games" "$out"

cat > "$TMP/example.py" <<'PY'
{
    'chosen_action_prob': {1: 0.6, 2: 0.7, 3: 0.5, 4: 0.9},
    # 'chosen_action_prob': {1: 1, 2: 1, 3: 1, 4: 1},
    'next_color_dist': {1: 0.1, 2: 0.6, 3: 0.15, 4: 0.15},
    # 'next_color_dist': {1: 0.25, 2: 0.25, 3: 0.25, 4: 0.25},
    'color_pop_prob': {1: 0.6, 2: 0.7, 3: 0.4, 4: 0.9},
    'color_pop_reward': {'3_pop': {1: 3, 2: 1, 3: 2, 4: 2},
                        'extra_pop': {1: 1, 2: 2, 3: 3, 4: 1}},
    'color_not_finished_punishment': {1: 2, 2: 3, 3: 5, 4: 1},
    'finished_reward': 150,
    'seed': 42}
PY
out=$("$PG" zuma show --scenario "$TMP/example.py" 2>&1); rc=$?
check "zuma scenario file as a Python dict exits 0" "0" "$rc"
check "zuma scenario file as a Python dict keeps the example line" "line  R B G G G Y B R B G Y Y" "$out"

sed 's/3: 0.15, 4: 0.15}/3: 0.15, 4: 0.05}/' "$TMP/example.py" > "$TMP/bad.py"
out=$("$PG" zuma show --scenario "$TMP/bad.py" 2>&1); rc=$?
check "zuma bad scenario file exits 2" "2" "$rc"
check "zuma bad scenario file names next_color_dist" "model.next_color_dist: the probabilities add up to 0.9" "$out"

out=$("$PG" zuma show --max-steps 0 2>&1); rc=$?
check "zuma --max-steps 0 exits 2" "2" "$rc"
check "zuma --max-steps 0 names the option" "option 'max_steps'" "$out"
# Binary Game: the course's text protocol on stdin/stdout, pattern files relative to the working directory.
PG_ABS="$(cd "$(dirname "$PG")" && pwd)/$(basename "$PG")"
POLICIES="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../policies/binary" && pwd)"
out=$(cd "$POLICIES" && printf 'game 5 2\nplay 2 0 1\nplay 0 1 1\nplay 1 1 0\nplay 4 1 1\nshow\nloadpatterns twopattern.txt\npolicy_moves\nexit\nshow\n' |
  "$PG_ABS" binary protocol 2>"$TMP/binary_err"); rc=$?
check "binary protocol exits 0" "0" "$rc"
expected=$(printf '= 1\n\n= 1\n\n= 1\n\n= 1\n\n= 1\n\n..1..\n10..1\n= 1\n\n= 1\n\n0 0 0 0.118 1 0 1 0.118 2 1 0 0.176 3 0 0 0.118 3 0 1 0.118 3 1 0 0.118 3 1 1 0.118 4 0 0 0.118\n= 1\n\n= 1')
[[ "$out" == "$expected" ]] && echo "ok   binary protocol: the 5x2 example with twopattern.txt, read from the working directory" ||
  { echo "FAIL binary protocol transcript:"; printf '%s\n' "$out"; fail=1; }
if [[ -s "$TMP/binary_err" ]]; then echo "FAIL binary protocol wrote on stderr:"; cat "$TMP/binary_err"; fail=1; else echo "ok   binary protocol: nothing on stderr"; fi

out=$(printf 'legal 1\nplay 0 0 2\nloadpatterns twopattern.txt\nnonsense\n' | "$PG" binary protocol 2>"$TMP/binary_err")
check "binary protocol: missing arguments and an illegal play" "= illegal move: 0 0 2 wrong number" "$out"
check "binary protocol: a pattern file outside the working directory is not found" "= -1" "$out"
check "binary protocol: the message goes to stderr" "cannot read 'twopattern.txt'" "$(cat "$TMP/binary_err")"
check "binary protocol: unknown command on stderr" "unknown command 'nonsense'" "$(cat "$TMP/binary_err")"
[[ "$out" == *"not enough"* ]] && { echo "FAIL binary protocol: an argument message went to stdout"; fail=1; }

printf '10..1 0 20\n10..1 1 twelve\n' > "$TMP/bad_patterns.txt"
out=$(cd "$TMP" && printf 'loadpatterns bad_patterns.txt\n' | "$PG_ABS" binary protocol 2>&1)
check "binary protocol: a malformed pattern line is named with its number" "bad_patterns.txt, line 2: weight 'twelve' is not a number" "$out"

out=$("$PG" binary match --first patterns --second random --games 40 --width 5 --height 5 2>&1); rc=$?
check "binary match exits 0" "0" "$rc"
check "binary match prints the win rate" "first player's win rate: " "$out"
printf '10..1 0 20\n10..1 1 12\n' > "$TMP/mine.txt"
out=$("$PG" binary play --agents "patterns:$TMP/mine.txt,random" --width 3 --height 2 2>&1); rc=$?
check "binary play with a pattern file by path exits 0" "0" "$rc"
check "binary play names the file's agent" "\"patterns:$TMP/mine.txt\"" "$out"
out=$("$PG" binary play --agents "patterns:$TMP/bad_patterns.txt,random" 2>&1); rc=$?
check "binary play with a malformed pattern file exits 2" "2" "$rc"
check "binary play names the file and line" "bad_patterns.txt, line 2: weight 'twelve' is not a number" "$out"
out=$("$PG" binary play --agents patterns:nosuchfile,random 2>&1)
check "binary play names an unknown pattern file" "no pattern file named 'nosuchfile'" "$out"

out=$("$PG" binary replay --width 5 --height 2 --actions '2,0,1;0,1,1;1,1,0;4,1,1' 2>&1); rc=$?
check "binary replay takes actions separated by semicolons" '"..1..",' "$out"
check "binary replay's fourth state" '"10..1"' "$out"
out=$("$PG" binary replay --width 5 --height 1 --actions '0,0,0;1,0,0;2,0,0' 2>&1); rc=$?
check "binary replay: an illegal action exits 2" "2" "$rc"
check "binary replay: an illegal action is named" "action 3 ('2,0,0'): '2,0,0' is not a legal action here" "$out"

out=$("$PG" binary solve --size 3x3 --moves 2>&1); rc=$?
check "binary solve exits 0" "0" "$rc"
check "binary solve: the first player wins 3x3" "player 0 (the course's 1, the first player) wins with perfect play" "$out"
check "binary solve prints the time" "positions expanded" "$out"
check "binary solve --moves labels the moves" "  1,1,0 " "$out"
out=$("$PG" binary solve --size 4x3 --actions '0,0,1;3,0,0' 2>&1)
check "binary solve after moves: the mirror answer keeps the second player winning" "player 1 (the course's 2, the second player) wins" "$out"
out=$("$PG" binary solve --size 4by4 2>&1); rc=$?
check "binary solve: a bad size exits 2" "2" "$rc"
check "binary solve: a bad size is named" "flag --size: expected NxM" "$out"
out=$("$PG" binary solve --size 8x8 2>&1)
check "binary solve: too big a board is named" "the solver takes boards of 1 to 56 points" "$out"

out=$("$PG" binary match --first mcts:30 --second random --games 4 --width 4 --height 3 2>&1); rc=$?
check "binary match with mcts exits 0" "0" "$rc"
check "binary match names the mcts agent" "mcts:30 (first)" "$out"
out=$("$PG" binary fit --teacher mcts:20 --games 3 --width 4 --height 4 --min-count 5 --iterations 5 --out "$TMP/fit.txt" 2>&1); rc=$?
check "binary fit exits 0" "0" "$rc"
check "binary fit records its command in the file" "# command: playground binary fit --teacher mcts:20 --games 3" "$(cat "$TMP/fit.txt")"
out=$("$PG" binary match --first "patterns:$TMP/fit.txt" --second "mcts:10:$TMP/fit.txt" --games 2 --width 4 --height 4 2>&1); rc=$?
check "the fitted file plays (patterns:PATH, mcts:N:PATH)" "0" "$rc"
out=$("$PG" binary fit --games 1 2>&1); rc=$?
check "binary fit without --out exits 2" "2" "$rc"
check "binary fit names the missing flag" "flag --out: missing" "$out"

out=$("$PG" binary protocol --speed 3 </dev/null 2>&1); rc=$?
check "binary protocol: unknown flag exits 2" "2" "$rc"
# Five Men's Morris: the generic commands; a mill's removal is its own step by the same seat.
out=$("$PG" morris show 2>&1); rc=$?
check "morris show exits 0" "0" "$rc"
check "morris show draws the board (the row g h i j)" ".--.     .--." "$out"
check "morris show prints the state JSON" '{"board":"................","in_hand":[5,5],"to_move":0,"phase":"placement"' "$out"
out=$("$PG" morris replay --actions place:a,place:d,place:b,place:e,place:c,remove:d 2>&1); rc=$?
check "morris replay exits 0" "0" "$rc"
states=$(printf '%s' "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const t=JSON.parse(s);console.log(t.steps.slice(4).map(x=>[x.state.board,x.state.to_move,x.state.pending_removal,x.state.moves].join(" ")).join("; "))})')
check "morris replay: the mill at c keeps seat 0 to remove, then the turn passes" "OOOXX........... 0 true 4; OOO.X........... 1 false 5" "$states"
out=$("$PG" morris replay --actions place:a,place:a 2>&1); rc=$?
check "morris replay: an illegal action exits 2" "2" "$rc"
check "morris replay: an illegal action is named" "action 2 ('place:a'): 'place:a' is not a legal action here (legal: place:b," "$out"
out=$("$PG" morris show --max-moves 5 2>&1)
check "morris: a bad move cap is named" "option 'max_moves': must be an integer from 10 to 1000, got 5" "$out"
out=$("$PG" morris play --agents bonus,random --seed 3 2>&1); rc=$?
check "morris play exits 0" "0" "$rc"
check "morris play ends the game" '"done": true' "$(printf '%s' "$out" | tail -3)"
out=$("$PG" morris match --first bonus --second random --games 50 --max-moves 100 --threefold-repetition false 2>&1); rc=$?
check "morris match exits 0" "0" "$rc"
check "morris match names the agents" "bonus (first) vs random (second), 50 games" "$out"
# The exact solution: the endgames with material up to 6, three pieces a side (the whole game is `morris solve`,
# about 10 s natively; material 7 takes a minute under the sanitizers).
out=$("$PG" morris solve --max-material 6 --verify --out "$TMP/morris6.bin" 2>&1); rc=$?
check "morris solve exits 0" "0" "$rc"
check "morris solve reports each class" "movement 3 against 3" "$out"
check "morris solve counts wins, draws and losses" "for the side to move; longest win" "$out"
check "morris solve verifies every position" "verified: each of the" "$out"
check "morris solve writes the table" "wrote $TMP/morris6.bin" "$out"
endgame='{"board":"OO.......XX.XO..","in_hand":[0,0],"to_move":0,"phase":"movement","pending_removal":false,"moves":20,"history":"","done":false,"winner":null}'
out=$("$PG" morris value --table "$TMP/morris6.bin" --state "$endgame" 2>&1); rc=$?
check "morris value exits 0" "0" "$rc"
check "morris value: O flies to c, closes a-b-c and removes: a win in 2" "value: win in 2 for seat 0" "$out"
check "morris value: each action's value (b-g closes a-g-n too; X would fly to l and close k-l-m)" "move:n-c   win in 2        keeps the value  (perfect's choice)" "$out"
out=$("$PG" morris match --first perfect --second random --games 20 --table "$TMP/morris6.bin" 2>&1); rc=$?
check "morris perfect with an endgame table declines the opening: it forfeits every game" "first player (perfect) forfeited 20 of 20 games" "$out"
check "morris perfect's forfeits beyond three are counted, not shown" "(more forfeits: counted, not shown)" "$out"
check "morris perfect says what its table covers" "covers positions with up to 6 pieces of material" "$out"
mkdir -p "$TMP/no_policies"
out=$(PG_POLICY_DIR="$TMP/no_policies" "$PG" morris match --first perfect --second random --games 20 2>&1)
check "morris perfect without a table declines, saying how to get one" "no Five Men's Morris table is loaded" "$out"
out=$("$PG" morris match --first random --second perfect --games 20 2>&1); rc=$?
check "morris perfect plays from the shipped table (policies/morris/solution.pgmt)" "0" "$rc"
check "morris perfect never loses" "first player (random): 0 wins" "$out"
printf 'not a table' > "$TMP/bad.bin"
out=$("$PG" morris value --table "$TMP/bad.bin" 2>&1); rc=$?
check "morris value: a file that is not a table exits 2" "2" "$rc"
check "morris value: names the file" "flag --table $TMP/bad.bin: not a Five Men's Morris table" "$out"
out=$("$PG" morris value --table "$TMP/nowhere.bin" 2>&1)
check "morris value: a missing table is named" "flag --table: cannot read" "$out"
out=$("$PG" morris solve --max-material 11 2>&1)
check "morris solve: a bad --max-material is named" "flag --max-material: expected an integer from 6 to 10" "$out"
out=$("$PG" mancala match --table x 2>&1)
check "--table is morris's alone" "flag --table: unknown here" "$out"
# The project's stage tables and its smart agent (a small run; the shipped tables are docs/experiments/morris.md's command).
out=$("$PG" morris tables --games 30 --seed 4 --out "$TMP/tables_a.policy" 2>&1); rc=$?
check "morris tables exits 0" "0" "$rc"
check "morris tables reports the project's fourth run" "run 4: 70% smart against heuristic" "$out"
check "morris tables writes the file" "wrote $TMP/tables_a.policy" "$out"
"$PG" morris tables --games 30 --seed 4 --out "$TMP/tables_b.policy" > /dev/null 2>&1
tail -c 100000 "$TMP/tables_a.policy" > "$TMP/tables_a.tail"; tail -c 100000 "$TMP/tables_b.policy" > "$TMP/tables_b.tail"
check "morris tables: the same seed gives the same tables" "same" "$(cmp -s "$TMP/tables_a.tail" "$TMP/tables_b.tail" && echo same)"
out=$("$PG" morris match --first smart --second random --games 20 --policy morris/stage_tables.policy="$TMP/tables_a.policy" 2>&1); rc=$?
check "morris smart plays from the tables given" "0" "$rc"
out=$("$PG" morris match --first smart --second random --games 20 --policy morris/stage_tables.policy="$TMP/bad.bin" 2>&1)
check "morris smart: a file that is not a table is named" "not a policy file" "$out"
# A network file of yours, by its path: file:PATH in any game with a network encoding.
KALAH_NET="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../policies/mancala" && pwd)/network.policy"
out=$("$PG" mancala match --first "file:$KALAH_NET" --second random --games 10 2>&1); rc=$?
check "file:PATH plays a network file in a match" "0" "$rc"
check "file:PATH is named in the match's table" "file:$KALAH_NET" "$out"
out=$("$PG" mancala match --first file:no_such.policy --second random --games 2 2>&1)
check "file:PATH names a file it cannot read" "agent 'file:no_such.policy': cannot read the file 'no_such.policy'" "$out"
out=$("$PG" zuma eval --agent "file:$KALAH_NET" --episodes 2 2>&1)
check "file:PATH refuses another game's network, naming the file" "file '$KALAH_NET'" "$out"
out=$("$PG" morris match --first genius --second smart --games 20 2>&1); rc=$?
check "morris genius plays from the shipped networks" "0" "$rc"
# The learned agent (policies/morris/value.policy) is the default seat 0; its network trained on the exact values.
out=$("$PG" morris play --seed 3 2>&1); rc=$?
check "morris play: the learned agent is the default seat 0" '"agents": [' "$out"
check "morris play: the learned agent plays from the shipped network" '"learned",' "$out"
out=$("$PG" morris match --first learned --second bonus --games 6 2>&1); rc=$?
check "morris learned plays a match" "0" "$rc"
out=$("$PG" morris match --first learned:3 --second bonus --games 6 2>&1)
check "morris learned: a bad depth is named" "expected learned, learned:1 or learned:2" "$out"
out=$("$PG" morris match --first learned --second random --games 4 --policy morris/value.policy="$TMP/tables_a.policy" 2>&1)
check "morris learned: a file of another kind is refused by name" "wrong kind" "$out"
out=$("$PG" morris train-value --games 100 --table-samples 500 --test-games 20 --max-epochs 2 --hidden 16 \
  --out "$TMP/value_a.policy" 2>&1); rc=$?
if [ "$TRAINING" = 0 ]; then
  check "morris train-value without playground-train is refused by name" "command train-value: needs the training tools" "$out"
else
  check "morris train-value exits 0" "0" "$rc"
  check "morris train-value measures the network against the table" "against the table (float16 weights" "$out"
  check "morris train-value writes the file" "wrote $TMP/value_a.policy" "$out"
  "$PG" morris train-value --games 100 --table-samples 500 --test-games 20 --max-epochs 2 --hidden 16 \
    --out "$TMP/value_b.policy" > /dev/null 2>&1
  tail -c 1000 "$TMP/value_a.policy" > "$TMP/value_a.tail"; tail -c 1000 "$TMP/value_b.policy" > "$TMP/value_b.tail"
  check "morris train-value: the same seed gives the same weights" "same" "$(cmp -s "$TMP/value_a.tail" "$TMP/value_b.tail" && echo same)"
  out=$("$PG" morris match --first learned --second random --games 4 --policy morris/value.policy="$TMP/value_a.policy" 2>&1); rc=$?
  check "morris learned plays the network given" "0" "$rc"
  out=$("$PG" morris train-value --risk-weight 0.5 --out "$TMP/value_c.policy" 2>&1)
  check "morris train-value: a bad --risk-weight is named" "flag --risk-weight: expected 0 to 0.3" "$out"
  out=$("$PG" morris train-value --hidden 16,x --out "$TMP/value_c.policy" 2>&1)
  check "morris train-value: bad --hidden widths are named" "flag --hidden: expected widths from 1 to 4096" "$out"
fi
# Sokoban: the project's maps, level files, the number grids.
out=$("$PG" sokoban show 2>&1); rc=$?
check "sokoban show exits 0" "0" "$rc"
check "sokoban show opens the project's one-box map" "Sokoban (seed:1, one box)" "$out"
check "sokoban show draws the map" "#   @     #" "$out"
out=$("$PG" sokoban show --options '{"generate":{"width":9,"height":8,"boxes":3,"seed":17}}' 2>&1); rc=$?
check "sokoban show makes a generated level" "Sokoban (generated 9x8, 3 boxes, seed 17)" "$out"
out=$("$PG" sokoban show --options '{"generate":{"width":30}}' 2>&1); rc=$?
check "sokoban names a bad generator option" "option 'generate.width': must be an integer from 5 to 12, got 30" "$out"
out=$("$PG" sokoban replay --collection seed --index 0 --actions U,U,U,L,U,R,R,R 2>&1); rc=$?
check "sokoban replay exits 0" "0" "$rc"
summary=$(printf '%s' "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const t=JSON.parse(s);console.log(t.steps.map(x=>x.reward).join(","), t.returns[0].toFixed(1), t.steps[7].state.outcome)})')
check "sokoban replay: the project's rewards on its optimal 8 moves" "4.9,4.9,4.9,-0.1,-0.1,4.9,4.9,124.9 149.2 solved" "$summary"
# The project's shipped DQN (policies/sokoban/dqn_seed_map1.rlpg, the best weights of playground sokoban train --index 0)
# plays map 1's optimal 8 moves; map 2's (policies/sokoban/dqn_seed_map2.rlpg) solves it in 14 (optimal 12); other
# levels have none at all.
out=$("$PG" sokoban play --agents dqn --collection seed --index 0 2>&1)
summary=$(printf '%s' "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const t=JSON.parse(s);console.log(t.steps.map(x=>x.action).join(""), t.returns[0].toFixed(1))})')
check "sokoban: the project's DQN solves its map 1 in 8 moves" "UUULURRR 149.2" "$summary"
out=$("$PG" sokoban play --agents dqn --collection seed --index 1 2>&1)
summary=$(printf '%s' "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const t=JSON.parse(s);console.log(t.steps.map(x=>x.action).join(""), t.returns[0].toFixed(1))})')
check "sokoban: the project's DQN solves its map 2 in 14 moves" "RRRDDLUUULLLUR 143.6" "$summary"
out=$("$PG" sokoban play --agents dqn --collection teaching --index 0 2>&1)
check "sokoban: the project's DQN only on the project's maps" "playground: agent 'dqn': the project's DQN has a network for each of its two maps only (collection seed, index 0 or 1)" "$(printf '%s' "$out" | head -1)"
out=$("$PG" sokoban replay --collection seed --index 1 --actions U,L,U,R,D,D,D,R,R,R,D,L 2>&1)
summary=$(printf '%s' "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const t=JSON.parse(s);console.log(t.returns[0].toFixed(1), t.done)})')
check "sokoban replay: the two-box map's optimal 12 moves return 143.8" "143.8 true" "$summary"
BOXOBAN="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../assets/sokoban/boxoban" && pwd)/medium_valid_000_first50.txt"
out=$("$PG" sokoban show --level "$BOXOBAN" --index 7 2>&1); rc=$?
check "sokoban show --level FILE --index N exits 0" "0" "$rc"
check "sokoban show: the Boxoban level's title" "Sokoban (custom level: 7)" "$out"
check "sokoban show: Boxoban's defaults are the usual ones" "steps 0 of 120" "$out"
out=$("$PG" sokoban levels --file "$BOXOBAN" 2>&1); rc=$?
check "sokoban levels --file exits 0" "0" "$rc"
check "sokoban levels lists the file's levels" "   49  49                             10x10      4" "$out"
out=$("$PG" sokoban levels 2>&1)
check "sokoban levels lists the built-in collections" "collection teaching (built in):" "$out"
printf '; broken\n#####\n#@$.#\n#x###\n' > "$TMP/broken.txt"
out=$("$PG" sokoban levels --file "$TMP/broken.txt" 2>&1); rc=$?
check "sokoban levels: a malformed level exits 2" "2" "$rc"
check "sokoban levels: a malformed level names line and column" "broken.txt, line 4, column 2: unknown character 'x'" "$out"
printf '#####\n#@$ #\n#####\n' > "$TMP/no_target.txt"
out=$("$PG" sokoban show --level "$TMP/no_target.txt" 2>&1); rc=$?
check "sokoban show: a level without targets exits 2" "2" "$rc"
check "sokoban show: unequal boxes and targets are named" "option 'level', line 1: 1 boxes but 0 targets" "$out"
out=$("$PG" sokoban convert --in "$BOXOBAN" --to grid --out "$TMP/grids.txt" 2>&1); rc=$?
check "sokoban convert to number grids exits 0" "0" "$rc"
check "sokoban convert: the grids' first row" "1 1 1 1 1 1 1 1 1 1" "$(head -2 "$TMP/grids.txt")"
out=$("$PG" sokoban convert --in "$TMP/grids.txt" 2>&1)
[[ "$out" == "$(cat "$BOXOBAN")"$'\n' || "$out" == "$(cat "$BOXOBAN")" ]] &&
  echo "ok   sokoban convert: text -> grids -> text gives Boxoban's file back" ||
  { echo "FAIL sokoban convert round trip differs:"; diff <(printf '%s\n' "$out") "$BOXOBAN" | head; fail=1; }
out=$("$PG" sokoban play --agents greedy --collection teaching --index 0 2>&1); rc=$?
check "sokoban play with greedy exits 0" "0" "$rc"
check "sokoban play: greedy solves the first teaching level" '"outcome": "solved"' "$out"
out=$("$PG" sokoban show --collection nope 2>&1)
check "sokoban: an unknown collection is named" "option 'collection': no built-in collection 'nope' (known: boxoban, seed, teaching)" "$out"
out=$("$PG" sokoban replay --actions U,X 2>&1)
check "sokoban: an unknown move is named" "action 2 ('X'): 'X' is not a legal action here (legal: U,D,L,R)" "$out"
out=$("$PG" sokoban eval 2>&1); rc=$?
check "sokoban eval exits 0" "0" "$rc"
check "sokoban eval: greedy solves both of the project's maps (10 and 26 steps with seed 1)" "solved 2 of 2 episodes (100.0%), mean return 145.70" "$out"
check "sokoban eval: per level" "    1  two boxes                     100.0%         26.0        142.4" "$out"
out=$("$PG" sokoban eval --agent random --episodes 20 --max-steps 10 2>&1)
check "sokoban eval: random in 10 steps solves nothing" "solved 0 of 40 episodes (0.0%)" "$out"
out=$("$PG" sokoban eval --agent human 2>&1)
check "sokoban eval: a human is refused" "eval needs a computer agent" "$out"
# The general policy (policies/sokoban/policy.rlpg, playground sokoban train-policy) on held-out generated levels.
"$PG" sokoban generate --count 14 --seed 900001 --width 9 --height 9 --boxes 2 --min-pushes 6 --out "$TMP/held_out.txt" > /dev/null
out=$("$PG" sokoban eval --agent policy --levels "$TMP/held_out.txt" --first 12 2>&1); rc=$?
check "sokoban eval --levels --first exits 0" "0" "$rc"
check "sokoban eval: the masked policy solves all 12" "solved 12 of 12 episodes (100.0%)" "$out"
check "sokoban eval: the masked policy's steps over the solver's optimum" "mean steps when solved 15.42; the solver's fewest moves on the same 12 episodes 14.25: +1.17 steps over optimal (1.082x)" "$out"
out=$("$PG" sokoban eval --agent policy:greedy --levels "$TMP/held_out.txt" --first 12 2>&1)
check "sokoban eval: the bare greedy policy's solve rate with Wilson's interval" "solve rate 91.7% (95% interval 64.6%..98.5%, Wilson)
mean steps when solved 13.55; the solver's fewest moves on the same 11 episodes 13.55: +0.00 steps over optimal (1.000x)" "$out"
out=$("$PG" sokoban eval --agent guided --levels "$TMP/held_out.txt" --first 12 2>&1)
check "sokoban eval: guided solves every level" "solve rate 100.0% (95% interval 75.8%..100.0%, Wilson)" "$out"
check "sokoban eval: guided's nodes expanded" "nodes expanded by the first search of each episode: " "$out"
out=$("$PG" sokoban eval --agent policy --levels "$TMP/held_out.txt" --file "$TMP/held_out.txt" 2>&1)
check "sokoban eval: --levels and --file together are refused" "give either --file or --levels" "$out"
printf '%s\n' "$(printf '#%.0s' {1..33})" "#@\$.$(printf ' %.0s' {1..28})#" "$(printf '#%.0s' {1..33})" > "$TMP/wide.txt"
out=$("$PG" sokoban play --agents policy --level "$TMP/wide.txt" 2>&1)
check "sokoban: the policy refuses a level wider than 32" "the policy plays levels of up to 32x32 squares, this one is 33x3" "$out"

# Sokoban solver: the project's two-box map (12 moves at best) and a collection.
cat > "$TMP/seed_two.txt" <<'LEVEL'
###########
#         #
#   $.    #
#         #
#   @     #
#         #
#    .$   #
#         #
###########
LEVEL
out=$("$PG" sokoban solve --level "$TMP/seed_two.txt" --optimise moves 2>&1); rc=$?
check "sokoban solve exits 0" "0" "$rc"
check "sokoban solve: fewest moves" "moves 12" "$out"
check "sokoban solve prints nodes and seconds" "nodes expanded " "$out"
plan=$(printf '%s\n' "$out" | head -n 1)
[[ "$plan" =~ ^[udlrUDLR]{12}$ ]] && echo "ok   sokoban solve: the plan on the first line, in LURD" ||
  { echo "FAIL sokoban solve: first line '$plan'"; fail=1; }
printf '; 0\n#####\n#@$.#\n#####\n\n; 1\n######\n#$   #\n#  @.#\n######\n' > "$TMP/two_levels.txt"
out=$("$PG" sokoban solve --level "$TMP/two_levels.txt" --index 0 2>&1)
check "sokoban solve --index 0: one push" "R
moves 1
pushes 1" "$out"
out=$("$PG" sokoban solve --level "$TMP/two_levels.txt" --index 1 2>&1); rc=$?
check "sokoban solve: a box in a corner exits 1" "1" "$rc"
check "sokoban solve: says unsolvable" "unsolvable" "$out"
out=$("$PG" sokoban solve --level "$TMP/seed_two.txt" --node-limit 1 2>&1); rc=$?
check "sokoban solve: unsolved within the limit exits 1" "1" "$rc"
check "sokoban solve: says which limit" "unsolved: node limit" "$out"
out=$("$PG" sokoban solve --level "$TMP/two_levels.txt" --index 2 2>&1); rc=$?
check "sokoban solve: an index past the end exits 2" "2" "$rc"
check "sokoban solve: names the index" "flag --index: 2 is past the last level" "$out"
out=$("$PG" sokoban solve --level "$TMP/seed_two.txt" --optimise speed 2>&1)
check "sokoban solve: a bad --optimise is named" "flag --optimise: expected moves or pushes" "$out"
out=$("$PG" sokoban solve --level "$TMP/seed_two.txt" --time-limit soon 2>&1)
check "sokoban solve: a bad --time-limit is named" "flag --time-limit: expected seconds" "$out"
out=$("$PG" sokoban solve --level "$TMP/nowhere.txt" 2>&1)
check "sokoban solve: a missing file is named" "flag --level: cannot read" "$out"
out=$("$PG" sokoban generate --count 3 --seed 5 --boxes 2 --width 8 --height 8 --out "$TMP/generated.txt" 2>&1); rc=$?
check "sokoban generate exits 0" "0" "$rc"
check "sokoban generate says what it wrote" "wrote 3 levels to $TMP/generated.txt (seeds 5..7)" "$out"
again=$("$PG" sokoban generate --count 3 --seed 5 --boxes 2 --width 8 --height 8 2>&1)
[[ "$again" == "$(cat "$TMP/generated.txt")" ]] && echo "ok   sokoban generate: the same seed, the same levels" ||
  { echo "FAIL sokoban generate: seed 5 gave different levels"; fail=1; }
out=$("$PG" sokoban solve --level "$TMP/generated.txt" --index 2 2>&1); rc=$?
check "sokoban generate: its levels solve" "0" "$rc"
out=$("$PG" sokoban generate --boxes 99 2>&1); rc=$?
check "sokoban generate: impossible options exit 2" "2" "$rc"
check "sokoban generate: names the option" "generator option 'boxes'" "$out"

# The help and the unknown-command message come from the command table (tools/playground/command_table.cc).
out=$("$PG" --help 2>&1); rc=$?
check "--help exits 0" "0" "$rc"
for c in "mancala train-ntuple" "mancala average-ntuple" "zuma convert" "sokoban train-policy" "morris train-value"; do
  check "--help shows $c" "playground $c" "$out"
done
out=$("$PG" zuma --help 2>&1)
check "zuma --help shows zuma's commands" "playground zuma convert" "$out"
[[ "$out" != *"playground mancala train"* ]] && echo "ok   zuma --help leaves out the other games' commands" ||
  { echo "FAIL zuma --help shows mancala's commands"; fail=1; }
out=$("$PG" zuma dance 2>&1); rc=$?
check "an unknown command exits 2" "2" "$rc"
check "an unknown command lists the game's commands" "command 'dance': unknown for zuma (known: show, rules, replay, play, match, table, eval, train, convert)" "$out"
out=$("$PG" mancala 2>&1)
check "a missing command lists the game's commands" "missing after the game name (show, rules, replay, play, match, table, train, train-ntuple" "$out"
# The game guides (docs/games/) hold the page's help word for word: `playground GAME rules`.
out=$(bash "$(dirname "$0")/../../scripts/game_guides.sh" --check "$PG" 2>&1); rc=$?
check "the game guides hold each game's help as the page shows it" "0" "$rc"
[ "$rc" = 0 ] || echo "$out"
out=$("$PG" mancala rules --stones-per-pit 6 2>&1)
check "rules prints the game's help as Markdown" "### How to play" "$out"
check "rules lists the agents" '- `ntuple:5`: ' "$out"
out=$("$PG" mancala rules --seed 3 2>&1); rc=$?
check "rules takes no seed" "2" "$rc"

# A program seated as an agent (program:COMMAND, the agent protocol: docs/agent-protocol.md).
AGENT="python3 $(cd "$(dirname "$0")/../.." && pwd)/examples/agents/random_agent.py"
out=$("$PG" tictactoe play --agents "program:$AGENT,random" --seed 3 2>&1); rc=$?
check "a program plays: exit 0" "0" "$rc"
check "a program's seat is named in the trace" "\"program:$AGENT\"" "$out"
check "a program's note is kept in the trace" '"note": "uniform over 9 legal actions"' "$out"
check "a program's probabilities are kept in the trace" '"p": 0.1111111111111111' "$out"
# Each decide says its step in the episode and the episode's number in the run.
CONTEXT_AGENT="python3 $(cd "$(dirname "$0")" && pwd)/context_agent.py"
out=$("$PG" tictactoe play --agents "program:$CONTEXT_AGENT,random" --seed 3 2>&1)
check "decide says the step and the episode: the first decision" '"note": "step 0 episode 0"' "$out"
check "decide says the step and the episode: the program's second decision" '"note": "step 2 episode 0"' "$out"
out=$("$PG" tictactoe match --first "program:$CONTEXT_AGENT" --second random --games 2 2>&1)
check "decide's episode counts a match's games" "game 2 (seed 2): the first player, 'program:$CONTEXT_AGENT', declined to move at step 0 and loses the game: program '$CONTEXT_AGENT' exited (exit status 7)" "$out"
out=$("$PG" mancala match --first "program:$AGENT" --second greedy --games 3 2>&1); rc=$?
check "a program plays a match: exit 0" "0" "$rc"
check "a program's match is scored" "3 games" "$out"
# A program that fails loses that game, started afresh for the next: the match plays on and says so.
out=$("$PG" mancala match --first "program:exit 4" --second greedy --games 2 2>&1); rc=$?
check "a failing program's match is played to the end: exit 0" "0" "$rc"
check "a failing program's games are its losses" "first player (program:exit 4): 0 wins, 0 draws, 2 losses" "$out"
check "a failing program's forfeits are counted" "first player (program:exit 4) forfeited 2 of 2 games" "$out"
check "a failing program's forfeit is named" "game 2 (seed 2): the first player, 'program:exit 4', declined to move at step 0 and loses the game: program 'exit 4' exited (exit status 4)" "$out"
out=$("$PG" zuma eval --agent "program:$AGENT" --episodes 3 --max-steps 5 2>&1); rc=$?
check "a program is evaluated on Zuma: exit 0" "0" "$rc"
check "a program's Zuma return is printed" "program:$AGENT: mean return " "$out"
out=$("$PG" zuma eval --agent "program:exit 4" --episodes 3 2>&1); rc=$?
check "a program that fails in zuma eval is named" "declined to move at step 0 of the episode with seed 1: program 'exit 4' exited (exit status 4)" "$out"
# Each way a program can fail is named, with the end of its stderr, and the command stops with exit 1.
program_fails() {  # program_fails NAME COMMAND EXPECTED
  out=$("$PG" tictactoe play --agents "program:$2,random" 2>&1); rc=$?
  check "a program that $1: exit 1" "1" "$rc"
  check "a program that $1: named" "$3" "$out"
}
program_fails "will not start" "no-such-agent-program" "program 'no-such-agent-program' exited (exit status 127); the end of its stderr:"
program_fails "exits" "read l; echo '{\"type\": \"ready\"}'; read l; echo bye >&2; exit 3" "exited (exit status 3); the end of its stderr:
bye"
program_fails "prints what is not JSON" "echo hello" "printed a line that is not JSON: 'hello'"
program_fails "answers start wrongly" "echo '{\"type\": \"action\"}'" "did not start as the protocol asks: reply.type: expected \"ready\""
# (\054 is a comma, which --agents would take as the end of the spec.)
program_fails "answers an illegal action" "read l; echo '{\"type\": \"ready\"}'; read l; printf '{\"type\": \"action\"\\054 \"action\": \"z9\"}\\n'" "answered what the protocol does not allow: reply.action: 'z9' is not a legal action here"
program_fails "hangs" "sleep 60" "did not answer within the time limit"
program_fails "floods its output" "head -c 20000000 /dev/zero" "flooded its output"
out=$("$PG" tictactoe play --agents "program:,random" 2>&1); rc=$?
check "program: without a command is named" "name the command after 'program:'" "$out"

# The Kalah starter (one move ahead, with probabilities, values and a note) beats random.
KALAH="python3 $(cd "$(dirname "$0")/../.." && pwd)/examples/agents/kalah_agent.py"
out=$("$PG" mancala match --first "program:$KALAH" --second random --games 4 2>&1); rc=$?
check "the Kalah starter plays a match: exit 0" "0" "$rc"
check "the Kalah starter beats random" "first player (program:$KALAH): 4 wins, 0 draws, 0 losses" "$out"
out=$("$PG" mancala play --agents "program:$KALAH,greedy" --seed 1 2>&1); rc=$?
check "the Kalah starter's values are kept in the trace" '"score_label"' "$out"
check "the Kalah starter's note is kept in the trace" '"note": "pit 3 ends in my store: I move again"' "$out"
# A Binary Game player speaking the course's text protocol (course-program:COMMAND): the starter, and our own
# copy of the course's program (playground binary protocol), each against the solver.
COURSE="python3 $(cd "$(dirname "$0")/../.." && pwd)/examples/agents/binary_course_player.py"
LEARNED="$(cd "$(dirname "$0")/../.." && pwd)/policies/binary/learned.txt"
# The starter answers the course's commands as our copy of the course's program does, word for word.
commands='game 2 2\nplay 1 0 1\npolicy_moves\nplay 1 1 0\npolicy_moves\nlegal 0 0 0\nlegal 5 5 1\nplay 0 0 1\nshow\nwinner\ngame 4 3\nplay 0 0 1\nplay 1 0 1\nplay 2 0 1\nplay 3 0 1\nplay 9 9 1\nplay 0 1 3\nplay 1 2\nshow\npolicy_moves\nloadpatterns '"$LEARNED"'\npolicy_moves\ngame 10 10\npolicy_moves\nhelp\nexit\n'
expected=$(printf "$commands" | "$PG" binary protocol 2>/dev/null)
out=$(printf "$commands" | $COURSE 2>/dev/null)
[ -n "$expected" ] && [ "$out" = "$expected" ] && echo "ok   the course-protocol starter answers as playground binary protocol does" ||
  { echo "FAIL the course-protocol starter answers differently:"; diff <(echo "$expected") <(echo "$out"); fail=1; }
out=$("$PG" binary play --agents "course-program:$COURSE $LEARNED,solver" --width 4 --height 4 --seed 2 2>&1); rc=$?
check "a course program plays the solver: exit 0" "0" "$rc"
check "a course program's genmove is noted in the trace" '"note": "genmove: ' "$out"
check "a course program's policy_moves are its probabilities" "; probabilities from policy_moves" "$out"
out=$("$PG" binary match --first "course-program:$PG binary protocol" --second patterns --games 2 --width 4 --height 4 2>&1); rc=$?
check "the course protocol's reference program plays a match: exit 0" "0" "$rc"
check "the course protocol's reference program is scored" "first player (course-program:$PG binary protocol): " "$out"
[[ "$out" != *forfeited* ]] && echo "ok   the course protocol's reference program forfeits nothing" ||
  { echo "FAIL the course protocol's reference program forfeited: $out"; fail=1; }
out=$("$PG" binary play --agents "course-program:while read l; do case \$l in genmove) echo '9 9 1';; esac; echo '= 1'; echo; done,random" 2>&1); rc=$?
check "a course program's illegal genmove: exit 1" "1" "$rc"
check "a course program's illegal genmove is named" "answered 'genmove' with '9 9 1', which is not a legal move 'x y d' here" "$out"
out=$("$PG" binary play --agents "course-program:while read l; do case \$l in genmove) echo resign;; esac; echo '= 1'; echo; done,random" 2>&1); rc=$?
check "a course program that resigns is named" "resigned (genmove answered 'resign') with 72 legal moves" "$out"
out=$("$PG" mancala play --agents "course-program:python3 a3.py,random" 2>&1); rc=$?
check "course-program: outside the Binary Game exits 2" "2" "$rc"
check "course-program: outside the Binary Game is named" "the course's text protocol is the Binary Game's; for mancala seat your program as program:COMMAND" "$out"

# The bridge that seats a program in the page (playground connect): its HTTP interface, its checks and its
# program's failures, with the standard library's Python (tests/cli/connect_test.py prints a line per check).
out=$("$PG" --help 2>&1)
check "--help shows playground connect" "playground connect [--port N]" "$out"
python3 "$(dirname "$0")/connect_test.py" "$PG"; rc=$?
check "the bridge's checks (connect_test.py) pass" "0" "$rc"

# The starter agents of examples/agents/ (one per game, numpy_agent.py under /usr/bin/python3 with NumPy): each
# plays without forfeits and draws on the board (tests/cli/starters_test.py prints a line per check).
python3 "$(dirname "$0")/starters_test.py" "$PG"; rc=$?
check "the starter agents' checks (starters_test.py) pass" "0" "$rc"

# Every example the help shows runs, from the source tree (their files are relative to it).
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

# Lessons (docs/lessons.md): the shipped ones open and their questions agree with the solvers; each is stored in
# its one written form; a lesson with a problem exits 1 naming the chapter and the field.
LESSON_ROOT=$(cd "$(dirname "$0")/../.." && pwd)
out=$("$PG" lesson check "$LESSON_ROOT"/assets/lessons/*.json 2>&1); rc=$?
check "the shipped lessons check: exit 0" "0" "$rc"
check "the shipped lessons check: no problems" "no problems" "$out"
[ "$rc" = 0 ] || echo "$out"
for game in tictactoe mancala morris binary sokoban zuma; do
  file="$LESSON_ROOT/assets/lessons/$game.json"
  if "$PG" lesson format "$file" | cmp -s - "$file"; then echo "ok   $game.json is in its one written form"
  else echo "FAIL $game.json is not in its one written form (playground lesson format)"; fail=1; fi
done
cat > "${TMPDIR:-/tmp}/pg_bad_lesson.json" <<'LESSON'
{"lesson": 1, "title": "Bad", "chapters": [
  {"title": "Fine", "moment": {"game": "tictactoe", "actions": "a1", "step": 1}},
  {"title": "Twice", "moment": {"game": "tictactoe", "actions": "a1,a1"}},
  {"title": "Wrong", "moment": {"game": "tictactoe", "agents": "perfect,human", "actions": "a1,b2,b1", "step": 3},
   "question": {"prompt": "Where?", "answers": ["a3"], "judge": "perfect"}}]}
LESSON
out=$("$PG" lesson check "${TMPDIR:-/tmp}/pg_bad_lesson.json" 2>&1); rc=$?
check "a lesson with problems exits 1" "1" "$rc"
check "an illegal action is named with its chapter" "chapters[1] (Twice).moment.actions: action 2 ('a1')" "$out"
check "a wrong answer names what the judge finds" "chapters[2] (Wrong).question.answers: the judge perfect finds best c1" "$out"
check "the good chapter opens" "1. Fine: tictactoe at step 1, player 1 to move  ok" "$out"
out=$("$PG" lesson check 2>&1); rc=$?
check "lesson check without a file exits 2" "2" "$rc"
check "lesson check without a file says so" "missing the lesson file" "$out"
out=$(printf '{"lesson": 2}' > "${TMPDIR:-/tmp}/pg_v2.json"; "$PG" lesson check "${TMPDIR:-/tmp}/pg_v2.json" 2>&1); rc=$?
check "a lesson of another version exits 2" "2" "$rc"
check "a lesson of another version is named" "pg_v2.json.lesson: version 2 is not read here (this page reads 1)" "$out"

examples=$("$PG" --help | sed -n '/^examples/,$p' | grep -E '^  (playground|printf) ')
n=0
while IFS= read -r line; do
  cmd=${line#  }
  cmd=${cmd/#playground /\"\$PG\" }
  cmd=${cmd/| playground /| \"\$PG\" }
  (cd "$ROOT" && PG="$PG" bash -c "$cmd" >/dev/null 2>"$TMP/example_err"); rc=$?
  check "example runs: ${line#  }" "0" "$rc"
  [ "$rc" = 0 ] || cat "$TMP/example_err"
  n=$((n + 1))
done <<< "$examples"
[ "$n" -ge 10 ] && echo "ok   the help shows $n examples" || { echo "FAIL the help shows $n examples"; fail=1; }
exit $fail
