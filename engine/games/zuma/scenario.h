// A Zuma scenario: the homework's (max_steps, max_length, line, model). The
// JSON form keeps the homework's dict, with colour keys written as strings:
//   {"max_steps": 20, "max_length": 15, "line": [1, 2, ...],
//    "model": {"chosen_action_prob": {"1": 0.6, ...}, "next_color_dist": ...,
//              "color_pop_prob": ..., "color_pop_reward": {"3_pop": ...,
//              "extra_pop": ...}, "color_not_finished_punishment": ...,
//              "finished_reward": 150, "seed": 42}}
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/json.h"

namespace pg::zuma {

constexpr int kNumColours = 4;  // 1 red, 2 blue, 3 green, 4 yellow
// Lines are stored inline; a throw may make the line one longer than
// max_length before the last ball falls off.
constexpr int kMaxLineCapacity = 64;
constexpr int kMaxLength = kMaxLineCapacity - 1;
constexpr int kMaxSteps = 100000;

const char* colour_name(int colour);

// Per-colour numbers are indexed by colour (1..4; index 0 is unused).
using PerColour = std::array<double, kNumColours + 1>;

struct Model {
  PerColour chosen_action_prob{};
  // Walked in the order written: the order changes which colour a draw picks.
  std::vector<std::pair<int, double>> next_color_dist;
  PerColour color_pop_prob{};
  PerColour pop3_reward{};
  PerColour extra_pop_reward{};
  PerColour not_finished_punishment{};
  double finished_reward = 0;
  int64_t seed = 0;
};

struct Scenario {
  int max_steps = 20;
  int max_length = 15;
  std::vector<int> line;
  // Not in the homework's tuple: each episode starts from a fresh random line,
  // as in its grading protocol (optional key "random_lines" in our files).
  bool random_lines = false;
  Model model;
};

// Reads a scenario object (JSON, or JSON read from a Python literal).
// Throws InputError naming the field, e.g. "model.next_color_dist: the
// probabilities add up to 0.95, not 1.0".
Scenario scenario_from_json(const Json& json);
// Reads just the model dict, e.g. the homework's `example`.
Model model_from_json(const Json& json, const std::string& where = "model");
Json to_json(const Scenario& scenario);
Json to_json(const Model& model);

// Text in any accepted form: a scenario or a bare model dict, as JSON or as
// a Python literal. A bare model takes max_steps, max_length and line from
// `base`.
Scenario parse_scenario_text(std::string_view text, const Scenario& base);

// The scenarios shipped in assets/zuma/ (name without ".json"), the first
// being the homework's example.
// The homework's example scenario, the default. Its name is public (the scenario option, URLs, the file
// assets/zuma/seed_example.json), so it stays, although "seed" in the code means a random seed.
inline constexpr const char* kDefaultScenarioName = "seed_example";
std::vector<std::string> scenario_names();
Scenario named_scenario(const std::string& name);
const Scenario& default_scenario();

}  // namespace pg::zuma
