// playground mancala train-ntuple: TD(lambda) for the n-tuple value
// (engine/games/mancala/ntuple_learning.h), or with --method bootstrap the
// search-bootstrapped training from a given value (ntuple_bootstrap.h), which
// produce policies/mancala/ntuple_*.json, then the agents ntuple:2 and
// ntuple:5 measured against Greedy 5 and Greedy 4 from both seats.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/match.h"
#include "engine/core/stats.h"
#include "engine/games/mancala/mancala_game.h"
#include "engine/games/mancala/ntuple_agent.h"
#include "engine/games/mancala/ntuple_bootstrap.h"
#include "engine/games/mancala/ntuple_learning.h"
#include "tools/playground/commands.h"

namespace pg::cli {
namespace {

void progress_bar(long done, long total, double seconds) {
  if (!isatty(2)) return;
  const int width = 30;
  const int filled = int(double(width) * double(done) / double(total));
  std::fprintf(stderr, "\r[%.*s%*s] %ld/%ld games, %.0f s\x1b[K", filled, "##############################",
               width - filled, "", done, total, seconds);
}

// The value file --out names.
void write_value(const mancala::NTupleValue& value, const Args& args) {
  std::ofstream out(args.get("out"));
  if (!out) throw InputError("flag --out", "cannot write '" + args.get("out") + "'");
  out << value.to_json().dump() << "\n";
}

// A training run's value and its number of games.
struct TrainedValue {
  mancala::NTupleValue value;
  long games = 0;
};

mancala::NTupleTraining read_td_settings(const Args& args) {
  for (const char* flag : {"start", "target-depth", "exact-stones", "learner-seat", "result-weight", "tree-depth",
                           "tables", "margin-scale", "margin-weight"})
    if (args.has(flag)) throw InputError(std::string("flag --") + flag, "only with --method bootstrap");
  mancala::NTupleTraining s;
  s.games = args.get_long("games", s.games, 1, 100'000'000);
  s.alpha = args.get_number("alpha", s.alpha);
  s.epsilon = args.get_number("epsilon", s.epsilon);
  s.alpha_halvings = int(args.get_long("alpha-halvings", s.alpha_halvings, 0, 30));
  s.epsilon_halvings = int(args.get_long("epsilon-halvings", s.epsilon_halvings, 0, 30));
  s.lambda = args.get_number("lambda", s.lambda);
  s.depth = int(args.get_long("depth", s.depth, 1, 5));
  s.random_plies = int(args.get_long("random-plies", s.random_plies, 0, 20));
  s.opponents = args.get("opponents", s.opponents);
  s.seed = args.get_seed("seed", s.seed);
  if (s.opponents != "self" && s.opponents != "pool")
    throw InputError("flag --opponents", "expected self or pool (Greedy 1..5, Heuristic, self)");
  if (!(s.alpha > 0) || !(s.epsilon >= 0 && s.epsilon <= 1) || !(s.lambda >= 0 && s.lambda <= 1))
    throw InputError("flag --alpha/--epsilon/--lambda", "alpha must be positive, epsilon and lambda in [0, 1]");
  return s;
}

// TD(lambda) self-play from zero.
TrainedValue train_td(const mancala::Rules& rules, const Args& args, std::chrono::steady_clock::time_point start) {
  const mancala::NTupleTraining s = read_td_settings(args);
  std::cout << "Kalah n-tuple TD(lambda), " << s.games << " games: " << s.to_json().dump() << "\n";
  const long report_every = std::max(1L, s.games / 200);
  TrainedValue t;
  t.games = s.games;
  t.value = mancala::learn_ntuple(
      rules, s, [&](long done, const mancala::NTupleValue&) { progress_bar(done, s.games, seconds_since(start)); },
      report_every);
  return t;
}

mancala::NTupleBootstrap read_bootstrap_settings(const Args& args) {
  for (const char* flag : {"lambda", "epsilon-halvings"})
    if (args.has(flag)) throw InputError(std::string("flag --") + flag, "only with --method td");
  mancala::NTupleBootstrap s;
  s.games = args.get_long("games", s.games, 1, 100'000'000);
  s.alpha = args.get_number("alpha", s.alpha);
  s.epsilon = args.get_number("epsilon", s.epsilon);
  s.alpha_halvings = int(args.get_long("alpha-halvings", s.alpha_halvings, 0, 30));
  s.play_depth = int(args.get_long("depth", s.play_depth, 1, 5));
  s.target_depth = int(args.get_long("target-depth", s.target_depth, 1, 8));
  s.exact_stones = int(args.get_long("exact-stones", s.exact_stones, 0, 16));
  s.random_plies = int(args.get_long("random-plies", s.random_plies, 0, 20));
  s.opponents = args.get("opponents", s.opponents);
  s.seed = args.get_seed("seed", s.seed);
  s.result_weight = args.get_number("result-weight", s.result_weight);
  s.tree_depth = int(args.get_long("tree-depth", s.tree_depth, 0, 3));
  s.margin_scale = args.get_number("margin-scale", s.margin_scale);
  s.margin_weight = args.get_number("margin-weight", s.margin_weight);
  if (!(s.margin_scale >= 0 && s.margin_scale <= 100))
    throw InputError("flag --margin-scale", "expected a number in [0, 100] (0: a decided end is worth its result)");
  if (!(s.margin_weight >= 0 && s.margin_weight <= 1))
    throw InputError("flag --margin-weight", "expected a number in [0, 1]");
  const std::string seat = args.get("learner-seat", "both");
  if (seat != "both" && seat != "first" && seat != "second")
    throw InputError("flag --learner-seat", "expected first, second or both, got '" + seat + "'");
  s.learner_seat = seat == "first" ? 0 : seat == "second" ? 1 : -1;
  const bool greedy =
      s.opponents.size() == 8 && s.opponents.rfind("greedy:", 0) == 0 && s.opponents[7] >= '1' && s.opponents[7] <= '5';
  if (s.opponents != "self" && s.opponents != "pool" && !greedy)
    throw InputError("flag --opponents", "expected self, pool (Greedy 1..5, self) or greedy:1..5");
  if (!(s.result_weight >= 0 && s.result_weight <= 1))
    throw InputError("flag --result-weight", "expected a number in [0, 1]");
  if (!(s.alpha > 0) || !(s.epsilon >= 0 && s.epsilon <= 1))
    throw InputError("flag --alpha/--epsilon", "alpha must be positive, epsilon in [0, 1]");
  return s;
}

// The value the bootstrap starts from (--start, by default the shipped one for the rules) with its --tables.
struct BootstrapStart {
  std::string from, tables;
  mancala::NTupleValue value;
};

BootstrapStart bootstrap_start(const Args& args, const mancala::Rules& rules) {
  const std::string from = args.get("start", mancala::ntuple_name_for(rules));
  const auto found = mancala::ntuples().find(from);
  if (!found) throw InputError("flag --start", "no n-tuple value named '" + from + "' (e.g. ntuple_standard)");
  const std::string tables = args.get("tables", found->extended ? "extended" : "basic");
  if (tables != "basic" && tables != "extended")
    throw InputError("flag --tables", "expected basic or extended, got '" + tables + "'");
  if (tables == "basic" && found->extended)
    throw InputError("flag --tables", "'" + from + "' already has the extended tables");
  return {from, tables, tables == "extended" && !found->extended ? found->with_extended_tables() : *found};
}

// The search bootstrap from a given value.
TrainedValue train_bootstrap(const mancala::Rules& rules, const Args& args,
                             std::chrono::steady_clock::time_point start) {
  const mancala::NTupleBootstrap s = read_bootstrap_settings(args);
  BootstrapStart from = bootstrap_start(args, rules);
  std::cout << "Kalah n-tuple search bootstrap from " << from.from << ", " << s.games
            << " games: " << s.to_json().dump() << "\n";
  const long report_every = std::max(1L, s.games / 200);
  TrainedValue t;
  t.games = s.games;
  t.value = mancala::bootstrap_ntuple(
      rules, s, std::move(from.value),
      [&](long done, const mancala::NTupleValue&) { progress_bar(done, s.games, seconds_since(start)); }, report_every);
  t.value.info["bootstrap"]["start"] = from.from;
  t.value.info["bootstrap"]["tables"] = from.tables;
  return t;
}

// ntuple:2 against greedy:4 and ntuple:5 against greedy:5, first and second: printed, and returned keyed by match.
Json evaluate_value(const Game& game, const mancala::NTupleValue& value, long eval_games) {
  const std::string name = "cli-trained";
  mancala::ntuples().store(name, std::make_shared<const mancala::NTupleValue>(value));
  Json scores = Json::object();
  for (const auto& [depth, opponent] : {std::pair{2, "greedy:4"}, std::pair{5, "greedy:5"}}) {
    const std::string label = "ntuple:" + std::to_string(depth);
    score_both_seats(game, label + ":" + name, label, opponent, eval_games, scores);
  }
  return scores;
}

}  // namespace

int mancala_train_ntuple(const GameEntry& entry, const Args& args) {
  args.check_known({"out",        "games",  "alpha",        "epsilon",      "alpha-halvings", "epsilon-halvings",
                    "lambda",     "depth",  "random-plies", "opponents",    "seed",           "eval-games",
                    "method",     "start",  "target-depth", "exact-stones", "learner-seat",   "result-weight",
                    "tree-depth", "tables", "margin-scale", "margin-weight"},
                   entry.options);
  if (!args.has("out")) throw InputError("flag --out", "missing (the value file to write)");
  const Json options = args.game_options(entry.options);
  const mancala::Rules rules = mancala::rules_from_options(options);
  const std::string method = args.get("method", "td");
  if (method != "td" && method != "bootstrap")
    throw InputError("flag --method", "expected td or bootstrap, got '" + method + "'");
  const long eval_games = args.get_long("eval-games", 1000, 0, 10'000'000);
  const auto game = entry.create(options);
  const auto start = std::chrono::steady_clock::now();
  TrainedValue t = method == "td" ? train_td(rules, args, start) : train_bootstrap(rules, args, start);
  const double seconds = seconds_since(start);
  if (isatty(2)) std::fprintf(stderr, "\n");
  std::printf("trained in %.1f s (%.0f games/s)\n", seconds, double(t.games) / seconds);
  std::fflush(stdout);

  const Json scores = evaluate_value(*game, t.value, eval_games);
  std::string command = "playground mancala train-ntuple";
  for (const auto& word : args.words()) command += " " + word;
  t.value.info["command"] = command;
  t.value.info["rules"] = game->options();
  t.value.info["seconds"] = seconds;
  t.value.info["scores"] = scores;
  write_value(t.value, args);
  std::cout << "wrote " << args.get("out") << "\n";
  return 0;
}

int mancala_average_ntuple(const GameEntry& entry, const Args& args) {
  args.check_known({"values", "out"}, entry.options);
  if (!args.has("out")) throw InputError("flag --out", "missing (the value file to write)");
  if (!args.has("values")) throw InputError("flag --values", "missing (two or more value names, comma-separated)");
  const std::vector<std::string> names = split_list(args.get("values"));
  std::vector<std::shared_ptr<const mancala::NTupleValue>> found;
  std::vector<const mancala::NTupleValue*> values;
  if (names.size() < 2) throw InputError("flag --values", "expected two or more names, comma-separated");
  Json sources = Json::array();
  for (const std::string& name : names) {
    auto value = mancala::ntuples().find(name);
    if (!value) throw InputError("flag --values", "no n-tuple value named '" + name + "' (e.g. ntuple_standard)");
    sources.push_back({{"name", name}, {"info", value->info}});
    found.push_back(value);
    values.push_back(found.back().get());
  }
  mancala::NTupleValue mean = mancala::average_ntuple(values);
  std::string command = "playground mancala average-ntuple";
  for (const auto& word : args.words()) command += " " + word;
  mean.info = {{"average", sources}, {"command", command}};
  write_value(mean, args);
  std::cout << "averaged " << names.size() << " values; wrote " << args.get("out") << "\n";
  return 0;
}

}  // namespace pg::cli
