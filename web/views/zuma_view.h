// Zuma drawn as the homework describes it: the row of balls on a curved
// track that ends in a hole, and the frog at the bottom holding the ball to
// throw. On the gaps: the agent's probability (bars) and its Q-values (heat);
// the runs this ball could pop, with their pop probability; after a step, the
// aimed gap, where a missed throw went, every pop of the chain in order, and
// the ball that fell off the end. Extra windows: the scenario editor and the
// live Q-learning trainer.
#pragma once

#include "web/views/board_view.h"

namespace pg::web {

class ZumaView : public BoardView {
 public:
  std::optional<Action> draw(const BoardContext& context) override;
  void draw_debug_toggles() override;
  std::string legend() const override;
  bool animating() const override;
  void extra_windows(App& app) override;
  void setup_extras(App& app) override;
  LiveTrainer* trainer() override;
  Json load_policy(App& app, std::string_view bytes) override;

 private:
  void scenario_window(App& app);
  void train_window(App& app);
  // The stage of the last step's chain on show (a new step starts its animation), or -1 for the position.
  int stage_on_show(const EpisodeStep* last, double now);

  bool show_scenario_window_ = false;
  bool show_train_window_ = false;
  bool show_probabilities_ = true;
  bool show_heat_ = true;
  bool show_pop_runs_ = true;
  bool show_throw_ = true;
  bool show_chain_ = true;
  bool animate_ = true;
  // The chain of the step just taken is replayed on the track, one stage at a time.
  size_t animated_step_ = ~size_t(0);
  double animation_start_ = 0;
  int animation_stages_ = 0;
  std::string scenario_text_;
  std::string scenario_shown_for_;
};

}  // namespace pg::web
