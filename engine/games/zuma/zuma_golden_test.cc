// Golden tests: our MT19937 against python3's `random`, and whole episodes
// against tools/zuma_reference.py (the spec's rules in Python), both written
// by tests/golden/zuma/make_golden.py. Every draw is compared bit for bit.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/json.h"
#include "engine/games/zuma/engine.h"
#include "engine/games/zuma/python_random.h"
#include "engine/games/zuma/scenario.h"

namespace pg::zuma {
namespace {

Json golden(const std::string& name) {
  std::ifstream in(std::string(PG_SOURCE_DIR) + "/tests/golden/zuma/" + name);
  EXPECT_TRUE(in) << "missing golden file " << name;
  std::stringstream text;
  text << in.rdbuf();
  return Json::parse(text.str());
}

TEST(ZumaGolden, PythonRandomStreams) {
  const Json data = golden("python_random.json");
  ASSERT_GE(data["streams"].size(), 8u);
  int checked = 0;
  for (const auto& stream : data["streams"]) {
    const int64_t seed = stream["seed"].get<int64_t>();
    PythonRandom rng(PythonRandom::abs_seed(seed));
    for (const auto& call : stream["calls"]) {
      const std::string op = call["op"];
      SCOPED_TRACE("seed " + std::to_string(seed) + " call " + call.dump());
      if (op == "random") {
        EXPECT_EQ(rng.random(), call["result"].get<double>());
      } else if (op == "getrandbits") {
        EXPECT_EQ(rng.getrandbits(call["k"].get<int>()), call["result"].get<uint32_t>());
      } else if (op == "randbelow") {
        EXPECT_EQ(rng.randbelow(call["n"].get<uint32_t>()), call["result"].get<uint32_t>());
      } else if (op == "choice") {
        const auto seq = call["seq"].get<std::vector<int>>();
        EXPECT_EQ(seq[rng.randbelow(uint32_t(seq.size()))], call["result"].get<int>());
      } else if (op == "randint") {
        EXPECT_EQ(rng.randint(call["a"].get<int64_t>(), call["b"].get<int64_t>()), call["result"].get<int64_t>());
      } else {
        ADD_FAILURE() << "unknown op " << op;
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 400);
}

// Seeds made ready together (a vector of Zuma games: PythonRandom::prepare_seeds) give the streams seeding one
// at a time gives, across the keys of one and two 32-bit words, and Python's own for the golden seeds.
TEST(ZumaGolden, PreparedSeedsGiveTheSameStreams) {
  const auto stream = [](uint64_t seed) {
    PythonRandom rng(seed);
    std::vector<uint32_t> out;
    for (int i = 0; i < 1500; ++i) out.push_back(rng.next32());  // past the first twist
    return out;
  };
  for (const uint64_t first : {uint64_t(0), uint64_t(4294967292u), uint64_t(1) << 40, uint64_t(123456789)}) {
    std::vector<std::vector<uint32_t>> alone;
    for (int g = 0; g < PythonRandom::kPreparedSeeds; ++g) alone.push_back(stream(first + uint64_t(g)));
    PythonRandom::prepare_seeds(first, PythonRandom::kPreparedSeeds);
    for (int g = 0; g < PythonRandom::kPreparedSeeds; ++g)
      EXPECT_EQ(stream(first + uint64_t(g)), alone[size_t(g)]) << "seed " << first + uint64_t(g);
  }
  const Json data = golden("python_random.json");
  for (const auto& s : data["streams"]) {
    const uint64_t seed = PythonRandom::abs_seed(s["seed"].get<int64_t>());
    PythonRandom::prepare_seeds(seed > 3 ? seed - 3 : 0, PythonRandom::kPreparedSeeds);
    PythonRandom rng(seed);
    const auto& call = s["calls"][0];
    if (call["op"] == "random") {
      EXPECT_EQ(rng.random(), call["result"].get<double>()) << "seed " << seed;
    }
  }
}

TEST(ZumaGolden, SpecExampleFirstDraw) {
  PythonRandom rng(42);
  EXPECT_EQ(rng.random(), 0.6394267984578837);  // zuma.md's example
}

TEST(ZumaGolden, FastForwardMatchesDrawing) {
  PythonRandom a(2024), b(2024);
  for (int i = 0; i < 2000; ++i) a.next32();
  b.fast_forward(2000);
  EXPECT_EQ(a.draws(), b.draws());
  EXPECT_EQ(a.next32(), b.next32());
}

Json log_draws(const StepLog& log) {
  Json draws = Json::array();
  if (log.drew_ball) draws.push_back({"ball", log.ball_u});
  draws.push_back({"throw", log.throw_u});
  if (!log.hit) draws.push_back({"miss", log.actual});
  for (const auto& p : log.pops) draws.push_back({"pop", p.u});
  draws.push_back({"ball", log.next_ball_u});
  return draws;
}

TEST(ZumaGolden, EpisodesMatchTheReferenceStepByStep) {
  const Json data = golden("episodes.json");
  ASSERT_GE(data["cases"].size(), 12u);
  int steps = 0;
  for (const auto& c : data["cases"]) {
    SCOPED_TRACE("case " + c["name"].get<std::string>() + ": " + c["what"].get<std::string>());
    const Scenario scenario = scenario_from_json(c["scenario"]);
    ZumaEngine engine(scenario, PythonRandom::abs_seed(scenario.model.seed));
    for (size_t i = 0; i < c["ops"].size(); ++i) {
      const Json& op = c["ops"][i];
      SCOPED_TRACE("op " + std::to_string(i) + " " + op["op"].get<std::string>());
      const int expected_ball = op["ball"].is_null() ? 0 : op["ball"].get<int>();
      if (op["op"] == "start") {
        Json draws = Json::array();
        if (expected_ball) {
          double u = 0;
          engine.ensure_ball(&u);
          draws.push_back({"ball", u});
        }
        EXPECT_EQ(draws, op["draws"]);
      } else if (op["op"] == "reset") {
        ResetLog log;
        engine.reset(op["new_line"].get<bool>(), &log);
        Json draws = Json::array();
        if (op["new_line"].get<bool>()) {
          draws.push_back({"line_length", log.length});
          for (int colour : log.colours) draws.push_back({"line_colour", colour});
        }
        EXPECT_EQ(draws, op["draws"]);
        EXPECT_EQ(engine.line().colours(), op["line"].get<std::vector<int>>());
      } else {
        StepLog log;
        const double reward = engine.submit(op["action"].get<int>(), &log);
        EXPECT_EQ(engine.line().colours(), op["line"].get<std::vector<int>>());
        EXPECT_EQ(reward, op["reward"].get<double>());
        EXPECT_EQ(engine.done(), op["done"].get<bool>());
        EXPECT_EQ(engine.steps(), op["steps"].get<int>());
        EXPECT_EQ(engine.total_reward(), op["total"].get<double>());
        EXPECT_EQ(log_draws(log), op["draws"]);
        ++steps;
      }
      EXPECT_EQ(engine.ball(), expected_ball);
    }
  }
  EXPECT_GE(steps, 150);
}

TEST(ZumaGolden, InvalidScenariosAreRejected) {
  const Json data = golden("episodes.json");
  ASSERT_FALSE(data["invalid_scenarios"].empty());
  for (const auto& c : data["invalid_scenarios"]) {
    SCOPED_TRACE(c["name"].get<std::string>());
    EXPECT_THROW(scenario_from_json(c["scenario"]), InputError);
  }
}

}  // namespace
}  // namespace pg::zuma
