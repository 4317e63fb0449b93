// `playground-train`'s side of the training commands: it runs them (training.h).
#include "engine/core/error.h"
#include "tools/playground/commands.h"
#include "tools/playground/training.h"

namespace pg::cli {

void hand_over_training(const std::string& /*game*/, const std::string& /*command*/, char** /*argv*/) {}

int run_training_command(const GameEntry& game, const std::string& command, const Args& args) {
  if (game.name == "zuma") return zuma_train_dqn(game, args);
  if (game.name == "sokoban" && command == "train") return sokoban_train(game, args);
  if (game.name == "sokoban") return sokoban_train_policy(game, args);
  if (command == "train-networks") return morris_train_networks(game, args);
  return morris_train_value(game, args);
}

}  // namespace pg::cli
