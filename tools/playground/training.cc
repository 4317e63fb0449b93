// Which commands train with libtorch (training.h): the rows of the command table without a function here.
#include "tools/playground/training.h"

#include "tools/playground/command_table.h"

namespace pg::cli {

bool is_training_command(const std::string& game, const std::string& command, const Args& args) {
  // zuma train learns a Q-table without libtorch, a DQN (--method dqn) with it.
  if (game == "zuma" && command == "train") return args.get("method", "tabular") == "dqn";
  const Command* row = find_command(game, command);
  return row && !row->run;
}

}  // namespace pg::cli
