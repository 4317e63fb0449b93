#include "engine/games/zuma/zuma_game.h"

#include <algorithm>
#include <cstdio>

#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/games/zuma/agents.h"

namespace pg::zuma {
namespace {

constexpr uint64_t kMaxRestoreDraws = 100'000'000;  // keeps a hostile state cheap to rebuild

// As an ostream with precision 6 prints it (%g), without pulling iostreams into the page.
std::string num(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

std::string colour_label(int c) { return std::string(colour_name(c)) + " (" + std::to_string(c) + ")"; }

const char kColourLetters[] = ".RBGY";

// "1,2,3" (the CLI's --line) as a list; anything else is left for validation.
Json parse_line(const Json& text) {
  Json list = Json::array();
  std::string item;
  for (char c : text.get<std::string>() + ",") {
    if (c != ',') {
      item += c;
      continue;
    }
    try {
      size_t used = 0;
      const int v = std::stoi(item, &used);
      if (used != item.size()) return text;
      list.push_back(v);
    } catch (const std::exception&) {
      return text;
    }
    item.clear();
  }
  return list;
}

}  // namespace

void ZumaState::append_legal_actions(std::vector<Action>& out) const {
  if (engine_.done()) return;
  for (int a = kSkip; a <= engine_.line().size; ++a) out.push_back(a);
}

std::vector<ChanceDraw> chance_draws(const StepLog& log) {
  std::vector<ChanceDraw> draws;
  if (log.drew_ball) draws.push_back({"ball colour", log.ball_u, colour_label(log.ball)});
  draws.push_back({"throw", log.throw_u,
                   log.hit ? "goes where aimed (u < " + num(log.hit_p) + ")" : "misses (u >= " + num(log.hit_p) + ")"});
  if (!log.hit)
    draws.push_back({"miss goes to", double(log.miss_draw),
                     log.actual == kSkip ? "-1: the ball is discarded" : std::to_string(log.actual)});
  for (const auto& p : log.pops)
    draws.push_back({"pop " + std::string(colour_name(p.colour)) + " run of " + std::to_string(p.length), p.u,
                     p.popped ? "pops (u < " + num(p.p) + "), +" + num(p.reward) : "holds (u >= " + num(p.p) + ")"});
  draws.push_back({"next ball colour", log.next_ball_u, colour_label(log.next_ball)});
  return draws;
}

Json events_json(const StepLog& log) {
  Json pops = Json::array();
  for (const auto& p : log.pops)
    pops.push_back({{events::kStart, p.start},
                    {events::kLength, p.length},
                    {events::kColour, p.colour},
                    {events::kU, p.u},
                    {events::kP, p.p},
                    {events::kPopped, p.popped},
                    {events::kReward, p.reward}});
  Json j = {{events::kBall, log.ball},
            {events::kAimed, log.aimed},
            {events::kActual, log.actual},
            {events::kHit, log.hit},
            {events::kHitP, log.hit_p},
            {events::kBefore, log.before.colours()},
            {events::kInserted, log.inserted.colours()},
            {events::kPops, pops}};
  if (log.fell_colour) j[events::kFell] = {{events::kColour, log.fell_colour}, {events::kPenalty, log.fell_penalty}};
  if (log.ended) j[events::kEndReward] = log.end_reward;
  j[events::kReward] = log.reward;
  return j;
}

Rewards ZumaState::apply_action(Action action, Transition* details) {
  Rewards rewards;
  if (!details) {
    rewards[0] = engine_.submit(action);
    return rewards;
  }
  StepLog log;
  rewards[0] = engine_.submit(action, &log);
  details->draws = chance_draws(log);
  details->events = events_json(log);
  return rewards;
}

std::vector<float> ZumaState::observation() const {
  // One-hot colours of max_length slots, then the ball, then steps left.
  const int max_length = scenario_->max_length;
  std::vector<float> obs(size_t(max_length * kNumColours + kNumColours + 1), 0.0f);
  const Line& line = engine_.line();
  for (int i = 0; i < line.size && i < max_length; ++i) obs[size_t(i * kNumColours + line[i] - 1)] = 1.0f;
  if (engine_.ball()) obs[size_t(max_length * kNumColours + engine_.ball() - 1)] = 1.0f;
  obs.back() = float(scenario_->max_steps - engine_.steps()) / float(scenario_->max_steps);
  return obs;
}

State::ObservationTensor ZumaState::observation_tensor() const {
  return {kObservationEncoding, {scenario_->max_length + 2, kNumColours}};
}

void ZumaState::fill_observation(std::span<float> out) const {
  const int max_length = scenario_->max_length;
  std::fill(out.begin(), out.end(), 0.0f);
  const Line& line = engine_.line();
  for (int i = 0; i < line.size && i < max_length; ++i) out[size_t(i * kNumColours + line[i] - 1)] = 1.0f;
  if (engine_.ball()) out[size_t(max_length * kNumColours + engine_.ball() - 1)] = 1.0f;
  const float left = float(scenario_->max_steps - engine_.steps()) / float(scenario_->max_steps);
  for (int c = 0; c < kNumColours; ++c) out[size_t((max_length + 1) * kNumColours + c)] = left;
}

std::string ZumaState::to_text() const {
  const Line& line = engine_.line();
  std::string row;
  for (int i = 0; i < line.size; ++i) row += std::string(i ? " " : "") + kColourLetters[line[i]];
  return "line  " + (row.empty() ? std::string("(empty)") : row) + "   (" + std::to_string(int(line.size)) + "/" +
         std::to_string(scenario_->max_length) + ")\n" + "ball  " + kColourLetters[engine_.ball()] + "   step " +
         std::to_string(engine_.steps()) + "/" + std::to_string(scenario_->max_steps) + "   total " +
         num(engine_.total_reward()) + (engine_.done() ? "   (over)" : "") + "\n";
}

// For the text mirror: the line as runs of a colour from the front, with the gaps (the actions) that border
// each run, the frog's ball, and the episode's progress.
std::string ZumaState::to_words() const {
  const Line& line = engine_.line();
  std::string text = "The line holds " + std::to_string(int(line.size)) + " of at most " +
                     std::to_string(scenario_->max_length) + " balls";
  if (line.size == 0) {
    text += ".";
  } else {
    text += ", in runs from the front (gap 0) to the end (gap " + std::to_string(int(line.size)) + "):";
    for (int start = 0; start < line.size;) {
      int end = start;
      while (end + 1 < line.size && line[end + 1] == line[start]) ++end;
      text += std::string(start ? "," : "") + " " + std::to_string(end - start + 1) + " " + colour_name(line[start]) +
              " (gaps " + std::to_string(start) + " to " + std::to_string(end + 1) + ")";
      start = end + 1;
    }
    text += ".";
  }
  if (engine_.ball()) text += std::string(" The frog holds a ") + colour_name(engine_.ball()) + " ball.";
  text += " " + std::to_string(engine_.steps()) + " of " + std::to_string(scenario_->max_steps) +
          " throws made, total reward " + num(engine_.total_reward()) +
          (engine_.done() ? "; the episode is over." : ".");
  return text;
}

std::vector<std::string> ZumaState::place_names() const {
  const int balls = engine_.line().size;
  std::vector<std::string> names;
  for (int gap = 0; gap <= balls; ++gap) names.push_back(std::to_string(gap));
  for (int ball = 0; ball < balls; ++ball) names.push_back("b" + std::to_string(ball));
  return names;
}

Json ZumaState::to_json() const {
  return {{"line", engine_.line().colours()},
          {"ball", engine_.ball()},
          {"steps", engine_.steps()},
          {"max_steps", scenario_->max_steps},
          {"max_length", scenario_->max_length},
          {"done", engine_.done()},
          {"total", engine_.total_reward()},
          {"rng", {{"seed", engine_.rng().seed()}, {"draws", engine_.rng().draws()}}}};
}

uint64_t ZumaGame::default_seed() const {
  const uint64_t seed = PythonRandom::abs_seed(scenario_->model.seed);
  return seed <= kMaxSeed ? seed : 1;  // larger seeds are given explicitly
}

Json ZumaGame::options() const { return {{"scenario", to_json(*scenario_)}}; }

std::unique_ptr<State> ZumaGame::initial_state(uint64_t seed) const {
  ZumaEngine engine(*scenario_, seed);
  if (scenario_->random_lines) engine.reset(true);
  engine.ensure_ball();
  return std::make_unique<ZumaState>(scenario_, engine);
}

std::unique_ptr<State> ZumaGame::state_from_json(const Json& j) const {
  if (!j.is_object()) throw InputError("state", "expected a JSON object");
  auto integer = [&](const char* key, long long lo, long long hi) -> long long {
    if (!j.contains(key) || !j[key].is_number_integer() || j[key].get<long long>() < lo || j[key].get<long long>() > hi)
      throw InputError(std::string("state.") + key,
                       "expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
    return j[key].get<long long>();
  };
  const Scenario& s = *scenario_;
  integer("max_steps", s.max_steps, s.max_steps);
  integer("max_length", s.max_length, s.max_length);
  if (!j.contains("line") || !j["line"].is_array() || j["line"].size() > size_t(s.max_length))
    throw InputError("state.line", "expected a list of at most " + std::to_string(s.max_length) + " colours");
  std::vector<int> colours;
  for (size_t i = 0; i < j["line"].size(); ++i) {
    const Json& c = j["line"][i];
    if (!c.is_number_integer() || c.get<long long>() < 1 || c.get<long long>() > kNumColours)
      throw InputError("state.line[" + std::to_string(i) + "]", "expected a colour from 1 to 4");
    colours.push_back(c.get<int>());
  }
  const int ball = int(integer("ball", 1, kNumColours));
  const int steps = int(integer("steps", 0, s.max_steps));
  if (!j.contains("done") || !j["done"].is_boolean()) throw InputError("state.done", "expected true or false");
  const bool done = j["done"].get<bool>();
  if (done != (steps == s.max_steps || (steps > 0 && colours.empty())))
    throw InputError("state.done", "the game is over exactly when steps reach max_steps or the line is empty");
  if (!j.contains("total") || !j["total"].is_number()) throw InputError("state.total", "expected a number");
  if (!j.contains("rng") || !j["rng"].is_object()) throw InputError("state.rng", "expected {seed, draws}");
  const Json& rng = j["rng"];
  if (!rng.contains("seed") || !rng["seed"].is_number_unsigned())
    throw InputError("state.rng.seed", "expected a non-negative integer");
  if (!rng.contains("draws") || !rng["draws"].is_number_unsigned() || rng["draws"].get<uint64_t>() > kMaxRestoreDraws)
    throw InputError("state.rng.draws", "expected an integer from 0 to " + std::to_string(kMaxRestoreDraws));
  ZumaEngine engine(s, 0);
  engine.restore(Line::of(colours), ball, steps, done, j["total"].get<double>(), rng["seed"].get<uint64_t>(),
                 rng["draws"].get<uint64_t>());
  return std::make_unique<ZumaState>(scenario_, engine);
}

std::unique_ptr<Agent> ZumaGame::make_agent(std::string_view spec) const { return make_zuma_agent(spec, *scenario_); }

std::vector<AgentInfo> ZumaGame::agents() const { return zuma_agent_infos(*scenario_); }

const std::vector<OptionInfo>& option_infos() {
  static const std::vector<OptionInfo> infos = {
      {"scenario", "seed_example",
       PG_TEXT(
           "a shipped scenario (seed_example, grading, chain_reaction), or a scenario or model object; the homework's "
           "Python dict literal is accepted as a string")},
      {"max_steps", nullptr, PG_TEXT("overrides the scenario's max_steps (the grading protocol plays 50)")},
      {"max_length", nullptr, PG_TEXT("overrides the scenario's max_length (the grading protocol uses 10)")},
      {"line", nullptr, PG_TEXT("overrides the starting line, a list of colours 1..4")},
      {"random_lines", nullptr, PG_TEXT("each episode starts from a fresh random line, as in the grading protocol")},
  };
  return infos;
}

Scenario scenario_from_options(const Json& options) {
  if (!options.is_object()) throw InputError("options", "expected a JSON object");
  reject_unknown_options(options, option_infos());
  Scenario s = default_scenario();
  if (options.contains("scenario")) {
    const Json& v = options["scenario"];
    try {
      if (v.is_string()) {
        const std::string text = v.get<std::string>();
        // A name, or pasted text (JSON or the homework's Python literal).
        s = text.find_first_of("{(") == std::string::npos ? named_scenario(text) : parse_scenario_text(text, s);
      } else if (v.is_object() && v.contains("chosen_action_prob")) {
        s.model = model_from_json(v, "model");
      } else {
        s = scenario_from_json(v);
      }
    } catch (const InputError& e) {
      throw InputError("option 'scenario'", e.what());
    }
  }
  Json overrides = Json::object();
  for (const char* key : {"max_steps", "max_length", "line", "random_lines"})
    if (options.contains(key) && !options[key].is_null()) overrides[key] = options[key];
  if (!overrides.empty()) {
    Json j = to_json(s);
    for (const auto& [key, value] : overrides.items()) j[key] = value;
    // With random lines the starting line is never played: cut it to fit a
    // smaller max_length (the grading protocol's 10) instead of rejecting it.
    if (j.contains("random_lines") && j["random_lines"].is_boolean() && j["random_lines"].get<bool>() &&
        !overrides.contains("line") && j["max_length"].is_number_integer() &&
        j["line"].size() > j["max_length"].get<size_t>())
      j["line"].erase(j["line"].begin() + j["max_length"].get<long>(), j["line"].end());
    if (overrides.contains("line") && overrides["line"].is_string()) j["line"] = parse_line(overrides["line"]);
    try {
      s = scenario_from_json(j);
    } catch (const InputError& e) {
      throw InputError("option '" + e.where().substr(e.where().find('.') + 1) + "'", e.problem());
    }
  }
  return s;
}

GameEntry registry_entry() {
  return {
      kInfo.name,
      kInfo.title,
      PG_TEXT("A row of coloured balls: throw each ball into a gap to make runs of three that pop, under a random "
              "model of hits, pops and colours."),
      PG_TEXT("Each step you get a ball and throw it into one of the n+1 gaps of the row (0 = before the first ball, n "
              "= after the last), or skip it (-1). The throw goes where you aimed with a probability that depends on "
              "the ball's colour; otherwise it goes to one of the other n+1 choices at random (skip included). A run "
              "of three or more equal balls that holds the ball may pop, with its colour's pop probability: you earn "
              "its reward, and the neighbours of the popped run may pop in turn (a chain reaction). If the row grows "
              "longer than max_length, the last ball falls off and costs its extra_pop value. The game ends after "
              "max_steps throws, or when the row is empty (a big finished reward); balls left over are punished by "
              "colour. The seed is Python's random.seed: the same seed and actions replay the homework's episode."),
      option_infos(),
      [](const Json& options) -> std::shared_ptr<const Game> {
        return std::make_shared<ZumaGame>(scenario_from_options(options));
      }};
}

std::string ZumaGame::describe_events(const Json& events) const {
  std::string out;
  if (events.contains(events::kPops))
    for (const auto& pop : events[events::kPops])
      if (pop.value(events::kPopped, false)) out += "popped " + pop[events::kLength].dump() + " balls; ";
  if (events.contains(events::kFell))
    out += "a ball fell off the end (" + events[events::kFell][events::kPenalty].dump() + "); ";
  if (events.contains(events::kEndReward)) out += "episode over (" + events[events::kEndReward].dump() + "); ";
  return out;
}

}  // namespace pg::zuma
