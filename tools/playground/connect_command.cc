// `playground connect [--port N] [--page URL] [--origin ORIGINS] [--time-limit S] -- COMMAND`: the bridge
// (bridge.h) on 127.0.0.1, and the link that opens the page with the program seated and the bridge's key.
#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "tools/playground/bridge.h"
#include "tools/playground/bridge_server.h"
#include "tools/playground/command_table.h"
#include "tools/playground/commands.h"

namespace pg::cli {

namespace {

constexpr long kDefaultPort = 8421;
// The address `bash scripts/run.sh` serves the page at.
constexpr const char* kDefaultPage = "http://127.0.0.1:8000/";
constexpr double kLongestTimeLimit = 86400;

StopSignal stop_signal;

void on_stop_signal(int /*signal*/) {
  stop_signal.requested = 1;
  if (stop_signal.program > 0) kill(-pid_t(stop_signal.program), SIGKILL);  // its process group
}

void catch_stop_signals() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;  // without SA_RESTART: a wait in poll() ends at the signal
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  signal(SIGPIPE, SIG_IGN);  // a page or a program gone is an error to report, not the bridge's end
}

// An http(s) address in parts: "http", "127.0.0.1", "8000" ("" for the scheme's own), "/?a=1#b".
struct Url {
  std::string scheme, host, port, rest;
  std::string origin() const { return scheme + "://" + host + (port.empty() ? "" : ":" + port); }
};

bool is_host(const std::string& host) {
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    return host.find_first_not_of("0123456789abcdef:.", 1) == host.size() - 1;  // an IPv6 address
  return !host.empty() && host.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-.") == std::string::npos;
}

// Reads "host[:port]" into `url`; false when it is not that.
bool read_authority(const std::string& authority, Url& url) {
  const size_t port_colon = authority.find(':', authority.rfind(']') == std::string::npos ? 0 : authority.rfind(']'));
  url.host = ascii_lower(authority.substr(0, port_colon));
  url.port = port_colon == std::string::npos ? "" : authority.substr(port_colon + 1);
  if (!is_host(url.host)) return false;
  if (port_colon == std::string::npos) return true;
  if (url.port.empty() || url.port.size() > 5 || url.port.find_first_not_of("0123456789") != std::string::npos ||
      std::stol(url.port) > 65535)
    return false;
  url.port = std::to_string(std::stol(url.port));  // as a browser writes it: "08000" is "8000"
  if ((url.scheme == "http" && url.port == "80") || (url.scheme == "https" && url.port == "443")) url.port = "";
  return true;
}

// The http(s) address in parts, or nothing when `text` is not one.
std::optional<Url> parse_url(const std::string& text) {
  const size_t separator = text.find("://");
  if (separator == std::string::npos) return std::nullopt;
  Url url;
  url.scheme = ascii_lower(text.substr(0, separator));
  if (url.scheme != "http" && url.scheme != "https") return std::nullopt;
  const size_t start = separator + 3, end = text.find_first_of("/?#", start);
  if (!read_authority(text.substr(start, end - start), url)) return std::nullopt;
  url.rest = end == std::string::npos ? "" : text.substr(end);
  return url;
}

Url page_url(const std::string& page) {
  const std::optional<Url> url = parse_url(page);
  if (!url)
    throw InputError("flag --page",
                     "expected the page's address, such as " + std::string(kDefaultPage) + ", got '" + page + "'");
  return *url;
}

// The origin --origin names ("https://example.org", a final "/" allowed), in lowercase.
std::string origin_flag(std::string text) {
  const std::string where = "flag --origin";
  if (text == "*") throw InputError(where, "'*' is not accepted: name each page's origin, such as https://example.org");
  if (!text.empty() && text.back() == '/') text.pop_back();
  const std::optional<Url> url = parse_url(text);
  if (!url || !url->rest.empty())
    throw InputError(where, "'" + text + "' is not an origin: expected http(s)://host[:port] without a path");
  return url->origin();
}

// The pages that may use the bridge: the page's origin (and its twin under the other loopback name), then those
// --origin names, separated by commas.
std::vector<std::string> allowed_origins(const Url& page, const Args& args) {
  std::vector<std::string> origins{page.origin()};
  const auto allow = [&](const std::string& origin) {
    if (std::find(origins.begin(), origins.end(), origin) == origins.end()) origins.push_back(origin);
  };
  if (page.host == "127.0.0.1" || page.host == "localhost") {
    Url twin = page;
    twin.host = page.host == "localhost" ? "127.0.0.1" : "localhost";
    allow(twin.origin());
  }
  if (!args.has("origin")) return origins;
  const std::string flag = args.get("origin");
  for (size_t start = 0, end = 0; end != std::string::npos; start = end + 1) {
    end = flag.find(',', start);
    allow(origin_flag(flag.substr(start, end - start)));
  }
  return origins;
}

// The page's address with the bridge's address and key added to its query (before any fragment).
std::string page_link(const std::string& page, int port, const std::string& key) {
  const size_t hash = page.find('#');
  std::string link = page.substr(0, hash);
  if (page_url(page).rest.empty()) link += "/";
  const char last = link.back();
  link += link.find('?') == std::string::npos ? "?" : (last == '?' || last == '&') ? "" : "&";
  link += "program=127.0.0.1:" + std::to_string(port) + "&key=" + key;
  return link + (hash == std::string::npos ? "" : page.substr(hash));
}

// 32 hex digits from /dev/urandom.
std::string secret_key() {
  unsigned char bytes[16];
  std::ifstream random("/dev/urandom", std::ios::binary);
  if (!random.read(reinterpret_cast<char*>(bytes), sizeof bytes))
    throw InputError("the bridge's key", "cannot read /dev/urandom");
  std::string key;
  for (unsigned char b : bytes) {
    char digits[3];
    std::snprintf(digits, sizeof digits, "%02x", b);
    key += digits;
  }
  return key;
}

std::optional<double> time_limit_flag(const Args& args) {
  if (!args.has("time-limit")) return std::nullopt;
  const double seconds = args.get_number("time-limit", 0);
  if (!(seconds > 0 && seconds <= kLongestTimeLimit))
    throw InputError("flag --time-limit",
                     "expected seconds, more than 0 and at most 86400, got '" + args.get("time-limit") + "'");
  return seconds;
}

[[noreturn]] void no_program() {
  throw InputError("command", "name your program after --, e.g. playground connect -- python3 my_agent.py");
}

// The words after "--", joined with spaces: the program's command line, for /bin/sh as program: agents have it.
std::string program_command(int argc, char** argv, int dash) {
  std::string command;
  for (int i = dash + 1; i < argc; ++i) command += (command.empty() ? "" : " ") + std::string(argv[i]);
  if (command.empty()) no_program();
  return command;
}

void print_welcome(const BridgeSettings& settings, const std::string& link) {
  std::string origins;
  for (const auto& o : settings.origins) origins += (origins.empty() ? "" : ", ") + o;
  std::cout << "Bridge for: " << settings.command
            << "\nOpen this link in the browser (it holds the key; keep it to yourself):\n  " << link << "\nPages from "
            << origins << " may use it (add others with --origin). Ctrl+C stops the bridge.\n"
            << "listening on 127.0.0.1:" << settings.port << std::endl;
}

}  // namespace

int connect_bridge(int argc, char** argv) {
  int dash = 2;
  while (dash < argc && std::string(argv[dash]) != "--") ++dash;
  const bool help = std::any_of(argv + 2, argv + dash, [](const char* word) { return std::string(word) == "--help"; });
  if (dash == argc && !help) no_program();  // before the flags, which would take the program's words for flags
  const Args args(dash, argv, 2);
  if (args.has("help")) {
    print_usage();
    return 0;
  }
  args.check_known({"port", "page", "origin", "time-limit"}, {});
  const long port = args.get_long("port", kDefaultPort, 0, 65535);
  const std::string page = args.get("page", kDefaultPage);
  BridgeSettings settings;
  settings.origins = allowed_origins(page_url(page), args);
  settings.time_limit = time_limit_flag(args);
  settings.command = program_command(argc, argv, dash);
  settings.key = secret_key();
  catch_stop_signals();
  HttpServer server{int(port)};
  settings.port = server.port();
  print_welcome(settings, page_link(page, settings.port, settings.key));
  Bridge bridge(std::move(settings), stop_signal);
  server.serve(bridge, stop_signal.requested);
  bridge.stop_program();
  std::cout << "bridge stopped" << std::endl;
  return 0;
}

}  // namespace pg::cli
