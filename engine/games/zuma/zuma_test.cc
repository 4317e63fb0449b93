// Zuma, one test per rule of zuma.md ("One step, exactly", reset), then the
// generic wrapper, scenarios and options, agents, policy files, the learner,
// and a fuzz of the scenario reader. Lines are written as letters:
// R = 1 red, B = 2 blue, G = 3 green, Y = 4 yellow, e.g. row("RGGY").
// The rule tests force the chance outcomes (probabilities 0 or 1) on the
// example's rewards:
//   3_pop      R 3  B 1  G 2  Y 2      leftover punishment  R 2  B 3  G 5  Y 1
//   extra_pop  R 1  B 2  G 3  Y 1      finished_reward 150
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "embedded_folders.h"
#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/core/registry.h"
#include "engine/core/rng.h"
#include "engine/games/zuma/agents.h"
#include "engine/games/zuma/engine.h"
#include "engine/games/zuma/evaluate.h"
#include "engine/games/zuma/python_random.h"
#include "engine/games/zuma/q_learning.h"
#include "engine/games/zuma/q_policy.h"
#include "engine/games/zuma/scenario.h"
#include "engine/games/zuma/zuma_game.h"

namespace pg::zuma {
namespace {

constexpr std::string_view kLetters = ".RBGY";

int colour_of(char letter) { return int(kLetters.find(letter)); }

Line row(std::string_view letters) {
  Line line;
  for (char c : letters) line.insert(line.size, colour_of(c));
  return line;
}

std::string letters(const Line& line) {
  std::string text;
  for (int i = 0; i < line.size; ++i) text += kLetters[size_t(line[i])];
  return text;
}

// Throws hit, runs pop, every ball is `ball`; the example's rewards.
Scenario forced(std::string_view line, char ball, int max_steps = 20, int max_length = 15) {
  Scenario s = default_scenario();
  s.max_steps = max_steps;
  s.max_length = max_length;
  s.line = row(line).colours();
  s.model.chosen_action_prob = {0, 1, 1, 1, 1};
  s.model.color_pop_prob = {0, 1, 1, 1, 1};
  s.model.next_color_dist = {{colour_of(ball), 1.0}};
  return s;
}

// An engine at a given line and ball (the scenario must outlive it).
ZumaEngine engine_at(const Scenario& s, std::string_view line, char ball) {
  ZumaEngine engine(s, 1);
  engine.restore(row(line), colour_of(ball), 0, false, 0, 1, 0);
  return engine;
}

// The message of the InputError that `f` throws.
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

testing::AssertionResult Mentions(const std::string& message, const std::string& part) {
  if (message.find(part) != std::string::npos) return testing::AssertionSuccess();
  return testing::AssertionFailure() << "'" << message << "' does not mention '" << part << "'";
}

// The homework's grading protocol, built from options (what assets/zuma/grading.json means).
Scenario grading_protocol() {
  return scenario_from_options({{"max_steps", 50}, {"max_length", 10}, {"random_lines", true}});
}

// assets/zuma/seed_example.json as shipped.
std::string example_scenario_json() {
  return std::string(embedded_file(embedded_zuma(), "assets/zuma/seed_example.json").value());
}

// The homework's `example` dict, exactly as the homework writes it.
constexpr std::string_view kExampleLiteral = R"py({
    'chosen_action_prob': {1: 0.6, 2: 0.7, 3: 0.5, 4: 0.9},
    # 'chosen_action_prob': {1: 1, 2: 1, 3: 1, 4: 1},
    'next_color_dist': {1: 0.1, 2: 0.6, 3: 0.15, 4: 0.15},
    # 'next_color_dist': {1: 0.25, 2: 0.25, 3: 0.25, 4: 0.25},
    'color_pop_prob': {1: 0.6, 2: 0.7, 3: 0.4, 4: 0.9},
    'color_pop_reward': {'3_pop': {1: 3, 2: 1, 3: 2, 4: 2},
                        'extra_pop': {1: 1, 2: 2, 3: 3, 4: 1}},
    'color_not_finished_punishment': {1: 2, 2: 3, 3: 5, 4: 1},
    'finished_reward': 150,
    'seed': 42})py";

// --- one step, exactly ----------------------------------------------------------

TEST(ZumaRules, BallColourWalksNextColorDistInKeyOrder) {
  Scenario forward = forced("RB", 'R');
  forward.model.next_color_dist = {{1, 0.25}, {2, 0.25}, {3, 0.25}, {4, 0.25}};
  Scenario backward = forward;
  backward.model.next_color_dist = {{4, 0.25}, {3, 0.25}, {2, 0.25}, {1, 0.25}};
  // After random.seed(42), u = 0.639...: the third key either way.
  EXPECT_EQ(ZumaEngine(forward, 42).ensure_ball(), colour_of('G'));
  EXPECT_EQ(ZumaEngine(backward, 42).ensure_ball(), colour_of('B'));

  auto walk = [](const Model& m, double u) {
    double s = 0.0;
    for (const auto& [colour, p] : m.next_color_dist) {
      if (u < p + s) return colour;
      s += p;
    }
    return -1;
  };
  int differ = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const double u = PythonRandom(seed).random();
    ZumaEngine a(forward, seed), b(backward, seed);
    EXPECT_EQ(a.ensure_ball(), walk(forward.model, u));
    EXPECT_EQ(b.ensure_ball(), walk(backward.model, u));
    differ += a.ball() != b.ball();
  }
  EXPECT_GT(differ, 100);  // same numbers, different order: usually another colour
}

TEST(ZumaRules, ThrowGoesWhereAimedWhenTheDrawIsBelowChosenActionProb) {
  Scenario s = forced("RB", 'Y');
  s.model.chosen_action_prob[4] = 0.5;
  int hits = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    PythonRandom py(seed);
    py.random();  // the ball
    const double u = py.random();
    ZumaEngine engine(s, seed);
    StepLog log;
    engine.submit(1, &log);
    EXPECT_EQ(log.throw_u, u);
    EXPECT_EQ(log.hit, u < 0.5);
    EXPECT_EQ(log.actual == 1, log.hit);
    if (log.hit) {
      EXPECT_EQ(letters(engine.line()), "RYB");
    }
    hits += log.hit;
  }
  EXPECT_GT(hits, 70);
  EXPECT_LT(hits, 130);
}

// "RB": actions -1, 0, 1, 2. Aimed at 1 and always missing, the ball goes to
// choice([-1, 0, 2]).
TEST(ZumaRules, AMissGoesUniformlyToOneOfTheOtherActions) {
  Scenario s = forced("RB", 'Y');
  s.model.chosen_action_prob[4] = 0.0;
  std::map<int, int> landed;
  for (uint64_t seed = 0; seed < 400; ++seed) {
    PythonRandom py(seed);
    py.random();  // the ball
    py.random();  // the throw
    const int expected = std::array{-1, 0, 2}[py.randbelow(3)];
    ZumaEngine engine(s, seed);
    StepLog log;
    engine.submit(1, &log);
    EXPECT_FALSE(log.hit);
    EXPECT_EQ(log.actual, expected);
    ++landed[log.actual];
  }
  EXPECT_EQ(landed.count(1), 0u);
  for (int a : {-1, 0, 2}) EXPECT_GT(landed[a], 100) << "action " << a;  // about 133 each
}

TEST(ZumaRules, SkipLeavesTheLineUnchanged) {
  const Scenario s = forced("RRBB", 'R');
  ZumaEngine engine(s, 1);
  EXPECT_EQ(engine.submit(kSkip), 0);
  EXPECT_EQ(letters(engine.line()), "RRBB");
  EXPECT_EQ(engine.steps(), 1);
}

TEST(ZumaRules, ActionIInsertsBeforeIndexIAndNAppends) {
  const Scenario s = forced("RB", 'Y');
  const std::vector<std::string> expected = {"YRB", "RYB", "RBY"};
  for (int action = 0; action <= 2; ++action) {
    ZumaEngine engine(s, 1);
    engine.submit(action);
    EXPECT_EQ(letters(engine.line()), expected[size_t(action)]) << "action " << action;
  }
}

TEST(ZumaRules, RunOfThreePopsFor3PopReward) {
  const Scenario s = forced("RGGY", 'G');
  ZumaEngine engine(s, 1);
  EXPECT_EQ(engine.submit(1), 2);  // R G G G Y -> R Y, 3_pop[G]
  EXPECT_EQ(letters(engine.line()), "RY");
}

TEST(ZumaRules, RunOfFivePopsFor3PopPlusTwoExtraPops) {
  const Scenario s = forced("RGGGGY", 'G');
  ZumaEngine engine(s, 1);
  EXPECT_EQ(engine.submit(3), 2 + 2 * 3);
  EXPECT_EQ(letters(engine.line()), "RY");
}

// Y R G G [G] R R B -> Y R R R B (the reds meet at the greens' start) -> Y B.
TEST(ZumaRules, ChainReactionPopsTheNeighboursJoinedAtTheRunsStart) {
  const Scenario s = forced("YRGGRRB", 'G');
  ZumaEngine engine(s, 1);
  StepLog log;
  EXPECT_EQ(engine.submit(2, &log), 2 + 3);
  EXPECT_EQ(letters(engine.line()), "YB");
  ASSERT_EQ(log.pops.size(), 2u);
  EXPECT_EQ(log.pops[0].colour, colour_of('G'));
  EXPECT_EQ(log.pops[1].colour, colour_of('R'));
  EXPECT_EQ(log.pops[1].start, 1);
  EXPECT_EQ(log.pops[1].length, 3);
}

TEST(ZumaRules, ZeroRewardPopStopsTheChain) {
  Scenario s = forced("YRGGRRB", 'G');
  s.model.pop3_reward[3] = 0;
  ZumaEngine engine(s, 1);
  StepLog log;
  EXPECT_EQ(engine.submit(2, &log), 0);
  EXPECT_EQ(letters(engine.line()), "YRRRB");  // the greens went, the reds stay
  EXPECT_EQ(log.pops.size(), 1u);
}

// R R R G G [G] B -> R R R B: the index is now on B; the reds never pop.
TEST(ZumaRules, RunThatDoesNotHoldTheIndexNeverPops) {
  const Scenario s = forced("RRRGGB", 'G');
  ZumaEngine engine(s, 1);
  StepLog log;
  EXPECT_EQ(engine.submit(5, &log), 2);
  EXPECT_EQ(letters(engine.line()), "RRRB");
  EXPECT_EQ(log.pops.size(), 1u);

  const Scenario untouched = forced("RRRBY", 'G');
  ZumaEngine other(untouched, 1);
  EXPECT_EQ(other.submit(4, &log), 0);
  EXPECT_EQ(letters(other.line()), "RRRBGY");
  EXPECT_TRUE(log.pops.empty());
}

TEST(ZumaRules, PopProbabilityZeroNeverPops) {
  Scenario s = forced("RGGY", 'G');
  s.model.color_pop_prob[3] = 0;
  for (uint64_t seed = 0; seed < 50; ++seed) {
    ZumaEngine engine(s, seed);
    StepLog log;
    EXPECT_EQ(engine.submit(1, &log), 0);
    EXPECT_EQ(letters(engine.line()), "RGGGY");
    ASSERT_EQ(log.pops.size(), 1u);  // the draw is still made
    EXPECT_FALSE(log.pops[0].popped);
  }
}

TEST(ZumaRules, LineLongerThanMaxLengthLosesItsLastBallForMinusExtraPop) {
  const Scenario s = forced("RBYG", 'B', 20, 4);
  ZumaEngine engine(s, 1);
  StepLog log;
  EXPECT_EQ(engine.submit(0, &log), -3);  // B R B Y G: G falls, -extra_pop[G]
  EXPECT_EQ(letters(engine.line()), "BRBY");
  EXPECT_EQ(log.fell_colour, colour_of('G'));

  const Scenario full = forced("RBBY", 'B', 20, 4);
  ZumaEngine popping(full, 1);
  EXPECT_EQ(popping.submit(1), 1);  // the pop makes room: nothing falls
  EXPECT_EQ(letters(popping.line()), "RY");
}

TEST(ZumaRules, EmptyLineEndsTheGameWithFinishedReward) {
  const Scenario s = forced("GG", 'G');
  ZumaEngine engine(s, 1);
  EXPECT_EQ(engine.submit(0), 2 + 150);
  EXPECT_TRUE(engine.done());
  EXPECT_EQ(engine.steps(), 1);  // of 20
  EXPECT_EQ(engine.total_reward(), 152);
}

TEST(ZumaRules, MaxStepsPunishesEachRemainingBallByColour) {
  const Scenario two_steps = forced("RBGY", 'R', 2);
  ZumaEngine engine(two_steps, 1);
  EXPECT_EQ(engine.submit(kSkip), 0);
  EXPECT_FALSE(engine.done());
  EXPECT_EQ(engine.submit(kSkip), -(2 + 3 + 5 + 1));
  EXPECT_TRUE(engine.done());
}

TEST(ZumaRules, NextBallIsDrawnEvenWhenTheGameIsOver) {
  const Scenario s = forced("GG", 'G');
  ZumaEngine engine(s, 1);
  StepLog log;
  engine.submit(0, &log);
  ASSERT_TRUE(engine.done());
  EXPECT_EQ(engine.ball(), colour_of('G'));
  EXPECT_EQ(log.next_ball, colour_of('G'));
  EXPECT_EQ(engine.rng().draws(), 8u);  // ball, throw, pop, next ball: two 32-bit words each
}

TEST(ZumaRules, ResetRestoresTheInitialLineKeepsTheBallAndDoesNotReseed) {
  Scenario s = forced("RGGY", 'G');
  s.model.next_color_dist = {{1, 0.25}, {2, 0.25}, {3, 0.25}, {4, 0.25}};
  s.model.chosen_action_prob = {0, 0.5, 0.5, 0.5, 0.5};
  ZumaEngine engine(s, 5);
  engine.submit(1);
  engine.submit(0);
  const int ball = engine.ball();
  const uint64_t draws = engine.rng().draws();
  engine.reset(false);
  EXPECT_EQ(letters(engine.line()), "RGGY");
  EXPECT_EQ(engine.ball(), ball);
  EXPECT_EQ(engine.rng().draws(), draws);
  EXPECT_EQ(engine.steps(), 0);
  EXPECT_FALSE(engine.done());
  EXPECT_EQ(engine.total_reward(), 0);
}

TEST(ZumaRules, ResetWithNewLineDrawsRandintLengthThenRandintColours) {
  const Scenario s = forced("RB", 'G', 20, 15);
  for (uint64_t seed = 0; seed < 50; ++seed) {
    PythonRandom py(seed);
    std::vector<int> expected(size_t(py.randint(1, 15)));
    for (int& c : expected) c = int(py.randint(1, 4));
    ZumaEngine engine(s, seed);
    engine.reset(true);
    EXPECT_EQ(engine.line().colours(), expected) << "seed " << seed;
    EXPECT_EQ(engine.ball(), 0);  // no ball drawn yet, and none drawn by reset
  }
  ZumaEngine engine(s, 3);
  engine.ensure_ball();
  engine.reset(true);
  EXPECT_EQ(engine.ball(), colour_of('G'));  // the current ball stays
}

// --- the generic wrapper -----------------------------------------------------------

TEST(ZumaState, LegalActionsAreSkipThenEveryGapNamedByNumber) {
  const ZumaGame game(default_scenario());
  const auto state = game.initial_state(42);
  std::vector<Action> expected(14);
  std::iota(expected.begin(), expected.end(), -1);
  EXPECT_EQ(state->legal_actions(), expected);  // 12 balls: -1..12
  EXPECT_EQ(state->action_name(-1), "-1");
  EXPECT_EQ(state->action_name(0), "0");
  EXPECT_EQ(state->action_name(12), "12");
}

// The network's view of the homework's example at its first decision:
//   line  R R B B G G Y Y R B G Y  (12 of 15 slots)   ball B   step 0/20
// rows 0..11 one-hot colours, rows 12..14 empty, row 15 the ball, row 16 all 1.0 (20/20 steps left).
TEST(ZumaState, ObservationTensorIsTheLineAndTheBallOneHotThenStepsLeft) {
  const ZumaGame game(default_scenario());
  auto state = game.initial_state(42);
  const State::ObservationTensor t = state->observation_tensor();
  EXPECT_EQ(t.encoding, "zuma-rows-v1");
  EXPECT_EQ(t.shape, (std::vector<int>{17, 4}));
  ASSERT_EQ(t.size(), 68u);
  std::vector<float> obs(t.size(), -7.0f);  // every value is written
  state->fill_observation(obs);
  const auto& z = dynamic_cast<const ZumaState&>(*state);
  const Line& line = z.engine().line();
  for (int row = 0; row < 15; ++row)
    for (int c = 1; c <= 4; ++c)
      EXPECT_EQ(obs[size_t(row * 4 + c - 1)], row < line.size && line[row] == c ? 1.0f : 0.0f) << row << " " << c;
  for (int c = 1; c <= 4; ++c) EXPECT_EQ(obs[size_t(15 * 4 + c - 1)], z.engine().ball() == c ? 1.0f : 0.0f);
  for (int c = 0; c < 4; ++c) EXPECT_EQ(obs[size_t(16 * 4 + c)], 1.0f);
  state->apply(-1);
  state->fill_observation(obs);
  EXPECT_FLOAT_EQ(obs[16 * 4], 19.0f / 20.0f);
}

TEST(ZumaState, JsonHasLineBallStepsLimitsDoneTotalAndRng) {
  const ZumaGame game(default_scenario());
  const Json j = game.initial_state(42)->to_json();
  for (const char* key : {"line", "ball", "steps", "max_steps", "max_length", "done", "total", "rng"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["line"], Json(default_scenario().line));
  EXPECT_EQ(j["rng"]["seed"], 42);
  EXPECT_EQ(j["rng"]["draws"], 2);  // the first ball
  EXPECT_EQ(j["max_steps"], 20);
  EXPECT_EQ(j["max_length"], 15);
}

// The text mirror's board: the runs a throw can join, each with the gaps (the actions) on its two sides.
TEST(ZumaState, WordsNameTheRunsFromTheFrontWithTheirGapsAndTheFrogsBall) {
  const ZumaGame game(default_scenario());
  Json j = game.initial_state(42)->to_json();
  j["line"] = Json::array({1, 1, 2, 3, 3, 3});
  j["ball"] = 4;
  j["steps"] = 3;
  j["total"] = -2.5;
  EXPECT_EQ(game.state_from_json(j)->to_words(),
            "The line holds 6 of at most 15 balls, in runs from the front (gap 0) to the end (gap 6): 2 red (gaps 0 "
            "to 2), 1 blue (gaps 2 to 3), 3 green (gaps 3 to 6). The frog holds a yellow ball. 3 of 20 throws made, "
            "total reward -2.5.");
  j["line"] = Json::array();
  j["done"] = true;
  EXPECT_EQ(game.state_from_json(j)->to_words(),
            "The line holds 0 of at most 15 balls. The frog holds a yellow ball. 3 of 20 throws made, total reward "
            "-2.5; the episode is over.");
}

TEST(ZumaState, StateFromJsonRoundTripsAndThenContinuesIdentically) {
  const ZumaGame game(default_scenario());
  auto original = game.initial_state(42);
  for (Action a : {0, 5, -1}) original->apply(a);
  auto restored = game.state_from_json(original->to_json());
  EXPECT_EQ(restored->to_json(), original->to_json());
  for (size_t t = 0; !original->is_terminal(); ++t) {
    const auto legal = original->legal_actions();
    const Action a = legal[t * 7 % legal.size()];
    original->apply(a);
    restored->apply(a);
    ASSERT_EQ(restored->to_json(), original->to_json()) << "step " << t;
  }
}

TEST(ZumaState, StateFromJsonRejectsBadFieldsNamingThem) {
  const ZumaGame game(default_scenario());
  const Json good = game.initial_state(42)->to_json();
  auto error = [&](auto change) {
    Json j = good;
    change(j);
    return error_of([&] { game.state_from_json(j); });
  };
  EXPECT_TRUE(Mentions(error([](Json& j) { j["line"][3] = 7; }), "state.line[3]"));
  EXPECT_TRUE(Mentions(error([](Json& j) { j["ball"] = 0; }), "state.ball"));
  EXPECT_TRUE(Mentions(error([](Json& j) { j["steps"] = 21; }), "state.steps"));
  EXPECT_TRUE(Mentions(error([](Json& j) { j["done"] = true; }), "state.done"));
  EXPECT_TRUE(Mentions(error([](Json& j) { j.erase("rng"); }), "state.rng"));
  EXPECT_TRUE(Mentions(error([](Json& j) { j["rng"]["draws"] = uint64_t(1) << 40; }), "state.rng.draws"));
}

// A colour is taken as an int: 2^32 + 1 must not pass for 1.
TEST(ZumaState, StateFromJsonRejectsAHugeColourInsteadOfTruncatingIt) {
  const ZumaGame game(default_scenario());
  Json j = game.initial_state(42)->to_json();
  j["line"][0] = (int64_t(1) << 32) + 1;
  EXPECT_TRUE(Mentions(error_of([&] { game.state_from_json(j); }), "state.line[0]"));
}

// --- scenarios ----------------------------------------------------------------------

std::string scenario_error(void (*change)(Json&)) {
  Json j = to_json(default_scenario());
  change(j);
  return error_of([&] { scenario_from_json(j); });
}

std::string dist_error(const Json& dist) {
  Json j = to_json(default_scenario());
  j["model"]["next_color_dist"] = dist;
  return error_of([&] { scenario_from_json(j); });
}

TEST(ZumaScenario, NextColorDistMustSumToExactlyOneLeftToRight) {
  const std::string field = "scenario.model.next_color_dist";
  EXPECT_TRUE(Mentions(dist_error({{"1", 0.1}, {"2", 0.5}, {"3", 0.15}, {"4", 0.15}}), field));
  // 0.4 + 0.3 + 0.2 + 0.1 = 0.9999999999999999, but 0.1 + 0.2 + 0.3 + 0.4 = 1.0.
  EXPECT_TRUE(Mentions(dist_error({{"1", 0.4}, {"2", 0.3}, {"3", 0.2}, {"4", 0.1}}), field));
  EXPECT_EQ(dist_error({{"1", 0.1}, {"2", 0.2}, {"3", 0.3}, {"4", 0.4}}), "(no error)");
}

TEST(ZumaScenario, ErrorsNameTheField) {
  EXPECT_TRUE(Mentions(scenario_error([](Json& j) { j["max_length"] = 11; }), "scenario.line"));
  EXPECT_TRUE(Mentions(scenario_error([](Json& j) { j["line"][2] = 5; }), "scenario.line[2]"));
  EXPECT_TRUE(Mentions(scenario_error([](Json& j) { j["model"]["color_pop_prob"]["5"] = 0.5; }),
                       "scenario.model.color_pop_prob.5"));
  EXPECT_TRUE(Mentions(scenario_error([](Json& j) { j["model"].erase("color_pop_prob"); }), "color_pop_prob"));
  EXPECT_TRUE(Mentions(scenario_error([](Json& j) { j["model"]["color_pop_prob"]["3"] = 1.5; }),
                       "scenario.model.color_pop_prob.3"));
  EXPECT_TRUE(Mentions(scenario_error([](Json& j) { j["speed"] = 3; }), "scenario.speed"));
}

TEST(ZumaScenario, TheHomeworksExampleLiteralIsTheDefaultModel) {
  const Scenario s = parse_scenario_text(kExampleLiteral, default_scenario());
  EXPECT_EQ(to_json(s.model), to_json(default_scenario().model));
  EXPECT_EQ(to_json(s), to_json(default_scenario()));
}

TEST(ZumaScenario, PythonLiteralErrorNamesLineAndColumn) {
  const std::string text = "{'max_steps': 20,\n 'line': [1, 2,, 3]}";
  EXPECT_TRUE(Mentions(error_of([&] { parse_scenario_text(text, default_scenario()); }), "line 2, column 16"));
}

TEST(ZumaScenario, JsonAndPythonFormsGiveTheSameScenario) {
  const std::string python =
      "{'max_steps': 20, 'max_length': 15, 'line': [1, 2, 3, 3, 3, 4, 2, 1, 2, 3, 4, 4],\n"
      " 'model': " +
      std::string(kExampleLiteral) + "}";
  EXPECT_EQ(to_json(parse_scenario_text(example_scenario_json(), default_scenario())),
            to_json(parse_scenario_text(python, default_scenario())));
}

TEST(ZumaScenario, NextColorDistKeyOrderIsKept) {
  Json j = to_json(default_scenario());
  j["model"]["next_color_dist"] = {{"4", 0.15}, {"2", 0.6}, {"1", 0.1}, {"3", 0.15}};
  const Scenario s = scenario_from_json(j);
  EXPECT_EQ(s.model.next_color_dist.front().first, 4);
  EXPECT_EQ(to_json(s)["model"]["next_color_dist"].dump(), R"({"4":0.15,"2":0.6,"1":0.1,"3":0.15})");
}

TEST(ZumaScenario, ShippedScenariosAllLoad) {
  const auto names = scenario_names();
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(names.front(), "seed_example");
  for (const char* name : {"grading", "chain_reaction"})
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  for (const auto& name : names) EXPECT_NO_THROW(named_scenario(name)) << name;
}

// max_steps 50, max_length 10, fresh random lines: as the options build it.
TEST(ZumaScenario, GradingIsTheGradingProtocol) {
  Scenario grading;
  ASSERT_NO_THROW(grading = named_scenario("grading"));
  EXPECT_EQ(to_json(grading), to_json(grading_protocol()));
}

// --- options -------------------------------------------------------------------------

const Scenario& scenario_of(const std::shared_ptr<const Game>& game) {
  return dynamic_cast<const ZumaGame&>(*game).scenario();
}

TEST(ZumaOptions, ScenarioByNameInlineOrAsAPythonLiteral) {
  EXPECT_EQ(scenario_of(make_game("zuma", {{"scenario", "chain_reaction"}})).max_steps, 10);
  Json inline_scenario = to_json(default_scenario());
  inline_scenario["max_steps"] = 7;
  EXPECT_EQ(scenario_of(make_game("zuma", {{"scenario", inline_scenario}})).max_steps, 7);
  Json model = to_json(default_scenario().model);
  model["finished_reward"] = 99;
  const Scenario bare = scenario_of(make_game("zuma", {{"scenario", model}}));
  EXPECT_EQ(bare.model.finished_reward, 99);
  EXPECT_EQ(bare.line, default_scenario().line);
  const Scenario literal = scenario_of(make_game("zuma", {{"scenario", std::string(kExampleLiteral)}}));
  EXPECT_EQ(to_json(literal), to_json(default_scenario()));
}

TEST(ZumaOptions, OverridesAndTheGradingProtocolCutsTheLine) {
  const Scenario s = scenario_from_options({{"max_steps", 50}, {"max_length", 10}, {"random_lines", true}});
  EXPECT_EQ(s.max_steps, 50);
  EXPECT_EQ(s.max_length, 10);
  EXPECT_TRUE(s.random_lines);
  EXPECT_EQ(s.line, (std::vector<int>{1, 2, 3, 3, 3, 4, 2, 1, 2, 3}));  // the 12-ball example, cut to 10
  EXPECT_EQ(scenario_from_options({{"line", "1,2,3"}}).line, (std::vector<int>{1, 2, 3}));
}

TEST(ZumaOptions, ErrorsNameTheOption) {
  auto error = [](const Json& options) { return error_of([&] { make_game("zuma", options); }); };
  EXPECT_TRUE(Mentions(error({{"speed", 3}}), "speed"));
  EXPECT_TRUE(Mentions(error({{"max_steps", 0}}), "option 'max_steps'"));
  EXPECT_TRUE(Mentions(error({{"max_length", 10}}), "option 'line'"));  // 12 balls, no random lines
  EXPECT_TRUE(Mentions(error({{"scenario", "nope"}}), "option 'scenario'"));
  EXPECT_TRUE(Mentions(error({{"scenario", "{'seed': }"}}), "option 'scenario'"));
}

// Options come from URLs and the page as JSON: a wrongly typed value must be an InputError too.
TEST(ZumaOptions, NonBooleanRandomLinesIsAnInputError) {
  EXPECT_TRUE(Mentions(error_of([] { make_game("zuma", {{"random_lines", "yes"}}); }), "random_lines"));
}

// --- agents ---------------------------------------------------------------------------

TEST(ZumaAgents, GreedyPicksTheLeftmostGapMakingTheLongestRun) {
  struct Case {
    const char* line;
    char ball;
    int expected;
  };
  for (const Case& c : {Case{"RBBY", 'B', 1}, Case{"BRGGYGGG", 'G', 5}, Case{"RRGRR", 'R', 0}, Case{"RRR", 'B', 0}}) {
    const Scenario s = forced(c.line, c.ball);
    const ZumaEngine engine = engine_at(s, c.line, c.ball);
    Rng rng(1);
    EXPECT_EQ(LongestRunAgent(/*leftmost=*/true).choose(engine, rng), c.expected) << c.line << " + " << c.ball;
  }
}

TEST(ZumaAgents, GreedySharesItsProbabilityOverTheTiedGapsAndSendsANonMatchToTheFront) {
  // "RBBY" + B: gaps 1, 2 and 3 all make a blue run of three.
  const ZumaGame game(forced("RBBY", 'B'));
  const auto state = game.initial_state(1);
  std::set<int> drawn;
  for (uint64_t seed = 0; seed < 60; ++seed) {
    Rng rng(seed);
    const Decision d = make_zuma_agent("greedy", game.scenario())->decide(*state, rng);
    EXPECT_EQ(d.probabilities, (std::vector<double>{0, 0, 1.0 / 3, 1.0 / 3, 1.0 / 3, 0}));
    drawn.insert(d.chosen);
  }
  EXPECT_EQ(drawn, (std::set<int>{1, 2, 3}));
  // "RGY" + B: no neighbour matches, so the front.
  const ZumaGame other(forced("RGY", 'B'));
  Rng rng(3);
  const Decision d = make_zuma_agent("greedy", other.scenario())->decide(*other.initial_state(1), rng);
  EXPECT_EQ(d.chosen, 0);
  EXPECT_EQ(d.probabilities[1], 1.0);
}

TEST(ZumaAgents, ExpectimaxPrefersASurePop) {
  const ZumaGame game(forced("RGGY", 'G'));
  const auto state = game.initial_state(1);
  Rng rng(1);
  const Decision d = make_zuma_agent("expectimax:1", game.scenario())->decide(*state, rng);
  EXPECT_EQ(d.chosen, 1);
  EXPECT_EQ(d.scores, (std::vector<double>{0, 0, 2, 2, 2, 0}));
}

// "BB" + B, one step left. A pop clears the line: 3_pop[B] 1 + finished 150;
// a skip leaves two blues: -2 * 3.
TEST(ZumaAgents, ExpectimaxValuesAreTheHandComputedExpectations) {
  Scenario s = forced("BB", 'B', 1);
  ZumaEngine sure = engine_at(s, "BB", 'B');
  EXPECT_EQ(ExpectimaxAgent(1).action_values(sure), (std::vector<double>{-6, 151, 151, 151}));

  // Half the throws miss, to one of the other three actions.
  s.model.chosen_action_prob[2] = 0.5;
  ZumaEngine missing = engine_at(s, "BB", 'B');
  const auto v = ExpectimaxAgent(1).action_values(missing);
  EXPECT_DOUBLE_EQ(v[0], 0.5 * -6 + 0.5 / 3 * (151 * 3));
  EXPECT_DOUBLE_EQ(v[1], 0.5 * 151 + 0.5 / 3 * (-6 + 151 + 151));

  // Throws hit, half the runs pop: otherwise three blues remain, -3 * 3.
  s.model.chosen_action_prob[2] = 1;
  s.model.color_pop_prob[2] = 0.5;
  ZumaEngine popping = engine_at(s, "BB", 'B');
  EXPECT_DOUBLE_EQ(ExpectimaxAgent(1).action_values(popping)[1], 0.5 * 151 + 0.5 * -9);
}

TEST(ZumaAgents, TrainedAgentDecidesByItsQValues) {
  const ZumaGame game(default_scenario());
  const auto state = game.initial_state(42);
  auto agent = make_zuma_agent("trained", default_scenario());
  ASSERT_NE(agent, nullptr);
  Rng rng(1);
  const Decision d = agent->decide(*state, rng);
  ASSERT_EQ(d.actions.size(), 14u);
  ASSERT_EQ(d.probabilities.size(), 14u);
  EXPECT_DOUBLE_EQ(std::accumulate(d.probabilities.begin(), d.probabilities.end(), 0.0), 1.0);
  EXPECT_EQ(d.probabilities[size_t(d.chosen + 1)], 1.0);
  const ZumaEngine& engine = dynamic_cast<const ZumaState&>(*state).engine();
  std::vector<double> q;
  dynamic_cast<TrainedAgent&>(*agent).policy().action_values(engine.line(), engine.ball(), 19, 15, q);
  EXPECT_EQ(d.scores, q);
}

TEST(ZumaAgents, BadSpecsAreNamed) {
  for (const char* spec : {"expectimax:9", "trained:nope", "greedy:2"})
    EXPECT_TRUE(Mentions(error_of([&] { make_zuma_agent(spec, default_scenario()); }), spec));
}

// --- policy files -------------------------------------------------------------------

TEST(ZumaPolicy, JsonRoundTrip) {
  QPolicy p;
  p.q[7] = 1.5f;
  p.visits[7] = 3;
  p.q[kNumFeatureKeys - 1] = -2.25f;
  p.visits[kNumFeatureKeys - 1] = 1;
  p.info = {{"note", "test"}};
  const QPolicy back = QPolicy::from_json(p.to_json());
  EXPECT_EQ(back.q, p.q);
  EXPECT_EQ(back.visits, p.visits);
  EXPECT_EQ(back.info, p.info);

  const Json shipped = q_policies().find(kShippedPolicy)->to_json();
  EXPECT_EQ(QPolicy::from_json(shipped).to_json(), shipped);
  EXPECT_EQ(QPolicy::from_json(shipped).q, q_policies().find(kShippedPolicy)->q);  // q already at 1e-4
}

TEST(ZumaPolicy, FromJsonErrorsNameTheField) {
  QPolicy p;
  p.visits[7] = 1;
  const Json good = p.to_json();
  auto error = [&](auto change) {
    Json j = good;
    change(j);
    return error_of([&] { QPolicy::from_json(j); });
  };
  EXPECT_TRUE(Mentions(error([](Json& j) { j["format"] = "something-else"; }), "policy.format"));
  EXPECT_TRUE(Mentions(error([](Json& j) { j["version"] = 2; }), "policy.version"));
  EXPECT_TRUE(Mentions(error([](Json& j) { j["encoding"] = "zuma-features-v0"; }), "policy.encoding"));
  EXPECT_TRUE(Mentions(error([](Json& j) { j["entries"][0][0] = uint64_t(kNumFeatureKeys); }), "policy.entries[0]"));
  EXPECT_TRUE(Mentions(error([](Json& j) { j["entries"][0][1] = std::numeric_limits<double>::infinity(); }),
                       "policy.entries[0]"));
  EXPECT_TRUE(Mentions(error([](Json& j) { j["entries"] = "none"; }), "policy.entries"));
}

// The policy format: the shipped tables are RLPGPOLICY files (kind q-table); a file that is not one, or is
// damaged, is refused with a message naming the problem.
TEST(ZumaPolicy, PolicyFileRoundTripIsExact) {
  QPolicy p;
  p.q[7] = 1.5f;
  p.visits[7] = 3;
  p.q[kNumFeatureKeys - 1] = -2.2345678f;
  p.visits[kNumFeatureKeys - 1] = 0xffffffffu;  // capped at 2^31-1 in the file
  p.info = {{"note", "test"}, {"score", {{"mean", 1.5}}}};
  const std::string bytes = p.to_policy_file();
  EXPECT_EQ(bytes.substr(0, 11), "RLPGPOLICY\n");
  const QPolicy back = QPolicy::parse(bytes, "test");
  EXPECT_EQ(back.q, p.q);
  EXPECT_EQ(back.visits[7], 3u);
  EXPECT_EQ(back.visits[kNumFeatureKeys - 1], 0x7fffffffu);
  EXPECT_EQ(back.info, p.info);
  EXPECT_EQ(back.to_policy_file(), bytes);
  // The JSON form is still read by the same entry point.
  EXPECT_EQ(QPolicy::parse(p.to_json().dump(), "test").q[7], 1.5f);

  // The shipped table: its file re-written gives the same bytes.
  const auto shipped_bytes = find_policy_file(policy_path(kShippedPolicy));
  ASSERT_TRUE(shipped_bytes);
  const QPolicy shipped = QPolicy::parse(*shipped_bytes, "shipped");
  EXPECT_EQ(shipped.to_policy_file(), *shipped_bytes);
  EXPECT_GT(shipped.visited_keys(), 10000u);
}

TEST(ZumaPolicy, AQValueWithoutVisitsSurvivesBothForms) {
  // Found by fuzzing (docs/reliability.md, bug 4): the files held only visited keys, so a Q-value read for an
  // unvisited key (hand-edited, or from another tool) was dropped on saving, and the agent's choices changed.
  QPolicy p;
  p.q[4] = 1.5f;
  p.q[17] = -2.25f;
  p.visits[17] = 5;
  const QPolicy from_file = QPolicy::parse(p.to_policy_file(), "file");
  const QPolicy from_json = QPolicy::parse(p.to_json().dump(), "json");
  for (const QPolicy* back : {&from_file, &from_json}) {
    EXPECT_EQ(back->q, p.q);
    EXPECT_EQ(back->visits, p.visits);
  }
  EXPECT_EQ(p.to_json()["entries"].size(), 2u);
  EXPECT_EQ(p.visited_keys(), 1u);
}

TEST(ZumaPolicy, DamagedPolicyFilesAreRefusedNamingTheProblem) {
  QPolicy p;
  p.q[7] = 1.5f;
  p.visits[7] = 3;
  p.q[9] = -0.5f;
  p.visits[9] = 1;
  const std::string good = p.to_policy_file();
  auto error = [](const std::string& bytes) { return error_of([&] { QPolicy::parse(bytes, "zuma/x.rlpg"); }); };
  EXPECT_TRUE(Mentions(error(good.substr(0, 20)), "truncated header")) << error(good.substr(0, 20));
  EXPECT_TRUE(Mentions(error(good.substr(0, good.size() - 3)), "truncated weights"));
  std::string flipped = good;
  flipped[flipped.size() - 1] = char(flipped.back() ^ 0x40);
  EXPECT_TRUE(Mentions(error(flipped), "bad checksum"));
  EXPECT_TRUE(Mentions(error(flipped), "zuma/x.rlpg"));
  // Another game's policy file.
  std::string other = good;
  const auto at = other.find("\"zuma\"");
  ASSERT_NE(at, std::string::npos);
  other.replace(at, 6, "\"kal\"");  // same length: the header length stays right
  EXPECT_TRUE(Mentions(error(other), "wrong game"));
  // Another feature encoding.
  std::string encoding = good;
  const auto enc = encoding.find("zuma-features-v2");
  ASSERT_NE(enc, std::string::npos);
  encoding[enc + 15] = '1';
  EXPECT_TRUE(Mentions(error(encoding), "wrong observation encoding"));
  // Neither the policy format nor JSON.
  EXPECT_FALSE(error("not a table").empty());
  // JSON that is not a table: the field and the file are named.
  EXPECT_TRUE(Mentions(error(R"({"format": "other"})"), "zuma/x.rlpg, policy.format"))
      << error(R"({"format": "other"})");
}

// --- the shipped policy against the baselines ----------------------------------------

TEST(ZumaRegression, TrainedPolicyBeatsGreedyOnTheGradingProtocol) {
  const Scenario grading = named_scenario("grading");
  const double trained = evaluate(grading, "trained", 2000, 7).returns.mean();
  const double greedy = evaluate(grading, "greedy", 2000, 7).returns.mean();
  const double random = evaluate(grading, "random", 2000, 7).returns.mean();
  EXPECT_GT(trained, greedy + 10);
  EXPECT_GT(trained, 30);
  EXPECT_GT(greedy, 5);
  EXPECT_LT(greedy, 30);
  EXPECT_LT(random, -40);
}

// --- the learner ----------------------------------------------------------------------

TEST(ZumaLearner, FixedSeedIsDeterministic) {
  TrainSettings settings;
  settings.episodes = 2000;
  settings.curve_every = 100;
  settings.seed = 3;
  const Scenario grading = named_scenario("grading");
  QLearner a(grading, settings), b(grading, settings);
  a.train(2000);
  b.train(2000);
  EXPECT_EQ(a.policy().q, b.policy().q);
  EXPECT_EQ(a.policy().visits, b.policy().visits);
  EXPECT_EQ(a.curve(), b.curve());
  EXPECT_EQ(a.curve().size(), 2000u / 100u);
  EXPECT_TRUE(a.finished());
}

TEST(ZumaLearner, TrainingImprovesOnAnUntrainedTable) {
  const Scenario grading = named_scenario("grading");
  TrainSettings settings;
  settings.episodes = 20000;
  QLearner learner(grading, settings);
  learner.train(settings.episodes);
  q_policies().store("test-untrained", std::make_shared<const QPolicy>());
  q_policies().store("test-20k", learner.snapshot());
  const double untrained = evaluate(grading, "trained:test-untrained", 1000, 7).returns.mean();
  const double trained = evaluate(grading, "trained:test-20k", 1000, 7).returns.mean();
  EXPECT_GT(trained, untrained + 10) << "untrained " << untrained << ", trained " << trained;
}

TEST(ZumaLearner, SettingsFromJsonNameTheSetting) {
  auto error = [](const Json& j) { return error_of([&] { TrainSettings::from_json(j, TrainSettings{}); }); };
  EXPECT_TRUE(Mentions(error({{"speed", 1}}), "settings.speed"));
  EXPECT_TRUE(Mentions(error({{"alpha", 2}}), "settings.alpha"));
  EXPECT_TRUE(Mentions(error({{"episodes", 0}}), "settings.episodes"));
  EXPECT_TRUE(Mentions(error({{"gamma", -0.1}}), "settings.gamma"));
  EXPECT_EQ(TrainSettings::from_json({{"episodes", 5}}, TrainSettings{}).episodes, 5);
}

// --- fuzz ---------------------------------------------------------------------------------

// One to three edits: drop, duplicate or replace a character, or swap two numbers.
std::string mutate(std::string text, Rng& rng) {
  static constexpr std::string_view kChars = "{}[](),:'\"#-+.eE0123456789 \n_TFNx";
  const int edits = 1 + int(rng.below(3));
  for (int e = 0; e < edits && !text.empty(); ++e) {
    const size_t at = rng.below(uint32_t(text.size()));
    switch (rng.below(4)) {
      case 0: text.erase(at, 1); break;
      case 1: text.insert(at, 1, text[at]); break;
      case 2: text[at] = kChars[rng.below(uint32_t(kChars.size()))]; break;
      default: {  // swap the first two numbers from a random point on
        auto number_at = [&](size_t from) {
          const size_t start = text.find_first_of("0123456789", from);
          const size_t end = start == std::string::npos ? start : text.find_first_not_of("0123456789.", start);
          return std::pair{start, end == std::string::npos ? text.size() - start : end - start};
        };
        const auto [x, x_length] = number_at(at);
        if (x == std::string::npos) break;
        const auto [y, y_length] = number_at(x + x_length);
        if (y == std::string::npos) break;
        const std::string first = text.substr(x, x_length), second = text.substr(y, y_length);
        text.replace(y, y_length, first);
        text.replace(x, x_length, second);
      }
    }
  }
  return text;
}

TEST(ZumaFuzz, MutatedScenarioTextIsReadOrRejectedWithAnInputError) {
  const std::vector<std::string> sources = {example_scenario_json(), std::string(kExampleLiteral)};
  Rng rng(2024);
  int accepted = 0, rejected = 0;
  for (int i = 0; i < 2 * 3000; ++i) {
    const std::string text = mutate(sources[size_t(i % 2)], rng);
    try {
      const Scenario s = parse_scenario_text(text, default_scenario());
      EXPECT_NO_THROW(scenario_from_json(to_json(s))) << text;  // what is read is valid
      ++accepted;
    } catch (const InputError&) {
      ++rejected;
    } catch (const std::exception& e) {
      ADD_FAILURE() << "not an InputError: " << e.what() << "\nfor:\n" << text;
    }
  }
  EXPECT_GT(accepted, 200);
  EXPECT_GT(rejected, 200);
}

// Pasted text need not be UTF-8 (a Latin-1 file): the error message must not throw.
TEST(ZumaFuzz, NonUtf8TextIsAnInputError) {
  std::string text(kExampleLiteral);
  text.replace(text.find("150"), 3, "'\xe9'");
  try {
    parse_scenario_text(text, default_scenario());
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    // The reader refuses the bytes where they are (the line of finished_reward).
    EXPECT_TRUE(Mentions(e.what(), "line 10")) << e.what();
    EXPECT_TRUE(Mentions(e.what(), "UTF-8")) << e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not an InputError: " << e.what();
  }
}

}  // namespace
}  // namespace pg::zuma
