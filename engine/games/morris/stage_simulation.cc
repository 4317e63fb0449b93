#include "engine/games/morris/stage_simulation.h"

#include <cmath>

namespace pg::morris {

namespace {

int random_action(const Board& board, Rng& rng) {
  int actions[kNumActions];
  int n = 0;
  board.for_each_legal([&](int a) { actions[n++] = a; });
  return actions[rng.below(uint32_t(n))];
}

// The project's simulator agent (smart_place, smart_move, smart_fly, smart_remove): an action that closes a mill is
// taken at once; otherwise the action whose board has the highest table value above 0 (the first of equals);
// with none above 0, a random action. Its block bonus is tested after the piece lands and never counts (the
// project's bug), so it is left out. Removals read the movement tables even during placement, as the project's do.
int smart_decide(const Board& board, const StageValues& tables, Rng& rng) {
  const int me = board.to_move;
  const bool removal = board.pending_removal;
  const bool placement = board.next_kind() == ActionKind::kPlace;
  int chosen = -1, mill = -1;
  double best = 0;
  board.for_each_legal([&](int a) {
    if (mill >= 0) return;
    Board after = board;
    if (!after.apply(a)) {
      mill = a;
      return;
    }
    const SidePieces s = sides_of(after, me);
    const double v = tables.find(stage_of(s, placement && !removal), stage_key(s)).value_or(0.0);
    if (v > best) best = v, chosen = a;
  });
  if (mill >= 0) return mill;
  return chosen >= 0 ? chosen : random_action(board, rng);
}

// The project's heuristic player: in placement it takes the last empty point where the agent would complete a
// mill (a block; the project's code tests the agent's piece there), in movement the first move that closes a mill
// of its own; otherwise, and for removals, a random action.
int heuristic_decide(const Board& board, Rng& rng) {
  const int me = board.to_move;
  int chosen = -1;
  switch (board.next_kind()) {
    case ActionKind::kPlace:
      board.for_each_legal([&](int a) {
        Board enemy = board;
        enemy.pieces[size_t(1 - me)] |= bit(a);
        if (enemy.mill_at(1 - me, a)) chosen = a;
      });
      break;
    case ActionKind::kMove:
      board.for_each_legal([&](int a) {
        Board after = board;
        if (chosen < 0 && !after.apply(a)) chosen = a;
      });
      break;
    case ActionKind::kRemove: break;
  }
  return chosen >= 0 ? chosen : random_action(board, rng);
}

}  // namespace

int sim_decide(SimPlayer who, const Board& board, const StageValues& tables, Rng& rng) {
  switch (who) {
    case SimPlayer::kRandom: return random_action(board, rng);
    case SimPlayer::kSmart: return smart_decide(board, tables, rng);
    case SimPlayer::kHeuristic: return heuristic_decide(board, rng);
  }
  return random_action(board, rng);
}

RecordedGame play_recorded_game(SimPlayer agent, SimPlayer player, const StageValues& tables, const Rules& rules,
                                Rng& rng) {
  RecordedGame g;
  MorrisState state(Board::initial(), rules);
  while (!state.is_terminal()) {
    const Board& b = state.board();
    const bool placement = b.placement_phase();
    const int action = sim_decide(b.to_move == 0 ? agent : player, b, tables, rng);
    state.apply(action);
    (placement ? g.placement_boards : g.movement_boards).push_back(state.board().key());
  }
  g.grade = state.winner() == 0 ? 100 : state.winner() == 1 ? 0 : 50;
  return g;
}

void record_game(const RecordedGame& g, StageTableBuilder& tables) {
  auto sides = [](uint32_t key) { return SidePieces{uint16_t(key), uint16_t(key >> 16)}; };
  const size_t n = g.movement_boards.size();
  double score = g.grade;
  for (size_t i = 0; i < n; ++i, score *= 0.9) {
    const SidePieces s = sides(g.movement_boards[n - 1 - i]);
    tables.add(stage_of(s, false), stage_key(s), score);
  }
  // The placement boards continue the discount from the first movement board, one step further (the project's
  // exponent i + save_i + 1, save_i the last movement index or 0).
  const size_t skip = (n == 0 ? 0 : n - 1) + 1;
  score = g.grade * std::pow(0.9, double(skip));
  const size_t m = g.placement_boards.size();
  for (size_t i = 0; i < m; ++i, score *= 0.9) {
    const SidePieces s = sides(g.placement_boards[m - 1 - i]);
    tables.add(kStagePlace, stage_key(s), score);
  }
}

std::vector<SimulationRun> project_runs(long games) {
  return {{"1: random against random", games, 0, SimPlayer::kRandom},
          {"2: smart against random", games, 10, SimPlayer::kRandom},
          {"3: 80% smart against random", games, 8, SimPlayer::kRandom},
          {"4: 70% smart against heuristic", 2 * games, 7, SimPlayer::kHeuristic}};
}

void simulate_runs(const std::vector<SimulationRun>& runs, uint64_t seed, const Rules& rules, StageTableBuilder& tables,
                   const std::function<void(const SimulationProgress&)>& progress, long every) {
  for (size_t r = 0; r < runs.size(); ++r) {
    const SimulationRun& run = runs[r];
    SimulationProgress p;
    p.run = int(r);
    for (long g = 0; g < run.games; ++g) {
      Rng rng(mix_seed(seed, r, uint64_t(g)));
      const bool smart = int(rng.below(10)) < run.smart_in_ten;
      const RecordedGame game = smart ? play_recorded_game(SimPlayer::kSmart, run.opponent, tables, rules, rng)
                                      : play_recorded_game(SimPlayer::kRandom, SimPlayer::kRandom, tables, rules, rng);
      record_game(game, tables);
      ++p.games_done;
      p.wins += game.grade == 100;
      p.draws += game.grade == 50;
      p.losses += game.grade == 0;
      if (progress && (p.games_done % every == 0 || p.games_done == run.games)) progress(p);
    }
  }
}

}  // namespace pg::morris
