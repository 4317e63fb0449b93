// playground morris tables: the project's five stage tables from its four
// simulation runs (engine/games/morris/stage_simulation.h), on the exact
// rules, written as one policy file (stage_tables.h) for the smart agent.
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>

#include "engine/core/error.h"
#include "engine/games/morris/stage_simulation.h"
#include "tools/playground/commands.h"

namespace pg::cli {

int morris_tables(const GameEntry& entry, const Args& args) {
  args.check_known({"games", "seed", "out", "min-count"}, entry.options);
  const long min_count = args.get_long("min-count", 1, 1, 1000000);
  const long games = args.get_long("games", 100000, 1, 10000000);
  const uint64_t seed = args.get_seed("seed", 1);
  if (!args.has("out")) throw InputError("flag --out", "missing (where to write the tables, e.g. stage_tables.policy)");
  const std::string out_path = args.get("out");
  const morris::Rules rules = morris::rules_from_options(args.game_options(entry.options));
  const auto runs = morris::project_runs(games);
  std::printf(
      "the project's four runs, scaled to %ld, %ld, %ld and %ld games (the project: 1M, 1M, 1M, 2M), seed %llu\n",
      runs[0].games, runs[1].games, runs[2].games, runs[3].games, static_cast<unsigned long long>(seed));
  const bool tty = isatty(2) != 0;
  const auto start = std::chrono::steady_clock::now();
  auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  morris::StageTableBuilder builder;
  Json run_figures = Json::array();
  morris::simulate_runs(
      runs, seed, rules, builder,
      [&](const morris::SimulationProgress& p) {
        const auto& run = runs[size_t(p.run)];
        if (tty) {
          const int width = 30, filled = int(double(width) * double(p.games_done) / double(run.games));
          std::fprintf(stderr, "\r  run %-32s [%s%s] %ld/%ld", run.name.c_str(),
                       std::string(size_t(filled), '#').c_str(), std::string(size_t(width - filled), '.').c_str(),
                       p.games_done, run.games);
          if (p.games_done == run.games) std::fprintf(stderr, "\n");
        }
        if (p.games_done != run.games) return;
        size_t entries = 0;
        for (int s = 0; s < morris::kNumStages; ++s) entries += builder.size(s);
        const double n = double(p.games_done);
        std::printf(
            "  run %-32s %8ld games: seat 0 wins %.1f%%, draws %.1f%%, losses %.1f%%; %zu boards in the "
            "tables; %.1f s\n",
            run.name.c_str(), p.games_done, 100 * double(p.wins) / n, 100 * double(p.draws) / n,
            100 * double(p.losses) / n, entries, seconds());
        std::fflush(stdout);
        run_figures.push_back(
            {{"run", run.name}, {"games", p.games_done}, {"wins", p.wins}, {"draws", p.draws}, {"losses", p.losses}});
      },
      1000);
  const double elapsed = seconds();
  const morris::StageTables tables(builder, uint32_t(min_count));
  Json sizes = Json::object(), kept = Json::object();
  std::printf("  %-11s %9s %9s %9s %9s %9s   %s\n", "table", "boards", "seen 2+", "5+", "10+", "20+",
              min_count > 1 ? "written (seen at least --min-count times)" : "");
  for (int s = 0; s < morris::kNumStages; ++s) {
    long at_least[4] = {0, 0, 0, 0};
    for (const auto& [key, e] : builder.table(s))
      for (int i = 0; i < 4; ++i) at_least[i] += e.count >= uint32_t(std::array{2, 5, 10, 20}[size_t(i)]);
    std::printf("  %-11s %9zu %9ld %9ld %9ld %9ld   %zu\n", morris::stage_name(s), builder.size(s), at_least[0],
                at_least[1], at_least[2], at_least[3], tables.size(s));
    sizes[morris::stage_name(s)] = builder.size(s);
    kept[morris::stage_name(s)] = tables.size(s);
  }
  std::string command = "playground morris tables";
  for (const auto& w : args.words()) command += " " + w;
  const Json training = {{"command", command},
                         {"settings",
                          {{"games", games},
                           {"seed", seed},
                           {"min_count", min_count},
                           {"rules", entry.create(args.game_options(entry.options))->options()}}}};
  const Json scores = {{"runs", run_figures}, {"boards", sizes}, {"boards_written", kept}, {"seconds", elapsed}};
  const std::string bytes = tables.serialize(training, scores);
  std::ofstream out(out_path, std::ios::binary);
  if (!out || !out.write(bytes.data(), std::streamsize(bytes.size())))
    throw InputError("flag --out", "cannot write '" + out_path + "'");
  std::printf("simulated in %.1f s; wrote %s: %.2f MB\n", elapsed, out_path.c_str(), double(bytes.size()) / 1e6);
  return 0;
}

}  // namespace pg::cli
