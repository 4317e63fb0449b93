// Sokoban drawn as its map: walls, floor, targets, boxes (green on a target)
// and the player, scaled to fit; the agent's probability of each move as an
// arrow around the player (longer and brighter = likelier, its choice
// outlined); the last push, a bump into a wall or a blocked box; the box the
// seed's corner test flags; the dead squares and deadlocked boxes, the
// solver's fewest-moves plan from the position as the player's path, and the
// lower bound's box-to-target matching. A human plays with the arrow keys or WASD, or by
// clicking beside the player. The Setup panel gets a level picker for the
// built-in collections and a level editor (standard text or number grid).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/games/sokoban/analysis.h"
#include "engine/games/sokoban/level.h"
#include "web/views/board_view.h"

namespace pg::web {

class SokobanView : public BoardView {
 public:
  std::optional<Action> draw(const BoardContext& context) override;
  std::optional<Action> key_action(int sdl_keycode, const BoardContext& context) override;
  void draw_debug_toggles() override;
  std::string legend() const override;
  void draw_inspector(const BoardContext& context) override;
  Json inspect(const BoardContext& context, const Episode& episode) override;
  void setup_extras(App& app) override;

 private:
  bool show_arrows_ = true;
  bool show_numbers_ = true;
  bool show_corner_test_ = true;
  bool show_last_step_ = true;
  bool show_dead_squares_ = true;
  bool show_plan_ = true;
  bool show_matching_ = false;
  // Solving costs; a node budget keeps a frame short (the WebAssembly solver
  // expands about 50k positions a second) and the same on every machine.
  static constexpr uint64_t kPlanNodeBudget = 50'000;
  sokoban::PositionAnalyst analyst_{kPlanNodeBudget};
  // The squares inside the level (joined to the player's start by non-wall
  // squares), computed once per level.
  std::shared_ptr<const sokoban::Level> inside_of_;  // held, so a new level never reuses its address
  std::vector<uint8_t> inside_;
  // Built-in collections' level titles, read once.
  std::map<std::string, std::vector<std::string>> titles_;
  // The generator's settings in the Setup panel.
  int generate_width_ = 8, generate_height_ = 8, generate_boxes_ = 2, generate_seed_ = 1, generate_min_pushes_ = 0;
  // The level editor.
  std::string editor_text_, editor_checked_, editor_error_;
  std::shared_ptr<const sokoban::Level> editor_level_;  // the level the editor's text was taken from
};

}  // namespace pg::web
