#include "tools/playground/commands.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/match.h"
#include "engine/core/session.h"
#include "engine/core/stats.h"

namespace pg::cli {

int list_games() {
  for (const auto& entry : game_registry()) {
    std::cout << entry.name << ": " << entry.title << "\n  " << entry.blurb
              << "\n  options:" << (entry.options.empty() ? " none\n" : "\n");
    for (const auto& o : entry.options)
      std::cout << "    --" << flag_name(o.name) << " (default " << o.default_value.dump() << "): " << o.help << "\n";
    const auto game = entry.create(Json::object());
    std::cout << "  agents:\n    random: uniform over the legal actions\n    human: the page asks the user\n";
    for (const auto& a : game->agents()) std::cout << "    " << a.spec << ": " << a.help << "\n";
    std::cout << "  default seats:";
    for (const auto& a : game->default_agents()) std::cout << " " << a;
    std::cout << "\n";
  }
  return 0;
}

int show(const GameEntry& entry, const Args& args) {
  args.check_known({"seed"}, entry.options);
  const auto game = entry.create(args.game_options(entry.options));
  const auto state = game->initial_state(args.get_seed("seed", game->default_seed()));
  std::cout << game->title() << "\n" << state->to_text() << state->to_json().dump() << "\n";
  return 0;
}

int rules(const GameEntry& entry, const Args& args) {
  args.check_known({}, entry.options);
  const auto game = entry.create(args.game_options(entry.options));
  std::cout << entry.blurb << "\n\n### How to play\n\n" << entry.rules << "\n\n### Options\n\n";
  if (entry.options.empty()) std::cout << "None.\n";
  for (const auto& o : entry.options)
    std::cout << "- `" << o.name << "` (default `" << o.default_value.dump() << "`): " << o.help << "\n";
  std::cout << "\n### Agents\n\n- `random`: uniform over the legal actions\n- `human`: you, playing on the board\n";
  for (const auto& a : game->agents()) std::cout << "- `" << a.spec << "`: " << a.help << "\n";
  std::cout << "\nThe page opens with";
  const auto seats = game->default_agents();
  for (size_t i = 0; i < seats.size(); ++i) std::cout << (i ? " against `" : " `") << seats[i] << "`";
  std::cout << (seats.size() > 1 ? " (the first seat moves first).\n" : " in its seat.\n");
  return 0;
}

namespace {

// --format: "json" (the trace, the default) or "text".
bool text_format(const Args& args) {
  const std::string format = args.get("format", "json");
  if (format != "json" && format != "text")
    throw InputError("flag --format", "expected json or text, not '" + format + "'");
  return format == "text";
}

// The episode as people read it: a line per step (who, what, the rewards, what happened in the game's own
// words), then the position reached.
void print_episode_text(const Episode& episode) {
  const Game& game = episode.game();
  std::cout << game.title() << ", seed " << episode.seed() << ": " << episode.length() << " steps\n";
  for (size_t i = 0; i < episode.length(); ++i) {
    const EpisodeStep& st = episode.step(i);
    std::string rewards;
    for (double r : st.transition.rewards) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%s%+g", rewards.empty() ? "" : " / ", r);
      rewards += buf;
    }
    std::cout << "  " << i + 1 << ". player " << st.player << " (" << st.agent << "): " << st.action_name
              << "   reward " << rewards;
    std::string said = game.describe_events(st.transition.events);
    while (!said.empty() && (said.back() == ' ' || said.back() == ';')) said.pop_back();
    if (!said.empty()) std::cout << "   " << said;
    std::cout << "\n";
  }
  std::cout << episode.state_at(episode.length()).to_text();
}

}  // namespace

// replay --trace FILE: the trace read as the page's Import trace reads it (every action replayed, every recorded
// state and decision checked), printed back as the engine writes it.
int replay_trace(const GameEntry& entry, const Args& args, bool text) {
  if (args.has("actions") || args.has("seed"))
    throw InputError("flag --trace", "the trace holds the seed and the actions: give neither --seed nor --actions");
  const Json trace = Json::parse(read_file(args.get("trace"), "flag --trace"), nullptr, /*allow_exceptions=*/false);
  if (trace.is_discarded()) throw InputError("flag --trace " + args.get("trace"), "not JSON");
  if (trace.is_object() && trace.contains("game") && trace["game"] != entry.name)
    throw InputError("flag --trace " + args.get("trace"),
                     "a trace of " + trace["game"].dump() + ", not of " + entry.name);
  std::vector<std::string> agents;
  const Episode episode = Episode::from_trace(trace, &agents);
  if (text)
    print_episode_text(episode);
  else
    std::cout << episode.to_trace(agents).dump(2) << "\n";
  return 0;
}

int replay(const GameEntry& entry, const Args& args) {
  args.check_known({"seed", "actions", "format", "trace"}, entry.options);
  const bool text = text_format(args);
  if (args.has("trace")) return replay_trace(entry, args, text);
  if (!args.has("actions")) throw InputError("flag --actions", "missing (a comma-separated list of action names)");
  const auto game = entry.create(args.game_options(entry.options));
  const uint64_t seed = args.get_seed("seed", game->default_seed());
  const Episode episode =
      replay_actions(game, seed, split_list(args.get("actions"), action_list_separator(*game, seed)));
  if (text)
    print_episode_text(episode);
  else
    std::cout << episode.to_trace().dump(2) << "\n";
  return 0;
}

int play(const GameEntry& entry, const Args& args) {
  args.check_known({"agents", "seed", "format"}, entry.options);
  const bool text = text_format(args);
  const auto game = entry.create(args.game_options(entry.options));
  Session session;
  session.load(entry.name, game->options());
  session.reset(args.get_seed("seed", game->default_seed()));
  if (args.has("agents")) session.set_agents(split_list(args.get("agents")));
  for (const auto& spec : session.agent_specs())
    if (spec == "human") throw InputError("flag --agents", "the command line has no human player");
  StepResult r = StepResult::kPlayed;
  while ((r = session.step()) == StepResult::kPlayed) {
  }
  if (text)
    print_episode_text(session.episode());
  else
    std::cout << session.trace().dump(2) << "\n";
  if (r == StepResult::kDeclined) {
    const int p = session.state().current_player();
    std::cerr << "playground: agent '" << session.agent_specs()[size_t(p)] << "' declined to move at step "
              << session.episode().cursor() << ": " << session.decision()->note << "\n";
    return 1;
  }
  return 0;
}

namespace {

// A progress bar on stderr, drawn only for a terminal so logs stay clean.
class ProgressBar {
 public:
  explicit ProgressBar(long total) : total_(total), enabled_(isatty(2) != 0) {}
  void update(long done) {
    if (!enabled_ || (done != total_ && done % 10 != 0)) return;
    const int width = 40;
    const int filled = int(double(width) * double(done) / double(total_));
    std::fprintf(stderr, "\r[%s%s] %ld/%ld", std::string(size_t(filled), '#').c_str(),
                 std::string(size_t(width - filled), '.').c_str(), done, total_);
    if (done == total_) std::fprintf(stderr, "\n");
  }

 private:
  long total_;
  bool enabled_;
};

const char* seat_name(int seat) { return seat == 0 ? "first" : "second"; }

constexpr long kForfeitsShown = 3;

void print_forfeit_counts(const MatchResult& r, const std::vector<std::string>& seats) {
  for (int seat = 0; seat < 2; ++seat) {
    const auto n =
        std::count_if(r.forfeits.begin(), r.forfeits.end(), [&](const Forfeit& f) { return f.seat == seat; });
    if (n > 0)
      std::cout << seat_name(seat) << " player (" << seats[size_t(seat)] << ") forfeited " << n << " of " << r.games
                << " games (declined to move: counted as losses)\n";
  }
}

std::string percent(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * x);
  return buf;
}

}  // namespace

// On stderr: the game, its seed (to replay it with `play --seed`), the step and why.
void score_both_seats(const Game& game, const std::string& me, const std::string& label, const std::string& opponent,
                      long games, Json& scores) {
  for (int first = 1; first >= 0 && games > 0; --first) {
    const MatchResult r =
        first ? play_match(game, {me, opponent}, games, 1) : play_match(game, {opponent, me}, games, 1);
    const long my_wins = first ? r.wins : r.losses;
    const Interval ci = wilson_interval(double(my_wins), double(r.games));
    const std::string key = label + (first ? " first" : " second") + " vs " + opponent;
    scores[key] = {{"games", r.games}, {"wins", my_wins}, {"draws", r.draws}, {"win_rate_95", {ci.low, ci.high}}};
    std::printf("%s: %ld wins, %ld draws of %ld (%.1f%%, 95%% interval %.1f%% to %.1f%%)\n", key.c_str(), my_wins,
                r.draws, r.games, 100.0 * double(my_wins) / double(r.games), 100.0 * ci.low, 100.0 * ci.high);
    std::fflush(stdout);
  }
}

std::function<void(const Forfeit&)> forfeit_printer(std::vector<std::string> seats) {
  auto shown = std::make_shared<long>(0);
  return [seats = std::move(seats), shown](const Forfeit& f) {
    if (++*shown > kForfeitsShown) {
      if (*shown == kForfeitsShown + 1) std::cerr << "playground: (more forfeits: counted, not shown)\n";
      return;
    }
    std::cerr << "playground: game " << f.game + 1 << " (seed " << f.seed << "): the " << seat_name(f.seat)
              << " player, '" << seats[size_t(f.seat)] << "', declined to move at step " << f.step
              << " and loses the game: " << f.note << "\n";
  };
}

int match(const GameEntry& entry, const Args& args) {
  args.check_known({"first", "second", "games", "seed"}, entry.options);
  const auto game = entry.create(args.game_options(entry.options));
  if (game->num_players() != 2) throw InputError("match", entry.name + " is not a two-player game");
  const std::vector<std::string> default_seats = game->default_agents();
  const std::vector<std::string> seats = {args.get("first", default_seats[0]), args.get("second", default_seats[1])};
  const long games = args.get_long("games", 100, 1, 100000000);
  const uint64_t seed = args.get_seed("seed", 1);

  std::cout << game->title() << ": " << seats[0] << " (first) vs " << seats[1] << " (second), " << games
            << " games, seeds " << seed << ".." << seed + uint64_t(games) - 1 << "\n";
  ProgressBar bar(games);
  const auto start = std::chrono::steady_clock::now();
  const MatchResult r = play_match(
      *game, seats, games, seed, [&](long done) { bar.update(done); }, forfeit_printer(seats));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const Interval ci = wilson_interval(double(r.wins), double(r.games));
  std::cout << "first player (" << seats[0] << "): " << r.wins << " wins, " << r.draws << " draws, " << r.losses
            << " losses\n";
  std::cout << "first player's win rate: " << percent(double(r.wins) / double(r.games)) << " (95% interval "
            << percent(ci.low) << " to " << percent(ci.high) << ", Wilson)\n";
  print_forfeit_counts(r, seats);
  std::fprintf(stdout, "%.2f s, %.0f games/s\n", seconds, double(r.games) / seconds);
  return 0;
}

int table(const GameEntry& entry, const Args& args) {
  args.check_known({"agents", "games", "seed"}, entry.options);
  const auto game = entry.create(args.game_options(entry.options));
  if (game->num_players() != 2) throw InputError("table", entry.name + " is not a two-player game");
  std::vector<std::string> agents = split_list(args.get("agents", ""));
  if (agents.empty()) {
    agents.push_back("random");
    for (const auto& a : game->agents()) agents.push_back(a.spec);
  }
  const long games = args.get_long("games", 100, 1, 10000000);
  const uint64_t seed = args.get_seed("seed", 1);
  std::cout << game->title() << ": row agent moves first; cells are its wins / draws in percent, " << games
            << " games each, seeds " << seed << ".." << seed + uint64_t(games) - 1 << "\n\n";
  size_t width = 16;
  for (const auto& a : agents) width = std::max(width, a.size() + 2);
  auto cell = [&](const std::string& text) {
    std::cout << text << std::string(width > text.size() ? width - text.size() : 1, ' ');
  };
  cell("first \\ second");
  for (const auto& a : agents) cell(a);
  std::cout << "\n";
  for (const auto& first : agents) {  // cells print as they finish: the table is its own progress
    cell(first);
    for (const auto& second : agents) {
      const std::vector<std::string> seats = {first, second};
      const MatchResult r = play_match(*game, seats, games, seed, nullptr, forfeit_printer(seats));
      char buf[48];
      std::snprintf(buf, sizeof buf, "%.0f / %.0f", 100.0 * double(r.wins) / double(r.games),
                    100.0 * double(r.draws) / double(r.games));
      cell(buf);
      std::cout.flush();
    }
    std::cout << "\n";
  }
  return 0;
}

}  // namespace pg::cli
