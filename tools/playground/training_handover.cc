// `playground`'s side of the training commands: it runs `playground-train`, the binary beside it that links
// libtorch (training.h).
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

#include "engine/core/error.h"
#include "tools/playground/training.h"

namespace pg::cli {

namespace {

std::filesystem::path training_binary() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return self.parent_path() / "playground-train";
}

}  // namespace

void hand_over_training(const std::string& game, const std::string& command, char** argv) {
  // Zuma's tabular training runs here; only its --method dqn needs libtorch.
  const std::string where = game == "zuma" ? "flag --method" : "command " + command;
  const std::string what = game == "zuma" ? "dqn needs" : "needs";
  const std::filesystem::path binary = training_binary();
  if (binary.empty() || access(binary.c_str(), X_OK) != 0)
    throw InputError(where, what +
                                " the training tools, and there is no playground-train beside playground (it is "
                                "built where libtorch is installed: scripts/setup.sh installs libtorch, "
                                "bash scripts/build.sh native builds it)");
  argv[0] = const_cast<char*>(binary.c_str());
  execv(binary.c_str(), argv);
  throw InputError(where, "could not start " + binary.string() + ": " + std::strerror(errno));
}

int run_training_command(const GameEntry& /*game*/, const std::string& command, const Args& /*args*/) {
  throw std::logic_error("playground ran the training command " + command + " itself");
}

}  // namespace pg::cli
