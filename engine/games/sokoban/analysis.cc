#include "engine/games/sokoban/analysis.h"

#include <cctype>

namespace pg::sokoban {

Level position_level(const Board& board) {
  Level position = board.level();
  position.boxes = board.boxes();
  position.player = board.player();
  return position;
}

namespace {

// The player's squares along `plan` from `board`, and the positions it passes.
void walk_plan(Board board, const std::string& plan, std::vector<Square>& path, std::vector<Square>* players,
               std::vector<std::vector<Square>>* boxes) {
  path.assign(1, board.player());
  if (players) players->assign(1, board.player()), boxes->assign(1, board.boxes());
  for (const char letter : plan) {
    board.step(move_from_char(letter));
    path.push_back(board.player());
    if (players) players->push_back(board.player()), boxes->push_back(board.boxes());
  }
}

int count_pushes(const std::string& plan) {
  int n = 0;
  for (const char letter : plan) n += std::isupper(static_cast<unsigned char>(letter)) ? 1 : 0;
  return n;
}

}  // namespace

const PositionAnalysis& PositionAnalyst::analyse(const Board& board) {
  if (level_ == board.level_ptr() && current_.player == board.player() && current_.boxes == board.boxes())
    return analysis_;
  current_ = {board.player(), board.boxes()};
  const Level position = position_level(board);
  analysis_ = PositionAnalysis{};
  analysis_.deadlocks = detect_deadlocks(position);
  analysis_.bound = matching_lower_bound(position);

  // On the last plan's way?
  size_t along = waypoints_.size();
  if (level_ == board.level_ptr())
    for (size_t i = 0; i < waypoints_.size(); ++i)
      if (waypoints_[i].player == current_.player && waypoints_[i].boxes == current_.boxes) {
        along = i;
        break;
      }
  if (along < waypoints_.size()) {
    analysis_.plan_status = SolveStatus::kSolved;
    analysis_.plan = full_plan_.substr(along);
    analysis_.plan_reused = along > 0;
  } else if (analysis_.deadlocks.deadlocked) {
    analysis_.plan_status = SolveStatus::kUnsolvable;  // the solver would prove the same, slower
  } else {
    SolveOptions options;
    options.optimise = Optimise::kMoves;
    options.time_limit_seconds = 0;
    options.node_limit = node_budget_;
    const SolveResult result = solve(position, options);
    analysis_.plan_status = result.status;
    analysis_.nodes_expanded = result.nodes_expanded;
    if (result.status == SolveStatus::kSolved) {
      level_ = board.level_ptr();
      full_plan_ = result.plan;
      std::vector<Square> players;
      std::vector<std::vector<Square>> boxes;
      std::vector<Square> path;
      walk_plan(board, full_plan_, path, &players, &boxes);
      waypoints_.clear();
      for (size_t i = 0; i < players.size(); ++i) waypoints_.push_back({players[i], std::move(boxes[i])});
      analysis_.plan = full_plan_;
    }
  }
  if (analysis_.plan_status == SolveStatus::kSolved) {
    analysis_.plan_moves = int(analysis_.plan.size());
    analysis_.plan_pushes = count_pushes(analysis_.plan);
    walk_plan(board, analysis_.plan, analysis_.player_path, nullptr, nullptr);
  }
  return analysis_;
}

}  // namespace pg::sokoban
