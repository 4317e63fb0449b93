#include "engine/core/registry.h"

#include "engine/core/error.h"
namespace pg {

const GameEntry& find_game(std::string_view name) {
  std::string known;
  for (const auto& entry : game_registry()) {
    if (entry.name == name) return entry;
    known += (known.empty() ? "" : ", ") + entry.name;
  }
  throw InputError("game '" + std::string(name) + "'", "unknown game (known: " + known + ")");
}

std::shared_ptr<const Game> make_game(std::string_view name, const Json& options) {
  const GameEntry& entry = find_game(name);
  if (!options.is_null() && !options.is_object()) throw InputError("options", "expected a JSON object");
  return entry.create(options.is_null() ? Json::object() : options);
}

void reject_unknown_options(const Json& options, const std::vector<OptionInfo>& known) {
  for (const auto& [key, value] : options.items()) {
    bool found = false;
    std::string names;
    for (const auto& info : known) {
      found = found || info.name == key;
      names += (names.empty() ? "" : ", ") + info.name;
    }
    if (!found) throw InputError("option '" + key + "'", "unknown option (known: " + names + ")");
  }
}

int int_option(const Json& options, const std::string& name, int fallback, int lo, int hi) {
  if (!options.contains(name)) return fallback;
  const Json& v = options[name];
  if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
    throw InputError("option '" + name + "'", "must be an integer from " + std::to_string(lo) + " to " +
                                                  std::to_string(hi) + ", got " + v.dump());
  return v.get<int>();
}

bool bool_option(const Json& options, const std::string& name, bool fallback) {
  if (!options.contains(name)) return fallback;
  const Json& v = options[name];
  if (!v.is_boolean()) throw InputError("option '" + name + "'", "must be true or false, got " + v.dump());
  return v.get<bool>();
}

}  // namespace pg
