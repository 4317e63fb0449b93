// --policy: the agents read a policy file from anywhere instead of the shipped one it stands in for.
//   --policy FILE              stands in for the game's shipped policy of the same file name
//                              (playground zuma eval --agent dqn --policy runs/dqn.rlpg replaces zuma/dqn.rlpg);
//   --policy zuma/dqn.rlpg=FILE  names the shipped file it replaces;
// several are separated by commas. The file is checked when an agent loads it, as a shipped file is.
#include <filesystem>
#include <string>

#include "engine/core/policy_store.h"
#include "tools/playground/commands.h"

namespace pg::cli {
namespace {

std::string shipped_names(const std::string& game) {
  std::string names;
  for (const auto& path : shipped_policy_paths(game + "/")) names += (names.empty() ? "" : ", ") + path;
  return names.empty() ? "none" : names;
}

}  // namespace

void load_policy_overrides(const GameEntry& game, const Args& args) {
  if (!args.has("policy")) return;
  const std::string list = args.get("policy");
  if (list.empty()) throw InputError("flag --policy", "expected FILE or SHIPPED=FILE, got nothing");
  size_t start = 0;
  while (start <= list.size()) {
    const size_t comma = std::min(list.find(',', start), list.size());
    const std::string item = list.substr(start, comma - start);
    start = comma + 1;
    const size_t equals = item.find('=');
    const std::string file = equals == std::string::npos ? item : item.substr(equals + 1);
    std::string shipped;
    if (equals != std::string::npos) {
      shipped = item.substr(0, equals);
      if (!is_shipped_policy(shipped))
        throw InputError("flag --policy " + item, "'" + shipped + "' is not a shipped policy (shipped for " +
                                                      game.name + ": " + shipped_names(game.name) + ")");
    } else {
      shipped = game.name + "/" + std::filesystem::path(file).filename().string();
      if (!is_shipped_policy(shipped))
        throw InputError("flag --policy " + item, "no shipped policy of " + game.name + " is named '" +
                                                      std::filesystem::path(file).filename().string() +
                                                      "' (shipped: " + shipped_names(game.name) +
                                                      "); write --policy SHIPPED=FILE to name the one it replaces");
    }
    provide_policy_file(shipped, read_file(file, "flag --policy"));
  }
}

}  // namespace pg::cli
