#include "engine/core/url_opening.h"

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/core/registry.h"

namespace pg {

namespace {

std::string parameter(const char* name, const std::string& problem) {
  return std::string("URL parameter '") + name + "': " + problem;
}

// The URL's options with its level's on top; the level's problem is reported and the level left out.
Json options_with_level(const GameEntry& entry, const UrlConfig& config, UrlOpening& opening) {
  Json options = config.options;
  if (!config.level) return options;
  if (!entry.level_options) {
    opening.messages.push_back({parameter("level", entry.title + " has no levels; ignored")});
    return options;
  }
  try {
    const Json level = entry.level_options(*config.level);
    for (const auto& [key, value] : level.items()) options[key] = value;
  } catch (const InputError& e) {
    opening.messages.push_back({parameter("level", std::string(e.what()) + "; opening the default level")});
  }
  return options;
}

void open_game(Session& session, const UrlConfig& config, const std::string& game, UrlOpening& opening) {
  const bool asked = !game.empty() || !config.options.empty() || config.level;
  if (!asked) return;
  const std::string name = game.empty() ? session.entry().name : game;
  const Json options = options_with_level(find_game(name), config, opening);
  try {
    session.load(name, options);
  } catch (const InputError& e) {
    opening.messages.push_back({parameter("options", std::string(e.what()) + "; using the default options")});
    session.load(name);
  }
}

void seat_agents(Session& session, const std::vector<std::string>& agents, UrlOpening& opening) {
  try {
    session.set_agents(agents);
  } catch (const PolicyUnavailable& e) {
    if (e.loading())
      opening.messages.push_back({std::string(e.what()) + ": the URL's agents are seated when it arrives", false});
    else
      opening.messages.push_back({parameter("agents", std::string(e.what()) + "; using the default agents")});
  } catch (const InputError& e) {
    opening.messages.push_back({parameter("agents", e.within("agents") + "; using the default agents")});
  }
}

// Replays the URL's actions; false (reported, the episode left empty) if one is bad.
bool replay_actions(Session& session, const std::string& actions, UrlOpening& opening) {
  try {
    session.replay(split_list(actions, action_list_separator(session.game(), session.seed())));
    return true;
  } catch (const InputError& e) {
    opening.messages.push_back({parameter("actions", std::string(e.what()) + "; starting from the beginning")});
    return false;
  }
}

}  // namespace

UrlOpening open_url_config(Session& session, const UrlConfig& config, const std::string& game) {
  UrlOpening opening;
  open_game(session, config, game, opening);
  if (config.seed) session.reset(*config.seed);
  if (config.agents) seat_agents(session, *config.agents, opening);
  if (!config.actions || config.actions->empty()) {
    opening.play_to_step = config.step;
    return opening;
  }
  if (!replay_actions(session, *config.actions, opening) || !config.step) return opening;
  const size_t length = session.episode().length();
  if (*config.step > length)
    opening.messages.push_back({parameter("step", "step " + std::to_string(*config.step) + " is past the episode's " +
                                                      std::to_string(length) + " steps; showing its end")});
  else
    session.seek(*config.step);
  return opening;
}

}  // namespace pg
