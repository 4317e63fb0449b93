// The training commands that need libtorch (the command table's LibtorchRun). Only `playground-train`
// (tools/train/) links libtorch, so that every other command starts without loading it; `playground` hands
// these commands over to it, unchanged.
#pragma once

#include "tools/playground/command_table.h"

namespace pg::cli {

// In `playground`: replaces the process by `playground-train` (the file beside it) with the same arguments,
// or throws InputError naming the command (or its flag) when that file is missing. In `playground-train`:
// returns, and the command's libtorch.run runs.
void hand_over_training(const Command& command, char** argv);

}  // namespace pg::cli
