// Opens what a page's URL asks for (url_config.h) in a session, in order: the game with its options and level,
// the seed, the agents, the episode's actions, the step shown. A value that cannot be used is reported and
// falls back, as the page promises: the rest of the URL still applies.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/session.h"
#include "engine/core/url_config.h"

namespace pg {

struct UrlOpening {
  struct Message {
    std::string text;
    bool error = true;  // false: information (an agent seated once its policy file arrives)
  };
  std::vector<Message> messages;
  // The step the URL shows when the agents must play to it (no `actions`): the page steps the agents until
  // the episode reaches it, a human is to move, or the game ends.
  std::optional<size_t> play_to_step;
};

// `game` is the game to open (the page's module carries one; the page started the URL's, if it exists), or
// empty to keep the session's unless the URL has options or a level.
UrlOpening open_url_config(Session& session, const UrlConfig& config, const std::string& game);

}  // namespace pg
