// `playground-train`'s side of the training commands: it runs them itself (training.h), with the functions
// its command table holds (PG_LIBTORCH_COMMANDS).
#include "tools/playground/training.h"

namespace pg::cli {

void hand_over_training(const Command& /*command*/, char** /*argv*/) {}

}  // namespace pg::cli
