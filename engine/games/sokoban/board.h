// Sokoban rules, push-only, as the project implements them (notes on the
// project, 1.4-1.6): the player moves up, down, left or right; walking into a
// box pushes it one square if the square beyond is neither a wall nor a box; a
// move into a wall or a blocked box changes nothing but still counts as a step.
// Solved when every box is on a target.
//
// A Board is a small value: the level's geometry (shared, never copied), the
// boxes, the player and the steps taken. Moves never allocate. Squares are
// the level's (row-major); the level's border is closed (check_level), so no
// move tests bounds.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "engine/games/sokoban/level.h"

namespace pg::sokoban {

// The four moves, in the project's action order.
enum Move : int { kUp = 0, kDown = 1, kLeft = 2, kRight = 3 };
constexpr int kNumMoves = 4;
constexpr std::array<char, kNumMoves> kMoveNames = {'U', 'D', 'L', 'R'};
constexpr std::array<int, kNumMoves> kRowDelta = {-1, 1, 0, 0};
constexpr std::array<int, kNumMoves> kColumnDelta = {0, 0, -1, 1};

// What one step did.
enum class StepKind { kWalk, kPush, kBlockedByWall, kBlockedBox };
struct StepResult {
  StepKind kind = StepKind::kWalk;
  Square box_from = -1, box_to = -1;  // the pushed box (kPush)
  bool changed() const { return kind == StepKind::kWalk || kind == StepKind::kPush; }
};

class Board {
 public:
  Board() = default;
  // The level's start position.
  explicit Board(std::shared_ptr<const Level> level);
  // A position on the level's geometry: `boxes` sorted, as many as the
  // level's, off walls; the player off walls and boxes (see position_problem).
  Board(std::shared_ptr<const Level> level, std::vector<Square> boxes, Square player, int steps);

  const Level& level() const { return *level_; }
  const std::shared_ptr<const Level>& level_ptr() const { return level_; }
  const std::vector<Square>& boxes() const { return boxes_; }  // increasing
  Square player() const { return player_; }
  int steps() const { return steps_; }
  bool box_at(Square s) const { return box_at_[size_t(s)] != 0; }
  bool wall(Square s) const { return level_->wall[size_t(s)] != 0; }
  bool target(Square s) const { return level_->target[size_t(s)] != 0; }
  int boxes_on_targets() const { return on_targets_; }
  bool solved() const { return on_targets_ == int(boxes_.size()); }

  // The square next to `s` in the move's direction.
  Square neighbour(Square s, int move) const {
    return s + kRowDelta[size_t(move)] * level_->width + kColumnDelta[size_t(move)];
  }
  // What `move` would do, without doing it.
  StepResult preview(int move) const;
  // Plays `move` (0..3); the step counts whatever happens.
  StepResult step(int move);

  // The standard-text rows of this position (width characters each).
  std::vector<std::string> rows() const;

  bool operator==(const Board& other) const {
    return level_ == other.level_ && player_ == other.player_ && steps_ == other.steps_ && boxes_ == other.boxes_;
  }

 private:
  std::shared_ptr<const Level> level_;
  std::vector<Square> boxes_;
  std::vector<uint8_t> box_at_;  // per square
  Square player_ = -1;
  int steps_ = 0;
  int on_targets_ = 0;
};

// Why these boxes and this player cannot stand on the level ("" if they can):
// a wrong number of boxes, a box or the player on a wall or outside, two boxes
// on one square, the player on a box.
std::string position_problem(const Level& level, const std::vector<Square>& boxes, Square player);

// The project's failure test, check_fail (notes on the project, 1.6), with its
// quirks: a box, on a target or not, away from the level's edge, with a blocker
// above or below and a blocker left or right of it; a blocker is a wall or a
// box that is not on a target. It reports some positions that are still
// solvable.
bool project_corner_stuck(const Board& board);
// The first box square (row-major) that project_corner_stuck flags, or -1.
Square project_corner_stuck_box(const Board& board);
// Whether that test flags the box on square `box`.
bool project_corner_stuck_at(const Board& board, Square box);

// The squares inside the level: joined to the player's start by squares that are not walls (1), the rest 0
// (walls, and the floor outside the room).
std::vector<uint8_t> squares_inside(const Level& level);

// Parses a move letter (U D L R, either case); -1 if it is none.
int move_from_char(char c);

}  // namespace pg::sokoban
