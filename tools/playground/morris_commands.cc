// Five Men's Morris's own commands: solve (the exact solution, retrograde.h),
// value (a position's and each legal action's exact value), quality (how
// often agents keep the value, and a round robin); and --table FILE, which
// every morris command accepts, for the perfect agent.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/match.h"
#include "engine/core/stats.h"
#include "engine/games/morris/morris_game.h"
#include "engine/games/morris/perfect_agent.h"
#include "engine/games/morris/position_index.h"
#include "engine/games/morris/retrograde.h"
#include "tools/playground/commands.h"

namespace pg::cli {

namespace {

double peak_memory_mb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_maxrss) / 1024.0;  // kilobytes on Linux
}

std::shared_ptr<const morris::Solution> solve_with_progress(int max_material) {
  std::printf("solving Five Men's Morris (material up to %d)\n", max_material);
  auto s = std::make_shared<const morris::Solution>(
      morris::Solution::solve(max_material, [](const morris::SolveProgress& p) {
        std::printf("  %-34s %11llu positions so far  %7.1f s  %7.0f MB peak\n", p.stage.c_str(),
                    static_cast<unsigned long long>(p.positions), p.seconds, peak_memory_mb());
        std::fflush(stdout);
      }));
  return s;
}

// The table --table FILE read (load_morris_table), or a solve in memory.
std::shared_ptr<const morris::Solution> table_or_solve() {
  if (auto s = morris::current_solution()) return s;
  std::printf("no --table FILE: solving in memory\n");
  auto s = solve_with_progress(2 * morris::kPiecesPerSide);
  morris::provide_solution(s);
  return s;
}

const morris::MorrisState& morris_state(const State& state) { return dynamic_cast<const morris::MorrisState&>(state); }

// Checks that every stored position's value is the best of its actions' (retrograde.h: this makes every value exact).
uint64_t verify(const morris::Solution& s) {
  uint64_t checked = 0;
  for (int h = 0; h < morris::kPlacementStages; ++h)
    for (int m = 0; m <= morris::kPiecesPerSide; ++m)
      for (int t = 0; t <= morris::kPiecesPerSide; ++t) {
        if (!s.stores_class(h, m, t)) continue;
        for (uint64_t i = 0; i < morris::class_size(m, t); ++i) {
          uint16_t mine = 0, theirs = 0;
          morris::position_from_index(i, m, t, mine, theirs);
          const morris::Board b = morris::canonical_board(h, mine, theirs);
          morris::Outcome best = morris::Outcome::loss(0);
          bool any = false;
          for (const auto& [action, o] : s.action_values(b))
            if (!any || o.rank() > best.rank()) best = o, any = true;
          if (!(s.value(b) == best))
            throw InputError("verify", "position " + morris::points_string(b) + " (placements " + std::to_string(h) +
                                           ") is valued " + s.value(b).text() + " but its best action gives " +
                                           best.text());
          ++checked;
        }
      }
  return checked;
}

std::vector<std::unique_ptr<Agent>> make_agents(const Game& game, const std::vector<std::string>& names) {
  std::vector<std::unique_ptr<Agent>> agents;
  for (const auto& name : names) agents.push_back(make_agent(game, name));
  return agents;
}

// Positions from real games: game g seats source pair (g mod k, g / k mod k); every distinct position
// (board, hands, side to move, pending removal) with a choice of actions, once.
std::vector<std::unique_ptr<State>> positions_from_games(const Game& game, const std::vector<std::string>& source,
                                                         const std::vector<std::unique_ptr<Agent>>& source_agents,
                                                         long games, uint64_t seed) {
  std::vector<std::unique_ptr<State>> positions;
  std::set<std::tuple<uint32_t, uint8_t, uint8_t, uint8_t, bool>> seen;
  const size_t k = source.size();
  for (long g = 0; g < games; ++g) {
    const uint64_t episode_seed = seed + uint64_t(g);
    const size_t seats[2] = {size_t(g) % k, (size_t(g) / k) % k};
    auto state = game.initial_state(episode_seed);
    for (size_t t = 0; !state->is_terminal(); ++t) {
      const morris::Board& b = morris_state(*state).board();
      if (state->legal_actions().size() > 1 &&
          seen.insert({b.key(), b.in_hand[0], b.in_hand[1], b.to_move, b.pending_removal}).second)
        positions.push_back(state->clone());
      Rng rng = decision_rng(episode_seed, t);
      const Decision d = source_agents[seats[state->current_player()]]->decide(*state, rng);
      if (d.declined)
        throw InputError("flag --source", source[seats[state->current_player()]] + " declined: " + d.note);
      state->apply(d.chosen);
    }
  }
  return positions;
}

// The positions where some action changes the value (win, draw or loss).
long count_critical(const morris::Solution& s, const std::vector<std::unique_ptr<State>>& positions) {
  long critical = 0;
  for (const auto& p : positions) {
    const morris::Board& b = morris_state(*p).board();
    const morris::Outcome v = s.value(b);
    for (const auto& [action, o] : s.action_values(b))
      if (o.result != v.result) {
        ++critical;
        break;
      }
  }
  return critical;
}

// One player asked once in every position: its row of the table, printed.
void rate_player(Agent& agent, const std::string& player, const morris::Solution& s,
                 const std::vector<std::unique_ptr<State>>& positions, uint64_t seed) {
  long kept = 0, critical_kept = 0, critical_seen = 0, optimal = 0;
  double expected = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    const morris::Board& b = morris_state(*positions[i]).board();
    const morris::Outcome v = s.value(b);
    const auto values = s.action_values(b);
    bool is_critical = false;
    for (const auto& [action, o] : values) is_critical = is_critical || o.result != v.result;
    Rng rng = decision_rng(seed + i, 1000);
    const Decision d = agent.decide(*positions[i], rng);
    if (d.declined) throw InputError("flag --players", player + " declined: " + d.note);
    for (size_t a = 0; a < values.size(); ++a) {
      if (values[a].second.result == v.result) expected += d.probabilities[a];
      if (values[a].first != d.chosen) continue;
      const bool keeps = values[a].second.result == v.result;
      kept += keeps;
      optimal += values[a].second == v;
      critical_seen += is_critical;
      critical_kept += is_critical && keeps;
    }
  }
  const double n = double(positions.size());
  const Interval ci = wilson_interval(double(kept), n);
  const Interval cc = wilson_interval(double(critical_kept), double(critical_seen));
  std::printf("%-12s %7.1f%% %8.1f%% to %5.1f%% %9.1f%% %13.1f%% %8.1f%% to %5.1f%% %9.1f%%\n", player.c_str(),
              100 * double(kept) / n, 100 * ci.low, 100 * ci.high, 100 * expected / n,
              100 * double(critical_kept) / double(std::max(1L, critical_seen)), 100 * cc.low, 100 * cc.high,
              100 * double(optimal) / n);
  std::cout.flush();
}

// Every ordered pair of players, games games each from seed on: the first's wins, draws, losses and mean score.
void play_round_robin(const Game& game, const std::vector<std::string>& players, long games, uint64_t seed) {
  std::printf("\nround robin, %ld games per pair and seating (seeds %llu..%llu): the row agent moves first\n", games,
              static_cast<unsigned long long>(seed), static_cast<unsigned long long>(seed + uint64_t(games) - 1));
  std::printf("%-9s %-9s %6s %6s %7s %22s\n", "first", "second", "wins", "draws", "losses", "first's score, 95%");
  for (const auto& first : players)
    for (const auto& second : players) {
      const MatchResult r = play_match(game, {first, second}, games, seed, nullptr, forfeit_printer({first, second}));
      // Score: a win 1, a draw 1/2; the interval is the normal one of the mean score.
      MeanEstimate score;
      for (long i = 0; i < r.wins; ++i) score.add(1);
      for (long i = 0; i < r.draws; ++i) score.add(0.5);
      for (long i = 0; i < r.losses; ++i) score.add(0);
      std::printf("%-9s %-9s %6ld %6ld %7ld %9.3f +- %.3f\n", first.c_str(), second.c_str(), r.wins, r.draws, r.losses,
                  score.mean(), score.half_width());
      std::cout.flush();
    }
}

}  // namespace

void load_morris_table(const Args& args) {
  if (!args.has("table")) return;
  const std::string path = args.get("table");
  const auto start = std::chrono::steady_clock::now();
  auto s = std::make_shared<const morris::Solution>(
      morris::Solution::deserialize(read_file(path, "flag --table"), "flag --table " + path));
  morris::provide_solution(s);
  std::fprintf(stderr, "read the table %s: %llu positions, material up to %d, %.1f s\n", path.c_str(),
               static_cast<unsigned long long>(s->size()), s->max_material(), seconds_since(start));
}

int morris_solve(const GameEntry& entry, const Args& args) {
  args.check_known({"out", "max-material", "verify"}, entry.options);
  const int max_material = int(args.get_long("max-material", 10, 6, 10));
  const auto start = std::chrono::steady_clock::now();
  const auto s = solve_with_progress(max_material);
  const double seconds = seconds_since(start);
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const double cpu = double(usage.ru_utime.tv_sec) + double(usage.ru_utime.tv_usec) / 1e6;
  const auto c = s->counts();
  const double n = double(s->size());
  std::printf("solved in %.1f s (%.1f s CPU), peak memory %.0f MB; the table: %llu positions, %.1f MB in memory\n",
              seconds, cpu, peak_memory_mb(), static_cast<unsigned long long>(s->size()), n * 2 / 1e6);
  std::printf(
      "wins %llu (%.1f%%), draws %llu (%.1f%%), losses %llu (%.1f%%) for the side to move; longest win %d "
      "plies, longest loss %d plies\n",
      static_cast<unsigned long long>(c.wins), 100 * double(c.wins) / n, static_cast<unsigned long long>(c.draws),
      100 * double(c.draws) / n, static_cast<unsigned long long>(c.losses), 100 * double(c.losses) / n, c.longest_win,
      c.longest_loss);
  if (max_material == 2 * morris::kPiecesPerSide) {
    const morris::Board opening = morris::Board::initial();
    std::printf("the opening position: %s for seat 0 (the first player)\n", s->value(opening).text().c_str());
    std::string firsts;
    for (const auto& [action, o] : s->action_values(opening))
      firsts += " " + morris::action_to_string(action) + " " + o.text() + ";";
    std::printf("  its placements:%s\n", firsts.c_str());
  }
  if (args.has("verify")) {
    const auto verify_start = std::chrono::steady_clock::now();
    const uint64_t checked = verify(*s);
    std::printf("verified: each of the %llu positions is valued as the best of its actions (%.1f s)\n",
                static_cast<unsigned long long>(checked), seconds_since(verify_start));
  }
  if (args.has("out")) {
    const std::string path = args.get("out");
    const std::string bytes = s->serialize();
    std::ofstream out(path, std::ios::binary);
    if (!out || !out.write(bytes.data(), std::streamsize(bytes.size())))
      throw InputError("flag --out", "cannot write '" + path + "'");
    std::printf("wrote %s: %.2f MB (the positions that are not draws, each after its gap of draws)\n", path.c_str(),
                double(bytes.size()) / 1e6);
  }
  return 0;
}

int morris_value(const GameEntry& entry, const Args& args) {
  args.check_known({"state", "table"}, entry.options);
  const Json options = args.game_options(entry.options);
  const auto game = entry.create(options);
  std::unique_ptr<State> state = game->initial_state(1);
  if (args.has("state")) {
    const Json j = Json::parse(args.get("state"), nullptr, false);
    if (j.is_discarded()) throw InputError("flag --state", "not valid JSON");
    state = game->state_from_json(j);
  }
  const auto s = table_or_solve();
  const morris::MorrisState& ms = morris_state(*state);
  const morris::Board& board = ms.board();
  std::cout << state->to_text();
  if (!s->covers(board))
    throw InputError("flag --table", "the table covers material up to " + std::to_string(s->max_material()) +
                                         "; this position has " +
                                         std::to_string(board.material(0) + board.material(1)));
  if (state->is_terminal()) {
    std::printf("the game is over\n");
    return 0;
  }
  const morris::Outcome v = s->value(board);
  std::printf("value: %s for seat %d (the side to move)\n", v.text().c_str(), int(board.to_move));
  if (v.result != morris::Outcome::kDraw && board.moves + v.plies > ms.rules().max_moves)
    std::printf("note: the table has no move cap; with max_moves %d the game may end in a draw first\n",
                ms.rules().max_moves);
  for (const auto& c : morris::perfect_choices(*s, board))
    std::printf("  %-10s %-14s%s%s\n", morris::action_to_string(c.action).c_str(), c.value.text().c_str(),
                c.value.result == v.result ? "  keeps the value" : "", c.chosen ? "  (perfect's choice)" : "");
  return 0;
}

int morris_quality(const GameEntry& entry, const Args& args) {
  args.check_known({"players", "source", "games", "seed", "table", "round-robin-games"}, entry.options);
  const Json options = args.game_options(entry.options);
  const auto game = entry.create(options);
  const std::string players_text = args.get("players", "random,bonus,smart,genius,perfect");
  const std::string source_text = args.get("source", "random,bonus,smart,genius,perfect");
  const std::vector<std::string> players = expand_agent_ranges(players_text);
  const std::vector<std::string> source = expand_agent_ranges(source_text);
  const long games = args.get_long("games", 100, 1, 1000000);
  const long round_robin_games = args.get_long("round-robin-games", 200, 0, 1000000);
  const uint64_t seed = args.get_seed("seed", 1);
  const auto s = table_or_solve();
  const auto source_agents = make_agents(*game, source);
  const auto agents = make_agents(*game, players);

  const auto start = std::chrono::steady_clock::now();
  const auto positions = positions_from_games(*game, source, source_agents, games, seed);
  const long critical = count_critical(*s, positions);
  std::cout << game->title() << ", rules " << game->options().dump() << "\n"
            << positions.size() << " distinct positions with a choice of actions, from " << games << " games between "
            << source_text << " (seeds " << seed << ".." << seed + uint64_t(games) - 1 << "); in " << critical
            << " of them some action changes the value (win, draw or loss)\n";
  std::printf("games %.1f s\n\n", seconds_since(start));
  std::printf("%-12s %8s %20s %10s %14s %20s %10s\n", "player", "keeps", "95% interval", "expected", "critical keeps",
              "95% interval", "optimal");
  for (size_t p = 0; p < players.size(); ++p) rate_player(*agents[p], players[p], *s, positions, seed);
  std::printf(
      "\nkeeps: the share of positions where its action keeps the exact value (win, draw or loss); expected: the "
      "same under its probabilities; critical keeps: the same over the positions where some action changes the "
      "value; optimal: keeps the value and its distance (the shortest win, the longest loss)\n");
  if (round_robin_games == 0) return 0;
  play_round_robin(*game, players, round_robin_games, seed);
  return 0;
}

}  // namespace pg::cli
