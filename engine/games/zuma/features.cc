#include "engine/games/zuma/features.h"

#include <algorithm>

#include "engine/games/zuma/scenario.h"

namespace pg::zuma {
namespace {

int steps_bucket(int steps_left) {
  static constexpr int kUpper[] = {0, 1, 2, 3, 5, 8, 14};
  for (int b = 0; b < 7; ++b)
    if (steps_left <= kUpper[b]) return b;
  return 7;
}

const char* kStepsBuckets[] = {"0", "1", "2", "3", "4-5", "6-8", "9-14", "15+"};

}  // namespace

int balls_needed(const Line& line) {
  int needed = 0;
  for (int i = 0; i < line.size;) {
    int start = 0, end = 0;
    line.run_at(i, start, end);
    needed += std::max(1, 3 - (end - start));
    i = end;
  }
  return needed;
}

ActionFeatures action_features(const Line& line, int ball, int steps_left_after, int max_length, int action) {
  ActionFeatures f;
  f.colour = ball;
  f.steps_left = steps_bucket(steps_left_after);
  Line after = line;
  if (action >= 0) {
    f.insert = true;
    f.splits = action > 0 && action < line.size && line[action - 1] == line[action] && line[action] != ball;
    after.insert(action, ball);
    int start = 0, end = 0;
    after.run_at(action, start, end);
    f.run = std::min(4, end - start);
    // The chain as if every pop succeeded.
    int index = action;
    while (index < after.size) {
      after.run_at(index, start, end);
      if (end - start < 3) break;
      after.erase(start, end - start);
      index = start;
      ++f.pops;
    }
    f.pops = std::min(f.pops, 2);
    if (after.size > max_length) after.pop_back();
  }
  f.needed = std::min(kMaxNeeded, balls_needed(after));
  f.length = std::min(kMaxLengthFeature, int(after.size));
  return f;
}

uint32_t feature_key(const ActionFeatures& f) {
  uint32_t k = f.insert ? 1 : 0;
  k = k * 4 + uint32_t(f.colour - 1);
  k = k * 5 + uint32_t(f.run);
  k = k * 3 + uint32_t(f.pops);
  k = k * 2 + (f.splits ? 1 : 0);
  k = k * uint32_t(kMaxNeeded + 1) + uint32_t(f.needed);
  k = k * uint32_t(kMaxLengthFeature + 1) + uint32_t(f.length);
  k = k * 8 + uint32_t(f.steps_left);
  return k;
}

ActionFeatures features_of_key(uint32_t k) {
  ActionFeatures f;
  f.steps_left = int(k % 8);
  k /= 8;
  f.length = int(k % uint32_t(kMaxLengthFeature + 1));
  k /= uint32_t(kMaxLengthFeature + 1);
  f.needed = int(k % uint32_t(kMaxNeeded + 1));
  k /= uint32_t(kMaxNeeded + 1);
  f.splits = k % 2;
  k /= 2;
  f.pops = int(k % 3);
  k /= 3;
  f.run = int(k % 5);
  k /= 5;
  f.colour = int(k % 4) + 1;
  k /= 4;
  f.insert = k == 1;
  return f;
}

std::string describe(const ActionFeatures& f) {
  std::string s = f.insert ? std::string("insert ") + colour_name(f.colour) + ": run " + std::to_string(f.run) +
                                 (f.run == 4 ? "+" : "") + ", " + std::to_string(f.pops) + (f.pops == 2 ? "+" : "") +
                                 " pop" + (f.pops == 1 ? "" : "s") + (f.splits ? ", splits a run" : "")
                           : std::string("skip ") + colour_name(f.colour);
  s += "; after it: " + std::to_string(f.needed) + (f.needed == kMaxNeeded ? "+" : "") +
       " balls to clear the line, length " + std::to_string(f.length) + (f.length == kMaxLengthFeature ? "+" : "") +
       ", " + kStepsBuckets[f.steps_left] + " steps left";
  return s;
}

}  // namespace pg::zuma
