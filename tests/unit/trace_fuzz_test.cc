// Bad traces, URL parameters and states never escape as anything but an
// InputError with a message: random mutations of valid inputs.
#include <gtest/gtest.h>

#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/registry.h"
#include "engine/core/session.h"
#include "engine/core/url_config.h"

namespace pg {
namespace {

// Replaces one randomly chosen value somewhere inside `j` by a value of another type, or deletes it.
void mutate(Json& j, Rng& rng) {
  Json* node = &j;
  while ((node->is_object() || node->is_array()) && !node->empty() && rng.below(4) != 0) {
    const size_t i = rng.below(uint32_t(node->size()));
    node = node->is_object() ? &std::next(node->begin(), long(i)).value() : &(*node)[i];
  }
  static const Json replacements[] = {nullptr,
                                      true,
                                      -1,
                                      3,
                                      99999999999LL,
                                      0.5,
                                      "x",
                                      "3",
                                      Json::array(),
                                      Json::object(),
                                      Json::array({1, 2}),
                                      Json::object({{"a", 1}})};
  *node = replacements[rng.below(sizeof replacements / sizeof replacements[0])];
}

TEST(BadInput, MutatedTracesAreRefusedWithAnInputErrorOrReplayed) {
  Session s;
  s.set_agents({"greedy:2", "random"});
  for (int i = 0; i < 12; ++i) s.step();
  const Json good = s.trace();
  Rng rng(2024);
  int refused = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    Json t = good;
    const int mutations = 1 + int(rng.below(3));
    for (int m = 0; m < mutations; ++m) mutate(t, rng);
    try {
      Episode::from_trace(t);
    } catch (const InputError& e) {
      ++refused;
      EXPECT_FALSE(std::string(e.what()).empty());
    } catch (const std::exception& e) {
      ADD_FAILURE() << "trial " << trial << ": " << e.what() << "\n" << t.dump();
      return;
    }
  }
  EXPECT_GT(refused, 500);  // most mutations break something that is checked
}

TEST(BadInput, MutatedStatesAreRefusedWithAnInputError) {
  const auto game = make_game("mancala");
  const Json good = game->initial_state(1)->to_json();
  Rng rng(7);
  for (int trial = 0; trial < 3000; ++trial) {
    Json j = good;
    mutate(j, rng);
    try {
      auto state = game->state_from_json(j);
      EXPECT_EQ(state->to_json(), j);  // accepted: then it is exactly what was given
    } catch (const InputError&) {
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what() << "\n" << j.dump();
      return;
    }
  }
}

TEST(BadInput, ArbitraryUrlQueriesNeverThrow) {
  Rng rng(11);
  const std::string alphabet = "=&?%+,:{}\"abcdegimnoprstuvwyz0123456789-._";
  for (int trial = 0; trial < 5000; ++trial) {
    std::string q;
    const int n = int(rng.below(60));
    for (int k = 0; k < n; ++k) q += alphabet[rng.below(uint32_t(alphabet.size()))];
    if (rng.below(2)) q = "game=" + q;
    EXPECT_NO_THROW(parse_url_config(q)) << q;
  }
}

}  // namespace
}  // namespace pg
