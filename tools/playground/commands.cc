#include "tools/playground/commands.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/match.h"
#include "engine/core/session.h"
#include "engine/core/stats.h"

namespace pg::cli {

void print_usage() {
  std::cout << R"(playground: the RL playground's engines on the command line

usage:
  playground list                                    games, their options and agents
  playground <game> show [--seed S] [options]        the initial state, as text and JSON
  playground <game> replay [--seed S] [options] --actions A,B,C
        applies the actions (by their names; separated by ';' in a game whose
        names hold commas, as the Binary Game's x,y,d) and prints the episode as the
        JSON trace the page exports
  playground <game> play [--agents A,B] [--seed S] [options]
        the agents play one episode, exactly as the page does with this seed;
        prints its JSON trace (with every decision)
  playground <game> match --first AGENT --second AGENT [--games N] [--seed S] [options]
        plays N games (game i uses seed S+i) and prints wins / draws / losses
        and the first player's win rate with a 95% interval

  playground <game> table [--agents A,B,...] [--games N] [--seed S] [options]
        a round robin like the seed's tables: each cell is the row agent's
        wins / draws in percent when it moves first against the column agent

  playground mancala train --out FILE [--games N] [--alpha A] [--epsilon E]
        [--alpha-halvings N] [--epsilon-halvings N] [--seed S] [--eval-games N]
        [--features JSON] [--opponents self|pool] [options]
        the seed's TD(0) self-play learner of ThetaGreedy's 40 weights; saves
        them with the command, the settings and theta:1's scores against
        greedy:1 and greedy:5 (agents theta:1..5, theta:D:seed for the seed's);
        --opponents pool also draws Greedy 1..5 and Heuristic as opponents

  playground mancala train-ntuple --out FILE [--games N] [--alpha A] [--lambda L]
        [--epsilon E] [--alpha-halvings N] [--epsilon-halvings N] [--depth D]
        [--random-plies N] [--opponents self|pool] [--seed S] [--eval-games N] [options]
        TD(lambda) self-play for the n-tuple value (agents ntuple:1..5); saves
        it with the command, the settings and ntuple:2 / ntuple:5's scores
        against greedy:4 / greedy:5 from both seats
  playground mancala train-ntuple --method bootstrap --out FILE [--start NAME]
        [--games N] [--alpha A] [--alpha-halvings N] [--epsilon E] [--depth D]
        [--target-depth D] [--exact-stones N] [--random-plies N] [--tree-depth D]
        [--opponents self|pool] [--seed S] [--eval-games N] [--tables basic|extended]
        [options]
        search bootstrap from a value (the shipped one for the rules unless
        --start): every position of games played at --depth moves toward its
        --target-depth search, or the solver's exact result with at most
        --exact-stones stones left in the pits; --tree-depth D also trains
        the positions 1..D plies below each one (TreeStrap); --tables extended
        adds the three whole-side tables (material, own_side, opp_side) to the
        start's 16, at zero
  playground mancala average-ntuple --values NAME,NAME[,...] --out FILE
        the entry-wise mean of n-tuple values with the same tables (each a
        name as in ntuple:D:NAME); saves their names and how each was made

  playground mancala solve [--state JSON] [--time-limit S] [--database-stones N]
        [--table-log2 N] [options]
        the exact value (final store difference under perfect play) of the
        initial position or of a state, and of each legal move
  playground mancala tournament [--players LIST] [--games N] [--seed S]
        [--json FILE] [--svg FILE] [options]
        the seed's tables: first player rows, second player columns, win% with
        its 95% interval / draw%; LIST takes ranges (greedy:1..5, theta:1..5:pool);
        default random,heuristic,greedy:1..5,theta:1..5; writes JSON and an SVG
        heat map when asked
  playground mancala quality [--players LIST] [--source LIST] [--games N]
        [--seed S] [--max-stones N] [--database-stones N] [--json FILE] [options]
        move quality against the exact solver: every position with at most N
        stones in the pits (default 20) of N games between the --source
        players; the share of each player's moves there that keep the
        position's exact value (and its outcome), and the stones given away

  playground zuma eval [--agent A] [--episodes N] [--seed S] [options]
        the mean return of an agent with its 95% interval (episode i uses seed
        S+i); the homework's grading protocol is --max-steps 50 --max-length 10
        --random-lines (or --scenario grading)
  playground zuma train --out FILE [--episodes N] [--alpha A] [--epsilon-start E]
        [--epsilon-end E] [--gamma G] [--seed S] [--curve-every N]
        [--eval-episodes N] [--eval-seed S] [options]
        model-free Q-learning through the homework's interface; saves the table
        with its settings, learning curve and measured score, in the policy
        format (docs/policies.md), or as JSON when FILE ends in .json
  playground zuma convert --in FILE --out FILE [--float16]
        rewrites a Q-table in the other form (policy format or .json)
  playground zuma train --method dqn --out FILE [--steps N] [--hidden 128,128]
        [--lr L] [--gamma G] [--batch B] [--replay N] [--learn-start N]
        [--train-every N] [--target-every N | --tau T] [--epsilon-start E]
        [--epsilon-end E] [--epsilon-steps N] [--loss huber|mse]
        [--double-dqn true|false] [--reward-scale S] [--grad-clip C] [--seed S]
        [--checkpoint FILE [--checkpoint-every N]] [--resume FILE]
        [--eval-episodes N] [--eval-seed S] [options]
        DQN on the observation tensor (libtorch builds only); saves a policy
        file (agent dqn reads policies/zuma/dqn.rlpg) with the command, the
        settings, the learning curve and the greedy policy's measured score

  playground binary protocol [--seed S]
        the course's text protocol on stdin/stdout (game n m, show, play x y d,
        legal x y d, genmove, winner, loadpatterns FILE, policy_moves, help,
        exit); pattern files are read relative to the working directory
  playground binary solve --size NxM [--actions A;B] [--moves] [--time-limit S]
        [--table-bits B]
        the exact solver: who wins with perfect play (after the actions, if
        given), the time and the positions searched; --moves labels every
        legal move winning or losing
  playground binary fit --out FILE [--teacher mcts:1000] [--games N] [--seed S]
        [--opening K] [--iterations I] [--min-count C] [--prior P] [options]
        records the teacher's moves in self-play (after K random plies) and
        fits pattern weights to them by Minorization-Maximization; writes a
        pattern file with the command and the data in its comments
  playground sokoban solve --level FILE [--index N] [--optimise moves|pushes]
        [--time-limit S] [--node-limit N]
        the exact solver on level N (from 0, in file order: Boxoban's `; N`)
        of a level file: the plan in LURD (lowercase walks, uppercase pushes)
        on the first line, then moves, pushes, nodes expanded and seconds;
        exits 1 when unsolvable or unsolved within the limits (default 60 s)
  playground sokoban generate [--count N] [--seed S] [--width W] [--height H]
        [--boxes B] [--pulls P] [--min-pushes M] [--out FILE]
        levels by reverse play from a solved room (seeds S..S+N-1, default
        10x10 with 4 boxes), each checked by the solver, as a collection whose
        notes give the fewest pushes and a plan
  playground sokoban train --index 0|1 --out FILE [--episodes N] [--seed S]
        [--checkpoint F [--checkpoint-every STEPS]] [--resume F]
        the seed's DQN, exactly as it trained, on its map 1 (index 0, 1000
        episodes) or map 2 (index 1, 3000 episodes); then plays the greedy
        policy once on the map (needs libtorch)

  playground sokoban levels [--file FILE | --collection NAME]
        lists a level file's levels (standard text or the seed's number
        grids), or a built-in collection's, or every built-in collection's:
        index, title, size (columns x rows), boxes
  playground sokoban convert --in FILE [--to text|grid] [--out FILE]
        rewrites levels in standard text or as number grids (titles and
        notes kept as ; comments)
  playground sokoban eval [--agent A] [--file FILE | --collection NAME]
        [--episodes N] [--seed S] [--max-steps N] [--corner-ends true|false]
        plays the agent on every level (episode i of a level uses seed S+i, as
        play does): each level's solved share, mean steps when solved and
        mean return, then the totals
  playground morris solve [--out FILE] [--max-material N] [--verify]
        the exact solution, placement included (retrograde analysis): the
        progress, time, memory, the counts of wins, draws and losses and the
        opening position's value; --verify checks every position against its
        actions; --out writes the table (bit-packed); --max-material 6..9
        solves only the endgames with that much material
  playground morris value [--state JSON] [--table FILE]
        a position's exact value and every legal action's (win / draw /
        loss and plies to the end); without --table it solves first
  playground morris quality [--players LIST] [--source LIST] [--games N]
        [--round-robin-games N] [--table FILE]
        the share of each player's actions that keep the exact value in
        positions from games between the source agents, then a round robin
        with 95% intervals; every morris command takes --table FILE for the
        perfect agent
  playground morris tables --out FILE [--games N] [--seed S] [--min-count K]
        the seed's five stage tables from its four simulation runs (N, N, N
        and 2N games; the seed's N was 1M), for the smart agent
        (policies/morris/stage_tables.policy); --min-count writes only the
        boards seen at least K times
  playground morris train-networks --out-dir DIR [--tables FILE]
        [--max-rows N] [--max-epochs N] [--patience N] [--seed S]
        the seed's five value networks (ln of the tables' scores, MAE, batch
        128, 80/20 split, early stopping) for the genius agent
        (DIR/genius_<stage>.policy); with libtorch only
  playground morris train-value --out FILE [--games N] [--table-samples N]
        [--test-games N] [--hidden 128,64] [--max-epochs N] [--patience N]
        [--batch N] [--lr X] [--seed S]
        the learned agent's value network (policies/morris/value.policy)
        fitted to the solved game's exact values on positions from N games
        of mixed players and from the table; its accuracy against the table
        on other games' positions; with libtorch only

Game options are flags named after the option (underscores become dashes),
e.g. --stones-per-pit 6 --sweep-remaining false, or all at once as
--options '{"stones_per_pit": 6}'. Agents are specs such as random,
greedy:5, heuristic (see `playground list`). Trained agents read their shipped
policy files from policies/ (or $PG_POLICY_DIR); every command takes
--policy FILE to read FILE instead of the shipped file of the same name
(--policy runs/dqn.rlpg replaces zuma/dqn.rlpg), or --policy SHIPPED=FILE
(--policy zuma/dqn.rlpg=runs/net.rlpg), several separated by commas.

examples:
  playground mancala match --first greedy:5 --second random --games 1000 --seed 1
  playground mancala replay --seed 7 --actions 3,6,1
  playground mancala table --agents random,heuristic,greedy:1,greedy:5 --games 100
  playground zuma eval --agent trained --episodes 50000 --scenario grading
  playground zuma show --scenario my_model.py      (a file: JSON or the homework's Python dict)
  printf 'game 2 2\nplay 1 0 1\npolicy_moves\n' | playground binary protocol
  playground binary solve --size 4x4 --moves
  playground binary match --first mcts:1000 --second patterns --games 200
  playground binary fit --teacher mcts:1000 --games 200 --out my_weights.txt
  playground sokoban replay --collection seed --index 0 --actions U,U,U,L,U,R,R,R
  playground sokoban show --level assets/sokoban/boxoban/medium_valid_000_first50.txt --index 7
  playground sokoban solve --level boxoban/hard/001.txt --index 17 --time-limit 30
)";
}

int list_games() {
  for (const auto& entry : game_registry()) {
    std::cout << entry.name << ": " << entry.title << "\n  " << entry.blurb << "\n  options:\n";
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

int replay(const GameEntry& entry, const Args& args) {
  args.check_known({"seed", "actions"}, entry.options);
  if (!args.has("actions")) throw InputError("flag --actions", "missing (a comma-separated list of action names)");
  const auto game = entry.create(args.game_options(entry.options));
  const uint64_t seed = args.get_seed("seed", game->default_seed());
  // Semicolons separate actions whose names hold commas (the Binary Game's x,y,d).
  const auto first = game->initial_state(seed);
  const auto legal = first->legal_actions();
  const bool comma_names = !legal.empty() && first->action_name(legal[0]).find(',') != std::string::npos;
  const Episode episode = replay_actions(game, seed, split_list(args.get("actions"), comma_names ? ';' : ','));
  std::cout << episode.to_trace().dump(2) << "\n";
  return 0;
}

int play(const GameEntry& entry, const Args& args) {
  args.check_known({"agents", "seed"}, entry.options);
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

std::string percent(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * x);
  return buf;
}

}  // namespace

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
  const MatchResult r = play_match(*game, seats, games, seed, [&](long done) { bar.update(done); });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const Interval ci = wilson_interval(double(r.wins), double(r.games));
  std::cout << "first player (" << seats[0] << "): " << r.wins << " wins, " << r.draws << " draws, " << r.losses
            << " losses\n";
  std::cout << "first player's win rate: " << percent(double(r.wins) / double(r.games)) << " (95% interval "
            << percent(ci.low) << " to " << percent(ci.high) << ", Wilson)\n";
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
      const MatchResult r = play_match(*game, {first, second}, games, seed);
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
