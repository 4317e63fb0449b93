#include "web/views/sokoban_view.h"

#include <SDL.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "engine/games/sokoban/level_text.h"
#include "engine/games/sokoban/sokoban_game.h"
#include "imgui.h"
#include "web/ui.h"
#include "web/views/drawing.h"
#include "web/views/sokoban_parts.h"

namespace pg::web {

using sokoban::Board;
using sokoban::Level;
using sokoban::Square;

using namespace sokoban_parts;

namespace {

const ImU32 kPlanWalk = IM_COL32(150, 235, 255, 150);
const ImU32 kPlanPush = IM_COL32(255, 245, 150, 220);
const ImU32 kMatching = IM_COL32(200, 130, 255, 200);

ImU32 with_alpha(ImU32 colour, float alpha) {
  return (colour & 0x00FFFFFFu) | (ImU32(std::clamp(alpha, 0.0f, 1.0f) * 255.0f) << 24);
}

// Text above the map, on the panel's background.
ImU32 text_colour(const ImVec4& colour) { return ImGui::GetColorU32(colour); }

struct Grid {
  ImVec2 origin;  // top-left corner of square (0, 0)
  float cell = 0;
  ImVec2 corner(int r, int c) const { return ImVec2(origin.x + float(c) * cell, origin.y + float(r) * cell); }
  ImVec2 centre(int r, int c) const {
    return ImVec2(origin.x + (float(c) + 0.5f) * cell, origin.y + (float(r) + 0.5f) * cell);
  }
};

const char* tile_name(int tile) {
  static const char* names[] = {"floor", "wall", "box", "target", "player", "box on a target", "player on a target"};
  return tile >= 0 && tile < sokoban::kNumTiles ? names[tile] : "?";
}

// The move a click asks for: toward the mouse along its larger offset from the player.
int move_toward(ImVec2 player, ImVec2 mouse) {
  const float dx = mouse.x - player.x, dy = mouse.y - player.y;
  if (std::fabs(dx) >= std::fabs(dy)) return dx < 0 ? sokoban::kLeft : sokoban::kRight;
  return dy < 0 ? sokoban::kUp : sokoban::kDown;
}

// The arrow of move m around the player's square: a triangle whose base lies
// on the square's side and whose tip points `length` cells outward.
void draw_arrow(ImDrawList* draw, const Grid& g, int r, int c, int m, float length, ImU32 fill, ImU32 outline) {
  const ImVec2 centre = g.centre(r, c);
  const float dr = float(sokoban::kRowDelta[size_t(m)]), dc = float(sokoban::kColumnDelta[size_t(m)]);
  const float half = g.cell * 0.5f, base = g.cell * 0.26f;
  const ImVec2 mid(centre.x + dc * half * 0.82f, centre.y + dr * half * 0.82f);
  const ImVec2 tip(mid.x + dc * length * g.cell, mid.y + dr * length * g.cell);
  const ImVec2 a(mid.x - dr * base, mid.y - dc * base), b(mid.x + dr * base, mid.y + dc * base);
  draw->AddTriangleFilled(a, b, tip, fill);
  if (outline) draw->AddTriangle(a, b, tip, outline, std::max(1.5f, g.cell * 0.05f));
}

// One line on what the analysis says: deadlock, or the optimal finish from here.
std::pair<std::string, ImU32> analysis_line(const sokoban::PositionAnalysis& a, int steps) {
  if (a.deadlocks.deadlocked)
    return {"Deadlock: no sequence of moves can solve the level from here", text_colour(palette().text_bad)};
  char text[200];
  switch (a.plan_status) {
    case sokoban::SolveStatus::kSolved:
      if (a.plan_moves == 0) return {"", 0};
      std::snprintf(text, sizeof text, "solver: %d moves (%d pushes) from here at best; %d step%s played", a.plan_moves,
                    a.plan_pushes, steps, steps == 1 ? "" : "s");
      return {text, text_colour(palette().text_info)};
    case sokoban::SolveStatus::kUnsolvable:
      return {"Deadlock: the solver proved there is no solution from here", text_colour(palette().text_bad)};
    default:
      std::snprintf(text, sizeof text, "solver: no plan within %s positions; lower bound %d pushes",
                    with_thousands(a.nodes_expanded).c_str(), a.bound.pushes);
      return {text, text_colour(palette().text_neutral)};
  }
}

// The headline (the outcome, or who is to move) and the status (steps, boxes on targets, the last reward).
std::pair<std::string, ImU32> headline_of(const sokoban::SokobanState& state, const BoardContext& c) {
  switch (state.outcome()) {
    case sokoban::Outcome::kSolved:
      return {"Solved in " + std::to_string(state.board().steps()) + " steps!", text_colour(palette().text_good)};
    case sokoban::Outcome::kStuck:
      return {"Game over: a box is stuck in a corner (the project's test)", text_colour(palette().text_bad)};
    case sokoban::Outcome::kStepCap: return {"Out of steps", text_colour(palette().text_warning)};
    case sokoban::Outcome::kPlaying: break;
  }
  return {c.human_to_move ? "Your move: arrow keys or WASD" : c.agent + " to move",
          text_colour(palette().text_neutral)};
}

std::string status_of(const sokoban::SokobanState& state, const BoardContext& c) {
  const Board& board = state.board();
  char status[256];
  std::snprintf(status, sizeof status, "step %d%s   boxes on targets %d of %zu", board.steps(),
                state.rules().max_steps > 0 ? (" of " + std::to_string(state.rules().max_steps)).c_str() : "",
                board.boxes_on_targets(), board.boxes().size());
  std::string line = status;
  if (c.last_step && !c.last_step->transition.rewards.empty()) {
    std::snprintf(status, sizeof status, "   last reward %+.1f", c.last_step->transition.rewards[0]);
    line += status;
  }
  return line;
}

// The map: walls, the floor inside the room, the targets.
void draw_map(ImDrawList* draw, const Grid& g, const Level& level, const std::vector<uint8_t>& inside) {
  for (int r = 0; r < level.height; ++r) {
    for (int col = 0; col < level.width; ++col) {
      const Square s = level.at(r, col);
      const ImVec2 p0 = g.corner(r, col), p1 = g.corner(r + 1, col + 1);
      if (level.wall[size_t(s)]) {
        draw->AddRectFilled(p0, p1, kWall);
        draw->AddRect(p0, p1, kWallEdge, 0, 0, std::max(1.0f, g.cell * 0.04f));
        continue;
      }
      if (!inside[size_t(s)]) continue;  // outside the walls: background
      draw->AddRectFilled(p0, p1, kFloor);
      draw->AddRect(p0, p1, kFloorLine);
      if (level.target[size_t(s)])
        draw->AddCircle(g.centre(r, col), g.cell * 0.3f, kTarget, 24, std::max(2.0f, g.cell * 0.06f));
    }
  }
}

// The analysis under the pieces: dead squares shaded, the lower bound's box-to-target matching, the
// solver's plan as the player's path (pushes bold).
void draw_analysis(ImDrawList* draw, const Grid& g, const Level& level, const sokoban::PositionAnalysis& a,
                   bool dead_squares, bool matching, bool plan) {
  if (dead_squares) {
    const float inset = g.cell * 0.06f;
    for (const Square d : a.deadlocks.dead_squares) {
      const ImVec2 p0 = g.corner(level.row(d), level.column(d)), p1 = g.corner(level.row(d) + 1, level.column(d) + 1);
      draw->AddRectFilled(ImVec2(p0.x + inset, p0.y + inset), ImVec2(p1.x - inset, p1.y - inset),
                          with_alpha(palette().bad, 0.4f));
    }
  }
  if (matching) {
    for (const auto& [box, target] : a.bound.box_to_target)
      if (box != target)
        draw->AddLine(g.centre(level.row(box), level.column(box)), g.centre(level.row(target), level.column(target)),
                      kMatching, std::max(1.5f, g.cell * 0.05f));
  }
  if (plan && a.player_path.size() > 1) {
    for (size_t i = 0; i + 1 < a.player_path.size(); ++i) {
      const Square from = a.player_path[i], to = a.player_path[i + 1];
      const bool push = std::isupper(static_cast<unsigned char>(a.plan[i])) != 0;
      draw->AddLine(g.centre(level.row(from), level.column(from)), g.centre(level.row(to), level.column(to)),
                    push ? kPlanPush : kPlanWalk, std::max(push ? 3.0f : 1.5f, g.cell * (push ? 0.1f : 0.04f)));
    }
    const Square last = a.player_path.back();
    draw->AddCircleFilled(g.centre(level.row(last), level.column(last)), g.cell * 0.1f, kPlanWalk, 16);
  }
}

// The boxes (green on a target) and the player.
void draw_pieces(ImDrawList* draw, const Grid& g, const Board& board) {
  const Level& level = board.level();
  const float pad = g.cell * 0.12f;
  for (const Square b : board.boxes()) {
    const int r = level.row(b), col = level.column(b);
    const bool on = level.target[size_t(b)] != 0;
    const ImVec2 p0(g.corner(r, col).x + pad, g.corner(r, col).y + pad);
    const ImVec2 p1(g.corner(r + 1, col + 1).x - pad, g.corner(r + 1, col + 1).y - pad);
    const ImU32 edge = on ? kBoxOnTargetEdge : kBoxEdge;
    draw->AddRectFilled(p0, p1, on ? kBoxOnTarget : kBox, g.cell * 0.08f);
    draw->AddRect(p0, p1, edge, g.cell * 0.08f, 0, std::max(1.5f, g.cell * 0.06f));
    draw->AddLine(p0, p1, edge, std::max(1.0f, g.cell * 0.04f));
    draw->AddLine(ImVec2(p0.x, p1.y), ImVec2(p1.x, p0.y), edge, std::max(1.0f, g.cell * 0.04f));
  }
  const ImVec2 player = g.centre(level.row(board.player()), level.column(board.player()));
  draw->AddCircleFilled(player, g.cell * 0.34f, kPlayer, 32);
  draw->AddCircle(player, g.cell * 0.34f, kPlayerEdge, 32, std::max(1.5f, g.cell * 0.05f));
}

// The last step: the push (from where the box stood to where it went), or a bump into a wall or a blocked box.
void draw_last_step(ImDrawList* draw, const Grid& g, const Board& board, const Json& ev) {
  namespace events = sokoban::events;
  if (ev.contains(events::kBoxFrom)) {
    const Json &box_from = ev[events::kBoxFrom], &box_to = ev[events::kBoxTo];
    const ImVec2 from = g.centre(box_from[0].get<int>(), box_from[1].get<int>());
    const ImVec2 to = g.centre(box_to[0].get<int>(), box_to[1].get<int>());
    const ImU32 push = with_alpha(palette().last_move, 220.0f / 255.0f);
    draw->AddLine(from, to, push, std::max(2.0f, g.cell * 0.08f));
    draw->AddCircleFilled(from, g.cell * 0.07f, push, 12);
    return;
  }
  const std::string kind = ev.value(events::kKind, "");
  if (kind != sokoban::step_kind_name(sokoban::StepKind::kBlockedByWall) &&
      kind != sokoban::step_kind_name(sokoban::StepKind::kBlockedBox))
    return;
  const int m = sokoban::move_from_char(ev.value(events::kMove, "?")[0]);
  if (m < 0) return;
  const Level& level = board.level();
  const ImVec2 centre = g.centre(level.row(board.player()), level.column(board.player()));
  const float dr = float(sokoban::kRowDelta[size_t(m)]), dc = float(sokoban::kColumnDelta[size_t(m)]);
  const ImVec2 mid(centre.x + dc * g.cell * 0.5f, centre.y + dr * g.cell * 0.5f);
  const float w = g.cell * 0.3f;
  draw->AddLine(ImVec2(mid.x - dr * w, mid.y - dc * w), ImVec2(mid.x + dr * w, mid.y + dc * w), palette().bad,
                std::max(2.0f, g.cell * 0.08f));
}

// An orange ring (the palette's bad colour) on each box the project's corner test flags.
void draw_corner_test(ImDrawList* draw, const Grid& g, const Board& board) {
  const Level& level = board.level();
  for (const Square b : board.boxes())
    if (sokoban::project_corner_stuck_at(board, b))
      draw->AddCircle(g.centre(level.row(b), level.column(b)), g.cell * 0.5f, palette().bad, 32,
                      std::max(2.0f, g.cell * 0.07f));
}

// An orange frame (the palette's bad colour) on each deadlocked box: on a dead square, frozen, or in a corral
// that cannot be opened.
void draw_deadlocked_boxes(ImDrawList* draw, const Grid& g, const Level& level, const sokoban::DeadlockReport& d) {
  for (const Square b : sokoban::deadlocked_boxes(d)) {
    const ImVec2 p0 = g.corner(level.row(b), level.column(b)), p1 = g.corner(level.row(b) + 1, level.column(b) + 1);
    draw->AddRect(ImVec2(p0.x + 1, p0.y + 1), ImVec2(p1.x - 1, p1.y - 1), palette().bad, g.cell * 0.1f, 0,
                  std::max(2.5f, g.cell * 0.09f));
  }
}

// The agent's distribution as arrows around the player (longer and brighter = likelier, its choice
// outlined), with the probability and the score (a DQN's Q-value, a policy's logit) beside each.
void draw_move_arrows(ImDrawList* draw, const Grid& g, const Board& board, const Decision& d, bool numbers,
                      float small) {
  const Level& level = board.level();
  const int pr = level.row(board.player()), pc = level.column(board.player());
  const double most = *std::max_element(d.probabilities.begin(), d.probabilities.end());
  for (size_t i = 0; i < d.actions.size(); ++i) {
    const int m = d.actions[i];
    const float p = most > 0 ? float(d.probabilities[i] / most) : 0.0f;
    draw_arrow(draw, g, pr, pc, m, 0.12f + 0.33f * p, with_alpha(palette().probability, 0.2f + 0.8f * p),
               d.actions[i] == d.chosen ? palette().chosen : 0);
    if (!numbers || g.cell < 36) continue;
    const ImVec2 centre = g.centre(pr, pc);
    const float dr = float(sokoban::kRowDelta[size_t(m)]), dc = float(sokoban::kColumnDelta[size_t(m)]);
    const ImVec2 at(centre.x + dc * g.cell * 1.05f, centre.y + dr * g.cell * 1.05f);
    const float below = d.scores.empty() ? 0.0f : small * 1.1f;
    draw->AddRectFilled(ImVec2(at.x - small * 1.6f, at.y - small * 0.6f),
                        ImVec2(at.x + small * 1.6f, at.y + small * 0.6f + below), palette().label_back, 3);
    centered_text(draw, at, small, palette().label_text, percent(d.probabilities[i]));
    if (below > 0) {
      char score[24];
      std::snprintf(score, sizeof score, "%.1f", d.scores[i]);
      centered_text(draw, ImVec2(at.x, at.y + below), small, palette().score, score);
    }
  }
}

}  // namespace

std::optional<Action> SokobanView::key_action(int key, const BoardContext& context) {
  if (context.state.is_terminal()) return std::nullopt;
  switch (key) {
    case SDLK_UP:
    case SDLK_w: return sokoban::kUp;
    case SDLK_DOWN:
    case SDLK_s: return sokoban::kDown;
    case SDLK_LEFT:
    case SDLK_a: return sokoban::kLeft;
    case SDLK_RIGHT:
    case SDLK_d: return sokoban::kRight;
    default: return std::nullopt;
  }
}

void SokobanView::draw_debug_toggles() {
  ImGui::Checkbox("Move arrows", &show_arrows_);
  help_marker(PG_TEXT(
      "Around the player, one arrow per move (up, down, left, right): the longer and brighter, the likelier the "
      "agent plays it (scaled to its likeliest move); its choice is outlined in teal. When you play, the arrows "
      "show where a click moves you."));
  ImGui::SameLine();
  ImGui::Checkbox("Numbers", &show_numbers_);
  help_marker(
      PG_TEXT("Beside each arrow its probability and, in blue under it, the agent's score of the move when it "
              "has one: the project's DQN's Q-value (the return it expects), the general policy's logit."));
  ImGui::Checkbox("Corner test", &show_corner_test_);
  help_marker(PG_TEXT(
      "The project's failure test (check_fail): a box with a wall or an off-target box above or below it, and one left "
      "or right of it. It is ringed in orange. The project ends the episode there with -50; it also flags boxes on "
      "targets and some positions that can still be solved (two boxes side by side may still move apart)."));
  ImGui::SameLine();
  ImGui::Checkbox("Last step", &show_last_step_);
  help_marker(
      PG_TEXT("The last push (a yellow line from where the box stood), or an orange bar where the player bumped."));
  ImGui::Checkbox("Dead squares", &show_dead_squares_);
  help_marker(PG_TEXT(
      "Shaded orange: squares from which a box can never reach any target, whatever the player does (found by "
      "pulling a box backwards from every target). A box framed in orange is deadlocked: it stands on a dead square, "
      "or it and its neighbours are frozen against walls and each other while one is off target. From then on no "
      "sequence of moves solves the level, even if the episode goes on."));
  ImGui::SameLine();
  ImGui::Checkbox("Solver plan", &show_plan_);
  help_marker(PG_TEXT(
      "The exact solver's fewest-moves solution from the position on the board, drawn as the player's path (thin: "
      "walking, thick yellow: pushing), with its length above the map. Compare it with the agent's steps: an "
      "optimal agent follows a path of that length. The solver gives up after 50,000 positions; stepping along "
      "its plan (or back) reuses it."));
  ImGui::Checkbox("Lower bound matching", &show_matching_);
  help_marker(
      PG_TEXT("The solver's lower bound: each box is paired with its own target so that the sum of pushes a lone box "
              "would need is smallest (Hungarian algorithm). No plan can use fewer pushes; the search explores the "
              "positions where this bound plus the pushes so far is smallest first."));
}

std::string SokobanView::legend() const {
  return PG_TEXT(
             "Brown: walls; green rings: targets; orange: boxes (green on a target); blue: the player. Arrows: the "
             "agent's probability of each move. Play with the arrow keys or WASD, or click beside the player; undo "
             "with "
             "the timeline's step back, restart with R.")
      .str();
}

// The analysis line above the map, the deadlocked boxes framed on it and the dead squares shaded on it, and
// the box the project's corner test flags, in sentences (squares as SokobanState::to_words names them).
std::string SokobanView::analysis_words(const BoardContext& c) {
  const sokoban::Board& board = sokoban_state(c.state).board();
  const sokoban::Level& level = board.level();
  const auto square = [&](sokoban::Square s) {
    return "(" + std::to_string(level.row(s)) + ", " + std::to_string(level.column(s)) + ")";
  };
  if (!c.show_analysis) return "";
  const sokoban::PositionAnalysis& a = analyst_.analyse(board);
  std::string text = analysis_line(a, board.steps()).first;
  if (!text.empty()) text[0] = char(std::toupper(static_cast<unsigned char>(text[0])));
  if (!text.empty()) text += ". ";
  std::string boxes;
  for (const sokoban::Square b : sokoban::deadlocked_boxes(a.deadlocks))
    boxes += (boxes.empty() ? "" : ", ") + square(b);
  if (!boxes.empty()) text += "Deadlocked boxes: " + boxes + ". ";
  text += std::to_string(a.deadlocks.dead_squares.size()) +
          " dead squares (a box pushed onto one can never reach a target)";
  std::string dead;
  for (const sokoban::Square s : a.deadlocks.dead_squares) dead += (dead.empty() ? ": " : ", ") + square(s);
  text += dead + ".";
  if (const sokoban::Square stuck = sokoban::project_corner_stuck_box(board); stuck >= 0)
    text += " The project's corner test flags the box at " + square(stuck) + ".";
  return text;
}

std::optional<Action> SokobanView::draw(const BoardContext& c) {
  const auto& state = sokoban_state(c.state);
  const Board& board = state.board();
  const Level& level = board.level();
  if (inside_of_ != board.level_ptr()) {
    inside_of_ = board.level_ptr();
    inside_ = sokoban::squares_inside(level);
  }
  const auto area = board_area(3.2f);  // room for the legend
  if (!area) return std::nullopt;
  const ImVec2 origin = area->origin, avail = area->size;
  const float small = std::clamp(avail.y * 0.03f, 11.0f, 18.0f), top = small * 4.1f;
  Grid g;
  g.cell = std::max(6.0f, std::min(avail.x / float(level.width), (avail.y - top) / float(level.height)));
  const float board_w = g.cell * float(level.width), board_h = g.cell * float(level.height);
  g.origin = ImVec2(origin.x + (avail.x - board_w) * 0.5f, origin.y + top);
  ImDrawList* draw = ImGui::GetWindowDrawList();

  // Above the map: the headline, the status, and what the analysis says of this position.
  const auto [headline, headline_colour] = headline_of(state, c);
  const float left = std::max(origin.x, std::min(g.origin.x, origin.x + avail.x * 0.5f - small * 12));
  board_text(small * 1.1f).draw(draw, ImVec2(left, origin.y), headline_colour, headline);
  board_text(small).draw(draw, ImVec2(left, origin.y + small * 1.3f), text_colour(palette().text_neutral),
                         status_of(state, c));
  const bool analysed = (show_dead_squares_ || show_plan_ || show_matching_) && c.show_analysis;
  const sokoban::PositionAnalysis* a = analysed ? &analyst_.analyse(board) : nullptr;
  if (a) {
    const auto [text, colour] = analysis_line(*a, board.steps());
    board_text(small).draw(draw, ImVec2(left, origin.y + small * 2.55f), colour, text);
  }

  draw_map(draw, g, level, inside_);
  if (a) draw_analysis(draw, g, level, *a, show_dead_squares_, show_matching_, show_plan_);
  draw_pieces(draw, g, board);
  if (show_last_step_ && c.last_step) draw_last_step(draw, g, board, c.last_step->transition.events);
  if (show_corner_test_) draw_corner_test(draw, g, board);
  if (a && show_dead_squares_ && a->deadlocks.deadlocked) draw_deadlocked_boxes(draw, g, level, a->deadlocks);
  for (sokoban::Square s = 0; s < level.num_squares(); ++s)
    places.push_back({g.centre(level.row(s), level.column(s)).x, g.centre(level.row(s), level.column(s)).y});
  place_size = g.cell;

  // The move arrows: the agent's distribution, or where a human's click goes.
  const int pr = level.row(board.player()), pc = level.column(board.player());
  const bool live = !state.is_terminal();
  targets.clear();
  for (int m = 0; live && m < sokoban::kNumMoves; ++m) {
    const ImVec2 centre = g.centre(pr, pc);
    targets.push_back({m, centre.x + float(sokoban::kColumnDelta[size_t(m)]) * g.cell,
                       centre.y + float(sokoban::kRowDelta[size_t(m)]) * g.cell});
  }
  if (live && show_arrows_ && c.show_probabilities && c.decision && !c.human_to_move && !c.decision->declined &&
      !c.decision->probabilities.empty())
    draw_move_arrows(draw, g, board, *c.decision, show_numbers_, small);
  else if (live && c.human_to_move && show_arrows_)
    for (int m = 0; m < sokoban::kNumMoves; ++m)
      draw_arrow(draw, g, pr, pc, m, 0.2f, with_alpha(palette().target, 90.0f / 255.0f), 0);

  // Hover: the square; a human's click: the move toward the mouse.
  std::optional<Action> clicked;
  ImGui::SetCursorScreenPos(origin);
  ImGui::InvisibleButton("board", ImVec2(avail.x, top + board_h));
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (ImGui::IsItemHovered()) {
    const int hr = int(std::floor((mouse.y - g.origin.y) / g.cell)),
              hc = int(std::floor((mouse.x - g.origin.x) / g.cell));
    if (level.inside(hr, hc)) {
      const Square s = level.at(hr, hc);
      ImGui::SetTooltip("row %d, column %d: %s", hr, hc,
                        tile_name(sokoban::tile_code(level, s, board.box_at(s), board.player())));
    }
    if (live && c.human_to_move && ImGui::IsItemClicked()) clicked = move_toward(g.centre(pr, pc), mouse);
  }
  return clicked;
}

}  // namespace pg::web
