#include "engine/games/zuma/engine.h"

namespace pg::zuma {

ZumaEngine::ZumaEngine(const Scenario& scenario, uint64_t seed)
    : scenario_(&scenario), rng_(seed), initial_(Line::of(scenario.line)), line_(initial_) {}

int ZumaEngine::draw_colour(double& u) {
  u = rng_.random();
  double s = 0.0;
  for (const auto& [colour, p] : scenario_->model.next_color_dist) {
    if (u < p + s) return colour;
    s += p;
  }
  // Unreachable when the distribution sums to exactly 1.0 (checked on load).
  return scenario_->model.next_color_dist.back().first;
}

int ZumaEngine::ensure_ball(double* u) {
  if (ball_ == 0) {
    double draw = 0;
    ball_ = draw_colour(draw);
    if (u) *u = draw;
  }
  return ball_;
}

double ZumaEngine::submit(int action, StepLog* log) {
  const Model& m = scenario_->model;
  if (log) {
    *log = StepLog{};
    log->drew_ball = ball_ == 0;
  }
  double ball_u = 0;
  const int ball = ensure_ball(&ball_u);
  const int n = line_.size;

  // The throw: where it was aimed with chosen_action_prob, else uniformly
  // one of the other n+1 actions (choice() over them, in order -1..n).
  const double throw_u = rng_.random();
  int actual = action;
  int miss_draw = -1;
  if (!(throw_u < m.chosen_action_prob[size_t(ball)])) {
    miss_draw = int(rng_.randbelow(uint32_t(n + 1)));
    actual = miss_draw - 1;  // the others are -1..n without `action`
    if (actual >= action) ++actual;
  }
  if (log) {
    log->ball_u = ball_u;
    log->ball = ball;
    log->aimed = action;
    log->throw_u = throw_u;
    log->hit_p = m.chosen_action_prob[size_t(ball)];
    log->hit = miss_draw < 0;
    log->miss_draw = miss_draw;
    log->actual = actual;
    log->before = line_;
  }

  double reward = 0;
  if (actual != kSkip) {
    line_.insert(actual, ball);
    if (log) log->inserted = line_;
    int index = actual;
    // Chain reaction: pop the run holding the index; after a rewarded pop,
    // look again from the start of the removed run.
    while (index < line_.size) {
      int start = 0, end = 0;
      line_.run_at(index, start, end);
      const int length = end - start;
      if (length < 3) break;
      const int colour = line_[start];
      const double u = rng_.random();
      const double p = m.color_pop_prob[size_t(colour)];
      PopAttempt attempt{start, length, colour, u, p, u < p, 0};
      if (attempt.popped) {
        attempt.reward = m.pop3_reward[size_t(colour)] + (length - 3) * m.extra_pop_reward[size_t(colour)];
        reward += attempt.reward;
        line_.erase(start, length);
        index = start;
      }
      if (log) log->pops.push_back(attempt);
      if (!attempt.popped || attempt.reward == 0) break;
    }
    if (line_.size > scenario_->max_length) {
      const int colour = line_.pop_back();
      reward -= m.extra_pop_reward[size_t(colour)];
      if (log) {
        log->fell_colour = colour;
        log->fell_penalty = m.extra_pop_reward[size_t(colour)];
      }
    }
  }

  ++steps_;
  ball_ = 0;
  if (steps_ == scenario_->max_steps || line_.empty()) {
    done_ = true;
    const double before_end = reward;
    // Added to the step's reward one ball at a time, as the homework does
    // (the order matters for non-integer models).
    if (line_.empty()) {
      reward += m.finished_reward;
    } else {
      for (int i = 0; i < line_.size; ++i) reward -= m.not_finished_punishment[size_t(line_[i])];
    }
    if (log) {
      log->ended = true;
      log->end_reward = reward - before_end;
    }
  }
  double next_u = 0;
  const int next = ensure_ball(&next_u);
  if (log) {
    log->next_ball_u = next_u;
    log->next_ball = next;
    log->reward = reward;
  }
  total_ += reward;
  return reward;
}

void ZumaEngine::reset(bool new_line, ResetLog* log) {
  if (new_line) {
    const int length = int(rng_.randint(1, scenario_->max_length));
    line_ = Line{};
    for (int i = 0; i < length; ++i) line_.insert(line_.size, int(rng_.randint(1, kNumColours)));
    if (log) {
      log->length = length;
      log->colours = line_.colours();
    }
  } else {
    line_ = initial_;
  }
  steps_ = 0;
  done_ = false;
  total_ = 0;
}

void ZumaEngine::restore(const Line& line, int ball, int steps, bool done, double total, uint64_t seed,
                         uint64_t draws) {
  line_ = line;
  ball_ = ball;
  steps_ = steps;
  done_ = done;
  total_ = total;
  rng_.seed_with(seed);
  rng_.fast_forward(draws);
}

}  // namespace pg::zuma
