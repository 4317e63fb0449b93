#include "engine/games/sokoban/generator.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/rng.h"

namespace pg::sokoban {

namespace {

constexpr int kRowStep[4] = {-1, 1, 0, 0}, kColumnStep[4] = {0, 0, -1, 1};

void check_options(const GeneratorOptions& o) {
  auto require = [](bool ok, const std::string& where, const std::string& problem) {
    if (!ok) throw InputError(where, problem);
  };
  require(o.width >= 3 && o.width <= kMaxSide, "generator option 'width'",
          "must be from 3 to " + std::to_string(kMaxSide));
  require(o.height >= 3 && o.height <= kMaxSide, "generator option 'height'",
          "must be from 3 to " + std::to_string(kMaxSide));
  const int inner = (o.width - 2) * (o.height - 2);
  require(o.floor_fraction > 0 && o.floor_fraction <= 1, "generator option 'floor_fraction'", "must be in (0, 1]");
  require(o.boxes >= 1 && 2 * o.boxes + 1 <= int(o.floor_fraction * inner), "generator option 'boxes'",
          "must be at least 1 and leave room: 2 * boxes + 1 <= floor squares (" +
              std::to_string(int(o.floor_fraction * inner)) + ")");
  require(o.pulls >= 1 && o.pulls <= 100000, "generator option 'pulls'", "must be from 1 to 100000");
  require(o.min_pushes >= 0, "generator option 'min_pushes'", "must not be negative");
  require(o.max_attempts >= 1, "generator option 'max_attempts'", "must be at least 1");
}

// A random walk inside the border that turns now and then, until the floor
// has the wanted size.
std::vector<uint8_t> carve_room(const GeneratorOptions& o, Rng& rng) {
  std::vector<uint8_t> floor(size_t(o.width * o.height), 0);
  const int wanted = std::max(1, int(o.floor_fraction * (o.width - 2) * (o.height - 2)));
  int r = 1 + int(rng.below(uint32_t(o.height - 2))), c = 1 + int(rng.below(uint32_t(o.width - 2)));
  int direction = int(rng.below(4));
  int carved = 0;
  while (carved < wanted) {
    if (!floor[size_t(r * o.width + c)]) {
      floor[size_t(r * o.width + c)] = 1;
      ++carved;
    }
    if (rng.uniform() < 0.35) direction = int(rng.below(4));
    const int nr = r + kRowStep[direction], nc = c + kColumnStep[direction];
    if (nr < 1 || nr > o.height - 2 || nc < 1 || nc > o.width - 2) {
      direction = int(rng.below(4));
      continue;
    }
    r = nr;
    c = nc;
  }
  return floor;
}

// One attempt: a room, targets, reverse play. Empty boxes when it failed.
Level reverse_play(const GeneratorOptions& o, Rng& rng) {
  Level level;
  level.width = o.width;
  level.height = o.height;
  const std::vector<uint8_t> floor = carve_room(o, rng);
  level.wall.resize(floor.size());
  for (size_t s = 0; s < floor.size(); ++s) level.wall[s] = !floor[s];
  level.target.assign(floor.size(), 0);
  std::vector<Square> free;
  for (Square s = 0; s < Square(floor.size()); ++s)
    if (floor[size_t(s)]) free.push_back(s);
  // Targets and the player on distinct random floor squares (partial shuffle).
  for (int i = 0; i <= o.boxes; ++i)
    std::swap(free[size_t(i)], free[size_t(i) + rng.below(uint32_t(free.size()) - uint32_t(i))]);
  // box_at: the box's number + 1; each box remembers the target it left.
  std::vector<int> box_at(floor.size(), 0);
  std::vector<Square> box(size_t(o.boxes)), home(size_t(o.boxes));
  for (int i = 0; i < o.boxes; ++i) {
    box[size_t(i)] = home[size_t(i)] = free[size_t(i)];
    level.target[size_t(home[size_t(i)])] = 1;
    box_at[size_t(box[size_t(i)])] = i + 1;
  }
  Square player = free[size_t(o.boxes)];
  // The position kept is the one, along the walk, whose boxes stand farthest
  // (Manhattan) from the targets they left, as the usual generators score.
  auto score = [&] {
    int sum = 0;
    for (int i = 0; i < o.boxes; ++i)
      sum += std::abs(box[size_t(i)] / o.width - home[size_t(i)] / o.width) +
             std::abs(box[size_t(i)] % o.width - home[size_t(i)] % o.width);
    return sum;
  };
  int best_score = 0;
  std::vector<Square> best_boxes;
  Square best_player = player;
  // Walk at random, keeping the direction with probability 3/4 so that
  // boxes travel (random pulls back and forth would cancel); a step away
  // from a box beside the player pulls it along with probability 3/4.
  int pulls = 0;
  int d = int(rng.below(4));
  for (long step = 0; pulls < o.pulls && step < 40L * o.pulls; ++step) {
    if (rng.below(4) == 0) d = int(rng.below(4));
    const Square to = player + kRowStep[d] * o.width + kColumnStep[d];
    if (!floor[size_t(to)] || box_at[size_t(to)]) {
      d = int(rng.below(4));
      continue;
    }
    const Square behind = player - kRowStep[d] * o.width - kColumnStep[d];
    if (box_at[size_t(behind)] && rng.below(4) != 0) {
      const int i = box_at[size_t(behind)] - 1;
      box_at[size_t(behind)] = 0;
      box_at[size_t(player)] = i + 1;
      box[size_t(i)] = player;
      ++pulls;
    }
    player = to;
    if (const int now = score(); now > best_score) {
      best_score = now;
      best_boxes = box;
      best_player = player;
    }
  }
  if (best_score == 0) return Level{};  // still solved
  level.player = best_player;
  level.boxes = best_boxes;
  std::sort(level.boxes.begin(), level.boxes.end());
  bool moved = false;
  for (Square b : level.boxes) moved = moved || !level.target[size_t(b)];
  if (!moved) return Level{};  // still solved
  return level;
}

}  // namespace

GeneratedLevel generate_level(const GeneratorOptions& options, uint64_t seed) {
  check_options(options);
  GeneratedLevel out;
  SolveOptions solve_options;
  solve_options.optimise = Optimise::kPushes;
  solve_options.time_limit_seconds = 0;  // nodes only: the same level everywhere
  solve_options.node_limit = options.solver_node_limit;
  for (int attempt = 0; attempt < options.max_attempts; ++attempt) {
    Rng rng(mix_seed(seed, uint64_t(attempt), 0x50c0ba));
    Level level = reverse_play(options, rng);
    if (level.boxes.empty()) continue;
    const SolveResult solution = solve(level, solve_options);
    if (solution.status != SolveStatus::kSolved || solution.pushes < options.min_pushes) continue;
    level.title = "generated " + std::to_string(seed);
    out.level = std::move(level);
    out.solution = solution;
    out.attempts = attempt + 1;
    return out;
  }
  throw InputError("generator", "no level with these options in " + std::to_string(options.max_attempts) +
                                    " attempts (seed " + std::to_string(seed) + ")");
}

}  // namespace pg::sokoban
