#include "engine/games/sokoban/sokoban_game.h"

#include <algorithm>
#include <charconv>

#include "embedded_folders.h"
#include "engine/core/agent.h"
#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/games/sokoban/generator.h"
#include "engine/games/sokoban/greedy_agent.h"
#include "engine/games/sokoban/level_text.h"
#include "engine/games/sokoban/network_agents.h"
#include "engine/games/sokoban/policy_agent.h"
#include "engine/games/sokoban/solver_agent.h"
#include "engine/nn/network_agent.h"

namespace pg::sokoban {

namespace {

constexpr const char* kCollectionPrefix = "assets/sokoban/";
constexpr const char* kDefaultCollection = kProjectCollection;
constexpr const char* kEncoding = kTilesEncoding;
// Generated levels as options stay small enough to make at once in the page
// (`playground sokoban generate` makes larger ones).
constexpr int kMaxGeneratedSide = 12;
constexpr int kMaxGeneratedBoxes = 4;

Json square_json(const Level& level, Square s) { return Json::array({level.row(s), level.column(s)}); }

}  // namespace

const char* step_kind_name(StepKind kind) {
  switch (kind) {
    case StepKind::kWalk: return "walk";
    case StepKind::kPush: return "push";
    case StepKind::kBlockedByWall: return "wall";
    case StepKind::kBlockedBox: return "blocked box";
  }
  return "";
}

const char* outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::kPlaying: return "";
    case Outcome::kSolved: return "solved";
    case Outcome::kStuck: return "stuck";
    case Outcome::kStepCap: return "step cap";
  }
  return "";
}

// --- state -------------------------------------------------------------------

SokobanState::SokobanState(std::shared_ptr<const Rules> rules, const Board& board)
    : rules_(std::move(rules)), board_(board) {
  // As the project's reset: a start position is not tested for corners, only
  // for being solved already; a position reached by steps is tested as the
  // step that reached it was.
  if (board_.solved())
    outcome_ = Outcome::kSolved;
  else if (board_.steps() > 0 && rules_->corner_ends && project_corner_stuck(board_))
    outcome_ = Outcome::kStuck;
  else if (rules_->max_steps > 0 && board_.steps() >= rules_->max_steps)
    outcome_ = Outcome::kStepCap;
}

void SokobanState::append_legal_actions(std::vector<Action>& out) const {
  if (outcome_ != Outcome::kPlaying) return;
  for (Action a = 0; a < kNumMoves; ++a) out.push_back(a);
}

Rewards SokobanState::apply_action(Action action, Transition* details) {
  const ProjectReward::Before before = rules_->reward.before(board_);
  const StepResult result = board_.step(action);
  const ProjectRewardTerms terms = rules_->reward.terms(before, board_);
  if (terms.end == ProjectReward::kSolved)
    outcome_ = Outcome::kSolved;
  else if (terms.end == ProjectReward::kStuck && rules_->corner_ends)
    outcome_ = Outcome::kStuck;
  else if (rules_->max_steps > 0 && board_.steps() >= rules_->max_steps)
    outcome_ = Outcome::kStepCap;
  Rewards rewards;
  rewards[0] = terms.total();
  if (details) {
    const Level& level = board_.level();
    Json& ev = details->events;
    ev[events::kMove] = std::string(1, kMoveNames[size_t(action)]);
    ev[events::kKind] = step_kind_name(result.kind);
    if (result.kind == StepKind::kPush) {
      ev[events::kBoxFrom] = square_json(level, result.box_from);
      ev[events::kBoxTo] = square_json(level, result.box_to);
    }
    Json& reward_terms = ev[events::kRewardTerms] = Json::object();  // field by field: smaller in the page
    reward_terms[events::kStepTerm] = terms.step;
    reward_terms[events::kShapingTerm] = terms.shaping;
    reward_terms[events::kTargetTerm] = terms.target;
    reward_terms[events::kEndTerm] = terms.end;
    if (const Square stuck = project_corner_stuck_box(board_); stuck >= 0)
      ev[events::kCornerBox] = square_json(level, stuck);
    if (outcome_ != Outcome::kPlaying) ev[events::kOutcome] = outcome_name(outcome_);
  }
  return rewards;
}

std::string SokobanState::action_name(Action action) const {
  return action >= 0 && action < kNumMoves ? std::string(1, kMoveNames[size_t(action)]) : "?";
}

State::ObservationTensor SokobanState::observation_tensor() const {
  return {kEncoding, {kNumTiles, board_.level().height, board_.level().width}};
}

void SokobanState::fill_observation(std::span<float> out) const {
  // Plane k marks the squares whose tile code is k (the project's preprocess_state).
  const Level& level = board_.level();
  const size_t squares = size_t(level.num_squares());
  std::fill(out.begin(), out.begin() + std::ptrdiff_t(kNumTiles * squares), 0.0f);
  for (Square s = 0; s < level.num_squares(); ++s)
    out[size_t(tile_code(level, s, board_.box_at(s), board_.player())) * squares + size_t(s)] = 1.0f;
}

std::vector<float> SokobanState::observation() const {
  std::vector<float> obs(observation_tensor().size());
  fill_observation(obs);
  return obs;
}

std::string SokobanState::to_text() const {
  std::string text;
  for (const auto& row : board_.rows()) text += row + "\n";
  text += "steps " + std::to_string(board_.steps());
  if (rules_->max_steps > 0) text += " of " + std::to_string(rules_->max_steps);
  text += ", boxes on targets " + std::to_string(board_.boxes_on_targets()) + " of " +
          std::to_string(board_.boxes().size());
  if (outcome_ != Outcome::kPlaying) text += std::string(", ") + outcome_name(outcome_);
  return text + "\n";
}

// Squares by row and column, counted from 0 from the top left, as the inspector names them.
std::string SokobanState::to_words() const {
  const Level& level = board_.level();
  const auto square = [&](Square s) {
    return "(" + std::to_string(level.row(s)) + ", " + std::to_string(level.column(s)) + ")";
  };
  std::string text = "The player is at " + square(board_.player()) + ". Boxes:";
  std::vector<uint8_t> covered(size_t(level.num_squares()), 0);
  for (size_t i = 0; i < board_.boxes().size(); ++i) {
    const Square b = board_.boxes()[i];
    covered[size_t(b)] = 1;
    text += (i ? ", " : " ") + square(b) + (level.target[size_t(b)] ? " on a target" : "");
  }
  std::string free_targets;
  for (Square s = 0; s < level.num_squares(); ++s)
    if (level.target[size_t(s)] && !covered[size_t(s)]) free_targets += (free_targets.empty() ? " " : ", ") + square(s);
  text += free_targets.empty() ? ". Every target has a box." : ". Targets without a box:" + free_targets + ".";
  return text + " Rows are counted from the top, columns from the left, both from 0.";
}

std::vector<std::string> SokobanState::place_names() const {
  const Level& level = board_.level();
  std::vector<std::string> names;
  for (Square s = 0; s < level.num_squares(); ++s)
    names.push_back(std::to_string(level.row(s)) + "," + std::to_string(level.column(s)));
  return names;
}

Json SokobanState::to_json() const {
  const Level& level = board_.level();
  Json j = Json::object();
  j.get_ref<Json::object_t&>().reserve(7);
  Json& rows = j["rows"] = Json::array();
  for (auto& row : board_.rows()) rows.push_back(std::move(row));
  j["player"] = square_json(level, board_.player());
  Json& boxes = j["boxes"] = Json::array();
  for (const Square b : board_.boxes()) boxes.push_back(square_json(level, b));
  Json& targets = j["targets"] = Json::array();
  for (Square s = 0; s < level.num_squares(); ++s)
    if (level.target[size_t(s)]) targets.push_back(square_json(level, s));
  j["steps"] = board_.steps();
  j["done"] = outcome_ != Outcome::kPlaying;
  j["outcome"] = outcome_ == Outcome::kPlaying ? Json() : Json(outcome_name(outcome_));
  return j;
}

// --- game --------------------------------------------------------------------

// A collection is a level file of assets/sokoban/ ("seed.txt"), or the one level file of a folder there, named
// after the folder ("boxoban/medium_valid_000_first50.txt" is "boxoban": its licence sits beside it).
std::vector<std::string> builtin_collection_names() {
  std::vector<std::string> names;
  for (const auto& path : embedded_paths(embedded_sokoban(), kCollectionPrefix)) {
    const std::string name = path.substr(std::string(kCollectionPrefix).size());
    if (name.size() <= 4 || !name.ends_with(".txt")) continue;
    const auto slash = name.find('/');
    if (slash == std::string::npos)
      names.push_back(name.substr(0, name.size() - 4));
    else if (name.find('/', slash + 1) == std::string::npos)
      names.push_back(name.substr(0, slash));
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<Level> builtin_collection(const std::string& name) {
  const bool plain = !name.empty() && name.find('/') == std::string::npos;  // a name, not a path
  std::string path = kCollectionPrefix + name + ".txt";
  auto text = plain ? embedded_file(embedded_sokoban(), path) : std::nullopt;
  if (!text && plain) {
    const auto in_folder = embedded_paths(embedded_sokoban(), kCollectionPrefix + name + "/");
    for (const auto& p : in_folder)
      if (p.ends_with(".txt") &&
          p.find('/', std::string(kCollectionPrefix).size() + name.size() + 1) == std::string::npos) {
        path = p;
        text = embedded_file(embedded_sokoban(), path);
        break;
      }
  }
  if (!text) {
    std::string known;
    for (const auto& n : builtin_collection_names()) known += (known.empty() ? "" : ", ") + n;
    throw InputError("option 'collection'", "no built-in collection '" + name + "' (known: " + known + ")");
  }
  return parse_levels(*text, path);
}

// "teaching:3": the third level of the teaching collection, numbered from 1 as the page shows it.
Json level_options(std::string_view level) {
  const auto colon = level.rfind(':');
  const std::string where = "level '" + std::string(level) + "'";
  if (colon == std::string_view::npos)
    throw InputError(where, "expected a collection and a level number, such as 'teaching:3'");
  const std::string collection(level.substr(0, colon));
  const std::string_view number = level.substr(colon + 1);
  int n = 0;
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
  if (number.empty() || ec != std::errc() || end != number.data() + number.size() || n < 1)
    throw InputError(where, "the level number '" + std::string(number) + "' is not a whole number from 1");
  const size_t count = builtin_collection(collection).size();
  if (size_t(n) > count)
    throw InputError(where, "the collection '" + collection + "' has " + std::to_string(count) + " levels");
  return collection_level(collection, n - 1);
}

std::string level_name(const Json& options) {
  if (!options.is_object() || !options.contains("collection") || !options["collection"].is_string() ||
      !options.contains("index") || !options["index"].is_number_integer())
    return "";
  const std::string name =
      options["collection"].get<std::string>() + ":" + std::to_string(options["index"].get<int>() + 1);
  try {
    return SokobanGame(setup_from_options(level_options(name))).options() == options ? name : "";
  } catch (const InputError&) {
    return "";  // not a built-in collection's level
  }
}

Json collection_level(const std::string& collection, int index) {
  Json options = Json::object();
  options["collection"] = collection;
  options["index"] = index;
  return options;
}

std::string SokobanGame::title() const {
  std::string t = "Sokoban";
  if (!setup_.generate.is_null())
    return t + " (generated " + std::to_string(level().width) + "x" + std::to_string(level().height) + ", " +
           std::to_string(level().boxes.size()) + (level().boxes.size() == 1 ? " box" : " boxes") + ", seed " +
           setup_.generate["seed"].dump() + ")";
  // A collection's level as a link names it (level=teaching:3), numbered from 1 as the page's list shows it.
  if (!setup_.collection.empty())
    t += " (" + setup_.collection + ":" + std::to_string(setup_.index + 1);
  else
    t += " (custom level";
  if (!level().title.empty()) t += (setup_.collection.empty() ? ": " : ", ") + level().title;
  return t + ")";
}

namespace {

const std::vector<OptionInfo>& option_infos() {
  static const std::vector<OptionInfo> infos = {
      {"collection", kDefaultCollection,
       PG_TEXT("a built-in collection: \"seed\" (the project's two 9x11 maps, one box and two boxes), \"teaching\" "
               "(small levels, easiest first) or \"boxoban\" (50 of DeepMind's Boxoban levels, 10x10, 4 boxes)")},
      {"index", 0, PG_TEXT("the level in the collection, from 0")},
      {"level", Json(),
       PG_TEXT(
           "a level of your own, in standard text (# wall, space floor, $ box, . target, @ player, * box on target, + "
           "player on target) or as the project's number grid, instead of a collection (of several levels, index picks "
           "one)")},
      {"generate", Json(),
       PG_TEXT(
           "a generated level instead of a collection: {\"width\": 8, \"height\": 8, \"boxes\": 2, \"seed\": 1} (with "
           "the "
           "wall border; optional \"min_pushes\"); made by reverse play from a solved room and checked solvable by the "
           "solver, the same level on every machine")},
      {"max_steps", Json(),
       PG_TEXT("the step cap: 50 for the project's maps (its training episodes), 120 for other levels (Boxoban's usual "
               "limit); 0 for none")},
      {"corner_ends", Json(),
       PG_TEXT(
           "the project's corner test ends the episode (a box with a wall or an off-target box above or below it and "
           "left or right of it, on a target or not): true for the project's maps (its setup), false for other levels, "
           "where the test also flags positions that are still solvable; its -50 is given either way")},
  };
  return infos;
}

const Json& field(const Json& j, const char* name) {
  if (!j.contains(name)) throw InputError(std::string("state.") + name, "missing");
  return j[name];
}

// A [row, column] pair on the level.
Square square_from_json(const Json& v, const Level& level, const std::string& where) {
  if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer())
    throw InputError(where, "expected [row, column]");
  const long long r = v[0].get<long long>(), c = v[1].get<long long>();
  if (r < 0 || c < 0 || r >= level.height || c >= level.width)
    throw InputError(where,
                     "outside the " + std::to_string(level.height) + "x" + std::to_string(level.width) + " level");
  return level.at(int(r), int(c));
}

// The generator's settings from the `generate` option; every key checked.
GeneratorOptions generator_options(const Json& g, uint64_t& seed) {
  if (!g.is_object())
    throw InputError("option 'generate'",
                     "expected an object such as {\"width\": 8, \"height\": 8, \"boxes\": 2, "
                     "\"seed\": 1}, got " +
                         g.dump());
  for (const auto& [key, value] : g.items())
    if (key != "width" && key != "height" && key != "boxes" && key != "seed" && key != "min_pushes")
      throw InputError("option 'generate." + key + "'", "unknown (known: width, height, boxes, seed, min_pushes)");
  const auto number = [&](const char* key, int fallback, int lo, int hi) {
    try {
      return int_option(g, key, fallback, lo, hi);
    } catch (const InputError& e) {
      throw InputError(std::string("option 'generate.") + key + "'", e.problem());
    }
  };
  GeneratorOptions o;
  o.width = number("width", 8, 5, kMaxGeneratedSide);
  o.height = number("height", 8, 5, kMaxGeneratedSide);
  o.boxes = number("boxes", 2, 1, kMaxGeneratedBoxes);
  o.min_pushes = number("min_pushes", 0, 0, 100);
  seed = uint64_t(number("seed", 1, 0, 1'000'000'000));
  return o;
}

}  // namespace

Setup setup_from_options(const Json& options) {
  if (!options.is_object()) throw InputError("options", "expected a JSON object");
  reject_unknown_options(options, option_infos());
  Setup setup;
  auto rules = std::make_shared<Rules>();
  Level level;
  const bool generated = options.contains("generate") && !options["generate"].is_null();
  if (generated) {
    if (options.contains("collection") || (options.contains("level") && !options["level"].is_null()))
      throw InputError("option 'generate'", "give one of collection, level and generate");
    uint64_t seed = 0;
    const GeneratorOptions o = generator_options(options["generate"], seed);
    level = generate_level(o, seed).level;
    setup.generate = Json::object();
    setup.generate["width"] = o.width;
    setup.generate["height"] = o.height;
    setup.generate["boxes"] = o.boxes;
    setup.generate["seed"] = seed;
    if (o.min_pushes > 0) setup.generate["min_pushes"] = o.min_pushes;
    setup.level_text = level_to_text(level);
  } else if (options.contains("level") && !options["level"].is_null()) {
    if (options.contains("collection"))
      throw InputError("option 'level'", "give either a level or a collection, not both");
    const Json& v = options["level"];
    if (!v.is_string()) throw InputError("option 'level'", "expected the level's text as a string");
    // A whole file may be given (the CLI's --level FILE): index picks its level.
    const auto levels = parse_levels(v.get_ref<const std::string&>(), "option 'level'");
    level = levels[size_t(int_option(options, "index", 0, 0, int(levels.size()) - 1))];
    // Kept as the chosen level's standard text (its title as a comment), so
    // that options() names one level however it was given.
    setup.level_text = (level.title.empty() ? "" : "; " + level.title + "\n") + level_to_text(level);
  } else {
    setup.collection = kDefaultCollection;
    if (options.contains("collection")) {
      const Json& v = options["collection"];
      if (!v.is_string()) throw InputError("option 'collection'", "expected a collection's name, got " + v.dump());
      setup.collection = v.get<std::string>();
    }
    const auto levels = builtin_collection(setup.collection);
    setup.index = int_option(options, "index", 0, 0, int(levels.size()) - 1);
    level = levels[size_t(setup.index)];
  }
  // The project's setup on the project's maps; standard Sokoban elsewhere.
  const bool project_maps = setup.collection == kProjectCollection;
  const int default_cap = project_maps ? kProjectMaxSteps : kOtherMaxSteps;
  const auto given = [&](const char* name) { return options.contains(name) && !options[name].is_null(); };
  rules->max_steps = given("max_steps") ? int_option(options, "max_steps", 0, 0, kMaxStepsLimit) : default_cap;
  rules->corner_ends = given("corner_ends") ? bool_option(options, "corner_ends", false) : project_maps;
  rules->reward = ProjectReward(level);
  rules->level = std::make_shared<const Level>(std::move(level));
  setup.rules = std::move(rules);
  return setup;
}

Json SokobanGame::options() const {
  Json j = Json::object();
  if (!setup_.generate.is_null()) {
    j["generate"] = setup_.generate;
  } else if (setup_.collection.empty()) {
    j["level"] = setup_.level_text;
  } else {
    j["collection"] = setup_.collection;
    j["index"] = setup_.index;
  }
  j["max_steps"] = setup_.rules->max_steps;
  j["corner_ends"] = setup_.rules->corner_ends;
  return j;
}

std::unique_ptr<State> SokobanGame::initial_state(uint64_t /*seed: the game has no chance*/) const {
  return std::make_unique<SokobanState>(setup_.rules, Board(setup_.rules->level));
}

std::unique_ptr<State> SokobanGame::state_from_json(const Json& j) const {
  if (!j.is_object()) throw InputError("state", "expected a JSON object");
  const Level& lv = level();
  // The rows carry the position; the other fields must agree with them.
  const Json& rows = field(j, "rows");
  if (!rows.is_array() || int(rows.size()) != lv.height)
    throw InputError("state.rows", "expected " + std::to_string(lv.height) + " rows (the level's height)");
  std::vector<Square> boxes;
  Square player = -1;
  for (int r = 0; r < lv.height; ++r) {
    const std::string where = "state.rows[" + std::to_string(r) + "]";
    const Json& row = rows[size_t(r)];
    if (!row.is_string()) throw InputError(where, "expected a string");
    const std::string& text = row.get_ref<const std::string&>();
    if (int(text.size()) > lv.width)
      throw InputError(where, "longer than the level's " + std::to_string(lv.width) + " columns");
    for (int c = 0; c < lv.width; ++c) {
      const char ch = c < int(text.size()) ? text[size_t(c)] : ' ';
      const Square s = lv.at(r, c);
      const std::string at = where + ", column " + std::to_string(c);
      int tile = -1;
      for (int t = 0; t < kNumTiles; ++t)
        if (tile_char(t) == ch || (t == kEmpty && (ch == '-' || ch == '_'))) tile = t;
      if (tile < 0) throw InputError(at, std::string("unknown character '") + ch + "'");
      if ((tile == kWall) != (lv.wall[size_t(s)] != 0))
        throw InputError(at, lv.wall[size_t(s)] ? "the level has a wall here" : "the level has no wall here");
      const bool target = tile == kTarget || tile == kBoxOnTarget || tile == kPlayerOnTarget;
      if (tile != kWall && target != (lv.target[size_t(s)] != 0))
        throw InputError(at, lv.target[size_t(s)] ? "the level has a target here" : "the level has no target here");
      if (tile == kBox || tile == kBoxOnTarget) boxes.push_back(s);
      if (tile == kPlayer || tile == kPlayerOnTarget) {
        if (player >= 0) throw InputError(at, "a second player");
        player = s;
      }
    }
  }
  if (player < 0) throw InputError("state.rows", "no player");
  if (const std::string problem = position_problem(lv, boxes, player); !problem.empty())
    throw InputError("state.rows", problem);
  if (square_from_json(field(j, "player"), lv, "state.player") != player)
    throw InputError("state.player", "the rows put the player at " + square_json(lv, player).dump());
  const Json& jb = field(j, "boxes");
  if (!jb.is_array() || jb.size() != boxes.size())
    throw InputError("state.boxes", "expected the " + std::to_string(boxes.size()) + " boxes of the rows");
  for (size_t i = 0; i < boxes.size(); ++i)
    if (square_from_json(jb[i], lv, "state.boxes[" + std::to_string(i) + "]") != boxes[i])
      throw InputError("state.boxes[" + std::to_string(i) + "]",
                       "the rows' boxes in row-major order are at " + square_json(lv, boxes[i]).dump());
  const Json& jt = field(j, "targets");
  Json want_targets = Json::array();
  for (Square s = 0; s < lv.num_squares(); ++s)
    if (lv.target[size_t(s)]) want_targets.push_back(square_json(lv, s));
  if (jt != want_targets) throw InputError("state.targets", "expected the level's targets " + want_targets.dump());
  const Json& steps = field(j, "steps");
  const int cap = setup_.rules->max_steps;
  if (!steps.is_number_integer() || steps.get<long long>() < 0 || (cap > 0 && steps.get<long long>() > cap) ||
      steps.get<long long>() > kMaxStepsLimit * 100LL)
    throw InputError("state.steps", cap > 0 ? "expected an integer from 0 to " + std::to_string(cap)
                                            : "expected an integer of at least 0");
  auto state =
      std::make_unique<SokobanState>(setup_.rules, Board(setup_.rules->level, boxes, player, steps.get<int>()));
  const Json& done = field(j, "done");
  if (!done.is_boolean() || done.get<bool>() != state->is_terminal())
    throw InputError("state.done", std::string("expected ") + (state->is_terminal() ? "true" : "false"));
  const Json& outcome = field(j, "outcome");
  const Json want = state->is_terminal() ? Json(outcome_name(state->outcome())) : Json();
  if (outcome != want) throw InputError("state.outcome", "expected " + want.dump());
  return state;
}

std::unique_ptr<Agent> SokobanGame::make_agent(std::string_view spec) const {
  const auto [name, arg] = split_spec(spec);
  if (auto agent = make_solver_agent(spec)) return agent;
  if (name == "greedy" || name == "policy" || name == "guided" || name == "dqn") {
    return make_network_agent(*this, spec);
  }
  return nullptr;
}

std::string project_dqn_policy_path(int index) { return "sokoban/dqn_seed_map" + std::to_string(index + 1) + ".rlpg"; }

std::vector<AgentInfo> SokobanGame::agents() const {
  std::vector<AgentInfo> infos = {
      {"solver",
       PG_TEXT("the exact solver's next move: fewest moves (solver:pushes: fewest pushes); it follows its plan, solves "
               "again when the position leaves it, and declines in a deadlock or beyond its budget")},
      {"greedy",
       PG_TEXT("one step ahead: the moves that most reduce the sum of each box's Manhattan distance to its nearest "
               "target, then bring the player nearest to a box off target, avoiding the project's corner test and "
               "moves that change nothing; ties share the probability")}};
  if (is_shipped_policy(kGeneralPolicyPath) || find_policy_file(kGeneralPolicyPath)) {
    infos.push_back(
        {"policy",
         PG_TEXT("the general policy network (fully convolutional, any level up to 32x32; trained by imitation of "
                 "the solver: playground sokoban train-policy), its likeliest move with two masks: never a push "
                 "onto a dead square or into a freeze deadlock, and a position already visited this episode only "
                 "when every move leads to one (then the least visited); policy:greedy is the bare argmax, "
                 "policy:T samples at temperature T, both without masks or memory")});
    infos.push_back(
        {"guided",
         PG_TEXT("Levin tree search guided by the policy network, with the solver's deadlock pruning; plays its "
                 "plan (guided:N: at most N expansions)")});
  }
  // Listed where its network exists (shipped or on disk).
  const std::string dqn_path = project_dqn_policy_path(setup_.index);
  if (setup_.collection == kProjectCollection && (is_shipped_policy(dqn_path) || find_policy_file(dqn_path)))
    infos.push_back(
        {"dqn",
         PG_TEXT("the project's DQN (its 3.3M-weight convolutional net, trained on this map alone as the project did: "
                 "playground sokoban train), greedy on its Q-values; dqn:T plays the softmax of Q/T")});
  return infos;
}

std::vector<std::string> SokobanGame::default_agents() const { return {"solver"}; }

GameEntry registry_entry() {
  return {
      kInfo.name,
      kInfo.title,
      PG_TEXT("Push every box onto a target; boxes can be pushed, never pulled. The project's DQN setup: its maps, "
              "reward and observation."),
      PG_TEXT(
          "Move the warehouse keeper up, down, left or right (arrow keys or WASD). Walking into a box pushes it one "
          "square if the square beyond is free; you cannot push two boxes at once or pull a box. A move into a "
          "wall or a blocked box wastes a step. The level is solved when every box is on a target. On the project's "
          "maps, as in the project, the episode also ends when a box is stuck in a corner (two perpendicular walls or "
          "off-target boxes beside it). Every episode ends at the step cap. Rewards (the project's): -0.1 a step, "
          "+5/-2 "
          "when the first box "
          "gets closer to/farther from the first target, +20/-10 for a box onto/off a target, +100 solved, else "
          "-50 stuck."),
      option_infos(),
      [](const Json& options) -> std::shared_ptr<const Game> {
        return std::make_shared<SokobanGame>(setup_from_options(options));
      },
      level_options,
      level_name};
}

std::string SokobanGame::describe_events(const Json& events) const {
  if (!events.contains(events::kRewardTerms) || !events.contains(events::kKind)) return "";
  // The step and the reward's terms (project_reward.h).
  const std::string kind = events[events::kKind].get<std::string>();
  const Json& terms = events[events::kRewardTerms];
  std::string out = kind == step_kind_name(StepKind::kBlockedByWall) ? "bumped a wall, nothing moved; "
                    : kind == step_kind_name(StepKind::kBlockedBox)  ? "box blocked, nothing moved; "
                    : kind == step_kind_name(StepKind::kPush)        ? "push; "
                                                                     : "";
  if (terms[events::kShapingTerm].get<double>() != 0)
    out += terms[events::kShapingTerm].get<double>() > 0 ? "first box closer; " : "first box farther; ";
  if (terms[events::kTargetTerm].get<double>() != 0)
    out += terms[events::kTargetTerm].get<double>() > 0 ? "box onto a target; " : "box off a target; ";
  if (events.contains(events::kCornerBox) && !events.contains(events::kOutcome)) out += "corner test flags a box; ";
  if (events.contains(events::kOutcome)) out += events[events::kOutcome].get<std::string>() + "; ";
  return out;
}

}  // namespace pg::sokoban
