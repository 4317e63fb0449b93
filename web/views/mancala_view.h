// Kalah drawn as a board: player 1's pits along the top, player 0's along the
// bottom, stores at the ends (sowing runs counter-clockwise). Shows whose
// turn it is, the last move, and as debug drawings the sowing path, captures
// and extra turns; the agent's probability for each pit is drawn on the pit.
// Where the exact solver settles the position within the perfect agent's
// budget, each pit also shows its exact value, and the step log marks the
// moves that changed the value (blunders). For the linear players (theta:*)
// the inspector lists the 40 features of each candidate afterstate and their
// weighted contributions. The Train panel runs the report's TD(0) learner live.
#pragma once

#include <array>
#include <map>
#include <memory>

#include "engine/games/mancala/exact_values.h"
#include "web/views/board_view.h"

namespace pg::web {

class MancalaView : public BoardView {
 public:
  std::optional<Action> draw(const BoardContext& context) override;
  void draw_debug_toggles() override;
  std::string legend() const override;
  void draw_inspector(const BoardContext& context) override;
  std::string step_note(const Episode& episode, size_t i) override;
  std::string analysis_words(const BoardContext& context) override;
  Json inspect(const BoardContext& context, const Episode& episode) override;
  bool animating() const override { return notes_pending_; }
  void extra_windows(App& app) override;  // the Train panel (mancala_train_window.cc)
  void setup_extras(App& app) override;
  LiveTrainer* trainer() override;

 private:
  Json features_json(const BoardContext& context);

  void new_frame();
  void train_window(App& app);

  mancala::ExactValues exact_;  // each position's exact values, as the perfect agent finds them
  std::map<std::string, std::unique_ptr<Agent>> linear_agents_;  // by spec, for the features inspector
  int frame_ = -1;
  bool skipped_ = false;
  int solves_this_frame_ = 0;
  bool notes_pending_ = false;
  bool show_exact_ = true;
  bool hide_zero_features_ = true;

  bool show_path_ = true;
  bool show_capture_ = true;
  bool show_extra_turn_ = true;
  bool show_scores_ = true;

  bool show_train_window_ = false;
  int use_depth_ = 1;  // the trained weights are seated as theta:<depth>:live
  int use_seat_ = 1;
};

}  // namespace pg::web
