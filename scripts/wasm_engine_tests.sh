#!/usr/bin/env bash
# The engine's GoogleTest suite in WebAssembly under node, with Emscripten's assertions, SAFE_HEAP (every
# load and store checked) and stack-overflow checks (tests/wasm/CMakeLists.txt): builds engine_tests_wasm in
# build/wasm and runs it, split in as many parts as there are cores (PG_WASM_TEST_SHARDS sets it), each part
# in its own node. Arguments go to GoogleTest: --gtest_filter='*' runs every test (about 8 minutes of one
# core here); without arguments the slow ones listed below are left out (about 3 minutes of one core).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export NODE_PATH=/usr/share/nodejs  # Emscripten's JS optimizer needs Debian's acorn
if [ ! -f build/wasm/CMakeCache.txt ]; then cmake --preset wasm >/dev/null; fi
cmake --build build/wasm --target engine_tests_wasm
# Each of these takes 9 to 30 s under SAFE_HEAP and checks playing strength, training or an exhaustive sweep
# (their code paths also run, on smaller inputs, in the tests that stay).
slow=(
  MancalaSolver.SmallBoardsFromTheStart
  ThetaShipped.PoolWeightsAgainstGreedyThreeOnFixedSeeds
  NTupleShipped.BeatsGreedyThreeFirstAndSecondOnFixedSeeds
  ZumaLearner.TrainingImprovesOnAnUntrainedTable
  SokobanShippedPolicy.SolvesItsRegressionSet
  MorrisLearned.TheShippedAgentBeatsBonus
  MorrisPositionIndex.EveryClassIsNumberedOneToOne
  MorrisRetrograde.EverySolvedPositionIsTheBestOfItsMoves
  MorrisPerfect.DeclinesOutsideItsTable
  BinarySolver.TheMirrorRuleAgreesWithTheSearchAlone
  BinaryFit.RecoversKnownWeights
)
args=("$@")
if [ ${#args[@]} -eq 0 ]; then
  args=(--gtest_filter="*-$(IFS=:; echo "${slow[*]}")")
fi
shards=${PG_WASM_TEST_SHARDS:-$(nproc)}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
start=$(date +%s)
pids=()
for ((i = 0; i < shards; i++)); do
  node build/wasm/bin/engine_tests_wasm.js --shard="$i/$shards" "${args[@]}" >"$logs/$i.log" 2>&1 &
  pids+=($!)
done
failed=0
for ((i = 0; i < shards; i++)); do
  status=0
  wait "${pids[$i]}" || status=$?
  if [ "$status" != 0 ]; then
    failed=1
    echo "engine_tests_wasm, part $((i + 1)) of $shards: FAILED (exit $status)"
    tail -60 "$logs/$i.log"
  else
    echo "engine_tests_wasm, part $((i + 1)) of $shards: $(grep -E '^\[  PASSED  \]' "$logs/$i.log")"
  fi
done
echo "engine_tests_wasm: $(( $(date +%s) - start )) s under node in $shards parts (ASSERTIONS=2, SAFE_HEAP=1, STACK_OVERFLOW_CHECK=2)"
exit "$failed"
