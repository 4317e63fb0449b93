// The network agents on Zuma's observation with hand-made networks whose
// outputs are known: the Q-values are the last layer's biases (zero
// weights), so every probability can be computed by hand.
#include "engine/nn/network_agent.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "engine/core/error.h"
#include "engine/games/zuma/zuma_game.h"
#include "engine/nn/policy_builder.h"

namespace pg::nn {
namespace {

zuma::Scenario small_scenario() {
  zuma::Scenario s = zuma::default_scenario();
  s.max_length = 4;
  s.line = {1, 1, 2};  // 3 balls: actions -1..3 are legal, output 5 (action 4) is not
  return s;
}

// A q-network over zuma-rows-v1 [6, 4] whose outputs are `q` whatever the state.
std::string constant_q_policy(const std::vector<float>& q, const std::string& kind = "q-network") {
  std::vector<std::string> actions;
  for (int a = -1; a < int(q.size()) - 1; ++a) actions.push_back(std::to_string(a));
  PolicyBuilder b("zuma", kind, {"zuma-rows-v1", Shape{6, 4}},
                  kind == "q-network" ? actions : std::vector<std::string>{});
  b.flatten("flatten");
  const std::vector<float> w(q.size() * 24, 0.0f);
  b.dense("out", int(q.size()), w, q);
  return write_policy(b.build());
}

std::unique_ptr<NetworkAgent> agent(const std::string& bytes, double temperature) {
  return make_network_agent("dqn", "test.rlpg",
                            std::make_shared<const Policy>(read_policy(bytes, {.source = "test.rlpg", .game = "zuma"})),
                            temperature);
}

TEST(QNetworkAgent, GreedyAtTemperatureZeroOverTheLegalActionsOnly) {
  const zuma::ZumaGame game(small_scenario());
  const auto state = game.initial_state(42);
  ASSERT_EQ(state->legal_actions(), (std::vector<Action>{-1, 0, 1, 2, 3}));
  // Output 5 (action 4, illegal with 3 balls) has the largest Q: it must be ignored.
  auto a = agent(constant_q_policy({0.5f, -1, 2, 1.5f, 0, 9}), 0);
  Rng rng(1);
  const Decision d = a->decide(*state, rng);
  EXPECT_EQ(d.actions, state->legal_actions());
  EXPECT_EQ(d.scores, (std::vector<double>{0.5, -1, 2, 1.5, 0}));
  EXPECT_EQ(d.probabilities, (std::vector<double>{0, 0, 1, 0, 0}));
  EXPECT_EQ(d.chosen, 1);
  EXPECT_DOUBLE_EQ(*d.value, 2);
  EXPECT_EQ(a->spec(), "dqn");
}

TEST(QNetworkAgent, SoftmaxOfQOverTheTemperature) {
  const zuma::ZumaGame game(small_scenario());
  const auto state = game.initial_state(42);
  const std::vector<float> q = {0.5f, -1, 2, 1.5f, 0, 9};
  auto a = agent(constant_q_policy(q), 0.5);
  EXPECT_EQ(a->spec(), "dqn:0.5");
  Rng rng(1);
  const Decision d = a->decide(*state, rng);
  double sum = 0;
  for (int i = 0; i < 5; ++i) sum += std::exp(double(q[size_t(i)]) / 0.5);
  for (int i = 0; i < 5; ++i)
    EXPECT_NEAR(d.probabilities[size_t(i)], std::exp(double(q[size_t(i)]) / 0.5) / sum, 1e-12);
  // Hotter: flatter; the page's slider changes the agent's distribution.
  a->set_temperature(50);
  Rng rng2(1);
  const Decision hot = a->decide(*state, rng2);
  EXPECT_LT(hot.probabilities[2], d.probabilities[2]);
  EXPECT_GT(hot.probabilities[1], d.probabilities[1]);
  EXPECT_EQ(a->spec(), "dqn:50");
  // Draws follow the probabilities.
  int counts[5] = {};
  a->set_temperature(0.5);
  for (uint64_t seed = 0; seed < 4000; ++seed) {
    Rng r(seed);
    counts[a->decide(*state, r).chosen + 1]++;
  }
  for (int i = 0; i < 5; ++i) EXPECT_NEAR(counts[i] / 4000.0, d.probabilities[size_t(i)], 0.03) << i;
}

TEST(QNetworkAgent, RefusesAWrongObservationOrAMissingAction) {
  zuma::Scenario wide = small_scenario();
  wide.max_length = 5;  // [7, 4]: not the policy's [6, 4]
  const zuma::ZumaGame game(wide);
  auto a = agent(constant_q_policy({0, 0, 0, 0, 0, 0}), 0);
  Rng rng(1);
  try {
    a->decide(*game.initial_state(1), rng);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("[6,4]"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("[7,4]"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_temperature("dqn:x", "x"), InputError);
  EXPECT_THROW(parse_temperature("dqn:-1", "-1"), InputError);
  EXPECT_EQ(parse_temperature("dqn:2.5", "2.5"), 2.5);
}

TEST(ValueNetworkAgent, ScoresEachAfterstateByItsRewardPlusItsValue) {
  const zuma::ZumaGame game(small_scenario());
  const auto state = game.initial_state(42);
  auto a = agent(constant_q_policy({3}, "value-network"), 0);
  Rng rng(1);
  const Decision d = a->decide(*state, rng);
  ASSERT_EQ(d.actions.size(), 5u);
  EXPECT_DOUBLE_EQ(*d.value, 3);
  for (size_t i = 0; i < d.actions.size(); ++i) {
    auto after = state->clone();
    const double r = after->apply(d.actions[i])[0];
    EXPECT_DOUBLE_EQ(d.scores[i], r + (after->is_terminal() ? 0 : 3)) << d.actions[i];
  }
  // Greedy: the tied best scores share the probability.
  const double best = *std::max_element(d.scores.begin(), d.scores.end());
  const auto ties = std::count(d.scores.begin(), d.scores.end(), best);
  for (size_t i = 0; i < d.actions.size(); ++i)
    EXPECT_DOUBLE_EQ(d.probabilities[i], d.scores[i] == best ? 1.0 / double(ties) : 0.0);
  EXPECT_EQ(d.scores[size_t(d.chosen + 1)], best);
}

TEST(NetworkAgent, DescribeGivesLayersObservationAndActivations) {
  const zuma::ZumaGame game(small_scenario());
  const auto state = game.initial_state(42);
  auto a = agent(constant_q_policy({0.5f, -1, 2, 1.5f, 0, 9}), 0);
  const Json j = a->describe(*state);
  ASSERT_EQ(j["layers"].size(), 2u);
  EXPECT_EQ(j["layers"][1]["name"], "out");
  EXPECT_EQ(j["observation"]["shape"], Json({6, 4}));
  std::vector<float> obs(24);
  state->fill_observation(obs);
  EXPECT_EQ(j["observation"]["values"], Json(obs));
  EXPECT_EQ(j["activations"].back()["values"].size(), 6u);
}

}  // namespace
}  // namespace pg::nn
