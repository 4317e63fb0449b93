// Decisions per second of a student's program seated as an agent (program:COMMAND, through its pipes and the
// agent protocol's JSON), against the built-in random agent in the same process, on the positions of one
// random Kalah game taken in turn. Prints JSON for bench/run_benchmarks.mjs:
//   bench_program_agent [--seconds S] [--command 'python3 examples/agents/random_agent.py']
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/json.h"
#include "engine/core/registry.h"
#include "tools/playground/program_agent.h"

namespace {

using Clock = std::chrono::steady_clock;

// The positions of one random game, where player 0 is to move (a program is seated once, as one seat).
std::vector<std::unique_ptr<pg::State>> positions(const pg::Game& game) {
  std::vector<std::unique_ptr<pg::State>> out;
  auto random = pg::make_agent(game, "random");
  auto state = game.initial_state(1);
  for (size_t t = 0; !state->is_terminal(); ++t) {
    if (state->current_player() == 0) out.push_back(state->clone());
    pg::Rng rng = pg::decision_rng(1, t);
    state->apply(random->decide(*state, rng).chosen);
  }
  return out;
}

// Decisions per second of `spec` over `seconds`, or -1 when it declines (its note is printed on stderr).
double decisions_per_second(const pg::Game& game, const std::string& spec, double seconds) {
  const auto states = positions(game);
  auto agent = pg::make_agent(game, spec);
  pg::Rng rng(7);
  long decisions = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  while (elapsed < seconds) {
    for (int k = 0; k < 50; ++k) {
      const pg::Decision d = agent->decide(*states[size_t(decisions) % states.size()], rng);
      if (d.declined) {
        std::fprintf(stderr, "bench_program_agent: %s declined: %s\n", spec.c_str(), d.note.c_str());
        return -1;
      }
      ++decisions;
    }
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  }
  return double(decisions) / elapsed;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 1;
  std::string command = std::string("python3 ") + PG_SOURCE_DIR + "/examples/agents/random_agent.py";
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--seconds") == 0) seconds = std::atof(argv[i + 1]);
    if (std::strcmp(argv[i], "--command") == 0) command = argv[i + 1];
  }
  pg::cli::register_program_agents();
  const auto game = pg::find_game("mancala").create(pg::Json::object());
  const double random = decisions_per_second(*game, "random", seconds);
  const double program = decisions_per_second(*game, "program:" + command, seconds);
  const pg::Json figures = pg::Json::array(
      {{{"agent", "random"}, {"per_second", random}}, {{"agent", "program:" + command}, {"per_second", program}}});
  std::printf("%s\n", figures.dump().c_str());
  return program < 0 ? 1 : 0;
}
