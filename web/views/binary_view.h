// The Binary Game drawn as a grid: the digits played; on every empty point a
// split cell, digit 0 on the left half and 1 on the right, coloured by the
// probability the policy gives that move (the numbers, the weights, the
// matched row and column patterns and why a move is illegal on hover); the
// last move; the five-point row and column windows the patterns read; the
// exact solver's mark on each move it decides within a few milliseconds. A
// human plays by clicking a point and choosing the digit.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/games/binary/board.h"
#include "engine/games/binary/move_labels.h"
#include "engine/games/binary/patterns.h"
#include "imgui.h"
#include "web/views/board_view.h"

namespace pg::web {

// The pattern editor's Apply (the page's button and the JavaScript API's
// binaryPatterns): when every line of `text` is valid, stores it as the
// pattern file "edited" (agents `patterns:edited`, `mcts:N:edited`) and
// returns no errors; otherwise returns every error, each naming its line, and
// the patterns stored before stay.
std::vector<std::string> apply_pattern_text(const std::string& text);
constexpr const char* kEditedPatterns = "edited";

class BinaryView : public BoardView {
 public:
  std::optional<Action> draw(const BoardContext& context) override;
  void draw_debug_toggles() override;
  std::string legend() const override;
  std::string analysis_words(const BoardContext& context) override;
  bool animating() const override {
    return show_solver_ && !solver_marks_.settled();
  }  // the solver thinks across frames
  // The pattern editor's text (apply_pattern_text).
  Json apply_editor_text(App& app, const std::string& text) override;

 private:
  // The pattern table the heat map shows (heat_file_, else the default; no patterns while they load).
  std::shared_ptr<const binary::PatternTable> heat_table();
  // The digit chooser of the point framed by `point_min`..`point_max` (chooser_x_, chooser_y_), when `open`.
  std::optional<Action> digit_chooser(const binary::Board& board, ImVec2 point_min, ImVec2 point_max, float cell,
                                      bool open);
  bool show_heat_ = true;
  bool show_numbers_ = false;  // probabilities written in the cells
  bool show_illegal_ = true;
  bool show_windows_ = true;
  // The heat map: the deciding agent's distribution, or the pattern policy
  // of `heat_file_` (always when a human is to move).
  bool heat_from_agent_ = true;
  std::string heat_file_;
  // The pattern editor: its text, the errors of that text (checked as it
  // changes) and what Apply said last.
  std::string editor_text_, editor_checked_;
  std::vector<std::string> editor_errors_;
  std::string editor_status_;
  bool editor_loaded_ = false;
  // The point whose digit chooser is open (a human's click), or -1.
  int chooser_x_ = -1, chooser_y_ = -1;

  // The solver's verdicts on the position drawn, a slice of each frame.
  bool show_solver_ = true;
  binary::MoveLabels solver_marks_;
};

}  // namespace pg::web
