// Sokoban drawn as its map: walls, floor, targets, boxes (green on a target)
// and the player, scaled to fit; the agent's probability of each move as an
// arrow around the player (longer and brighter = likelier, its choice
// outlined); the last push, a bump into a wall or a blocked box; the box the
// project's corner test flags; the dead squares and deadlocked boxes, the
// solver's fewest-moves plan from the position as the player's path, and the
// lower bound's box-to-target matching. A human plays with the arrow keys or WASD, or by
// clicking beside the player. The Setup panel gets a level picker for the
// built-in collections and a level editor (standard text or number grid).
//
// The files: the board (sokoban_view.cc), the inspector (sokoban_inspector.cc), the Setup panel's part
// (sokoban_setup.cc), the level editor (sokoban_editor.cc), and what they share (sokoban_parts.h).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/games/sokoban/analysis.h"
#include "engine/games/sokoban/level.h"
#include "engine/games/sokoban/level_sketch.h"
#include "engine/games/sokoban/sokoban_game.h"
#include "web/views/board_view.h"

namespace pg::web {

class SokobanView : public BoardView {
 public:
  std::optional<Action> draw(const BoardContext& context) override;
  std::optional<Action> key_action(int sdl_keycode, const BoardContext& context) override;
  void draw_debug_toggles() override;
  std::string legend() const override;
  void draw_inspector(const BoardContext& context) override;
  std::string analysis_words(const BoardContext& context) override;
  Json inspect(const BoardContext& context, const Episode& episode) override;
  void setup_extras(App& app) override;
  void extra_windows(App& app) override;

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
  // The visual editor: the editor's text as squares, and the brush.
  sokoban::LevelSketch sketch_;
  std::string sketched_text_;  // the text the sketch was made from
  sokoban::Brush brush_ = sokoban::Brush::kWall;
  // The Setup panel's level picker and generator (sokoban_setup.cc).
  void level_picker(App& app, const sokoban::Setup& setup);
  void generator_section(App& app);
  // The level editor (sokoban_editor.cc).
  void draw_sketch_editor();
  // Where the editor's parts were drawn last frame (x, y, width, height), for
  // playground.view() and the browser tests, which click them as a user does.
  struct Rect {
    float x = 0, y = 0, w = 0, h = 0;
  };
  Rect open_editor_button_, sketch_rect_, play_button_;
  static Rect last_rect();  // the last ImGui item's
  void editor_window(App& app);
  bool editor_open_ = false;
  float sketch_cell_ = 0;
};

}  // namespace pg::web
