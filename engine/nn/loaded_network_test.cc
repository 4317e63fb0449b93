#include "engine/nn/loaded_network.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/core/registry.h"
#include "engine/games/mancala/mancala_game.h"
#include "engine/nn/policy_builder.h"

namespace pg::nn {
namespace {

// A Kalah policy network whose logits prefer the mover's pit 1, then 2, and so on.
std::string kalah_network_bytes(float first_logit = 5) {
  std::vector<float> weight(size_t(mancala::kPitsPerSide * mancala::kNumHoles), 0.0f);
  const std::vector<float> bias = {first_logit, 4, 3, 2, 1, 0};
  PolicyBuilder b("mancala", "policy-network", {mancala::kHolesEncoding, Shape{mancala::kNumHoles}},
                  {"1", "2", "3", "4", "5", "6"});
  b.dense("logits", mancala::kPitsPerSide, weight, bias);
  return write_policy(b.build());
}

std::string refusal_of(const std::function<void()>& make) {
  try {
    make();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(LoadedNetwork, PlaysTheFileTheUserLoadedUnderItsName) {
  provide_policy_file(loaded_policy_path("mancala", "mine.policy"), kalah_network_bytes());
  auto game = make_game("mancala", Json::object());
  auto state = game->initial_state(1);
  auto agent = make_agent(*game, "file:mine.policy");
  EXPECT_EQ(agent->spec(), "file:mine.policy");
  Rng rng(3);
  const Decision d = agent->decide(*state, rng);
  EXPECT_EQ(state->action_name(d.chosen), "1");
  ASSERT_EQ(d.probabilities.size(), 6u);
  EXPECT_DOUBLE_EQ(d.probabilities[0], 1.0);  // greedy at temperature 0
  // At temperature 1 a policy network's probabilities are its own softmax.
  auto sampling = make_agent(*game, "file:mine.policy:1");
  EXPECT_EQ(sampling->spec(), "file:mine.policy:1");
  const Decision soft = sampling->decide(*state, rng);
  EXPECT_NEAR(soft.probabilities[0] / soft.probabilities[1], std::exp(1.0), 1e-6);
}

TEST(LoadedNetwork, NativelyTheNameIsAPathReadOnce) {
#ifdef __EMSCRIPTEN__
  GTEST_SKIP() << "in the page a name is a file the user loaded, never a path (PageAsksItsLoader)";
#endif
  const std::string path = ::testing::TempDir() + "loaded_network_test.policy";
  {
    std::ofstream out(path, std::ios::binary);
    out << kalah_network_bytes();
  }
  auto game = make_game("mancala", Json::object());
  auto state = game->initial_state(2);
  Rng rng(1);
  EXPECT_EQ(state->action_name(make_agent(*game, "file:" + path)->decide(*state, rng).chosen), "1");
  std::remove(path.c_str());
  // Kept under its loaded path: a second seat plays the same file.
  EXPECT_EQ(state->action_name(make_agent(*game, "file:" + path)->decide(*state, rng).chosen), "1");
}

TEST(LoadedNetwork, RefusalsNameTheSpecAndTheProblem) {
  auto kalah = make_game("mancala", Json::object());
#ifndef __EMSCRIPTEN__  // what only the command line and Python can ask (the page offers File... where it plays)
  EXPECT_NE(refusal_of([&] { make_agent(*kalah, "file:"); }).find("name the network file"), std::string::npos);
  EXPECT_NE(refusal_of([&] {
              make_agent(*kalah, "file:no/such/file.policy");
            }).find("agent 'file:no/such/file.policy': cannot read the file 'no/such/file.policy'"),
            std::string::npos);
  auto tictactoe = make_game("tictactoe", Json::object());
  EXPECT_NE(refusal_of([&] {
              make_agent(*tictactoe, "file:x.policy");
            }).find("tictactoe has no network encoding, so no network file plays it"),
            std::string::npos);
#endif
  // A file that is not a network for this game is named (natively as the user named it).
  provide_policy_file(loaded_policy_path("mancala", "notes.txt"), "not a policy file");
  const std::string bad = refusal_of([&] { make_agent(*kalah, "file:notes.txt"); });
  EXPECT_NE(bad.find("notes.txt"), std::string::npos) << bad;  // natively "file 'notes.txt'"
  auto zuma = make_game("zuma", Json::object());
  provide_policy_file(loaded_policy_path("zuma", "kalah.policy"), kalah_network_bytes());
  const std::string wrong_game = refusal_of([&] { make_agent(*zuma, "file:kalah.policy"); });
  EXPECT_NE(wrong_game.find("kalah.policy"), std::string::npos) << wrong_game;
  EXPECT_NE(refusal_of([&] { make_agent(*kalah, "file:mine.policy:-1"); }).find("temperature"), std::string::npos);
}

#ifdef __EMSCRIPTEN__
// In the page a file it does not have is asked of its loader, as a shipped one is: the page gives the bytes the
// user loaded (its worker asks this way), or tells that it has none (web/page/policies.mjs).
TEST(LoadedNetwork, PageAsksItsLoader) {
  auto kalah = make_game("mancala", Json::object());
  try {
    make_agent(*kalah, "file:never_loaded.policy");
    FAIL() << "no error";
  } catch (const PolicyUnavailable& e) {
    EXPECT_TRUE(e.loading());
    EXPECT_EQ(e.path(), "mancala/loaded/never_loaded.policy");
  }
}
#endif

}  // namespace
}  // namespace pg::nn
