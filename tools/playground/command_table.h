// The CLI's commands, a row each: main.cc dispatches from this table, and `playground --help`,
// `playground GAME --help` and the unknown-command message are written from it. A game's commands are its
// rows; a row with no game is a command of every game.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "tools/playground/args.h"

namespace pg::cli {

using Run = int (*)(const GameEntry& game, const Args& args);

// A command's training with libtorch, which only playground-train runs (training.h): always (a command
// whose `run` is nullptr), or when --`flag` is `value` (zuma train --method dqn).
struct LibtorchRun {
  std::string_view flag, value;
  Run run = nullptr;  // nullptr in playground, which hands the command over
};

struct Command {
  std::string_view game;     // "" for a command every game has
  std::string_view name;     // as typed after the game's name: "replay", "train-ntuple"
  Run run;                   // without libtorch; nullptr when the command always trains with it
  std::string_view usage;    // its synopsis and what it does, as the help prints it
  std::string_view example;  // a command line the help shows and the CLI test runs ("" for none)
  LibtorchRun libtorch{};    // none for a command that needs no libtorch
  bool trains_with_libtorch(const Args& args) const {
    return !run || (!libtorch.flag.empty() && args.get(std::string(libtorch.flag)) == libtorch.value);
  }
};

const std::vector<Command>& command_table();
// The row of `game`'s command `name`, or nullptr.
const Command* find_command(std::string_view game, std::string_view name);
// The names of `game`'s commands, for messages: "show, replay, play, match, table, eval, train, convert".
std::string command_names(std::string_view game);
// The help: every command, or with a game's name that game's.
void print_usage(std::string_view game = "");
// Reads what `game`'s commands use before they run: the --policy files, and the game's own (the Binary
// Game's pattern files, Morris's perfect-agent table).
void prepare_game_commands(const GameEntry& game, Args& args);

}  // namespace pg::cli
