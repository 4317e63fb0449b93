// Sokoban rules, the project's reward term by term, its corner test, the
// observation, the state JSON and the options. Boards are drawn in standard
// text: # wall, $ box, . target, @ player, * box on target, + player on target.
#include <gtest/gtest.h>

#include <deque>
#include <map>

#include "engine/core/agent.h"
#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/core/registry.h"
#include "engine/core/rng.h"
#include "engine/games/sokoban/generator.h"
#include "engine/games/sokoban/level_text.h"
#include "engine/games/sokoban/sokoban_game.h"
#include "engine/games/sokoban/solver.h"
#include "engine/nn/policy_builder.h"
#include "engine/nn/policy_file.h"

namespace pg::sokoban {
namespace {

// A game on this level under the project's rules (the corner test ends the
// episode), without a step cap unless given.
std::shared_ptr<const Game> game_of(const std::string& level, Json extra = Json::object()) {
  extra["level"] = level;
  if (!extra.contains("max_steps")) extra["max_steps"] = 0;
  if (!extra.contains("corner_ends")) extra["corner_ends"] = true;
  return make_game("sokoban", extra);
}

std::unique_ptr<State> start(const std::string& level, Json extra = Json::object()) {
  return game_of(level, std::move(extra))->initial_state(1);
}

const SokobanState& as_sokoban(const State& s) { return dynamic_cast<const SokobanState&>(s); }

// The rows of the position, trailing floor trimmed, one line each.
std::string picture(const State& s) {
  std::string text;
  for (auto row : as_sokoban(s).board().rows()) {
    while (!row.empty() && row.back() == ' ') row.pop_back();
    text += row + "\n";
  }
  return text;
}

// Plays the moves (letters), returning the sum of the rewards.
double play(State& s, const std::string& moves) {
  double total = 0;
  for (char m : moves) total += s.apply(move_from_char(m))[0];
  return total;
}

std::vector<double> step_rewards(State& s, const std::string& moves) {
  std::vector<double> r;
  for (char m : moves) r.push_back(s.apply(move_from_char(m))[0]);
  return r;
}

// --- rules ------------------------------------------------------------------

TEST(SokobanRules, ActionsAreUpDownLeftRight) {
  auto s = start("#####\n#@$.#\n#####");
  EXPECT_EQ(s->legal_actions(), (std::vector<Action>{0, 1, 2, 3}));
  EXPECT_EQ(s->action_name(0), "U");
  EXPECT_EQ(s->action_name(1), "D");
  EXPECT_EQ(s->action_name(2), "L");
  EXPECT_EQ(s->action_name(3), "R");
  EXPECT_EQ(s->parse_action("R"), 3);
  EXPECT_THROW(s->parse_action("X"), InputError);
}

TEST(SokobanRules, WalkMovesThePlayer) {
  auto s = start(
      "######\n"
      "#    #\n"
      "#@ $.#\n"
      "######");
  play(*s, "UR");
  EXPECT_EQ(picture(*s),
            "######\n"
            "# @  #\n"
            "#  $.#\n"
            "######\n");
  EXPECT_EQ(as_sokoban(*s).board().steps(), 2);
}

TEST(SokobanRules, PushMovesTheBoxOneSquare) {
  auto s = start(
      "#######\n"
      "#@$  .#\n"
      "#######");
  play(*s, "R");
  EXPECT_EQ(picture(*s), "#######\n# @$ .#\n#######\n");
  play(*s, "R");
  EXPECT_EQ(picture(*s), "#######\n#  @$.#\n#######\n");
}

TEST(SokobanRules, MoveIntoAWallChangesNothingButCountsAStep) {
  auto s = start("#####\n#@$.#\n#####");
  const std::string before = picture(*s);
  play(*s, "UDL");
  EXPECT_EQ(picture(*s), before);
  EXPECT_EQ(as_sokoban(*s).board().steps(), 3);
  EXPECT_FALSE(s->is_terminal());
}

TEST(SokobanRules, BoxAgainstAWallIsNotPushed) {
  auto s = start(
      "#####\n"
      "#.  #\n"
      "# @$#\n"
      "#####");
  const std::string before = picture(*s);
  play(*s, "R");
  EXPECT_EQ(picture(*s), before);
  EXPECT_EQ(as_sokoban(*s).board().steps(), 1);
}

TEST(SokobanRules, BoxBehindABoxIsNotPushed) {
  // One box at a time: the player cannot push two.
  auto s = start(
      "#######\n"
      "#@$$..#\n"
      "#######");
  const std::string before = picture(*s);
  const Transition t = s->apply_with_details(kRight);
  EXPECT_EQ(picture(*s), before);
  EXPECT_EQ(t.events["kind"], "blocked box");
  EXPECT_EQ(as_sokoban(*s).board().steps(), 1);
}

TEST(SokobanRules, BoxOnTargetCanBePushedOn) {
  auto s = start(
      "#######\n"
      "#@*   #\n"
      "#######");
  play(*s, "R");
  EXPECT_EQ(picture(*s), "#######\n# +$  #\n#######\n");
  EXPECT_EQ(as_sokoban(*s).board().boxes_on_targets(), 0);
}

TEST(SokobanRules, SolvedWhenEveryBoxIsOnATarget) {
  auto t = start(
      "######\n"
      "#@$. #\n"
      "#  $.#\n"
      "######");
  play(*t, "R");
  EXPECT_FALSE(t->is_terminal());  // one box still off its target
  EXPECT_EQ(as_sokoban(*t).board().boxes_on_targets(), 1);
  play(*t, "DR");
  EXPECT_TRUE(t->is_terminal());
  EXPECT_EQ(as_sokoban(*t).outcome(), Outcome::kSolved);
  EXPECT_TRUE(t->legal_actions().empty());
  EXPECT_EQ(picture(*t), "######\n#  * #\n#  @*#\n######\n");
}

TEST(SokobanRules, StepCapEndsTheEpisode) {
  auto s = start("#####\n#@$.#\n#####", {{"max_steps", 3}});
  play(*s, "UU");
  EXPECT_FALSE(s->is_terminal());
  play(*s, "U");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(as_sokoban(*s).outcome(), Outcome::kStepCap);
  // Solving on the last step counts as solved.
  auto t = start("#####\n#@$.#\n#####", {{"max_steps", 1}});
  play(*t, "R");
  EXPECT_EQ(as_sokoban(*t).outcome(), Outcome::kSolved);
}

// --- the project's corner test -----------------------------------------------

bool stuck_after(const std::string& level, const std::string& moves, Json extra = Json::object()) {
  auto s = start(level, std::move(extra));
  play(*s, moves);
  return project_corner_stuck(as_sokoban(*s).board());
}

TEST(SokobanCorner, BoxInAWallCornerIsStuck) {
  // The box goes into the top-right corner (walls above and to the right).
  const std::string level =
      "######\n"
      "#   .#\n"
      "# @$ #\n"
      "#    #\n"
      "######";
  EXPECT_FALSE(stuck_after(level, ""));
  auto s = start(level);
  play(*s, "R");  // the box stands against the right wall only
  EXPECT_FALSE(project_corner_stuck(as_sokoban(*s).board()));
  EXPECT_FALSE(s->is_terminal());
  play(*s, "DRU");  // round below the box, push it up into the corner: onto the target
  EXPECT_EQ(picture(*s), "######\n#   *#\n#   @#\n#    #\n######\n");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(as_sokoban(*s).outcome(), Outcome::kSolved);  // win is tested first
}

TEST(SokobanCorner, EachBoxIsTestedOnItsOwn) {
  auto s = start(
      "#######\n"
      "#.   .#\n"
      "# $   #\n"
      "#    $#\n"
      "#    @#\n"
      "#######");
  play(*s, "U");  // the right box against the wall only; the left box free
  const Board& b = as_sokoban(*s).board();
  for (const Square box : b.boxes()) EXPECT_FALSE(project_corner_stuck_at(b, box));
  play(*s, "U");  // the right box into the corner
  const Board& after = as_sokoban(*s).board();
  const Square corner = after.level().at(1, 5), free = after.level().at(2, 2);
  EXPECT_TRUE(project_corner_stuck_at(after, corner));
  EXPECT_FALSE(project_corner_stuck_at(after, free));
  EXPECT_EQ(project_corner_stuck_box(after), corner);
}

TEST(SokobanLevel, TheSquaresInsideAreThoseThePlayerCouldReachThroughFloor) {
  // The floor left of the room's wall is outside; the room, its boxes and targets inside.
  const Level level = parse_level(
      "   #####\n"
      "   #@$.#\n"
      "   #####");
  const std::vector<uint8_t> inside = squares_inside(level);
  EXPECT_EQ(inside[size_t(level.at(1, 4))], 1);
  EXPECT_EQ(inside[size_t(level.at(1, 5))], 1);
  EXPECT_EQ(inside[size_t(level.at(1, 6))], 1);
  EXPECT_EQ(inside[size_t(level.at(1, 3))], 0);  // a wall
  EXPECT_EQ(inside[size_t(level.at(1, 0))], 0);  // floor outside the room
  int count = 0;
  for (uint8_t v : inside) count += v;
  EXPECT_EQ(count, 3);
}

TEST(SokobanCorner, CornerOnATargetCountsUnlessItWins) {
  // The project's quirk: a box on a target in a corner is "stuck" too.
  const std::string level =
      "#######\n"
      "#.   .#\n"
      "# $   #\n"
      "#    $#\n"
      "#    @#\n"
      "#######";
  auto s = start(level);
  play(*s, "U");  // against the right wall only
  EXPECT_FALSE(s->is_terminal());
  play(*s, "U");  // into the top-right corner, onto a target; the other box is not on one
  EXPECT_EQ(picture(*s),
            "#######\n"
            "#.   *#\n"
            "# $  @#\n"
            "#     #\n"
            "#     #\n"
            "#######\n");
  EXPECT_TRUE(project_corner_stuck(as_sokoban(*s).board()));
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(as_sokoban(*s).outcome(), Outcome::kStuck);
}

TEST(SokobanCorner, BlockersAreWallsAndOffTargetBoxes) {
  // The box at (2,2) has a wall to its left; below it a box off target: stuck.
  // This is the false positive the notes on the project point out: the lower box can still be pushed right.
  EXPECT_TRUE(
      stuck_after("#######\n"
                  "##    #\n"
                  "##$ @ #\n"
                  "# $  .#\n"
                  "#    .#\n"
                  "#######",
                  ""));
  // A box on a target does not block: below the box is '*'.
  EXPECT_FALSE(
      stuck_after("######\n"
                  "#   .#\n"
                  "# $@ #\n"
                  "# *  #\n"
                  "#    #\n"
                  "######",
                  ""));
  // Nor does the player: the box has a wall above and the player to its left.
  EXPECT_FALSE(
      stuck_after("######\n"
                  "#@$ .#\n"
                  "#    #\n"
                  "######",
                  ""));
  // Two perpendicular blockers are needed: walls above and below are not a corner.
  EXPECT_FALSE(
      stuck_after("#######\n"
                  "#@$  .#\n"
                  "#######",
                  ""));
  // A box between boxes left and above (both off target) is stuck.
  EXPECT_TRUE(
      stuck_after("#######\n"
                  "#  $  #\n"
                  "# $$ @#\n"
                  "#  ...#\n"
                  "#######",
                  ""));
}

TEST(SokobanCorner, StartPositionIsNotTested) {
  // As the project's reset: a level that starts with a box in a corner only ends after a step.
  auto s = start(
      "######\n"
      "#$   #\n"
      "#  @ #\n"
      "#   .#\n"
      "######");
  EXPECT_FALSE(s->is_terminal());
  const double r = s->apply(kLeft)[0];
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(as_sokoban(*s).outcome(), Outcome::kStuck);
  EXPECT_DOUBLE_EQ(r, -0.1 - 50);
}

TEST(SokobanCorner, CornerEndsCanBeSwitchedOff) {
  auto s = start(
      "######\n"
      "#$   #\n"
      "#  @ #\n"
      "#   .#\n"
      "######",
      {{"corner_ends", false}});
  const double r = s->apply(kLeft)[0];
  EXPECT_FALSE(s->is_terminal());
  EXPECT_DOUBLE_EQ(r, -0.1 - 50);  // the project's -50 all the same
}

// --- the project's reward, term by term --------------------------------------

TEST(SokobanReward, StepCostsOneTenthEvenWhenNothingMoves) {
  auto s = start(
      "######\n"
      "#    #\n"
      "#@$ .#\n"
      "#    #\n"
      "######");
  EXPECT_EQ(s->apply(kUp)[0], -0.1);     // a walk (exactly -0.1: no other term)
  EXPECT_EQ(s->apply(kUp)[0], -0.1);     // into the wall: nothing moves
  EXPECT_EQ(s->apply(kRight)[0], -0.1);  // walking beside the box
}

TEST(SokobanReward, FirstBoxCloserOrFartherFromFirstTarget) {
  const std::string level =
      "########\n"
      "#      #\n"
      "#  @$ .#\n"
      "#      #\n"
      "########";
  auto s = start(level);
  const Transition closer = s->apply_with_details(kRight);  // distance 2 -> 1
  EXPECT_EQ(closer.rewards[0], -0.1 + 5);
  EXPECT_EQ(closer.events["reward_terms"]["shaping"], 5.0);
  auto u = start(level);
  const auto r = step_rewards(*u, "DRRUL");
  // D, R, R, U: walks round to the right of the box; L pushes it left (distance 2 -> 3).
  EXPECT_EQ(r, (std::vector<double>{-0.1, -0.1, -0.1, -0.1, -0.1 - 2}));
}

TEST(SokobanReward, ShapingUsesTheFirstBoxInRowMajorOrder) {
  // Two boxes: only the first (top-left-most) box counts. Pushing the second
  // box toward the first target gives no shaping.
  const std::string level =
      "########\n"
      "# $   .#\n"
      "#      #\n"
      "#  @$ .#\n"
      "########";
  auto s = start(level);
  const Transition t = s->apply_with_details(kRight);
  EXPECT_EQ(t.events["reward_terms"]["shaping"], 0.0);
  EXPECT_EQ(t.rewards[0], -0.1);
}

TEST(SokobanReward, FirstTargetSkipsTargetsCoveredAtTheStart) {
  // np.where(initial_state == 3): the target under the box (5) at (1,1) is not
  // the first target; the first bare target is (1,5).
  const Level level = parse_level(
      "#######\n"
      "#*   .#\n"
      "#@ $  #\n"
      "#######");
  const ProjectReward reward(level);
  EXPECT_EQ(reward.first_target(), level.at(1, 5));
  // And a target under the player (6) is skipped too.
  const Level under_player = parse_level(
      "#######\n"
      "#+   .#\n"
      "#  $ $#\n"
      "#     #\n"
      "#######");
  EXPECT_EQ(ProjectReward(under_player).first_target(), under_player.at(1, 5));
}

TEST(SokobanReward, BoxOntoATargetAndOffIt) {
  auto s = start(
      "#######\n"
      "#@$.  #\n"
      "#     #\n"
      "#######",
      {{"corner_ends", false}});
  // Push onto the only target: +20, and it is solved: +100 (and +5 closer).
  EXPECT_EQ(s->apply(kRight)[0], ((-0.1 + 5) + 20) + 100);
  auto t = start(
      "########\n"
      "#@*  . #\n"
      "#  $   #\n"
      "########",
      {{"corner_ends", false}});
  const Transition off = t->apply_with_details(kRight);
  EXPECT_EQ(off.events["reward_terms"]["target"], -10.0);
  // The first box moved from (1,2) to (1,3); the first bare target is (1,5): closer.
  EXPECT_EQ(off.rewards[0], (-0.1 + 5) - 10);
}

TEST(SokobanReward, SolvedGivesHundredNotTheCornerPenalty) {
  auto s = start(
      "#####\n"
      "#@$.#\n"
      "#####");
  const Transition t = s->apply_with_details(kRight);
  EXPECT_EQ(t.events["reward_terms"]["end"], 100.0);
  EXPECT_EQ(t.events["outcome"], "solved");
  EXPECT_EQ(t.rewards[0], ((-0.1 + 5) + 20) + 100);
}

TEST(SokobanReward, StuckGivesMinusFifty) {
  auto v = start(
      "######\n"
      "#  $@#\n"
      "#    #\n"
      "#.   #\n"
      "######");
  EXPECT_EQ(v->apply_with_details(kLeft).events["reward_terms"]["end"], 0.0);  // against the top wall only
  const Transition stuck = v->apply_with_details(kLeft);                       // box into the top-left corner (1,1)
  EXPECT_EQ(stuck.events["reward_terms"]["end"], -50.0);
  EXPECT_EQ(stuck.events["corner_box"], Json::array({1, 1}));
  EXPECT_EQ(stuck.rewards[0], (-0.1 + 5) - 50);  // also closer to the target (3,1): 3 -> 2
  EXPECT_EQ(as_sokoban(*v).outcome(), Outcome::kStuck);
}

// --- the project's maps ------------------------------------------------------

// Breadth-first search over the exact rules, corner-stuck positions terminal
// (as the project's episodes end there): the fewest moves that solve the level,
// or -1 within `limit` moves.
int fewest_moves(const Game& game, int limit) {
  auto first = game.initial_state(1);
  std::map<std::pair<Square, std::vector<Square>>, int> seen;
  std::deque<std::unique_ptr<State>> queue;
  const auto key = [](const State& s) {
    const Board& b = as_sokoban(s).board();
    return std::make_pair(b.player(), b.boxes());
  };
  seen[key(*first)] = 0;
  queue.push_back(std::move(first));
  while (!queue.empty()) {
    auto s = std::move(queue.front());
    queue.pop_front();
    const int depth = as_sokoban(*s).board().steps();
    if (depth >= limit) continue;
    for (const Action a : s->legal_actions()) {
      auto next = s->clone();
      next->apply(a);
      const auto k = key(*next);
      if (seen.count(k)) continue;
      seen[k] = depth + 1;
      if (as_sokoban(*next).outcome() == Outcome::kSolved) return depth + 1;
      if (!next->is_terminal()) queue.push_back(std::move(next));
    }
  }
  return -1;
}

TEST(SokobanProjectMaps, OptimalMovesAreEightAndTwelve) {
  // The document's own 9 and 15 are wrong (notes on the project, 5).
  EXPECT_EQ(fewest_moves(*make_game("sokoban", {{"collection", "seed"}, {"index", 0}}), 50), 8);
  EXPECT_EQ(fewest_moves(*make_game("sokoban", {{"collection", "seed"}, {"index", 1}}), 50), 12);
}

TEST(SokobanProjectMaps, ProjectReturnsOfTheOptimalSolutions) {
  auto one = make_game("sokoban", {{"collection", "seed"}, {"index", 0}})->initial_state(1);
  const auto r1 = step_rewards(*one, "UUULURRR");
  const std::vector<double> want1 = {4.9, 4.9, 4.9, -0.1, -0.1, 4.9, 4.9, 124.9};
  ASSERT_EQ(r1.size(), want1.size());
  double sum1 = 0;
  for (size_t i = 0; i < r1.size(); ++i) {
    EXPECT_NEAR(r1[i], want1[i], 1e-12) << i;
    sum1 += r1[i];
  }
  EXPECT_NEAR(sum1, 149.2, 1e-9);
  EXPECT_EQ(as_sokoban(*one).outcome(), Outcome::kSolved);

  auto two = make_game("sokoban", {{"collection", "seed"}, {"index", 1}})->initial_state(1);
  const auto r2 = step_rewards(*two, "ULURDDDRRRDL");
  double sum2 = 0;
  for (size_t i = 0; i < r2.size(); ++i) {
    const double want = i == 3 ? 24.9 : i == 11 ? 119.9 : -0.1;
    EXPECT_NEAR(r2[i], want, 1e-12) << i;
    sum2 += r2[i];
  }
  EXPECT_NEAR(sum2, 143.8, 1e-9);
  EXPECT_EQ(as_sokoban(*two).outcome(), Outcome::kSolved);
}

// The Boxoban subset (assets/sokoban/boxoban/, with its licence) is the built-in collection 'boxoban', named after
// its folder, with standard rules: the page's level picker offers it.
TEST(SokobanCollections, TheBoxobanFolderIsACollectionNamedAfterIt) {
  EXPECT_EQ(builtin_collection_names(), (std::vector<std::string>{"boxoban", "seed", "teaching"}));
  const auto boxoban = builtin_collection("boxoban");
  ASSERT_EQ(boxoban.size(), 50u);
  EXPECT_EQ(boxoban[7].title, "7");
  EXPECT_EQ(boxoban[7].boxes.size(), 4u);
  const auto game = make_game("sokoban", {{"collection", "boxoban"}, {"index", 49}});
  EXPECT_EQ(game->options()["max_steps"], 120);
  EXPECT_THROW(builtin_collection("boxoban/medium_valid_000_first50"), InputError);
  EXPECT_THROW(builtin_collection(""), InputError);
}

TEST(SokobanProjectMaps, ProjectMapsAreTheNumberGrids) {
  const auto seed = builtin_collection("seed");
  ASSERT_EQ(seed.size(), 2u);
  EXPECT_EQ(seed[0].title, "one box");
  EXPECT_EQ(seed[1].title, "two boxes");
  EXPECT_EQ(level_to_number_grid(seed[1]),
            "1 1 1 1 1 1 1 1 1 1 1\n"
            "1 0 0 0 0 0 0 0 0 0 1\n"
            "1 0 0 0 2 3 0 0 0 0 1\n"
            "1 0 0 0 0 0 0 0 0 0 1\n"
            "1 0 0 0 4 0 0 0 0 0 1\n"
            "1 0 0 0 0 0 0 0 0 0 1\n"
            "1 0 0 0 0 3 2 0 0 0 1\n"
            "1 0 0 0 0 0 0 0 0 0 1\n"
            "1 1 1 1 1 1 1 1 1 1 1\n");
  // The project's episode cap is the default for its maps.
  EXPECT_EQ(make_game("sokoban")->options()["max_steps"], kProjectMaxSteps);
}

// --- observation -------------------------------------------------------------

TEST(SokobanObservation, OneHotSevenPlanesOverTheTileCodes) {
  auto s = start(
      "######\n"
      "#+$ *#\n"
      "#  .$#\n"
      "######");
  const auto t = s->observation_tensor();
  EXPECT_EQ(t.encoding, "sokoban-tiles-v1");
  EXPECT_EQ(t.shape, (std::vector<int>{7, 4, 6}));
  std::vector<float> obs(t.size(), -1.0f);
  s->fill_observation(obs);
  EXPECT_EQ(obs, s->observation());
  const auto plane_at = [&](int r, int c) {
    int plane = -1;
    for (int k = 0; k < 7; ++k) {
      const float v = obs[size_t(k * 24 + r * 6 + c)];
      EXPECT_TRUE(v == 0.0f || v == 1.0f);
      if (v == 1.0f) {
        EXPECT_EQ(plane, -1) << "two planes at " << r << "," << c;
        plane = k;
      }
    }
    return plane;
  };
  EXPECT_EQ(plane_at(0, 0), kWall);
  EXPECT_EQ(plane_at(1, 1), kPlayerOnTarget);
  EXPECT_EQ(plane_at(1, 2), kBox);
  EXPECT_EQ(plane_at(1, 3), kEmpty);
  EXPECT_EQ(plane_at(1, 4), kBoxOnTarget);
  EXPECT_EQ(plane_at(2, 3), kTarget);
  s->apply(kDown);
  s->fill_observation(obs);
  EXPECT_EQ(plane_at(2, 1), kPlayer);
  EXPECT_EQ(plane_at(1, 1), kTarget);
}

// --- state JSON and options ----------------------------------------------------

TEST(SokobanJson, RoundTripAndFields) {
  auto game = game_of("######\n#@$ .#\n#    #\n######", {{"max_steps", 10}});
  auto s = game->initial_state(1);
  play(*s, "RD");
  const Json j = s->to_json();
  EXPECT_EQ(j["rows"], Json::array({"######", "#  $.#", "# @  #", "######"}));
  EXPECT_EQ(j["player"], Json::array({2, 2}));
  EXPECT_EQ(j["boxes"], Json::parse("[[1,3]]"));
  EXPECT_EQ(j["targets"], Json::parse("[[1,4]]"));
  EXPECT_EQ(j["steps"], 2);
  EXPECT_EQ(j["done"], false);
  EXPECT_TRUE(j["outcome"].is_null());
  const auto back = game->state_from_json(j);
  EXPECT_EQ(back->to_json(), j);
  EXPECT_EQ(as_sokoban(*back).board(), as_sokoban(*s).board());
}

TEST(SokobanJson, RefusesBadFieldsByName) {
  auto game = game_of("######\n#@$ .#\n#    #\n######", {{"max_steps", 10}});
  const Json good = game->initial_state(1)->to_json();
  const auto refused = [&](const std::function<void(Json&)>& change) {
    Json j = good;
    change(j);
    try {
      game->state_from_json(j);
    } catch (const InputError& e) {
      return e.where();
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refused([](Json& j) { j.erase("rows"); }), "state.rows");
  EXPECT_EQ(refused([](Json& j) { j["rows"][1] = "#@$ ##"; }), "state.rows[1], column 4");
  EXPECT_EQ(refused([](Json& j) { j["rows"][1] = "#@$ x#"; }), "state.rows[1], column 4");
  EXPECT_EQ(refused([](Json& j) { j["rows"][1] = "#@$  #"; }), "state.rows[1], column 4");
  EXPECT_EQ(refused([](Json& j) { j["rows"][1] = "# $ .#"; }), "state.rows");
  EXPECT_EQ(refused([](Json& j) { j["rows"][1] = "#@$$.#"; }), "state.rows");
  EXPECT_EQ(refused([](Json& j) { j["player"] = Json::array({2, 1}); }), "state.player");
  EXPECT_EQ(refused([](Json& j) { j["boxes"] = Json::parse("[[1,3]]"); }), "state.boxes[0]");
  EXPECT_EQ(refused([](Json& j) { j["boxes"] = Json::array(); }), "state.boxes");
  EXPECT_EQ(refused([](Json& j) { j["targets"] = Json::parse("[[1,3]]"); }), "state.targets");
  EXPECT_EQ(refused([](Json& j) { j["steps"] = 11; }), "state.steps");
  EXPECT_EQ(refused([](Json& j) { j["steps"] = -1; }), "state.steps");
  EXPECT_EQ(refused([](Json& j) { j["done"] = true; }), "state.done");
  EXPECT_EQ(refused([](Json& j) { j["outcome"] = "solved"; }), "state.outcome");
  EXPECT_EQ(refused([](Json& j) {
              j["steps"] = 10;
              j["done"] = true;
              j["outcome"] = "step cap";
            }),
            "accepted");
}

TEST(SokobanOptions, LevelFromCollectionOrText) {
  auto teaching = make_game("sokoban", {{"collection", "seed"}, {"index", 1}});
  EXPECT_EQ(teaching->title(), "Sokoban (seed:2, two boxes)");
  const auto custom = make_game("sokoban", {{"level", "#####\n#@$.#\n#####"}});
  EXPECT_EQ(custom->title(), "Sokoban (custom level)");
  EXPECT_EQ(custom->options()["max_steps"], kOtherMaxSteps);
  EXPECT_EQ(custom->options()["corner_ends"], false);  // standard Sokoban off the project's maps
  EXPECT_EQ(teaching->options()["corner_ends"], true);
  EXPECT_EQ(teaching->options()["max_steps"], kProjectMaxSteps);
  EXPECT_EQ(custom->options()["level"], "#####\n#@$.#\n#####\n");
  // A number grid works as well, and is given back as standard text.
  const auto grid = make_game("sokoban", {{"level", "1 1 1 1 1\n1 4 2 3 1\n1 1 1 1 1\n"}});
  EXPECT_EQ(picture(*grid->initial_state(1)), "#####\n#@$.#\n#####\n");
  EXPECT_EQ(grid->options()["level"], "#####\n#@$.#\n#####\n");
  // A collection's text with an index: that level, with its title.
  const auto second =
      make_game("sokoban", {{"level", "; a\n#####\n#@$.#\n#####\n\n; b\n######\n#@ $.#\n######\n"}, {"index", 1}});
  EXPECT_EQ(second->title(), "Sokoban (custom level: b)");
  EXPECT_EQ(second->options()["level"], "; b\n######\n#@ $.#\n######\n");
  EXPECT_FALSE(second->options().contains("index"));
  // Options read back give the same game.
  EXPECT_EQ(make_game("sokoban", custom->options())->options(), custom->options());
  EXPECT_EQ(make_game("sokoban", teaching->options())->options(), teaching->options());
}

TEST(SokobanOptions, RefusesBadOptionsByName) {
  const auto where = [](const Json& options) {
    try {
      make_game("sokoban", options);
    } catch (const InputError& e) {
      return e.where();
    }
    return std::string("accepted");
  };
  EXPECT_EQ(where({{"collection", "nope"}}), "option 'collection'");
  EXPECT_EQ(where({{"collection", 3}}), "option 'collection'");
  EXPECT_EQ(where({{"index", 2}}), "option 'index'");  // the "seed" collection has two maps
  EXPECT_EQ(where({{"level", "#####\n#@$.#\n#####"}, {"collection", "seed"}}), "option 'level'");
  EXPECT_EQ(where({{"level", "#####\n#@$.#\n#####"}, {"index", 1}}), "option 'index'");
  EXPECT_EQ(where({{"level", 5}}), "option 'level'");
  EXPECT_EQ(where({{"level", "#####\n#@$ #\n#####"}}), "option 'level', line 1");
  EXPECT_EQ(where({{"level", "#####\n#@$.#\n##x##"}}), "option 'level', line 3, column 3");
  EXPECT_EQ(where({{"max_steps", -1}}), "option 'max_steps'");
  EXPECT_EQ(where({{"corner_ends", 1}}), "option 'corner_ends'");
  EXPECT_EQ(where({{"colour", 1}}), "option 'colour'");
  EXPECT_EQ(where({{"generate", 5}}), "option 'generate'");
  EXPECT_EQ(where({{"generate", {{"width", 30}}}}), "option 'generate.width'");
  EXPECT_EQ(where({{"generate", {{"boxes", 0}}}}), "option 'generate.boxes'");
  EXPECT_EQ(where({{"generate", {{"seed", -1}}}}), "option 'generate.seed'");
  EXPECT_EQ(where({{"generate", {{"wide", 3}}}}), "option 'generate.wide'");
  EXPECT_EQ(where({{"generate", Json::object()}, {"collection", "seed"}}), "option 'generate'");
}

TEST(SokobanOptions, AGeneratedLevelIsTheGeneratorsLevel) {
  const Json settings = {{"width", 9}, {"height", 8}, {"boxes", 3}, {"seed", 17}};
  const auto game = make_game("sokoban", {{"generate", settings}});
  GeneratorOptions o;
  o.width = 9, o.height = 8, o.boxes = 3;
  const Level expected = generate_level(o, 17).level;
  EXPECT_EQ(picture(*game->initial_state(1)), level_to_text(expected));
  EXPECT_EQ(game->title(), "Sokoban (generated 9x8, 3 boxes, seed 17)");
  EXPECT_EQ(game->options()["generate"], settings);
  EXPECT_EQ(game->options()["max_steps"], kOtherMaxSteps);
  EXPECT_EQ(make_game("sokoban", game->options())->options(), game->options());
  // Another seed, another level; min_pushes makes it harder.
  const auto other = make_game("sokoban", {{"generate", {{"width", 9}, {"height", 8}, {"boxes", 3}, {"seed", 18}}}});
  EXPECT_NE(picture(*other->initial_state(1)), picture(*game->initial_state(1)));
  const auto hard = make_game("sokoban", {{"generate", {{"boxes", 2}, {"seed", 1}, {"min_pushes", 10}}}});
  EXPECT_EQ(hard->options()["generate"]["min_pushes"], 10);
  SolveOptions push_optimal;
  push_optimal.time_limit_seconds = 0;
  Level start = dynamic_cast<const SokobanGame&>(*hard).level();
  EXPECT_GE(solve(start, push_optimal).pushes, 10);
}

}  // namespace
}  // namespace pg::sokoban

namespace pg::sokoban {
namespace {

// The teaching collection: every level's noted solution solves it, and for
// the smaller levels breadth-first search confirms it is a shortest one.
TEST(SokobanTeaching, EveryLevelIsSolvedByItsNotedSolution) {
  const auto levels = builtin_collection("teaching");
  ASSERT_GE(levels.size(), 8u);
  ASSERT_LE(levels.size(), 12u);
  size_t previous_length = 0;
  for (size_t i = 0; i < levels.size(); ++i) {
    std::string solution;
    for (const auto& note : levels[i].notes)
      if (note.starts_with("solution: ")) solution = note.substr(10, note.find(' ', 10) - 10);
    ASSERT_FALSE(solution.empty()) << levels[i].title;
    const auto game = make_game("sokoban", {{"collection", "teaching"}, {"index", int(i)}});
    auto s = game->initial_state(1);
    play(*s, solution);
    EXPECT_EQ(as_sokoban(*s).outcome(), Outcome::kSolved) << levels[i].title;
    // Graded: no level needs fewer moves than the one before.
    EXPECT_GE(solution.size(), previous_length) << levels[i].title;
    previous_length = solution.size();
    if (solution.size() <= 19) {
      EXPECT_EQ(fewest_moves(*game, int(solution.size())), int(solution.size())) << levels[i].title;
    }
  }
}

}  // namespace
}  // namespace pg::sokoban

namespace pg::sokoban {
namespace {

std::vector<double> greedy_policy(const std::string& level) {
  const auto game = game_of(level);
  auto s = game->initial_state(1);
  auto agent = game->make_agent("greedy");
  Rng rng(1);
  const Decision d = agent->decide(*s, rng);
  EXPECT_EQ(d.actions, (std::vector<Action>{kUp, kDown, kLeft, kRight}));
  return d.probabilities;
}

TEST(SokobanGreedy, PushesTheBoxCloser) {
  EXPECT_EQ(greedy_policy("#######\n#@$  .#\n#######"), (std::vector<double>{0, 0, 0, 1}));
}

TEST(SokobanGreedy, NeverPlaysAMoveThatChangesNothingAndSharesTies) {
  // Up pushes into a box behind a box, down walks into the wall: both change
  // nothing. Left and right bring the player equally near the boxes.
  EXPECT_EQ(greedy_policy("######\n"
                          "#  . #\n"
                          "# $ .#\n"
                          "# $  #\n"
                          "# @  #\n"
                          "######"),
            (std::vector<double>{0, 0, 0.5, 0.5}));
}

TEST(SokobanGreedy, AvoidsTheCornerTest) {
  // Pushing left would put the box in the top-left corner (off target): the
  // other moves are worse by distance but keep the level alive.
  const auto p = greedy_policy(
      "######\n"
      "# $@ #\n"
      "#    #\n"
      "#.   #\n"
      "######");
  EXPECT_EQ(p[kLeft], 0.0);
}

// The `dqn` agent plays each of the project's maps with its own network (policies/sokoban/dqn_seed_map<N>.rlpg);
// other levels are refused, as the project trained one network per map. A one-layer network that prefers D stands in.
TEST(SokobanDqn, PlaysItsMapsNetworkAndOnlyOnTheProjectsMaps) {
  const std::string path = project_dqn_policy_path(0);
  EXPECT_EQ(path, "sokoban/dqn_seed_map1.rlpg");
  const auto shipped = find_policy_file(path);
  nn::PolicyBuilder b("sokoban", "q-network", {"sokoban-tiles-v1", nn::Shape{7, 9, 11}}, {"U", "D", "L", "R"});
  const std::vector<float> weights(4 * 7 * 9 * 11, 0.0f), bias = {0.5f, 2.0f, -1.0f, 0.0f};
  b.flatten("flatten");
  b.dense("q", 4, weights, bias);
  provide_policy_file(path, nn::write_policy(b.build()));

  const auto game = find_game("sokoban").create({{"collection", "seed"}, {"index", 0}});
  bool listed = false;
  for (const auto& info : game->agents()) listed = listed || info.spec == "dqn";
  EXPECT_TRUE(listed);
  const auto agent = make_agent(*game, "dqn");
  const auto state = game->initial_state(1);
  Rng rng(1);
  const Decision d = agent->decide(*state, rng);
  EXPECT_EQ(state->action_name(d.chosen), "D");

  const auto teaching = find_game("sokoban").create({{"collection", "teaching"}, {"index", 0}});
  try {
    make_agent(*teaching, "dqn");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("two maps only"), std::string::npos) << e.what();
  }
  if (shipped) provide_policy_file(path, *shipped);  // the other tests see the shipped network again
}

}  // namespace
}  // namespace pg::sokoban
