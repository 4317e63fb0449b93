// The state-action encoding the model-free learner uses. The agent knows the
// rules (where a ball goes, which runs could pop) but not the model's numbers,
// so each action is described by what it would do if the throw hit and every
// run it makes popped, plus how much work the resulting line still needs:
//   kind (skip / insert), the ball's colour, the run it makes (1, 2, 3, 4+),
//   how many pops it could chain (0, 1, 2+), whether it splits a run of
//   another colour, balls still needed to clear the line afterwards, the
//   line's length afterwards, and the steps left (bucketed).
// Q-values are learned per key; states that look alike to a player share one.
#pragma once

#include <cstdint>
#include <string>

#include "engine/games/zuma/line.h"

namespace pg::zuma {

struct ActionFeatures {
  bool insert = false;
  int colour = 0;       // 1..4
  int run = 0;          // length of the ball's run after insertion, capped at 4 (0 for skip)
  int pops = 0;         // pops if every pop succeeded, capped at 2
  bool splits = false;  // lands between two equal balls of another colour
  int needed = 0;       // balls needed to clear the resulting line, capped at kMaxNeeded
  int length = 0;       // the resulting line's length, capped at kMaxLengthFeature
  int steps_left = 0;   // after this step, bucketed 0..7
};

// Lengths and needs are capped where the grading protocol (max_length 10)
// stops telling them apart, so a table trained there also plays longer lines.
constexpr int kMaxNeeded = 12;
constexpr int kMaxLengthFeature = 10;
constexpr uint32_t kNumFeatureKeys = 2 * 4 * 5 * 3 * 2 * (kMaxNeeded + 1) * (kMaxLengthFeature + 1) * 8;

ActionFeatures action_features(const Line& line, int ball, int steps_left_after, int max_length, int action);
uint32_t feature_key(const ActionFeatures& f);
ActionFeatures features_of_key(uint32_t key);
// One line for the inspector, e.g. "insert blue: run 3, 1 pop; after it: 4 balls to clear the line, length 7,
// 12+ steps left" (the balls needed if every run popped as it was completed).
std::string describe(const ActionFeatures& f);

// Balls needed to clear a line if every run popped when completed: a run of
// one needs two more balls, a run of two one, a run of three or more one
// (a ball must land in it to pop it).
int balls_needed(const Line& line);

}  // namespace pg::zuma
