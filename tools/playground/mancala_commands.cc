// Kalah's own commands: train (the report's TD(0) learner, which produces
// policies/mancala/theta_*.json) and solve (the exact solver).
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "engine/core/error.h"
#include "engine/core/match.h"
#include "engine/core/stats.h"
#include "engine/games/mancala/mancala_game.h"
#include "engine/games/mancala/search_line.h"
#include "engine/games/mancala/solver.h"
#include "engine/games/mancala/theta_leaf_learning.h"
#include "engine/games/mancala/theta_learning.h"
#include "tools/playground/commands.h"

namespace pg::cli {
namespace {

// The weights' Euclidean norm, a point of the learning curve.
double weight_norm(const mancala::ThetaPolicy& p) {
  double n = 0;
  for (double w : p.value.weights) n += w * w;
  return std::sqrt(n);
}

// theta:D with the weights being learned, moving second against greedy:5 (100 games): its wins, printed.
long wins_second_against_greedy5(const Game& game, long done, const mancala::ThetaPolicy& p, int depth) {
  mancala::thetas().store("cli-curve", std::make_shared<const mancala::ThetaPolicy>(p));
  const MatchResult r = play_match(game, {"greedy:5", "theta:" + std::to_string(depth) + ":cli-curve"}, 100, 1'000'000);
  std::printf("%ld games: theta:%d second vs greedy:5 wins %ld of 100\n", done, depth, r.losses);
  std::fflush(stdout);
  return r.losses;
}

// A training run's weights, its number of games and its learning curve.
struct Trained {
  mancala::ThetaPolicy policy;
  long games = 0;
  Json curve = Json::array();
};

mancala::ThetaLeafTraining read_leaf_settings(const Args& args) {
  mancala::ThetaLeafTraining s;
  s.games = args.get_long("games", s.games, 1, 100'000'000);
  s.depth = int(args.get_long("depth", s.depth, 1, mancala::kMaxLine));
  s.lambda = args.get_number("lambda", s.lambda);
  s.alpha = args.get_number("alpha", s.alpha);
  s.alpha_halvings = int(args.get_long("alpha-halvings", s.alpha_halvings, 0, 30));
  s.random_plies = int(args.get_long("random-plies", s.random_plies, 0, 20));
  s.seed = args.get_seed("seed", s.seed);
  s.start = args.get("start", s.start);
  if (!(s.alpha > 0) || !(s.lambda >= 0 && s.lambda <= 1))
    throw InputError("flag --alpha/--lambda", "alpha must be positive and lambda in [0, 1]");
  return s;
}

// The weights TD-Leaf starts from: zero, or stored weights named by --start.
mancala::ThetaPolicy leaf_start(const std::string& start) {
  mancala::ThetaPolicy initial;
  if (start != "zero") {
    const auto found = mancala::thetas().find(start);
    if (!found) throw InputError("flag --start", "no weights named '" + start + "' (e.g. theta_pool)");
    initial = *found;
    initial.info = Json::object();
  }
  return initial;
}

// TD-Leaf(lambda) through the search; with curve_every > 0, a match against greedy:5 every curve_every games.
Trained train_leaf(const Game& game, const mancala::Rules& rules, const Args& args, long curve_every) {
  const mancala::ThetaLeafTraining s = read_leaf_settings(args);
  const mancala::ThetaPolicy initial = leaf_start(s.start);
  Trained t;
  t.games = s.games;
  std::cout << "Kalah TD-Leaf(lambda), " << s.games << " games: " << s.to_json().dump() << "\n";
  t.policy = mancala::learn_theta_leaf(
      rules, s, initial,
      [&](long done, const mancala::ThetaPolicy& p) {
        Json point = {{"games", done}, {"weight_norm", weight_norm(p)}};
        if (curve_every > 0 && done % curve_every == 0)
          point["theta5_second_wins_of_100"] = wins_second_against_greedy5(game, done, p, 5);
        t.curve.push_back(point);
      },
      curve_every > 0 ? curve_every : 10'000);
  return t;
}

mancala::ThetaTraining read_td0_settings(const Args& args) {
  mancala::ThetaTraining s;
  s.games = args.get_long("games", s.games, 1, 100'000'000);
  s.alpha = args.get_number("alpha", s.alpha);
  s.epsilon = args.get_number("epsilon", s.epsilon);
  s.alpha_halvings = int(args.get_long("alpha-halvings", s.alpha_halvings, 0, 30));
  s.epsilon_halvings = int(args.get_long("epsilon-halvings", s.epsilon_halvings, 0, 30));
  s.seed = args.get_seed("seed", s.seed);
  s.opponents = args.get("opponents", s.opponents);
  if (s.opponents != "self" && s.opponents != "pool")
    throw InputError("flag --opponents",
                     "expected self (the report's self-play) or pool (Greedy 1..5, Heuristic, self)");
  if (args.has("features")) {
    const Json j = Json::parse(args.get("features"), nullptr, false);
    if (j.is_discarded()) throw InputError("flag --features", "not valid JSON");
    s.feature_rules = mancala::FeatureRules::from_json(j);
  }
  if (!(s.alpha > 0) || !(s.epsilon >= 0 && s.epsilon <= 1))
    throw InputError("flag --alpha/--epsilon", "alpha must be positive and epsilon in [0, 1]");
  return s;
}

// The report's TD(0) self-play, with a progress line on a terminal.
Trained train_td0(const mancala::Rules& rules, const Args& args) {
  const mancala::ThetaTraining s = read_td0_settings(args);
  Trained t;
  t.games = s.games;
  std::cout << "Kalah TD(0) self-play, " << s.games << " games: " << s.to_json().dump() << "\n";
  t.policy = mancala::learn_theta(rules, s, [&](long done, const mancala::ThetaPolicy& p) {
    if (isatty(2)) std::fprintf(stderr, "\r%ld/%ld games\x1b[K", done, s.games);
    t.curve.push_back({{"games", done}, {"weight_norm", weight_norm(p)}});
  });
  return t;
}

// theta:depth with the weights, first and second against greedy:1 and greedy:5: printed, and returned keyed by match.
Json evaluate_weights(const Game& game, const mancala::ThetaPolicy& policy, int depth, long eval_games) {
  // Stored under a temporary name so that theta agents can be measured with it.
  const std::string name = "cli-trained";
  mancala::thetas().store(name, std::make_shared<const mancala::ThetaPolicy>(policy));
  Json scores = Json::object();
  const std::string label = "theta:" + std::to_string(depth);
  for (const char* opponent : {"greedy:1", "greedy:5"})
    score_both_seats(game, label + ":" + name, label, opponent, eval_games, scores);
  return scores;
}

// The weights file --out names.
void write_weights(const mancala::ThetaPolicy& policy, const Args& args) {
  std::ofstream out(args.get("out"));
  if (!out) throw InputError("flag --out", "cannot write '" + args.get("out") + "'");
  out << policy.to_json().dump(1) << "\n";
  std::cout << "wrote " << args.get("out") << "\n";
}

}  // namespace

int mancala_train(const GameEntry& entry, const Args& args) {
  args.check_known({"out", "games", "alpha", "epsilon", "alpha-halvings", "epsilon-halvings", "seed", "eval-games",
                    "features", "opponents", "method", "depth", "lambda", "random-plies", "start", "curve-every"},
                   entry.options);
  if (!args.has("out")) throw InputError("flag --out", "missing (the weights file to write)");
  const Json options = args.game_options(entry.options);
  const mancala::Rules rules = mancala::rules_from_options(options);
  const std::string method = args.get("method", "td0");
  if (method != "td0" && method != "td-leaf")
    throw InputError("flag --method", "expected td0 (the report's) or td-leaf (TD-Leaf(lambda) through the search)");
  const long eval_games = args.get_long("eval-games", 1000, 0, 10'000'000);
  const long curve_every = args.get_long("curve-every", 0, 0, 100'000'000);
  const auto game = entry.create(options);
  const auto start = std::chrono::steady_clock::now();
  Trained t = method == "td-leaf" ? train_leaf(*game, rules, args, curve_every) : train_td0(rules, args);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (isatty(2)) std::fprintf(stderr, "\n");
  std::printf("trained in %.1f s (%.0f games/s)\n", seconds, double(t.games) / seconds);

  const Json scores = evaluate_weights(*game, t.policy, method == "td-leaf" ? 5 : 1, eval_games);
  std::string command = "playground mancala train";
  for (const auto& word : args.words()) command += " " + word;
  t.policy.info["command"] = command;
  t.policy.info["rules"] = game->options();
  t.policy.info["seconds"] = seconds;
  t.policy.info[method == "td-leaf" ? "curve" : "weight_norm_curve"] = t.curve;
  t.policy.info["scores"] = scores;
  write_weights(t.policy, args);
  return 0;
}

}  // namespace pg::cli

namespace pg::cli {

namespace {
constexpr int kDefaultDatabaseStones = 12;
}  // namespace

int mancala_solve(const GameEntry& entry, const Args& args) {
  args.check_known({"state", "time-limit", "database-stones", "table-log2", "guess"}, entry.options);
  const Json options = args.game_options(entry.options);
  const auto game = entry.create(options);
  const mancala::Rules rules = mancala::rules_from_options(options);
  std::unique_ptr<State> state = game->initial_state(1);
  if (args.has("state")) {
    const Json j = Json::parse(args.get("state"), nullptr, false);
    if (j.is_discarded()) throw InputError("flag --state", "not valid JSON");
    state = game->state_from_json(j);
  }
  const mancala::Board board = dynamic_cast<const mancala::MancalaState&>(*state).board();
  const double limit = args.get_number("time-limit", 0);
  if (limit < 0) throw InputError("flag --time-limit", "must be 0 (none) or a number of seconds");
  // The endgame database pays only for a position with more stones in its pits than it holds: for one with
  // fewer, the search alone is quicker than building it (Kalah(6,1) from the start: 0.01 s, against seconds).
  const int in_pits = board.side_stones(0) + board.side_stones(1);
  const int db = args.has("database-stones") ? int(args.get_long("database-stones", 12, 0, 24))
                                             : (in_pits > kDefaultDatabaseStones ? kDefaultDatabaseStones : 0);
  const int table_log2 = int(args.get_long("table-log2", 22, 10, 30));
  std::cout << game->title() << ", rules " << game->options().dump() << "\n" << mancala::to_text(board);
  const int guess = int(args.get_long("guess", 0, -200, 200));
  mancala::Solver solver(rules, db, table_log2);
  // The root first, printed at once: on a long proof it is the answer, and
  // the moves' values after it may still run into the time limit.
  if (db > 0 && !rules.early_end) {
    std::printf("building the endgame database (every position with up to %d stones in the pits)...\n", db);
    std::fflush(stdout);
  }
  solver.build_database();
  if (solver.database_stones() > 0)
    std::printf("endgame database: every position with up to %d stones in the pits, %.1f MB, built in %.1f s\n",
                solver.database_stones(), double(solver.database_bytes()) / 1e6, solver.database_seconds());
  std::fflush(stdout);
  // Each MTD(f) pass proves a bound: on a long proof the bounds are progress
  // and, if the time runs out, the result.
  solver.on_pass([](int lower, int upper, long nodes, double seconds) {
    std::printf("  proven so far: %s (%ld nodes, %.1f s)\n", mancala::bounds_text(lower, upper).c_str(), nodes,
                seconds);
    std::fflush(stdout);
  });
  const mancala::Solution root = solver.solve(board, {limit, 0}, guess);
  solver.on_pass(nullptr);
  if (!root.solved) {
    std::printf("not solved within %.0f s (%ld nodes searched); proven: %s\n", limit, root.nodes,
                mancala::bounds_text(root.lower, root.upper).c_str());
    return 1;
  }
  std::printf("value: %+d (final store difference, player 0's store minus player 1's, under perfect play)\n",
              root.value);
  std::printf("%ld nodes, %.2f s\n", root.nodes, root.seconds);
  std::fflush(stdout);
  const double rest = limit > 0 ? std::max(1.0, limit - root.seconds) : 0;
  const mancala::Solution s = solver.solve_moves(board, {rest, 0}, root.value);
  if (!s.solved) {
    std::printf("the moves' values: not all solved within the time left (%ld nodes searched)\n", s.nodes);
    return 1;
  }
  const int mover_sign = board.to_move == 0 ? 1 : -1;
  std::printf("the moves' values (player 0's view):\n");
  for (int i = 0; i < mancala::kPitsPerSide; ++i) {
    if (!(s.legal & (1u << i))) continue;
    const int v = s.move_value[size_t(i)];
    std::printf("  pit %d: %+d%s\n", i + 1, v, mover_sign * v == mover_sign * s.value ? "  (best)" : "");
  }
  std::printf("%ld nodes, %.2f s (the root again, from the table, and each move)\n", s.nodes, s.seconds);
  return 0;
}

}  // namespace pg::cli
