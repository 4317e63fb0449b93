#include "engine/games/zuma/scenario.h"

#include <cmath>
#include <cstdio>

#include "embedded_folders.h"
#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/games/zuma/python_literal.h"

namespace pg::zuma {
namespace {

// As an ostream with precision 17 prints it (%.17g), without pulling iostreams into the page.
std::string fmt(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

// A value in an error message: short, and safe whatever bytes it holds.
std::string shown(const Json& v) {
  std::string text = v.dump(-1, ' ', false, Json::error_handler_t::replace);
  return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

const Json& field(const Json& object, const std::string& key, const std::string& where) {
  if (!object.contains(key)) throw InputError(where, "missing key '" + key + "'");
  return object[key];
}

void reject_unknown(const Json& object, const std::vector<std::string>& known, const std::string& where) {
  for (const auto& [key, value] : object.items()) {
    bool found = false;
    std::string names;
    for (const auto& k : known) {
      found = found || k == key;
      names += (names.empty() ? "" : ", ") + k;
    }
    if (!found) throw InputError(where + "." + key, "unknown key (expected " + names + ")");
  }
}

double number(const Json& v, const std::string& where) {
  if (!v.is_number()) throw InputError(where, "expected a number, got " + shown(v));
  const double d = v.get<double>();
  if (!std::isfinite(d)) throw InputError(where, "expected a finite number");
  return d;
}

int colour_key(const std::string& key, const std::string& where) {
  if (key.size() == 1 && key[0] >= '1' && key[0] <= '0' + kNumColours) return key[0] - '0';
  throw InputError(where + "." + key, "unknown colour (colours are 1 red, 2 blue, 3 green, 4 yellow)");
}

// A dict with one number per colour, all four present.
PerColour per_colour(const Json& j, const std::string& where, bool probabilities) {
  if (!j.is_object()) throw InputError(where, "expected a dict from colour to number, got " + shown(j));
  PerColour out{};
  std::array<bool, kNumColours + 1> seen{};
  for (const auto& [key, value] : j.items()) {
    const int c = colour_key(key, where);
    out[size_t(c)] = number(value, where + "." + key);
    if (probabilities && (out[size_t(c)] < 0 || out[size_t(c)] > 1))
      throw InputError(where + "." + key, "a probability must be from 0 to 1, got " + fmt(out[size_t(c)]));
    seen[size_t(c)] = true;
  }
  for (int c = 1; c <= kNumColours; ++c)
    if (!seen[size_t(c)]) throw InputError(where, "missing colour " + std::to_string(c) + " (" + colour_name(c) + ")");
  return out;
}

Json per_colour_json(const PerColour& values) {
  Json j = Json::object();
  for (int c = 1; c <= kNumColours; ++c) j[std::to_string(c)] = values[size_t(c)];
  return j;
}

// Integers stay integers in the JSON we write (150, not 150.0).
Json number_json(double v) {
  if (v == std::floor(v) && std::abs(v) < 9.0e15) return static_cast<long long>(v);
  return v;
}

Json per_colour_number_json(const PerColour& values) {
  Json j = Json::object();
  for (int c = 1; c <= kNumColours; ++c) j[std::to_string(c)] = number_json(values[size_t(c)]);
  return j;
}

}  // namespace

const char* colour_name(int colour) {
  static const char* names[] = {"none", "red", "blue", "green", "yellow"};
  return colour >= 0 && colour <= kNumColours ? names[colour] : "?";
}

Model model_from_json(const Json& j, const std::string& where) {
  if (!j.is_object()) throw InputError(where, "expected a dict");
  reject_unknown(j,
                 {"chosen_action_prob", "next_color_dist", "color_pop_prob", "color_pop_reward",
                  "color_not_finished_punishment", "finished_reward", "seed"},
                 where);
  Model m;
  m.chosen_action_prob = per_colour(field(j, "chosen_action_prob", where), where + ".chosen_action_prob", true);

  const std::string dist_where = where + ".next_color_dist";
  const Json& dist = field(j, "next_color_dist", where);
  if (!dist.is_object() || dist.empty())
    throw InputError(dist_where, "expected a dict from colour to probability, got " + shown(dist));
  // The homework adds the probabilities left to right and demands exactly 1.0.
  double sum = 0.0;
  for (const auto& [key, value] : dist.items()) {
    const int c = colour_key(key, dist_where);
    const double p = number(value, dist_where + "." + key);
    if (p < 0 || p > 1) throw InputError(dist_where + "." + key, "a probability must be from 0 to 1, got " + fmt(p));
    m.next_color_dist.emplace_back(c, p);
    sum += p;
  }
  if (sum != 1.0)
    throw InputError(
        dist_where, "the probabilities add up to " + fmt(sum) + " (left to right, in floating point), not exactly 1.0");

  m.color_pop_prob = per_colour(field(j, "color_pop_prob", where), where + ".color_pop_prob", true);
  const std::string reward_where = where + ".color_pop_reward";
  const Json& reward = field(j, "color_pop_reward", where);
  if (!reward.is_object()) throw InputError(reward_where, "expected a dict with keys '3_pop' and 'extra_pop'");
  reject_unknown(reward, {"3_pop", "extra_pop"}, reward_where);
  m.pop3_reward = per_colour(field(reward, "3_pop", reward_where), reward_where + ".3_pop", false);
  m.extra_pop_reward = per_colour(field(reward, "extra_pop", reward_where), reward_where + ".extra_pop", false);
  m.not_finished_punishment =
      per_colour(field(j, "color_not_finished_punishment", where), where + ".color_not_finished_punishment", false);
  m.finished_reward = number(field(j, "finished_reward", where), where + ".finished_reward");
  const Json& seed = field(j, "seed", where);
  if (!seed.is_number_integer()) throw InputError(where + ".seed", "expected an integer, got " + shown(seed));
  m.seed = seed.get<int64_t>();
  return m;
}

Scenario scenario_from_json(const Json& j) {
  if (!j.is_object()) throw InputError("scenario", "expected a dict with max_steps, max_length, line and model");
  reject_unknown(j, {"max_steps", "max_length", "line", "random_lines", "model"}, "scenario");
  Scenario s;
  const Json& steps = field(j, "max_steps", "scenario");
  if (!steps.is_number_integer() || steps.get<long long>() < 1 || steps.get<long long>() > kMaxSteps)
    throw InputError("scenario.max_steps",
                     "expected an integer from 1 to " + std::to_string(kMaxSteps) + ", got " + shown(steps));
  s.max_steps = steps.get<int>();
  const Json& length = field(j, "max_length", "scenario");
  if (!length.is_number_integer() || length.get<long long>() < 1 || length.get<long long>() > kMaxLength)
    throw InputError("scenario.max_length",
                     "expected an integer from 1 to " + std::to_string(kMaxLength) + ", got " + shown(length));
  s.max_length = length.get<int>();
  const Json& line = field(j, "line", "scenario");
  if (!line.is_array()) throw InputError("scenario.line", "expected a list of colours (1..4)");
  for (size_t i = 0; i < line.size(); ++i) {
    const Json& c = line[i];
    if (!c.is_number_integer() || c.get<long long>() < 1 || c.get<long long>() > kNumColours)
      throw InputError("scenario.line[" + std::to_string(i) + "]",
                       "unknown colour " + shown(c) + " (colours are 1 red, 2 blue, 3 green, 4 yellow)");
    s.line.push_back(c.get<int>());
  }
  if (int(s.line.size()) > s.max_length)
    throw InputError("scenario.line", "the line has " + std::to_string(s.line.size()) +
                                          " balls, longer than max_length " + std::to_string(s.max_length));
  if (j.contains("random_lines")) {
    if (!j["random_lines"].is_boolean()) throw InputError("scenario.random_lines", "expected true or false");
    s.random_lines = j["random_lines"].get<bool>();
  }
  s.model = model_from_json(field(j, "model", "scenario"), "scenario.model");
  return s;
}

Json to_json(const Model& m) {
  Json dist = Json::object();
  for (const auto& [c, p] : m.next_color_dist) dist[std::to_string(c)] = p;
  return {
      {"chosen_action_prob", per_colour_json(m.chosen_action_prob)},
      {"next_color_dist", dist},
      {"color_pop_prob", per_colour_json(m.color_pop_prob)},
      {"color_pop_reward",
       {{"3_pop", per_colour_number_json(m.pop3_reward)}, {"extra_pop", per_colour_number_json(m.extra_pop_reward)}}},
      {"color_not_finished_punishment", per_colour_number_json(m.not_finished_punishment)},
      {"finished_reward", number_json(m.finished_reward)},
      {"seed", m.seed}};
}

Json to_json(const Scenario& s) {
  Json j = {{"max_steps", s.max_steps}, {"max_length", s.max_length}, {"line", s.line}};
  if (s.random_lines) j["random_lines"] = true;
  j["model"] = to_json(s.model);
  return j;
}

Scenario parse_scenario_text(std::string_view text, const Scenario& base) {
  const Json j = parse_json_or_python(text);
  if (j.is_object() && j.contains("chosen_action_prob")) {
    Scenario s = base;
    s.model = model_from_json(j, "model");
    return s;
  }
  return scenario_from_json(j);
}

std::vector<std::string> scenario_names() {
  std::vector<std::string> names;
  const std::string prefix = "assets/zuma/";
  for (const auto& path : embedded_paths(embedded_zuma(), prefix)) {
    std::string name = path.substr(prefix.size());
    if (name.size() > 5 && name.substr(name.size() - 5) == ".json") names.push_back(name.substr(0, name.size() - 5));
  }
  // The homework's example first: it is the default.
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == kDefaultScenarioName) std::swap(names[0], names[i]);
  return names;
}

Scenario named_scenario(const std::string& name) {
  const auto text = embedded_file(embedded_zuma(), "assets/zuma/" + name + ".json");
  if (!text) {
    std::string known;
    for (const auto& n : scenario_names()) known += (known.empty() ? "" : ", ") + n;
    throw InputError("scenario '" + name + "'", "no such scenario (shipped: " + known + ")");
  }
  try {
    return scenario_from_json(parse_json_input(*text, "assets/zuma/" + name + ".json"));
  } catch (const Json::exception& e) {
    throw InputError("assets/zuma/" + name + ".json", e.what());
  }
}

const Scenario& default_scenario() {
  static const Scenario s = named_scenario(kDefaultScenarioName);
  return s;
}

}  // namespace pg::zuma
