// The training commands, which need libtorch. Only `playground-train` (tools/train/) links libtorch, so that
// every other command starts without loading it; `playground` hands these commands over to it, unchanged.
#pragma once

#include <string>

#include "tools/playground/args.h"

namespace pg::cli {

// zuma train --method dqn, sokoban train and train-policy, morris train-networks and train-value.
bool is_training_command(const std::string& game, const std::string& command, const Args& args);

// In `playground`: replaces the process by `playground-train` (the file beside it) with the same arguments,
// or throws InputError naming the command when that file is missing. In `playground-train`: returns.
void hand_over_training(const std::string& game, const std::string& command, char** argv);

// In `playground-train`: runs the training command. In `playground`: never reached (hand_over_training).
int run_training_command(const GameEntry& game, const std::string& command, const Args& args);

}  // namespace pg::cli
