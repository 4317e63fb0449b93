// The homework's Zuma engine (zuma.md, "One step, exactly"): the same rules
// and the same random draws in the same order, from Python's MT19937, so a
// scenario, a seed and a list of actions give the homework's episode exactly.
// The interface mirrors the homework's: current state, submit an action,
// reset (optionally with a new random line).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/games/zuma/line.h"
#include "engine/games/zuma/python_random.h"
#include "engine/games/zuma/scenario.h"

namespace pg::zuma {

constexpr int kSkip = -1;

// One attempt to pop the run that holds the current index.
struct PopAttempt {
  int start = 0;
  int length = 0;
  int colour = 0;
  double u = 0;  // the draw
  double p = 0;  // color_pop_prob of the colour
  bool popped = false;
  double reward = 0;
};

// Everything one step drew and did, for the step log and the board's debug
// drawings. Filled only when asked for (training runs without it).
struct StepLog {
  bool drew_ball = false;  // the step had to draw its ball first
  double ball_u = 0;
  int ball = 0;
  int aimed = 0;
  double throw_u = 0;
  double hit_p = 0;
  bool hit = false;
  int miss_draw = -1;  // _randbelow(n+1) picking among the other actions
  int actual = 0;      // where the ball went (-1: discarded)
  Line before;         // the line before the throw
  Line inserted;       // the line right after the insertion
  std::vector<PopAttempt> pops;
  int fell_colour = 0;  // the ball that fell off the end, if any
  double fell_penalty = 0;
  bool ended = false;
  double end_reward = 0;  // +finished_reward or -leftover punishment
  double next_ball_u = 0;
  int next_ball = 0;
  double reward = 0;
};

struct ResetLog {
  int length = 0;  // randint(1, max_length)
  std::vector<int> colours;
};

class ZumaEngine {
 public:
  // Seeds Python's generator once, like the homework's constructor. The
  // ball is drawn when first needed (ensure_ball, or the first submit).
  ZumaEngine(const Scenario& scenario, uint64_t seed);

  // The homework's get_current_state(): line, ball (0 if none yet), steps.
  const Line& line() const { return line_; }
  int ball() const { return ball_; }
  int steps() const { return steps_; }
  bool done() const { return done_; }
  double total_reward() const { return total_; }
  const Scenario& scenario() const { return *scenario_; }
  const PythonRandom& rng() const { return rng_; }
  int num_actions() const { return line_.size + 2; }  // -1 .. n

  // Draws the current ball if there is none (the step's first draw); returns it.
  int ensure_ball(double* u = nullptr);
  // One step: the reward it earned. The action must be in -1..n and the
  // game not over (callers check; see is_legal).
  double submit(int action, StepLog* log = nullptr);
  bool is_legal(int action) const { return !done_ && action >= kSkip && action <= line_.size; }
  // reset(new_line): back to the initial line, or a new random line. Does
  // not re-seed and does not clear the current ball.
  void reset(bool new_line, ResetLog* log = nullptr);

  // Rebuilds a recorded position exactly (traces, state JSON).
  void restore(const Line& line, int ball, int steps, bool done, double total, uint64_t seed, uint64_t draws);

 private:
  int draw_colour(double& u);

  const Scenario* scenario_;
  PythonRandom rng_;
  Line initial_;
  Line line_;
  int ball_ = 0;
  int steps_ = 0;
  bool done_ = false;
  double total_ = 0;
};

}  // namespace pg::zuma
