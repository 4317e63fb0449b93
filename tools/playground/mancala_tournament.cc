// playground mancala tournament: the report's round-robin tables (first player
// rows, second player columns, win% / draw%) with 95% intervals, as text,
// JSON and an SVG plot drawn here (no plotting library).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/match.h"
#include "engine/core/stats.h"
#include "tools/playground/commands.h"

namespace pg::cli {

std::vector<std::string> expand_agent_ranges(const std::string& list) {
  std::vector<std::string> out;
  for (const std::string& item : split_list(list)) {
    // "greedy:1..5" or "theta:1..5:pool": the range is the first parameter.
    const auto colon = item.find(':');
    const auto dots = item.find("..");
    if (colon == std::string::npos || dots == std::string::npos || dots < colon) {
      out.push_back(item);
      continue;
    }
    const auto rest_at = item.find(':', dots);
    const std::string name = item.substr(0, colon);
    const std::string lo_text = item.substr(colon + 1, dots - colon - 1);
    const std::string hi_text =
        item.substr(dots + 2, rest_at == std::string::npos ? std::string::npos : rest_at - dots - 2);
    const std::string rest = rest_at == std::string::npos ? "" : item.substr(rest_at);
    const int lo = parse_int_param(item, lo_text, 0, 1000);
    const int hi = parse_int_param(item, hi_text, lo, 1000);
    for (int d = lo; d <= hi; ++d) out.push_back(name + ":" + std::to_string(d) + rest);
  }
  return out;
}

namespace {

struct Cell {
  MatchResult r;
  Interval win, draw;
  double seconds = 0;
};

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else
      out += c;
  }
  return out;
}

// A heat map of the first player's win rate: green (first wins) through
// white (50%) to red (second wins); each cell prints win% and draw%, and its
// tooltip the counts and the 95% interval.
std::string tournament_svg(const std::vector<std::string>& agents, const std::vector<std::vector<Cell>>& cells,
                           const std::string& title) {
  const int n = int(agents.size());
  const int cell = 56, left = 110, top = 130, label_gap = 6;
  const int width = std::max(left + n * cell + 20, 640), height = top + n * cell + 60;
  std::ostringstream s;
  char buf[256];
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height << "\" viewBox=\"0 0 "
    << width << " " << height << "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  s << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  s << "<text x=\"" << left << "\" y=\"18\" font-size=\"13\" font-weight=\"bold\">" << xml_escape(title) << "</text>\n";
  s << "<text x=\"" << left << "\" y=\"34\" fill=\"#555\">row moves first; cell: row's win% (large) and draw% "
    << "(small); green: the first player wins, red: the second</text>\n";
  for (int j = 0; j < n; ++j) {  // column labels, rotated
    const int x = left + j * cell + cell / 2;
    s << "<text transform=\"translate(" << x + 4 << "," << top - label_gap << ") rotate(-55)\">"
      << xml_escape(agents[size_t(j)]) << "</text>\n";
  }
  for (int i = 0; i < n; ++i) {
    const int y = top + i * cell;
    s << "<text x=\"" << left - label_gap << "\" y=\"" << y + cell / 2 + 4 << "\" text-anchor=\"end\">"
      << xml_escape(agents[size_t(i)]) << "</text>\n";
    for (int j = 0; j < n; ++j) {
      const Cell& c = cells[size_t(i)][size_t(j)];
      const double games = double(c.r.games);
      const double win = double(c.r.wins) / games, loss = double(c.r.losses) / games;
      const double draw = double(c.r.draws) / games;
      // The colour follows win - loss: +1 green, 0 white, -1 red.
      const double t = win - loss;
      const int red = t >= 0 ? int(255 - 175 * t) : 255;
      const int green = t >= 0 ? 255 : int(255 + 155 * t);
      const int blue = int(255 - 175 * std::abs(t));
      const int x = left + j * cell;
      std::snprintf(buf, sizeof buf,
                    "<g><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"rgb(%d,%d,%d)\" "
                    "stroke=\"#ffffff\"/>",
                    x, y, cell, cell, red, green, blue);
      s << buf;
      std::snprintf(buf, sizeof buf,
                    "<title>%s (first) vs %s: %ld wins, %ld draws, %ld losses of %ld; win rate 95%% interval "
                    "%.1f%%..%.1f%%</title>",
                    xml_escape(agents[size_t(i)]).c_str(), xml_escape(agents[size_t(j)]).c_str(), c.r.wins, c.r.draws,
                    c.r.losses, c.r.games, 100 * c.win.low, 100 * c.win.high);
      s << buf;
      std::snprintf(buf, sizeof buf,
                    "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"15\">%.0f</text>"
                    "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"9\" fill=\"#444\">%.0f</text></g>\n",
                    x + cell / 2, y + cell / 2 + 2, 100 * win, x + cell / 2, y + cell - 7, 100 * draw);
      s << buf;
    }
  }
  s << "<text x=\"" << left << "\" y=\"" << height - 20 << "\" fill=\"#555\">"
    << xml_escape("hover a cell for its counts and 95% interval (Wilson)") << "</text>\n";
  s << "</svg>\n";
  return s.str();
}

}  // namespace

int mancala_tournament(const GameEntry& entry, const Args& args) {
  args.check_known({"players", "games", "seed", "json", "svg"}, entry.options);
  const auto game = entry.create(args.game_options(entry.options));
  const std::vector<std::string> agents =
      expand_agent_ranges(args.get("players", "random,heuristic,greedy:1..5,theta:1..5"));
  if (agents.empty()) throw InputError("flag --players", "no players given");
  for (const auto& a : agents) {
    if (make_agent(*game, a)->is_human()) throw InputError("flag --players", "a tournament needs computer agents");
  }
  const long games = args.get_long("games", 100, 1, 10000000);
  const uint64_t seed = args.get_seed("seed", 1);
  std::cout << game->title() << ", rules " << game->options().dump() << "\n"
            << "row agent moves first; cells: its win% [95% interval, Wilson] / draw%; " << games
            << " games a cell, seeds " << seed << ".." << seed + uint64_t(games) - 1 << "\n\n";
  size_t width = 20;
  for (const auto& a : agents) width = std::max(width, a.size() + 2);
  auto put = [&](const std::string& text) {
    std::cout << text << std::string(width > text.size() ? width - text.size() : 1, ' ');
  };
  put("first \\ second");
  for (const auto& a : agents) put(a);
  std::cout << "\n";
  std::vector<std::vector<Cell>> cells(agents.size(), std::vector<Cell>(agents.size()));
  const auto start = std::chrono::steady_clock::now();
  for (size_t i = 0; i < agents.size(); ++i) {  // cells print as they finish: the table is its own progress
    put(agents[i]);
    for (size_t j = 0; j < agents.size(); ++j) {
      const auto t0 = std::chrono::steady_clock::now();
      Cell& c = cells[i][j];
      c.r = play_match(*game, {agents[i], agents[j]}, games, seed, nullptr, forfeit_printer({agents[i], agents[j]}));
      c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      c.win = wilson_interval(double(c.r.wins), double(c.r.games));
      c.draw = wilson_interval(double(c.r.draws), double(c.r.games));
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.0f [%.0f,%.0f] / %.0f", 100.0 * double(c.r.wins) / double(c.r.games),
                    100 * c.win.low, 100 * c.win.high, 100.0 * double(c.r.draws) / double(c.r.games));
      put(buf);
      std::cout.flush();
    }
    std::cout << "\n";
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("\n%zu cells, %.1f s\n", agents.size() * agents.size(), seconds);

  std::string command = "playground mancala tournament";
  for (const auto& word : args.words()) command += " " + word;
  if (args.has("json")) {
    Json j = Json::object();
    j["command"] = command;
    j["game"] = entry.name;
    j["rules"] = game->options();
    j["games_per_cell"] = games;
    j["seeds"] = {seed, seed + uint64_t(games) - 1};
    j["players"] = agents;
    Json rows = Json::array();
    for (size_t i = 0; i < agents.size(); ++i) {
      for (size_t j2 = 0; j2 < agents.size(); ++j2) {
        const Cell& c = cells[i][j2];
        rows.push_back({{"first", agents[i]},
                        {"second", agents[j2]},
                        {"games", c.r.games},
                        {"first_wins", c.r.wins},
                        {"draws", c.r.draws},
                        {"first_losses", c.r.losses},
                        {"first_win_rate_95", {c.win.low, c.win.high}},
                        {"draw_rate_95", {c.draw.low, c.draw.high}},
                        {"seconds", c.seconds}});
      }
    }
    j["cells"] = rows;
    j["seconds"] = seconds;
    std::ofstream out(args.get("json"));
    if (!out) throw InputError("flag --json", "cannot write '" + args.get("json") + "'");
    out << j.dump(1) << "\n";
    std::cout << "wrote " << args.get("json") << "\n";
  }
  if (args.has("svg")) {
    std::ofstream out(args.get("svg"));
    if (!out) throw InputError("flag --svg", "cannot write '" + args.get("svg") + "'");
    out << tournament_svg(agents, cells, game->title() + ", " + std::to_string(games) + " games a cell");
    std::cout << "wrote " << args.get("svg") << "\n";
  }
  return 0;
}

}  // namespace pg::cli
