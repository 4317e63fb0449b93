// The page's URL parameters: game, seed, agents (e.g. "greedy:5,random"),
// options (the game's options as JSON), level (a game's level by name, e.g.
// Sokoban's "teaching:3"), actions (the episode's actions by name), step (the
// step shown), embed=1 (board and timeline only), panels (which panels show),
// autoplay=1, speed (steps per second), theme (dark, light or contrast; unset:
// the reader's choice, else the browser's), origins (the pages that may drive an
// embedded page: read by web/page/bridge.mjs). A bad value is reported in `warnings`
// (naming the parameter) and its default is used instead; what the game must
// check (the level, the actions) is checked when the session opens
// (url_opening.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/json.h"

namespace pg {

struct UrlConfig {
  std::optional<std::string> game;
  std::optional<uint64_t> seed;
  std::optional<std::vector<std::string>> agents;
  Json options = Json::object();
  std::optional<std::string> level;
  std::optional<std::string> actions;  // split by the game's rule (action_list_separator)
  std::optional<size_t> step;
  bool embed = false;
  // The panels that show ("board", "inspector", ...: kPanelNames); unset: all of them, or in embed mode the
  // board and the timeline.
  std::optional<std::vector<std::string>> panels;
  bool autoplay = false;
  double speed = 2.0;                // steps per second
  std::optional<std::string> theme;  // one of kThemeNames
  std::vector<std::string> warnings;
};

constexpr double kMinSpeed = 0.25, kMaxSpeed = 60.0;
constexpr size_t kMaxUrlStep = 1000000;
constexpr const char* kPanelNames[] = {"board", "inspector", "timeline", "log", "setup"};
constexpr std::string_view kThemeNames[] = {"dark", "light", "contrast"};

// `query` is location.search, with or without the leading '?'.
UrlConfig parse_url_config(std::string_view query);
std::string url_decode(std::string_view text);
std::string url_encode(std::string_view text);

}  // namespace pg
