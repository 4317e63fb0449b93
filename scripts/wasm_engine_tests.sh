#!/usr/bin/env bash
# The engine's GoogleTest suite in WebAssembly under node, with Emscripten's assertions, SAFE_HEAP (every
# load and store checked) and stack-overflow checks (tests/wasm/CMakeLists.txt): builds engine_tests_wasm in
# build/wasm and runs it. Arguments go to GoogleTest: --gtest_filter='*' runs every test (about 8 minutes
# here); without arguments the slow ones listed below are left out (about 4 minutes).
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
start=$(date +%s)
node build/wasm/bin/engine_tests_wasm.js "${args[@]}"
echo "engine_tests_wasm: $(( $(date +%s) - start )) s under node (ASSERTIONS=2, SAFE_HEAP=1, STACK_OVERFLOW_CHECK=2)"
