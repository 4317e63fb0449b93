// playground: the engines on the command line (see print_usage).
#include <iostream>
#include <string>

#include "engine/core/error.h"
#include "engine/core/registry.h"
#include "tools/playground/args.h"
#include "tools/playground/commands.h"
#include "tools/playground/training.h"

int main(int argc, char** argv) {
  using namespace pg;
  try {
    if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h" ||
        std::string(argv[1]) == "help") {
      cli::print_usage();
      return argc < 2 ? 2 : 0;
    }
    const std::string first = argv[1];
    if (first == "list") return cli::list_games();
    const GameEntry& game = find_game(first);
    if (argc < 3) throw InputError("command", "missing after the game name (show, replay, play, match or table)");
    const std::string command = argv[2];
    cli::Args args(argc, argv, 3);
    if (args.has("help")) {
      cli::print_usage();
      return 0;
    }
    const bool training = cli::is_training_command(game.name, command, args);
    if (training) cli::hand_over_training(game.name, command, argv);  // returns in playground-train only
    cli::load_policy_overrides(game, args);
    if (game.name == "binary") cli::load_pattern_files(args);
    if (game.name == "morris") {
      args.also_accept("table");  // every morris command reads the perfect agent's table
      cli::load_morris_table(args);
    }
    if (training) return cli::run_training_command(game, command, args);
    if (command == "replay") return cli::replay(game, args);
    if (command == "match") return cli::match(game, args);
    if (command == "show") return cli::show(game, args);
    if (command == "table") return cli::table(game, args);
    if (command == "play") return cli::play(game, args);
    if (game.name == "zuma" && command == "eval") return cli::zuma_eval(game, args);
    if (game.name == "zuma" && command == "train") return cli::zuma_train(game, args);
    if (game.name == "zuma" && command == "convert") return cli::zuma_convert(game, args);
    if (game.name == "mancala" && command == "train") return cli::mancala_train(game, args);
    if (game.name == "mancala" && command == "train-ntuple") return cli::mancala_train_ntuple(game, args);
    if (game.name == "mancala" && command == "average-ntuple") return cli::mancala_average_ntuple(game, args);
    if (game.name == "mancala" && command == "solve") return cli::mancala_solve(game, args);
    if (game.name == "mancala" && command == "tournament") return cli::mancala_tournament(game, args);
    if (game.name == "mancala" && command == "quality") return cli::mancala_quality(game, args);
    if (game.name == "binary" && command == "protocol") return cli::binary_protocol(game, args);
    if (game.name == "binary" && command == "solve") return cli::binary_solve(game, args);
    if (game.name == "binary" && command == "fit") return cli::binary_fit(game, args);
    if (game.name == "sokoban" && command == "levels") return cli::sokoban_levels(game, args);
    if (game.name == "sokoban" && command == "convert") return cli::sokoban_convert(game, args);
    if (game.name == "sokoban" && command == "eval") return cli::sokoban_eval(game, args);
    if (game.name == "sokoban" && command == "solve") return cli::sokoban_solve(game, args);
    if (game.name == "sokoban" && command == "generate") return cli::sokoban_generate(game, args);
    if (game.name == "morris" && command == "solve") return cli::morris_solve(game, args);
    if (game.name == "morris" && command == "value") return cli::morris_value(game, args);
    if (game.name == "morris" && command == "quality") return cli::morris_quality(game, args);
    if (game.name == "morris" && command == "tables") return cli::morris_tables(game, args);
    throw InputError(
        "command '" + command + "'",
        "unknown (known: show, replay, play, match, table; mancala also train, solve, tournament, "
        "quality; zuma also eval, train; binary also protocol, solve, fit; sokoban also levels, convert, "
        "eval, solve, generate, train, train-policy; morris also solve, value, quality, tables, train-networks, "
        "train-value)");
  } catch (const InputError& e) {
    std::cerr << "playground: " << e.what() << "\n(run `playground --help` for usage)\n";
    return 2;
  }
}
