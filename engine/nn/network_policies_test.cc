// Network policy files are parsed once per file, whoever seats them: agents
// of one file share its parse, the page's check on arrival is that parse, and
// a refused file is still refused naming the file and the problem.
#include "engine/nn/network_policies.h"

#include <gtest/gtest.h>

#include <functional>

#include "engine/core/policy_store.h"
#include "engine/games/sokoban/policy_net.h"
#include "engine/nn/network_agent.h"
#include "engine/nn/policy_builder.h"

namespace pg::nn {
namespace {

// A q-network over zuma-rows-v1 [6, 4] with actions -1..4.
std::string zuma_q_file() {
  PolicyBuilder b("zuma", "q-network", {"zuma-rows-v1", Shape{6, 4}}, {"-1", "0", "1", "2", "3", "4"});
  b.flatten("flatten");
  b.dense("out", 6, std::vector<float>(6 * 24, 0.0f), std::vector<float>{1, 2, 3, 4, 5, 6});
  return write_policy(b.build());
}

const PolicyExpectation kZumaQ{.source = "zuma/cache_test.rlpg", .game = "zuma", .kind = "q-network"};

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(NetworkPolicies, TwoAgentsOfOneFileParseItOnce) {
  provide_policy_file("zuma/cache_test.rlpg", zuma_q_file());
  const long before = network_policies().parses();
  auto a = make_network_agent("dqn", "zuma/cache_test.rlpg", kZumaQ, 0);
  auto b = make_network_agent("dqn", "zuma/cache_test.rlpg", kZumaQ, 0.5);
  EXPECT_EQ(network_policies().parses(), before + 1);
  EXPECT_EQ(&a->policy(), &b->policy()) << "both seats share the one parse";

  provide_policy_file("zuma/cache_test.rlpg", zuma_q_file());  // other bytes for the file: parsed again
  auto c = make_network_agent("dqn", "zuma/cache_test.rlpg", kZumaQ, 0);
  EXPECT_EQ(network_policies().parses(), before + 2);
  EXPECT_NE(&a->policy(), &c->policy());
}

TEST(NetworkPolicies, AFileCheckedOnArrivalIsNotParsedAgain) {
  const std::string path = "zuma/arriving_test.rlpg";
  auto bytes = std::make_shared<const std::string>(zuma_q_file());
  const long before = network_policies().parses();
  const auto checked = network_policies().parse_arriving(path, bytes);
  provide_policy_file(path, bytes);
  auto agent = make_network_agent("dqn", path, {.source = path, .game = "zuma", .kind = "q-network"}, 0);
  EXPECT_EQ(network_policies().parses(), before + 1);
  EXPECT_EQ(&agent->policy(), checked.get());
}

TEST(NetworkPolicies, ARefusedFileIsRefusedWithItsMessage) {
  // Checked on arrival: a file whose game is not its folder, and a corrupted one.
  const auto zuma_in_sokoban = std::make_shared<const std::string>(zuma_q_file());
  EXPECT_EQ(message_of([&] { network_policies().parse_arriving("sokoban/refused_test.rlpg", zuma_in_sokoban); }),
            "policies/sokoban/refused_test.rlpg: wrong game: the policy is for 'zuma', expected 'sokoban'");
  std::string corrupted = zuma_q_file();
  corrupted.back() ^= 1;
  EXPECT_NE(message_of([&] {
              network_policies().parse_arriving("zuma/refused_test.rlpg",
                                                std::make_shared<const std::string>(corrupted));
            }).find("zuma/refused_test.rlpg: bad checksum"),
            std::string::npos);
  // Seated: the same file refusal, every time, and the agent's own expectation.
  provide_policy_file("zuma/refused_test.rlpg", corrupted);
  for (int i = 0; i < 2; ++i)
    EXPECT_NE(message_of([&] { make_network_agent("dqn", "zuma/refused_test.rlpg", kZumaQ, 0); }).find("bad checksum"),
              std::string::npos);
  provide_policy_file("zuma/kind_test.rlpg", zuma_q_file());
  EXPECT_EQ(message_of([&] {
              make_network_agent("dqn", "zuma/kind_test.rlpg",
                                 {.source = "zuma/kind_test.rlpg", .game = "zuma", .kind = "value-network"}, 0);
            }),
            "zuma/kind_test.rlpg: wrong kind: the policy is a 'q-network', expected a 'value-network'");
  EXPECT_THROW(make_network_agent("dqn", "zuma/no_such_file.rlpg", kZumaQ, 0), PolicyUnavailable);
}

TEST(NetworkPolicies, TheGeneralSokobanPolicyIsParsedOnceForEverySeat) {
  const auto first = sokoban::load_general_policy();
  const long parses = network_policies().parses();
  EXPECT_EQ(sokoban::load_general_policy().get(), first.get());
  EXPECT_EQ(network_policies().parses(), parses);
}

}  // namespace
}  // namespace pg::nn
