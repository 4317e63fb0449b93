#include "tools/playground/args.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/json_input.h"

namespace pg::cli {

std::string read_file(const std::string& path, const std::string& where) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(where, "cannot read '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string flag_name(const std::string& option) {
  std::string s = option;
  std::replace(s.begin(), s.end(), '_', '-');
  return s;
}

Args::Args(int argc, char** argv, int first) {
  for (int i = first; i < argc; ++i) {
    words_.push_back(argv[i]);
    // Values become JSON strings (game options, traces), which must be UTF-8.
    if (!valid_utf8(words_.back()))
      throw InputError("argument " + std::to_string(i - first + 1) + " after the command", "not valid UTF-8 text");
  }
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0 || arg.size() == 2)
      throw InputError("argument '" + arg + "'", "expected a flag like --name value");
    arg = arg.substr(2);
    std::string value;
    const auto eq = arg.find('=');
    if (eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
    } else if (arg == "help") {
      value = "1";
    } else if (i + 1 < argc && std::string(argv[i + 1]).rfind("--", 0) != 0) {
      value = argv[++i];
    } else {
      bare_.insert(arg);  // a switch such as --random-lines
    }
    if (values_.count(arg)) throw InputError("flag --" + arg, "given twice");
    values_[arg] = value;
  }
}

std::string Args::get(const std::string& flag, const std::string& fallback) const {
  const auto it = values_.find(flag);
  return it == values_.end() ? fallback : it->second;
}

std::string Args::value_of(const std::string& flag) const {
  if (bare_.count(flag)) throw InputError("flag --" + flag, "missing its value");
  return get(flag);
}

uint64_t Args::get_seed(const std::string& flag, uint64_t fallback) const {
  if (!has(flag)) return fallback;
  const std::string text = value_of(flag);
  uint64_t v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || v > kMaxSeed)
    throw InputError("flag --" + flag, "expected an integer from 0 to 2^53-1, got '" + text + "'");
  return v;
}

long Args::get_long(const std::string& flag, long fallback, long lo, long hi) const {
  if (!has(flag)) return fallback;
  const std::string text = value_of(flag);
  long v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || v < lo || v > hi)
    throw InputError("flag --" + flag, "expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
                                           ", got '" + text + "'");
  return v;
}

double Args::get_number(const std::string& flag, double fallback) const {
  if (!has(flag)) return fallback;
  const std::string text = get(flag);
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(v))
    throw InputError("flag --" + flag, "expected a number, got '" + text + "'");
  return v;
}

void Args::check_known(const std::set<std::string>& allowed, const std::vector<OptionInfo>& options) const {
  for (const auto& [flag, value] : values_) {
    if (allowed.count(flag) || also_accepted_.count(flag) || flag == "options" || flag == "policy") continue;
    bool is_option = false;
    for (const auto& o : options) is_option = is_option || flag_name(o.name) == flag;
    if (is_option) continue;
    std::string known;
    for (const auto& a : allowed) known += " --" + a;
    for (const auto& o : options) known += " --" + flag_name(o.name);
    throw InputError("flag --" + flag, "unknown here (known:" + known + " --options --policy)");
  }
}

Json Args::game_options(const std::vector<OptionInfo>& options) const {
  Json out = Json::object();
  if (has("options")) {
    // Not Json::parse: a number too large for a double ("1e999") throws out_of_range, not parse_error.
    out = parse_json_input(get("options"), "flag --options");
    if (!out.is_object()) throw InputError("flag --options", "expected a JSON object");
  }
  for (const auto& o : options) {
    const std::string flag = flag_name(o.name);
    if (!has(flag)) continue;
    if (o.default_value.is_boolean() || (o.default_value.is_null() && bare_.count(flag))) {
      const std::string text = bare_.count(flag) ? "true" : get(flag);
      if (text == "true" || text == "on" || text == "1")
        out[o.name] = true;
      else if (text == "false" || text == "off" || text == "0")
        out[o.name] = false;
      else
        throw InputError("flag --" + flag, "expected true or false, got '" + text + "'");
      continue;
    }
    const std::string text = value_of(flag);
    if (o.default_value.is_number_integer()) {
      long v = 0;
      auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
        throw InputError("flag --" + flag, "expected an integer, got '" + text + "'");
      out[o.name] = v;
    } else if (std::error_code ec; std::filesystem::is_regular_file(text, ec)) {
      out[o.name] = read_file(text, "flag --" + flag);  // e.g. --scenario my_scenario.json
      if (!valid_utf8(out[o.name].get_ref<const std::string&>()))
        throw InputError("flag --" + flag, "the file '" + text + "' is not UTF-8 text");
    } else if (o.default_value.is_null()) {
      // Typed by its value: --max-steps 50, --line [1,2,3]; else a string.
      const Json parsed = Json::parse(text, nullptr, /*allow_exceptions=*/false);
      out[o.name] = parsed.is_discarded() ? Json(text) : parsed;
    } else {
      out[o.name] = text;
    }
  }
  return out;
}

}  // namespace pg::cli
