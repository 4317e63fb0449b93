// playground mancala quality: move quality against the exact solver. Games
// between source agents give the positions (every position of a game once
// its pits hold at most --max-stones stones); the solver gives each move's
// exact value there; each player is asked once in every position, and a move
// "keeps the value" when its exact value equals the position's.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <set>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/stats.h"
#include "engine/games/mancala/mancala_game.h"
#include "engine/games/mancala/perfect_agent.h"
#include "engine/games/mancala/solver.h"
#include "tools/playground/commands.h"

namespace pg::cli {

namespace {

struct Sample {
  mancala::Board board;
  mancala::ExactMoves exact;
};

int stones_in_pits(const mancala::Board& b) { return b.side_stones(0) + b.side_stones(1); }

std::vector<std::unique_ptr<Agent>> make_agents(const Game& game, const std::vector<std::string>& names) {
  std::vector<std::unique_ptr<Agent>> agents;
  for (const auto& name : names) agents.push_back(make_agent(game, name));
  return agents;
}

void refuse_humans(const std::vector<std::unique_ptr<Agent>>& agents, const std::string& flag) {
  for (const auto& a : agents)
    if (a->is_human()) throw InputError(flag, "the command line has no human player");
}

// Positions from real games: game g seats source pair (g mod k, g / k mod k); every distinct position with at most
// max_stones stones in the pits and a choice of moves, once.
std::vector<mancala::Board> positions_from_games(const Game& game, const std::vector<std::string>& source,
                                                 const std::vector<std::unique_ptr<Agent>>& source_agents, long games,
                                                 uint64_t seed, int max_stones) {
  std::vector<mancala::Board> boards;
  std::set<std::array<uint8_t, mancala::kNumHoles + 1>> seen;
  const size_t k = source.size();
  for (long g = 0; g < games; ++g) {
    const uint64_t episode_seed = seed + uint64_t(g);
    const size_t seats[2] = {size_t(g) % k, (size_t(g) / k) % k};
    auto state = game.initial_state(episode_seed);
    for (size_t t = 0; !state->is_terminal(); ++t) {
      const auto& b = dynamic_cast<const mancala::MancalaState&>(*state).board();
      if (stones_in_pits(b) <= max_stones && mancala::legal_count(b.legal_mask()) > 1) {
        std::array<uint8_t, mancala::kNumHoles + 1> key{};
        std::copy(b.holes.begin(), b.holes.end(), key.begin());
        key[mancala::kNumHoles] = b.to_move;
        if (seen.insert(key).second) boards.push_back(b);
      }
      Rng rng = decision_rng(episode_seed, t);
      const Decision d = source_agents[seats[state->current_player()]]->decide(*state, rng);
      if (d.declined)
        throw InputError("flag --source", source[seats[state->current_player()]] + " declined: " + d.note);
      state->apply(d.chosen);
    }
  }
  return boards;
}

// Each position with its moves' exact values; adds the solver's nodes to `nodes`.
std::vector<Sample> solve_exactly(mancala::Solver& solver, const std::vector<mancala::Board>& boards, long& nodes) {
  std::vector<Sample> samples;
  for (const auto& b : boards) {
    const auto m = mancala::exact_moves(solver, b, std::numeric_limits<long>::max());
    if (!m) throw InputError("solver", "failed on a position without a budget");  // cannot happen
    nodes += m->nodes;
    samples.push_back({b, *m});
  }
  return samples;
}

// The positions where some move changes the value.
long count_critical(const std::vector<Sample>& samples) {
  long critical = 0;
  for (const auto& s : samples) {
    for (int i = 0; i < mancala::kPitsPerSide; ++i)
      if ((s.exact.legal & (1u << i)) && s.exact.move_value[size_t(i)] != s.exact.value) {
        ++critical;
        break;
      }
  }
  return critical;
}

// The table's header; returns the width of its name column.
int print_table_header(const std::vector<std::string>& players) {
  int name_width = 16;  // wide enough for every name asked for (ntuple:5:ntuple_standard)
  for (const std::string& name : players) name_width = std::max(name_width, int(name.size()));
  std::printf("%-*s %10s %22s %10s %12s %14s\n", name_width, "player", "keeps", "95% interval", "expected", "mean loss",
              "keeps outcome");
  return name_width;
}

// One player asked once in every position: its table row, printed, and returned as JSON.
Json rate_player(Agent& agent, const std::string& player, const std::vector<Sample>& samples,
                 const mancala::Rules& rules, uint64_t seed, int name_width) {
  long kept = 0, outcome_kept = 0;
  double expected = 0, loss = 0;
  for (size_t i = 0; i < samples.size(); ++i) {
    const Sample& s = samples[i];
    mancala::MancalaState state(s.board, rules);
    Rng rng = decision_rng(seed + i, 1000);
    const Decision d = agent.decide(state, rng);
    if (d.declined) throw InputError("flag --players", player + " declined: " + d.note);
    const int v = s.exact.move_value[size_t(d.chosen)];
    if (v == s.exact.value) ++kept;
    if ((v > 0) - (v < 0) == (s.exact.value > 0) - (s.exact.value < 0)) ++outcome_kept;
    loss += double(s.exact.value - v);
    for (size_t a = 0; a < d.actions.size(); ++a)
      if (s.exact.move_value[size_t(d.actions[a])] == s.exact.value) expected += d.probabilities[a];
  }
  const double n = double(samples.size());
  const Interval ci = wilson_interval(double(kept), n);
  std::printf("%-*s %9.1f%% %12.1f%% to %5.1f%% %9.1f%% %12.2f %13.1f%%\n", name_width, player.c_str(),
              100 * double(kept) / n, 100 * ci.low, 100 * ci.high, 100 * expected / n, loss / n,
              100 * double(outcome_kept) / n);
  std::cout.flush();
  return {{"player", player},
          {"positions", samples.size()},
          {"kept", kept},
          {"kept_95", {ci.low, ci.high}},
          {"expected_kept", expected / n},
          {"mean_loss", loss / n},
          {"outcome_kept", outcome_kept}};
}

void write_json(const Json& j, const Args& args) {
  std::ofstream out(args.get("json"));
  if (!out) throw InputError("flag --json", "cannot write '" + args.get("json") + "'");
  out << j.dump(1) << "\n";
  std::cout << "wrote " << args.get("json") << "\n";
}

}  // namespace

int mancala_quality(const GameEntry& entry, const Args& args) {
  args.check_known({"players", "source", "games", "seed", "max-stones", "json", "database-stones"}, entry.options);
  const Json options = args.game_options(entry.options);
  const auto game = entry.create(options);
  const mancala::Rules rules = mancala::rules_from_options(options);
  const std::vector<std::string> players = expand_agent_ranges(
      args.get("players", "random,heuristic,greedy:1..5,theta:5:seed,theta:5,theta:5:pool,ntuple:2,ntuple:5"));
  const std::vector<std::string> source =
      expand_agent_ranges(args.get("source", "heuristic,greedy:1..5,theta:5:seed,theta:5:pool"));
  const long games = args.get_long("games", 100, 1, 1000000);
  const uint64_t seed = args.get_seed("seed", 1);
  const int max_stones = int(args.get_long("max-stones", 20, 1, rules.total_stones()));
  const int db = int(args.get_long("database-stones", 12, 0, 16));
  const auto source_agents = make_agents(*game, source);
  const auto agents = make_agents(*game, players);
  refuse_humans(source_agents, "flag --source");
  refuse_humans(agents, "flag --players");

  const auto start = std::chrono::steady_clock::now();
  const auto boards = positions_from_games(*game, source, source_agents, games, seed, max_stones);
  const double play_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  mancala::Solver solver(rules, db, 22);
  long nodes = 0;
  const std::vector<Sample> samples = solve_exactly(solver, boards, nodes);
  const double solve_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() - play_seconds;
  const long critical = count_critical(samples);
  std::cout << game->title() << ", rules " << game->options().dump() << "\n"
            << samples.size() << " distinct positions with at most " << max_stones
            << " stones in the pits and a choice of moves, from " << games << " games between "
            << args.get("source", "heuristic,greedy:1..5,theta:5:seed,theta:5:pool") << " (seeds " << seed << ".."
            << seed + uint64_t(games) - 1 << "); in " << critical << " of them some move changes the value\n";
  std::printf("games %.1f s; solved exactly in %.1f s (%ld positions searched, endgame database %d stones)\n\n",
              play_seconds, solve_seconds, nodes, solver.database_stones());
  const int name_width = print_table_header(players);
  Json rows = Json::array();
  for (size_t p = 0; p < players.size(); ++p)
    rows.push_back(rate_player(*agents[p], players[p], samples, rules, seed, name_width));
  std::printf(
      "\nkeeps: the share of positions where its move keeps the exact value; expected: the same under its "
      "probabilities (ties); mean loss: stones of final store difference given away per move; keeps outcome: the move "
      "keeps the "
      "win, draw or loss the position is worth\n");
  if (args.has("json")) {
    std::string command = "playground mancala quality";
    for (const auto& word : args.words()) command += " " + word;
    write_json({{"command", command},
                {"rules", game->options()},
                {"positions", samples.size()},
                {"critical_positions", critical},
                {"max_stones", max_stones},
                {"games", games},
                {"players", rows}},
               args);
  }
  return 0;
}

}  // namespace pg::cli
