#include "bench/kernels.h"

#include <array>
#include <memory>

#include "engine/core/agent.h"
#include "engine/core/registry.h"
#include "engine/core/rng.h"
#include "engine/games/binary/binary_game.h"
#include "engine/games/binary/pattern_files.h"
#include "engine/games/binary/patterns.h"
#include "engine/games/binary/solver.h"
#include "engine/games/mancala/board.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/morris/morris_game.h"
#include "engine/games/sokoban/generator.h"
#include "engine/games/sokoban/policy_agent.h"
#include "engine/games/sokoban/solver.h"
#include "engine/games/zuma/engine.h"
#include "engine/games/zuma/q_policy.h"
#include "engine/games/zuma/zuma_game.h"

namespace pg::bench {

namespace {
const zuma::Scenario& grading() {
  static const zuma::Scenario s = zuma::named_scenario("grading");
  return s;
}
}  // namespace

using mancala::Board;
using mancala::Rules;

KernelRun kalah_random_moves_fast(long games, uint64_t seed) {
  const Rules rules;
  Rng rng(seed);
  KernelRun run;
  for (long g = 0; g < games; ++g) {
    Board b = Board::initial(rules);
    while (!b.done) {
      const uint32_t mask = b.legal_mask();
      b.sow(mancala::nth_legal(mask, rng.below(uint32_t(mancala::legal_count(mask)))), rules);
      ++run.items;
    }
    run.checksum = run.checksum * 31 + uint64_t(b.outcome() + 1);
  }
  return run;
}

KernelRun kalah_random_moves_generic(long games, uint64_t seed) {
  const auto game = make_game("mancala");
  Rng rng(seed);
  KernelRun run;
  std::vector<Action> legal;
  for (long g = 0; g < games; ++g) {
    std::unique_ptr<State> state = game->initial_state(seed);
    double first_return = 0;
    while (!state->is_terminal()) {
      state->legal_actions(legal);
      first_return += state->apply(legal[rng.below(uint32_t(legal.size()))])[0];
      ++run.items;
    }
    run.checksum = run.checksum * 31 + uint64_t(int(first_return) + 1);
  }
  return run;
}

KernelRun kalah_random_moves_recorded(long games, uint64_t seed) {
  const auto game = make_game("mancala");
  Rng rng(seed);
  KernelRun run;
  for (long g = 0; g < games; ++g) {
    std::unique_ptr<State> state = game->initial_state(seed);
    double first_return = 0;
    while (!state->is_terminal()) {
      const auto legal = state->legal_actions();
      auto next = state->clone();
      first_return += next->apply_with_details(legal[rng.below(uint32_t(legal.size()))]).rewards[0];
      state = std::move(next);
      ++run.items;
    }
    run.checksum = run.checksum * 31 + uint64_t(int(first_return) + 1);
  }
  return run;
}

KernelRun kalah_greedy5_decisions(long decisions, uint64_t seed) {
  const Rules rules;
  Rng rng(seed);
  KernelRun run;
  Board b = Board::initial(rules);
  for (long i = 0; i < decisions; ++i) {
    if (b.done) b = Board::initial(rules);
    const auto scores = mancala::GreedyAgent::score_moves(b, rules, 5);
    run.checksum += uint64_t(scores.nodes);
    const uint32_t mask = b.legal_mask();
    b.sow(mancala::nth_legal(mask, rng.below(uint32_t(mancala::legal_count(mask)))), rules);
    ++run.items;
  }
  return run;
}

// One engine for all games, a new random line per game: as the Q-learner
// trains (engine/games/zuma/q_learning.cc).
KernelRun zuma_random_steps_fast(long games, uint64_t seed) {
  const zuma::Scenario& scenario = grading();
  zuma::ZumaEngine engine(scenario, seed);
  Rng rng(seed);
  KernelRun run;
  for (long g = 0; g < games; ++g) {
    engine.reset(true);
    engine.ensure_ball();
    while (!engine.done()) {
      engine.submit(int(rng.below(uint32_t(engine.num_actions()))) - 1);
      ++run.items;
    }
    run.checksum = run.checksum * 31 + uint64_t(int64_t(engine.total_reward()));
  }
  return run;
}

// Game g is the page's episode with seed `seed + g`: a freshly seeded engine
// each game, as the CLI's eval and the page run them.
KernelRun zuma_random_steps_seeded(long games, uint64_t seed) {
  const zuma::Scenario& scenario = grading();
  Rng rng(seed);
  KernelRun run;
  for (long g = 0; g < games; ++g) {
    zuma::ZumaEngine engine(scenario, seed + uint64_t(g));
    engine.reset(true);
    engine.ensure_ball();
    while (!engine.done()) {
      engine.submit(int(rng.below(uint32_t(engine.num_actions()))) - 1);
      ++run.items;
    }
    run.checksum = run.checksum * 31 + uint64_t(int64_t(engine.total_reward()));
  }
  return run;
}

KernelRun zuma_random_steps_generic(long games, uint64_t seed) {
  const zuma::ZumaGame game(grading());
  Rng rng(seed);
  KernelRun run;
  std::vector<Action> legal;
  for (long g = 0; g < games; ++g) {
    std::unique_ptr<State> state = game.initial_state(seed + uint64_t(g));
    double total = 0;
    while (!state->is_terminal()) {
      state->legal_actions(legal);
      total += state->apply(legal[rng.below(uint32_t(legal.size()))])[0];
      ++run.items;
    }
    run.checksum = run.checksum * 31 + uint64_t(int64_t(total));
  }
  return run;
}

KernelRun zuma_random_steps_recorded(long games, uint64_t seed) {
  const zuma::ZumaGame game(grading());
  Rng rng(seed);
  KernelRun run;
  for (long g = 0; g < games; ++g) {
    std::unique_ptr<State> state = game.initial_state(seed + uint64_t(g));
    double total = 0;
    while (!state->is_terminal()) {
      const auto legal = state->legal_actions();
      auto next = state->clone();
      total += next->apply_with_details(legal[rng.below(uint32_t(legal.size()))]).rewards[0];
      state = std::move(next);
      ++run.items;
    }
    run.checksum = run.checksum * 31 + uint64_t(int64_t(total));
  }
  return run;
}

KernelRun zuma_trained_decisions(long decisions, uint64_t seed) {
  const zuma::Scenario& scenario = grading();
  const auto policy = zuma::q_policies().find(zuma::kShippedPolicy);
  zuma::ZumaEngine engine(scenario, seed);
  Rng rng(seed);
  KernelRun run;
  for (long i = 0; i < decisions; ++i) {
    if (engine.done() || i == 0) {
      engine.reset(true);
      engine.ensure_ball();
    }
    const int a =
        policy->best_action(engine.line(), engine.ball(), scenario.max_steps - engine.steps() - 1, scenario.max_length);
    run.checksum = run.checksum * 31 + uint64_t(a + 1);
    engine.submit(int(rng.below(uint32_t(engine.num_actions()))) - 1);  // random positions, not the policy's
    ++run.items;
  }
  return run;
}

namespace {
// A finished game's result folded into the checksum the same way from the
// board and from the generic returns: 2 if player 0 won, 0 if player 1 did.
uint64_t fold(uint64_t checksum, int winner) { return checksum * 31 + (winner == 0 ? 2 : 0); }
const binary::Size kBinarySize{};
}  // namespace

KernelRun binary_random_playouts_fast(long games, uint64_t seed) {
  Rng rng(seed);
  KernelRun run;
  std::array<binary::Move, 2 * binary::kMaxSide * binary::kMaxSide> moves;
  for (long g = 0; g < games; ++g) {
    binary::Board b = binary::Board::empty(kBinarySize.width, kBinarySize.height);
    for (;;) {
      size_t n = 0;
      b.for_each_legal([&](int x, int y, int d) { moves[n++] = {x, y, d}; });
      if (n == 0) break;
      const binary::Move m = moves[rng.below(uint32_t(n))];
      b.place(m.x, m.y, m.d);
    }
    run.checksum = fold(run.checksum, 1 - b.to_move());
    ++run.items;
  }
  return run;
}

KernelRun binary_random_playouts_generic(long games, uint64_t seed) {
  const binary::BinaryGame game(kBinarySize);
  Rng rng(seed);
  KernelRun run;
  std::vector<Action> legal;
  for (long g = 0; g < games; ++g) {
    std::unique_ptr<State> state = game.initial_state(seed);
    double first_return = 0;
    while (!state->is_terminal()) {
      state->legal_actions(legal);
      first_return += state->apply(legal[rng.below(uint32_t(legal.size()))])[0];
    }
    run.checksum = fold(run.checksum, first_return > 0 ? 0 : 1);
    ++run.items;
  }
  return run;
}

KernelRun binary_random_playouts_recorded(long games, uint64_t seed) {
  const binary::BinaryGame game(kBinarySize);
  Rng rng(seed);
  KernelRun run;
  for (long g = 0; g < games; ++g) {
    std::unique_ptr<State> state = game.initial_state(seed);
    double first_return = 0;
    while (!state->is_terminal()) {
      const auto legal = state->legal_actions();
      auto next = state->clone();
      first_return += next->apply_with_details(legal[rng.below(uint32_t(legal.size()))]).rewards[0];
      state = std::move(next);
    }
    run.checksum = fold(run.checksum, first_return > 0 ? 0 : 1);
    ++run.items;
  }
  return run;
}

KernelRun binary_pattern_playouts_fast(long games, uint64_t seed) {
  const auto table = binary::pattern_tables().find("twopattern");
  Rng rng(seed);
  KernelRun run;
  std::vector<binary::WeightedMove> scratch;
  for (long g = 0; g < games; ++g) {
    run.checksum = fold(run.checksum, binary::playout(binary::Board::empty(kBinarySize.width, kBinarySize.height),
                                                      *table, rng, scratch));
    ++run.items;
  }
  return run;
}

KernelRun binary_pattern_playouts_agent(long games, uint64_t seed) {
  const binary::BinaryGame game(kBinarySize);
  auto agent = game.make_agent("patterns:twopattern");
  Rng rng(seed);
  KernelRun run;
  for (long g = 0; g < games; ++g) {
    std::unique_ptr<State> state = game.initial_state(seed);
    double first_return = 0;
    while (!state->is_terminal()) first_return += state->apply(agent->decide(*state, rng).chosen)[0];
    run.checksum = fold(run.checksum, first_return > 0 ? 0 : 1);
    ++run.items;
  }
  return run;
}

KernelRun binary_solver_positions(long solves, uint64_t seed) {
  Rng rng(seed);
  KernelRun run;
  std::vector<binary::Move> moves;
  for (long i = 0; i < solves; ++i) {
    binary::Board b = binary::Board::empty(5, 5);
    for (;;) {
      moves.clear();
      b.for_each_legal([&](int x, int y, int d) { moves.push_back({x, y, d}); });
      if (moves.empty() || 25 - b.filled <= 13) break;
      const binary::Move m = moves[rng.below(uint32_t(moves.size()))];
      b.place(m.x, m.y, m.d);
    }
    binary::Solver solver(5, 5, 16);
    const binary::Outcome o = solver.solve(b);
    run.items += long(solver.nodes());
    run.checksum = run.checksum * 31 + solver.nodes() * 2 + (o == binary::Outcome::kWin ? 1 : 0);
  }
  return run;
}

namespace {
// A finished Morris game folded into the checksum: the winner + 1 (0 for a draw).
uint64_t fold_morris(uint64_t checksum, int winner) { return checksum * 31 + uint64_t(winner + 1); }
}  // namespace

KernelRun morris_random_moves_fast(long games, uint64_t seed) {
  const morris::Rules rules;
  Rng rng(seed);
  KernelRun run;
  std::array<int, morris::kNumActions> actions{};
  std::array<uint32_t, morris::kMaxMovesLimit> history{};  // as MorrisState keeps it, for the repetition draw
  for (long g = 0; g < games; ++g) {
    morris::Board b = morris::Board::initial();
    int length = 0, winner = -1;
    for (;;) {
      size_t n = 0;
      b.for_each_legal([&](int a) { actions[n++] = a; });
      const int a = actions[rng.below(uint32_t(n))];
      const uint32_t before = b.key();
      ++run.items;
      if (!b.apply(a)) continue;  // a mill closed: the same seat removes
      if (morris::action_kind(a) == morris::ActionKind::kMove)
        history[size_t(length++)] = before;
      else
        length = 0;
      if (const int loser = b.loser(); loser >= 0) {
        winner = 1 - loser;
        break;
      }
      if (b.moves >= rules.max_moves) break;
      int seen = 1;
      for (int i = length - 2; i >= 0; i -= 2) seen += history[size_t(i)] == b.key();
      if (seen >= 3) break;
    }
    run.checksum = fold_morris(run.checksum, winner);
  }
  return run;
}

KernelRun morris_random_moves_generic(long games, uint64_t seed) {
  const morris::MorrisGame game{morris::Rules{}};
  Rng rng(seed);
  KernelRun run;
  std::vector<Action> legal;
  for (long g = 0; g < games; ++g) {
    std::unique_ptr<State> state = game.initial_state(seed);
    double first_return = 0;
    while (!state->is_terminal()) {
      state->legal_actions(legal);
      first_return += state->apply(legal[rng.below(uint32_t(legal.size()))])[0];
      ++run.items;
    }
    run.checksum = fold_morris(run.checksum, first_return > 0 ? 0 : first_return < 0 ? 1 : -1);
  }
  return run;
}

KernelRun sokoban_policy_decisions(long decisions, uint64_t seed) {
  const auto game = make_game(
      "sokoban", Json{{"generate", {{"width", 10}, {"height", 10}, {"boxes", 2}, {"seed", int(seed % 1000) + 1}}}});
  const std::unique_ptr<Agent> agent = sokoban::make_policy_agent("policy:greedy");  // one forward pass per decision
  Rng rng(seed);
  KernelRun run;
  std::unique_ptr<State> state = game->initial_state(seed);
  std::vector<Action> legal;
  for (long i = 0; i < decisions; ++i) {
    if (state->is_terminal()) state = game->initial_state(seed + uint64_t(i));
    const Decision d = agent->decide(*state, rng);
    size_t best = 0;
    for (size_t k = 1; k < d.probabilities.size(); ++k)
      if (d.probabilities[k] > d.probabilities[best]) best = k;
    run.checksum = run.checksum * 31 + uint64_t(d.actions[best]) + 1;
    state->legal_actions(legal);
    state->apply(legal[rng.below(uint32_t(legal.size()))]);
    ++run.items;
  }
  return run;
}

KernelRun sokoban_solver_positions(long solves, uint64_t seed) {
  sokoban::GeneratorOptions options;
  options.pulls = 80;
  options.min_pushes = 15;
  sokoban::SolveOptions solve_options;
  solve_options.optimise = sokoban::Optimise::kMoves;
  solve_options.time_limit_seconds = 0;
#ifndef __EMSCRIPTEN__
  // The same search in both builds, without corral deadlocks (the search the kernel has always timed).
  solve_options.corral_deadlocks = false;
#endif
  KernelRun run;
  for (long i = 0; i < solves; ++i) {
    const sokoban::GeneratedLevel g = sokoban::generate_level(options, seed + uint64_t(i));
    const sokoban::SolveResult r = sokoban::solve(g.level, solve_options);
    run.items += long(r.nodes_expanded);
    run.checksum = run.checksum * 31 + uint64_t(r.moves) * 2 + (r.status == sokoban::SolveStatus::kSolved ? 1 : 0);
  }
  return run;
}

const std::vector<Kernel>& kernels() {
  static const std::vector<Kernel> all = {
      {"kalah_random_moves_fast", "moves", kalah_random_moves_fast, 20000, "kalah_random_moves_fast", ""},
      {"kalah_random_moves_generic", "moves", kalah_random_moves_generic, 20000, "kalah_random_moves_fast",
       "kalah_random_moves_fast"},
      {"kalah_random_moves_recorded", "moves", kalah_random_moves_recorded, 1000, "kalah_random_moves_fast",
       "kalah_random_moves_fast"},
      {"kalah_greedy5_decisions", "decisions", kalah_greedy5_decisions, 200, "kalah_random_moves_fast", ""},
      {"zuma_random_steps_fast", "steps", zuma_random_steps_fast, 5000, "zuma_random_steps_fast", ""},
      {"zuma_random_steps_seeded", "steps", zuma_random_steps_seeded, 5000, "zuma_random_steps_fast", ""},
      {"zuma_random_steps_generic", "steps", zuma_random_steps_generic, 5000, "zuma_random_steps_fast",
       "zuma_random_steps_seeded"},
      {"zuma_random_steps_recorded", "steps", zuma_random_steps_recorded, 200, "zuma_random_steps_fast",
       "zuma_random_steps_seeded"},
      {"zuma_trained_decisions", "decisions", zuma_trained_decisions, 20000, "zuma_random_steps_fast", ""},
      {"binary_random_playouts_fast", "playouts", binary_random_playouts_fast, 2000, "binary_random_playouts_fast", ""},
      {"binary_random_playouts_generic", "playouts", binary_random_playouts_generic, 2000,
       "binary_random_playouts_fast", "binary_random_playouts_fast"},
      {"binary_random_playouts_recorded", "playouts", binary_random_playouts_recorded, 100,
       "binary_random_playouts_fast", "binary_random_playouts_fast"},
      {"binary_pattern_playouts_fast", "playouts", binary_pattern_playouts_fast, 1000, "binary_random_playouts_fast",
       ""},
      {"binary_pattern_playouts_agent", "playouts", binary_pattern_playouts_agent, 200, "binary_pattern_playouts_fast",
       "binary_pattern_playouts_fast"},
      {"morris_random_moves_fast", "moves", morris_random_moves_fast, 2000, "morris_random_moves_fast", ""},
      {"morris_random_moves_generic", "moves", morris_random_moves_generic, 2000, "morris_random_moves_fast",
       "morris_random_moves_fast"},
      {"binary_solver_positions", "positions", binary_solver_positions, 20, "binary_solver_positions", ""},
      {"sokoban_solver_positions", "positions", sokoban_solver_positions, 1, "sokoban_solver_positions", ""},
      {"sokoban_policy_decisions", "decisions", sokoban_policy_decisions, 10, "sokoban_policy_decisions", ""},
      {"nn_sokoban_forward", "forwards", nn_sokoban_forward, 20, "libtorch", ""},
      {"nn_morris_forward", "forwards", nn_morris_forward, 5000, "libtorch", ""},
  };
  return all;
}

}  // namespace pg::bench
