// The CLI's commands. Each returns the process exit code.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "engine/core/json.h"
#include "engine/core/match.h"
#include "tools/playground/args.h"

namespace pg::cli {

// Prints a match's forfeits (an agent that declined to move and lost the game) on stderr as they happen: the
// first three, then that more are only counted. `seats` are the match's agent specs.
std::function<void(const Forfeit&)> forfeit_printer(std::vector<std::string> seats);

// `me` (an agent spec) against `opponent`, `games` games moving first and as many moving second: each printed
// as it ends and added to `scores` under "LABEL first vs OPPONENT" (and "second") with its wins, draws and 95%
// interval of the win rate. For the training commands' evaluations.
void score_both_seats(const Game& game, const std::string& me, const std::string& label, const std::string& opponent,
                      long games, Json& scores);

// The seconds since `start`, for a long command's progress and summary.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int list_games();
// playground connect [flags] -- COMMAND: the bridge between the page and a program (connect_command.cc); argv
// as main() has it.
int connect_bridge(int argc, char** argv);
// playground lesson check FILE... | format FILE (lesson_command.cc).
int lesson_command(int argc, char** argv);
int replay(const GameEntry& game, const Args& args);
int match(const GameEntry& game, const Args& args);
int table(const GameEntry& game, const Args& args);
int play(const GameEntry& game, const Args& args);
int show(const GameEntry& game, const Args& args);
// The page's help for the game as Markdown: what it is, how to play, its options and agents (the game guides in
// docs/games/ hold it word for word: scripts/game_guides.sh).
int rules(const GameEntry& game, const Args& args);
int zuma_eval(const GameEntry& game, const Args& args);
int zuma_train(const GameEntry& game, const Args& args);
int zuma_convert(const GameEntry& game, const Args& args);
int zuma_train_dqn(const GameEntry& game, const Args& args);  // with libtorch only
int mancala_train(const GameEntry& game, const Args& args);
int mancala_train_ntuple(const GameEntry& game, const Args& args);
int mancala_average_ntuple(const GameEntry& game, const Args& args);
int mancala_solve(const GameEntry& game, const Args& args);
int mancala_tournament(const GameEntry& game, const Args& args);
int mancala_quality(const GameEntry& game, const Args& args);
// "greedy:1..5" -> greedy:1, ..., greedy:5 ("theta:1..5:pool" keeps its suffix).
std::vector<std::string> expand_agent_ranges(const std::string& list);
int binary_protocol(const GameEntry& game, const Args& args);
int binary_solve(const GameEntry& game, const Args& args);
int binary_fit(const GameEntry& game, const Args& args);
int sokoban_levels(const GameEntry& game, const Args& args);
int sokoban_convert(const GameEntry& game, const Args& args);
int sokoban_eval(const GameEntry& game, const Args& args);
// playground sokoban solve.
int sokoban_solve(const GameEntry& game, const Args& args);
int sokoban_generate(const GameEntry& game, const Args& args);
int sokoban_train(const GameEntry& game, const Args& args);         // with libtorch only
int sokoban_train_policy(const GameEntry& game, const Args& args);  // with libtorch only
// Reads the pattern files that agent specs name by path (patterns:FILE).
void load_pattern_files(const Args& args);
// --policy FILE or SHIPPED=FILE: agents read FILE instead of that shipped policy (policy_flag.cc).
void load_policy_overrides(const GameEntry& game, const Args& args);
// --table FILE: the morris perfect agent's table (morris_commands.cc).
void load_morris_table(const Args& args);
int morris_solve(const GameEntry& game, const Args& args);
int morris_value(const GameEntry& game, const Args& args);
int morris_quality(const GameEntry& game, const Args& args);
int morris_tables(const GameEntry& game, const Args& args);          // morris_tables.cc
int morris_train_networks(const GameEntry& game, const Args& args);  // with libtorch only
int morris_train_value(const GameEntry& game, const Args& args);     // morris_value_net.cc, with libtorch only

}  // namespace pg::cli
