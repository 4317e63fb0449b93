// Sokoban's own commands (not the solver's): levels lists a collection,
// convert rewrites levels between standard text and the project's number grids,
// eval plays an agent on every level of a collection.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/stats.h"
#include "engine/games/sokoban/level_text.h"
#include "engine/games/sokoban/sokoban_game.h"
#include "engine/games/sokoban/solver.h"
#include "tools/playground/commands.h"

namespace pg::cli {

namespace {

void print_levels(const std::vector<sokoban::Level>& levels) {
  std::printf("%5s  %-28s %7s  %5s\n", "index", "title", "size", "boxes");
  for (size_t i = 0; i < levels.size(); ++i) {
    const auto& l = levels[i];
    const std::string size = std::to_string(l.width) + "x" + std::to_string(l.height);
    std::printf("%5zu  %-28s %7s  %5zu\n", i, l.title.empty() ? "-" : l.title.c_str(), size.c_str(), l.boxes.size());
  }
}

// The levels an eval or a listing names: --file (or --levels), or a built-in --collection (default seed).
std::vector<sokoban::Level> chosen_levels(const Args& args, std::string& name) {
  const std::string file_flag = args.has("levels") ? "levels" : "file";
  if (args.has("file") && args.has("levels")) throw InputError("flag --levels", "give either --file or --levels");
  if (args.has(file_flag) && args.has("collection"))
    throw InputError("flag --" + file_flag, "give either --" + file_flag + " or --collection, not both");
  if (args.has(file_flag)) {
    name = args.get(file_flag);
    return sokoban::parse_levels(read_file(name, "flag --" + file_flag), name);
  }
  name = args.get("collection", "seed");
  return sokoban::builtin_collection(name);
}

// The fewest moves of a level by the exact solver (deterministic budget); -1 when it finds none.
int optimal_moves(const sokoban::Level& level) {
  const auto r =
      sokoban::solve(level, {.optimise = sokoban::Optimise::kMoves, .time_limit_seconds = 0, .node_limit = 5'000'000});
  return r.status == sokoban::SolveStatus::kSolved ? r.moves : -1;
}

}  // namespace

int sokoban_eval(const GameEntry& entry, const Args& args) {
  args.check_known({"agent", "file", "levels", "first", "collection", "episodes", "seed", "max-steps", "corner-ends"},
                   {});
  std::string name;
  auto levels = chosen_levels(args, name);
  if (args.has("first")) levels.resize(std::min(levels.size(), size_t(args.get_long("first", 0, 1, 100000000))));
  const bool from_file = args.has("file") || args.has("levels");
  const std::string spec = args.get("agent", "greedy");
  const long episodes = args.get_long("episodes", 1, 1, 1000000);
  const uint64_t seed = args.get_seed("seed", 1);
  // The step cap and the corner rule as given, else each level's defaults (the project's on its maps).
  Json rules = args.game_options(entry.options);
  rules.erase("collection");  // chosen_levels read it
  for (const auto& [key, value] : rules.items())
    if (key != "max_steps" && key != "corner_ends") throw InputError("flag --" + flag_name(key), "unknown here");
  // A long list prints its summary only.
  const bool per_level = levels.size() <= 50;
  std::printf("agent %s on %s: %zu level%s, %ld episode%s each (seeds %llu..%llu)\n", spec.c_str(), name.c_str(),
              levels.size(), levels.size() == 1 ? "" : "s", episodes, episodes == 1 ? "" : "s",
              static_cast<unsigned long long>(seed), static_cast<unsigned long long>(seed + uint64_t(episodes) - 1));
  if (per_level) std::printf("%5s  %-28s %7s  %11s  %11s\n", "index", "title", "solved", "mean steps", "mean return");
  long solved_all = 0, steps_all = 0, gap_episodes = 0, steps_with_optimum = 0, optimum_sum = 0;
  long searched = 0;
  double return_all = 0, nodes_all = 0;
  const auto start = std::chrono::steady_clock::now();
  for (size_t i = 0; i < levels.size(); ++i) {
    Json options = rules;
    if (from_file)
      options["level"] = sokoban::level_to_text(levels[i]);
    else
      options["collection"] = name, options["index"] = int(i);
    const auto game = entry.create(options);
    const auto agent = make_agent(*game, spec);
    if (agent->is_human()) throw InputError("agent 'human'", "eval needs a computer agent");
    long solved = 0, steps = 0;
    double total = 0;
    for (long e = 0; e < episodes; ++e) {
      const uint64_t episode_seed = seed + uint64_t(e);
      auto state = game->initial_state(episode_seed);
      for (size_t t = 0; !state->is_terminal(); ++t) {
        Rng rng = decision_rng(episode_seed, t);
        const Decision d = agent->decide(*state, rng);
        if (t == 0)
          for (const auto& [label, value] : d.debug)
            if (label == "nodes expanded") nodes_all += value, ++searched;
        // A search that finds no plan within its budget gives up the level (counted unsolved); others are refused.
        if (d.declined && (spec.starts_with("guided") || spec.starts_with("solver"))) break;
        if (d.declined)
          throw InputError("agent '" + spec + "'", "declined to move on level " + std::to_string(i) + ": " + d.note);
        total += state->apply(d.chosen)[0];
      }
      const auto& s = dynamic_cast<const sokoban::SokobanState&>(*state);
      if (s.outcome() == sokoban::Outcome::kSolved) ++solved, steps += s.board().steps();
    }
    solved_all += solved;
    steps_all += steps;
    return_all += total;
    if (solved) {
      const int optimum = optimal_moves(levels[i]);
      if (optimum >= 0) gap_episodes += solved, steps_with_optimum += steps, optimum_sum += optimum * solved;
    }
    if (per_level) {
      char steps_text[32] = "-";
      if (solved) std::snprintf(steps_text, sizeof steps_text, "%.1f", double(steps) / double(solved));
      std::printf("%5zu  %-28s %6.1f%%  %11s  %11.1f\n", i, levels[i].title.empty() ? "-" : levels[i].title.c_str(),
                  100.0 * double(solved) / double(episodes), steps_text, total / double(episodes));
    } else if (isatty(2) && (i % 10 == 9 || i + 1 == levels.size())) {
      std::fprintf(stderr, "\r%zu of %zu levels, %ld solved, %.0f s\x1b[K%s", i + 1, levels.size(), solved_all,
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                   i + 1 == levels.size() ? "\n" : "");
    }
  }
  const double n = double(levels.size()) * double(episodes);
  std::printf("solved %ld of %.0f episodes (%.1f%%), mean return %.2f\n", solved_all, n, 100.0 * double(solved_all) / n,
              return_all / n);
  const auto [lo, hi] = wilson_interval(double(solved_all), n, 1.959963984540054);
  std::printf("solve rate %.1f%% (95%% interval %.1f%%..%.1f%%, Wilson)\n", 100.0 * double(solved_all) / n, 100 * lo,
              100 * hi);
  if (solved_all) {
    std::printf("mean steps when solved %.2f", double(steps_all) / double(solved_all));
    if (gap_episodes)
      std::printf("; the solver's fewest moves on the same %ld episode%s %.2f: %+.2f steps over optimal (%.3fx)",
                  gap_episodes, gap_episodes == 1 ? "" : "s", double(optimum_sum) / double(gap_episodes),
                  double(steps_with_optimum - optimum_sum) / double(gap_episodes),
                  double(steps_with_optimum) / double(optimum_sum));
    std::printf("\n");
  }
  if (searched)
    std::printf(
        "nodes expanded by the first search of each episode: %.0f on average (%ld searches that found a plan)\n",
        nodes_all / double(searched), searched);
  std::printf("%.1f s\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return 0;
}

int sokoban_levels(const GameEntry& /*game*/, const Args& args) {
  args.check_known({"file", "collection"}, {});
  if (args.has("file") && args.has("collection"))
    throw InputError("flag --file", "give either --file or --collection, not both");
  if (args.has("file")) {
    const std::string path = args.get("file");
    print_levels(sokoban::parse_levels(read_file(path, "flag --file"), path));
    return 0;
  }
  std::vector<std::string> names = {args.get("collection")};
  if (!args.has("collection")) names = sokoban::builtin_collection_names();
  for (size_t i = 0; i < names.size(); ++i) {
    std::cout << (i ? "\n" : "") << "collection " << names[i] << " (built in):\n";
    print_levels(sokoban::builtin_collection(names[i]));
  }
  return 0;
}

int sokoban_convert(const GameEntry& /*game*/, const Args& args) {
  args.check_known({"in", "out", "to"}, {});
  if (!args.has("in")) throw InputError("flag --in", "missing (the level file to read)");
  const std::string to = args.get("to", "text");
  if (to != "text" && to != "grid") throw InputError("flag --to", "expected text or grid, got '" + to + "'");
  const std::string path = args.get("in");
  const auto levels = sokoban::parse_levels(read_file(path, "flag --in"), path);
  const std::string text =
      to == "text" ? sokoban::collection_to_text(levels) : sokoban::collection_to_number_grids(levels);
  if (!args.has("out")) {
    std::cout << text;
    return 0;
  }
  const std::string out = args.get("out");
  std::ofstream file(out, std::ios::binary);
  if (!file || !(file << text) || !file.flush()) throw InputError("flag --out", "cannot write '" + out + "'");
  std::cerr << "wrote " << levels.size() << " level" << (levels.size() == 1 ? "" : "s") << " to " << out << "\n";
  return 0;
}

}  // namespace pg::cli
