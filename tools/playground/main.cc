// playground: the engines on the command line (command_table.h lists the commands).
#include <iostream>
#include <string>

#include "engine/core/error.h"
#include "engine/core/registry.h"
#include "tools/playground/args.h"
#include "tools/playground/command_table.h"
#include "tools/playground/commands.h"
#include "tools/playground/course_program_agent.h"
#include "tools/playground/program_agent.h"
#include "tools/playground/training.h"

int main(int argc, char** argv) {
  using namespace pg;
  const auto is_help = [](const std::string& word) { return word == "--help" || word == "-h" || word == "help"; };
  cli::register_program_agents();
  cli::register_course_program_agents();
  try {
    if (argc < 2 || is_help(argv[1])) {
      cli::print_usage();
      return argc < 2 ? 2 : 0;
    }
    const std::string first = argv[1];
    if (first == "list") return cli::list_games();
    if (first == "connect") return cli::connect_bridge(argc, argv);
    if (first == "lesson") return cli::lesson_command(argc, argv);
    const GameEntry& game = find_game(first);
    if (argc < 3) throw InputError("command", "missing after the game name (" + cli::command_names(game.name) + ")");
    const std::string command = argv[2];
    if (is_help(command)) {
      cli::print_usage(game.name);
      return 0;
    }
    const cli::Command* row = cli::find_command(game.name, command);
    if (!row)
      throw InputError("command '" + command + "'",
                       "unknown for " + game.name + " (known: " + cli::command_names(game.name) + ")");
    cli::Args args(argc, argv, 3);
    if (args.has("help")) {
      cli::print_usage(game.name);
      return 0;
    }
    const bool libtorch = row->trains_with_libtorch(args);
    if (libtorch) cli::hand_over_training(*row, argv);  // returns in playground-train only
    cli::prepare_game_commands(game, args);
    return (libtorch ? row->libtorch.run : row->run)(game, args);
  } catch (const InputError& e) {
    std::cerr << "playground: " << e.what() << "\n(run `playground --help` for usage)\n";
    return 2;
  }
}
