#include "engine/core/url_config.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>

#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/core/registry.h"

namespace pg {

std::string url_decode(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%' && i + 2 < text.size()) {
      int v = 0;
      auto [p, ec] = std::from_chars(text.data() + i + 1, text.data() + i + 3, v, 16);
      if (ec == std::errc() && p == text.data() + i + 3) {
        out += char(v);
        i += 2;
      } else {
        out += c;
      }
    } else {
      out += c;
    }
  }
  return out;
}

std::string url_encode(std::string_view text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == ':' || c == ',') {
      out += char(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

namespace {

bool parse_flag(const std::string& v, bool& out) {
  if (v == "1" || v == "true" || v == "yes" || v == "on") return out = true, true;
  if (v == "0" || v == "false" || v == "no" || v == "off") return out = false, true;
  return false;
}

// Why `value` names no game of the registry ("" when it names one).
std::string unknown_game_problem(const std::string& value) {
  std::string names;
  for (const GameInfo& g : game_directory()) {
    if (g.name == value) return "";
    names += (names.empty() ? "" : ", ") + std::string(g.name);
  }
  return "unknown game '" + value + "' (known: " + names + "); opening the default game";
}

// The panels a comma-separated list names, into `names`; why the list cannot be used ("" when it can).
std::string panels_problem(const std::string& value, std::vector<std::string>& names) {
  std::string unknown;
  for (const std::string& name : split_list(value, ',')) {
    if (name.empty()) continue;
    if (std::find(std::begin(kPanelNames), std::end(kPanelNames), name) != std::end(kPanelNames))
      names.push_back(name);
    else
      unknown += (unknown.empty() ? "'" : ", '") + name + "'";
  }
  if (unknown.empty() && !names.empty()) return "";
  return (unknown.empty() ? std::string("names no panel") : "unknown panel " + unknown) +
         " (known: board, inspector, timeline, log, setup); showing the default panels";
}

}  // namespace

UrlConfig parse_url_config(std::string_view query) {
  UrlConfig c;
  if (!query.empty() && query.front() == '?') query.remove_prefix(1);
  for (const std::string& pair : split_list(std::string(query), '&')) {
    if (pair.empty()) continue;
    const auto eq = pair.find('=');
    const std::string key = url_decode(pair.substr(0, eq));
    const std::string value = eq == std::string::npos ? "" : url_decode(pair.substr(eq + 1));
    auto warn = [&](const std::string& problem) { c.warnings.push_back("URL parameter '" + key + "': " + problem); };
    if (key == "game") {
      const std::string problem = unknown_game_problem(value);
      if (problem.empty())
        c.game = value;
      else
        warn(problem);
    } else if (key == "seed") {
      uint64_t s = 0;
      auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), s);
      if (value.empty() || ec != std::errc() || p != value.data() + value.size() || s > kMaxSeed)
        warn("'" + value + "' is not an integer from 0 to 2^53-1; using seed 1");
      else
        c.seed = s;
    } else if (key == "agents") {
      c.agents = split_list(value, ',');  // checked against the game when seated
    } else if (key == "options") {
      try {
        Json o = parse_json_input(value, "");
        if (o.is_object())
          c.options = o;
        else
          warn("expected a JSON object; using the default options");
      } catch (const InputError& e) {
        warn(e.problem().rfind("not valid JSON", 0) == 0 ? "not valid JSON; using the default options"
                                                         : e.problem() + "; using the default options");
      }
    } else if (key == "level") {
      if (value.empty())
        warn("empty; expected a level such as 'teaching:3'");
      else
        c.level = value;  // the game reads it (GameEntry::level_options)
    } else if (key == "actions") {
      c.actions = value;  // the game parses them when the episode is replayed
    } else if (key == "step") {
      size_t t = 0;
      auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), t);
      if (value.empty() || ec != std::errc() || p != value.data() + value.size() || t > kMaxUrlStep)
        warn("'" + value + "' is not a step number from 0 to " + std::to_string(kMaxUrlStep) + "; showing the start");
      else
        c.step = t;
    } else if (key == "panels") {
      std::vector<std::string> names;
      const std::string problem = panels_problem(value, names);
      if (problem.empty())
        c.panels = names;
      else
        warn(problem);
    } else if (key == "theme") {
      if (std::find(std::begin(kThemeNames), std::end(kThemeNames), value) == std::end(kThemeNames))
        warn("'" + value + "' is not a theme (known: dark, light, contrast); following the browser's setting");
      else
        c.theme = value;
    } else if (key == "origins") {
      // The page's bridge applies it (which pages may drive an embedded page through postMessage) and names
      // what it cannot use (web/page/bridge_rules.mjs: originProblems).
    } else if (key == "program" || key == "key" || key == "lesson") {
      // Where the student's program is and its bridge's key (`playground connect`), and a lesson to open beside
      // the board: the page's script reads them (web/page/program.mjs, web/lessons/) and names what it cannot use.
    } else if (key == "embed" || key == "autoplay") {
      bool v = false;
      if (!parse_flag(value, v))
        warn("expected 1 or 0, got '" + value + "'");
      else
        (key == "embed" ? c.embed : c.autoplay) = v;
    } else if (key == "speed") {
      char* end = nullptr;
      const double v = std::strtod(value.c_str(), &end);
      if (value.empty() || end != value.c_str() + value.size() || !(v >= kMinSpeed && v <= kMaxSpeed))
        warn("expected steps per second from 0.25 to 60, got '" + value + "'; using 2");
      else
        c.speed = v;
    } else {
      warn(
          "unknown parameter (known: game, seed, agents, options, level, actions, step, embed, panels, autoplay, "
          "speed, theme, origins, program, key, lesson)");
    }
  }
  return c;
}

}  // namespace pg
