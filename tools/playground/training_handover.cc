// `playground`'s side of the training commands: it runs `playground-train`, the binary beside it that links
// libtorch (training.h).
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
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

void hand_over_training(const Command& command, char** argv) {
  // A command that needs libtorch only with a flag (zuma train --method dqn) names the flag.
  const std::string_view flag = command.libtorch.flag;
  const std::string where = flag.empty() ? "command " + std::string(command.name) : "flag --" + std::string(flag);
  const std::string what = flag.empty() ? "needs" : std::string(command.libtorch.value) + " needs";
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

}  // namespace pg::cli
