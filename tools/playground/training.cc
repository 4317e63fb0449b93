// Which commands train with libtorch (training.h).
#include "tools/playground/training.h"

namespace pg::cli {

bool is_training_command(const std::string& game, const std::string& command, const Args& args) {
  if (game == "zuma") return command == "train" && args.get("method", "tabular") == "dqn";
  if (game == "sokoban") return command == "train" || command == "train-policy";
  if (game == "morris") return command == "train-networks" || command == "train-value";
  return false;
}

}  // namespace pg::cli
