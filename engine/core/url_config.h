// The page's URL parameters: game, seed, agents (e.g. "greedy:5,random"),
// embed=1 (board and timeline only), autoplay=1, speed (steps per second),
// options (the game's options as JSON). A bad value is reported in
// `warnings` (naming the parameter) and its default is used instead.
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
  bool embed = false;
  bool autoplay = false;
  double speed = 2.0;  // steps per second
  std::vector<std::string> warnings;
};

constexpr double kMinSpeed = 0.25, kMaxSpeed = 60.0;

// `query` is location.search, with or without the leading '?'.
UrlConfig parse_url_config(std::string_view query);
std::string url_decode(std::string_view text);
std::string url_encode(std::string_view text);

}  // namespace pg
