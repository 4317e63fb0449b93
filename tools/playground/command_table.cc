// The CLI's commands, a row each (command_table.h).
#include "tools/playground/command_table.h"

#include <iostream>

#include "engine/core/registry.h"
#include "tools/playground/commands.h"

// The libtorch commands' functions are linked into playground-train only, which compiles this table with
// PG_LIBTORCH_COMMANDS (tools/train/CMakeLists.txt); playground hands those commands over (training.h).
#ifdef PG_LIBTORCH_COMMANDS
#define LIBTORCH_RUN(run) run
#else
#define LIBTORCH_RUN(run) nullptr
#endif

namespace pg::cli {

namespace {

constexpr const char* kHeader = R"(playground: the RL playground's engines on the command line

usage:
  playground list                                    games, their options and agents
  playground connect [--port N] [--page URL] [--origin ORIGINS] [--time-limit S] -- COMMAND
        the bridge that seats a program of yours (speaking the agent protocol)
        in the page: serves 127.0.0.1:N (default 8421; 0 picks a free port)
        and prints the link that opens the page (--page, default
        http://127.0.0.1:8000/) with the bridge and its secret key; pages from
        other origins may use it with --origin (comma-separated, each
        http(s)://host[:port]); --time-limit sets the seconds for every answer
  playground lesson check FILE...                    opens each chapter of a lesson as the page does and
        checks it: its moment opens, its drawings name places of the board, a
        question's answers are legal there and are the best moves its judge
        (an exact solver) finds; exits with 1 on a problem (docs/lessons.md)
  playground lesson format FILE                      the lesson in its one written form (as the page
        exports it)
  playground GAME --help                             one game's commands)";

constexpr const char* kTrailer = R"(Game options are flags named after the option (underscores become dashes),
e.g. --stones-per-pit 6 --sweep-remaining false, or all at once as
--options '{"stones_per_pit": 6}'. Agents are specs such as random,
greedy:5, heuristic (see `playground list`), program:COMMAND: a program
of yours speaking the agent protocol (docs/agent-protocol.md), e.g.
--agents 'program:python3 examples/agents/random_agent.py,greedy', or
file:PATH: a network file you trained (Kalah, Zuma and Sokoban; file:PATH:T
samples at temperature T; docs/python.md).
Trained agents read their shipped policy files from policies/ (or
$PG_POLICY_DIR); every command takes --policy FILE to read FILE instead of
the shipped file of the same name (--policy runs/dqn.rlpg replaces
zuma/dqn.rlpg), or --policy SHIPPED=FILE (--policy
zuma/dqn.rlpg=runs/net.rlpg), several separated by commas.)";

// What a game's commands read before they run, besides the --policy files.
struct GamePreparation {
  std::string_view game;
  void (*prepare)(Args& args);
};
const GamePreparation kGamePreparations[] = {
    {"binary", [](Args& args) { load_pattern_files(args); }},
    {"morris",
     [](Args& args) {
       args.also_accept("table");  // every morris command reads the perfect agent's table
       load_morris_table(args);
     }},
};

}  // namespace

void prepare_game_commands(const GameEntry& game, Args& args) {
  load_policy_overrides(game, args);
  for (const auto& p : kGamePreparations)
    if (p.game == game.name) p.prepare(args);
}

const std::vector<Command>& command_table() {
  static const std::vector<Command> rows = {
      {"", "show", show, R"(  playground GAME show [--seed S] [options]          the initial state, as text and JSON)",
       "playground sokoban show --level assets/sokoban/boxoban/medium_valid_000_first50.txt --index 7"},
      {"", "rules", rules,
       R"(  playground GAME rules [options]                    the page's help for the game as Markdown: how to
        play, its options and agents (the game guides in docs/games/ hold it))",
       "playground tictactoe rules"},
      {"", "replay", replay,
       R"(  playground GAME replay [--seed S] [options] --actions A,B,C [--format json|text]
        applies the actions (by their names; separated by ';' in a game whose
        names hold commas, as the Binary Game's x,y,d) and prints the episode as the
        JSON trace the page exports, or with --format text a line per step (what
        happened, in the game's words) and the position reached
  playground GAME replay --trace FILE [--format json|text]
        reads a trace as the page's Import trace does (each action replayed,
        each recorded state and decision checked) and prints it back)",
       "playground tictactoe replay --actions b2,a3,c3,b3,a1 --format text"},
      {"", "play", play,
       R"(  playground GAME play [--agents A,B] [--seed S] [options] [--format json|text]
        the agents play one episode, exactly as the page does with this seed;
        prints its JSON trace (with every decision), or the episode as text)",
       "playground morris play --agents bonus,random --seed 3"},
      {"", "match", match,
       R"(  playground GAME match --first AGENT --second AGENT [--games N] [--seed S] [options]
        plays N games (game i uses seed S+i) and prints wins / draws / losses
        and the first player's win rate with a 95% interval; an agent that
        declines to move (a failing program) loses that game, named on stderr)",
       "playground mancala match --first greedy:5 --second random --games 200 --seed 1"},
      {"", "table", table,
       R"(  playground GAME table [--agents A,B,...] [--games N] [--seed S] [options]
        a round robin like the report's tables: each cell is the row agent's
        wins / draws in percent when it moves first against the column agent)",
       "playground mancala table --agents random,heuristic,greedy:1,greedy:5 --games 20"},
      {"mancala", "train", mancala_train,
       R"(  playground mancala train --out FILE [--games N] [--alpha A] [--epsilon E]
        [--alpha-halvings N] [--epsilon-halvings N] [--seed S] [--eval-games N]
        [--features JSON] [--opponents self|pool] [options]
        the report's TD(0) self-play learner of ThetaGreedy's 40 weights; saves
        them with the command, the settings and theta:1's scores against
        greedy:1 and greedy:5 (agents theta:1..5, theta:D:seed for the report's);
        --opponents pool also draws Greedy 1..5 and Heuristic as opponents)",
       ""},
      {"mancala", "train-ntuple", mancala_train_ntuple,
       R"(  playground mancala train-ntuple --out FILE [--games N] [--alpha A] [--lambda L]
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
        start's 16, at zero)",
       ""},
      {"mancala", "average-ntuple", mancala_average_ntuple,
       R"(  playground mancala average-ntuple --values NAME,NAME[,...] --out FILE
        the entry-wise mean of n-tuple values with the same tables (each a
        name as in ntuple:D:NAME); saves their names and how each was made)",
       ""},
      {"mancala", "solve", mancala_solve,
       R"(  playground mancala solve [--state JSON] [--time-limit S] [--database-stones N]
        [--table-log2 N] [options]
        the exact value (final store difference under perfect play) of the
        initial position or of a state, and of each legal move; the endgame
        database holds 12 stones by default when the position has more in its
        pits (none otherwise: the search alone is quicker))",
       "playground mancala solve --stones-per-pit 1"},
      {"mancala", "tournament", mancala_tournament,
       R"(  playground mancala tournament [--players LIST] [--games N] [--seed S]
        [--json FILE] [--svg FILE] [options]
        the report's tables: first player rows, second player columns, win% with
        its 95% interval / draw%; LIST takes ranges (greedy:1..5, theta:1..5:pool);
        default random,heuristic,greedy:1..5,theta:1..5; writes JSON and an SVG
        heat map when asked)",
       ""},
      {"mancala", "quality", mancala_quality,
       R"(  playground mancala quality [--players LIST] [--source LIST] [--games N]
        [--seed S] [--max-stones N] [--database-stones N] [--json FILE] [options]
        move quality against the exact solver: every position with at most N
        stones in the pits (default 20) of N games between the --source
        players; the share of each player's moves there that keep the
        position's exact value (and its outcome), and the stones given away)",
       ""},
      {"zuma", "eval", zuma_eval,
       R"(  playground zuma eval [--agent A] [--episodes N] [--seed S] [options]
        the mean return of an agent with its 95% interval (episode i uses seed
        S+i); the homework's grading protocol is --max-steps 50 --max-length 10
        --random-lines (or --scenario grading))",
       "playground zuma eval --agent trained --episodes 2000 --scenario grading"},
      {"zuma",
       "train",
       zuma_train,
       R"(  playground zuma train --out FILE [--episodes N] [--alpha A] [--epsilon-start E]
        [--epsilon-end E] [--gamma G] [--seed S] [--curve-every N]
        [--eval-episodes N] [--eval-seed S] [options]
        model-free Q-learning through the homework's interface; saves the table
        with its settings, learning curve and measured score, in the policy
        format (docs/policies.md), or as JSON when FILE ends in .json
  playground zuma train --method dqn --out FILE [--steps N] [--hidden 128,128]
        [--lr L] [--gamma G] [--batch B] [--replay N] [--learn-start N]
        [--train-every N] [--target-every N | --tau T] [--epsilon-start E]
        [--epsilon-end E] [--epsilon-steps N] [--loss huber|mse]
        [--double-dqn true|false] [--reward-scale S] [--grad-clip C] [--seed S]
        [--checkpoint FILE [--checkpoint-every N]] [--resume FILE]
        [--eval-episodes N] [--eval-seed S] [options]
        DQN on the observation tensor (libtorch builds only); saves a policy
        file (agent dqn reads policies/zuma/dqn.rlpg) with the command, the
        settings, the learning curve and the greedy policy's measured score)",
       "",
       {"method", "dqn", LIBTORCH_RUN(zuma_train_dqn)}},
      {"zuma", "convert", zuma_convert,
       R"(  playground zuma convert --in FILE --out FILE [--float16]
        rewrites a Q-table in the other form (policy format or .json))",
       ""},
      {"binary", "protocol", binary_protocol,
       R"(  playground binary protocol [--seed S]
        the course's text protocol on stdin/stdout (game n m, show, play x y d,
        legal x y d, genmove, winner, loadpatterns FILE, policy_moves, help,
        exit); pattern files are read relative to the working directory)",
       "printf 'game 2 2\\nplay 1 0 1\\npolicy_moves\\n' | playground binary protocol"},
      {"binary", "solve", binary_solve,
       R"(  playground binary solve --size NxM [--actions A;B] [--moves] [--time-limit S]
        [--table-bits B]
        the exact solver: who wins with perfect play (after the actions, if
        given), the time and the positions searched; --moves labels every
        legal move winning or losing)",
       "playground binary solve --size 4x4 --moves"},
      {"binary", "fit", binary_fit,
       R"(  playground binary fit --out FILE [--teacher mcts:1000] [--games N] [--seed S]
        [--opening K] [--iterations I] [--min-count C] [--prior P] [options]
        records the teacher's moves in self-play (after K random plies) and
        fits pattern weights to them by Minorization-Maximization; writes a
        pattern file with the command and the data in its comments)",
       ""},
      {"sokoban", "solve", sokoban_solve,
       R"(  playground sokoban solve --level FILE [--index N] [--optimise moves|pushes]
        [--time-limit S] [--node-limit N]
        the exact solver on level N (from 0, in file order: Boxoban's `; N`)
        of a level file: the plan in LURD (lowercase walks, uppercase pushes)
        on the first line, then moves, pushes, nodes expanded and seconds;
        exits 1 when unsolvable or unsolved within the limits (default 60 s))",
       "playground sokoban solve --level assets/sokoban/seed.txt --index 1 --time-limit 30"},
      {"sokoban", "generate", sokoban_generate,
       R"(  playground sokoban generate [--count N] [--seed S] [--width W] [--height H]
        [--boxes B] [--pulls P] [--min-pushes M] [--out FILE]
        levels by reverse play from a solved room (seeds S..S+N-1, default
        10x10 with 4 boxes), each checked by the solver, as a collection whose
        notes give the fewest pushes and a plan)",
       ""},
      {"sokoban",
       "train",
       nullptr,
       R"(  playground sokoban train --index 0|1 --out FILE [--episodes N] [--seed S]
        [--checkpoint F [--checkpoint-every STEPS]] [--resume F]
        the project's DQN, exactly as it trained, on its map 1 (index 0, 1000
        episodes) or map 2 (index 1, 3000 episodes); then plays the greedy
        policy once on the map (needs libtorch))",
       "",
       {"", "", LIBTORCH_RUN(sokoban_train)}},
      {"sokoban",
       "train-policy",
       nullptr,
       R"(  playground sokoban train-policy --out FILE [--levels N] [--epochs E] [--dagger R]
        [--dagger-levels N] [--dagger-play greedy|masked] [--dagger-epochs E]
        [--init FILE] [--min-side N] [--boxoban FILE,FILE] [--boxoban-levels N]
        [--channels C] [--layers L] [--lr X] [--batch B] [--seed S]
        the general policy for levels of any size (a fully convolutional network
        imitating the solver, then DAgger rounds) for the agents policy and
        guided (policies/sokoban/policy.rlpg); with libtorch only)",
       "",
       {"", "", LIBTORCH_RUN(sokoban_train_policy)}},
      {"sokoban", "levels", sokoban_levels,
       R"(  playground sokoban levels [--file FILE | --collection NAME]
        lists a level file's levels (standard text or the project's number
        grids), or a built-in collection's, or every built-in collection's:
        index, title, size (columns x rows), boxes)",
       "playground sokoban levels --collection teaching"},
      {"sokoban", "convert", sokoban_convert,
       R"(  playground sokoban convert --in FILE [--to text|grid] [--out FILE]
        rewrites levels in standard text or as number grids (titles and
        notes kept as ; comments))",
       ""},
      {"sokoban", "eval", sokoban_eval,
       R"(  playground sokoban eval [--agent A] [--file FILE | --collection NAME]
        [--episodes N] [--seed S] [--max-steps N] [--corner-ends true|false]
        plays the agent on every level (episode i of a level uses seed S+i, as
        play does): each level's solved share, mean steps when solved and
        mean return, then the totals)",
       ""},
      {"morris", "solve", morris_solve,
       R"(  playground morris solve [--out FILE] [--max-material N] [--verify]
        the exact solution, placement included (retrograde analysis): the
        progress, time, memory, the counts of wins, draws and losses and the
        opening position's value; --verify checks every position against its
        actions; --out writes the table (bit-packed); --max-material 6..9
        solves only the endgames with that much material)",
       ""},
      {"morris", "value", morris_value,
       R"(  playground morris value [--state JSON] [--table FILE]
        a position's exact value and every legal action's (win / draw /
        loss and plies to the end); without --table it solves first)",
       ""},
      {"morris", "quality", morris_quality,
       R"(  playground morris quality [--players LIST] [--source LIST] [--games N]
        [--round-robin-games N] [--table FILE]
        the share of each player's actions that keep the exact value in
        positions from games between the source agents, then a round robin
        with 95% intervals; every morris command takes --table FILE for the
        perfect agent)",
       ""},
      {"morris", "tables", morris_tables,
       R"(  playground morris tables --out FILE [--games N] [--seed S] [--min-count K]
        the project's five stage tables from its four simulation runs (N, N, N
        and 2N games; the project's N was 1M), for the smart agent
        (policies/morris/stage_tables.policy); --min-count writes only the
        boards seen at least K times)",
       ""},
      {"morris",
       "train-networks",
       nullptr,
       R"(  playground morris train-networks --out-dir DIR [--tables FILE]
        [--max-rows N] [--max-epochs N] [--patience N] [--seed S]
        the project's five value networks (ln of the tables' scores, MAE, batch
        128, 80/20 split, early stopping) for the genius agent
        (DIR/genius_<stage>.policy); with libtorch only)",
       "",
       {"", "", LIBTORCH_RUN(morris_train_networks)}},
      {"morris",
       "train-value",
       nullptr,
       R"(  playground morris train-value --out FILE [--games N] [--table-samples N]
        [--test-games N] [--hidden 128,64] [--max-epochs N] [--patience N]
        [--batch N] [--lr X] [--seed S]
        the learned agent's value network (policies/morris/value.policy)
        fitted to the solved game's exact values on positions from N games
        of mixed players and from the table; its accuracy against the table
        on other games' positions; with libtorch only)",
       "",
       {"", "", LIBTORCH_RUN(morris_train_value)}},
  };
  return rows;
}

const Command* find_command(std::string_view game, std::string_view name) {
  for (const auto& c : command_table())
    if ((c.game.empty() || c.game == game) && c.name == name) return &c;
  return nullptr;
}

std::string command_names(std::string_view game) {
  std::string names;
  for (const auto& c : command_table())
    if (c.game.empty() || c.game == game) names += (names.empty() ? "" : ", ") + std::string(c.name);
  return names;
}

void print_usage(std::string_view game) {
  const auto shown = [&](const Command& c) { return game.empty() || c.game.empty() || c.game == game; };
  std::cout << kHeader << "\n";
  for (const auto& c : command_table())
    if (shown(c)) std::cout << c.usage << "\n";
  std::cout << "\n" << kTrailer << "\n\nexamples (tests/cli/cli_test.sh runs each):\n";
  for (const auto& c : command_table())
    if (shown(c) && !c.example.empty()) std::cout << "  " << c.example << "\n";
}

}  // namespace pg::cli
