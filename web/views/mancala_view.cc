#include "web/views/mancala_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/games/mancala/board.h"
#include "engine/games/mancala/mancala_game.h"
#include "imgui.h"
#include "web/ui.h"

namespace pg::web {

using mancala::kNumHoles;
using mancala::kPitsPerSide;

namespace {

const ImU32 kBoardColour = IM_COL32(92, 60, 36, 255);
const ImU32 kBoardEdge = IM_COL32(140, 98, 60, 255);
const ImU32 kPitColour = IM_COL32(58, 36, 20, 255);
const ImU32 kTextColour = IM_COL32(240, 232, 220, 255);
const ImU32 kLastMoveColour = IM_COL32(255, 214, 90, 255);
const ImU32 kPathColour = IM_COL32(255, 255, 255, 150);
const ImU32 kCaptureColour = IM_COL32(235, 70, 70, 255);
const ImU32 kChosenColour = IM_COL32(120, 230, 120, 255);

struct Geometry {
  ImVec2 origin;
  float cell = 0;
  ImVec2 centre[kNumHoles];
  float radius[kNumHoles];
  bool top[kNumHoles];  // drawn in the top row (player 1's side)
};

// Columns 1..6 hold the pits; the stores sit in columns 0 (player 1) and 7
// (player 0). Bottom row: holes 0..5 left to right; top row: 12..7. Bands
// above and below the rows carry the agent's probability bars; the band
// between the rows carries capture and extra-turn notes.
constexpr float kBand = 0.38f, kMidBand = 0.5f, kBoardHeight = 2 * kBand + 2.0f + kMidBand;
constexpr float kOutside = 0.75f;  // player label and pit names, above and below the board

Geometry layout(ImVec2 origin, ImVec2 size) {
  Geometry g;
  g.cell = std::min(size.x / 8.2f, size.y / (kBoardHeight + 2 * kOutside));
  const float width = 8.0f * g.cell;
  g.origin = ImVec2(origin.x + (size.x - width) * 0.5f, origin.y + kOutside * g.cell);
  const float top_y = g.origin.y + (kBand + 0.5f) * g.cell;
  const float bottom_y = g.origin.y + (kBand + 1.5f + kMidBand) * g.cell;
  for (int i = 0; i < kPitsPerSide; ++i) {
    g.centre[i] = ImVec2(g.origin.x + (1.5f + float(i)) * g.cell, bottom_y);
    g.centre[12 - i] = ImVec2(g.origin.x + (1.5f + float(i)) * g.cell, top_y);
    g.radius[i] = g.radius[12 - i] = 0.42f * g.cell;
    g.top[i] = false;
    g.top[12 - i] = true;
  }
  const float mid_y = g.origin.y + kBoardHeight * g.cell * 0.5f;
  g.centre[6] = ImVec2(g.origin.x + 7.5f * g.cell, mid_y);
  g.centre[13] = ImVec2(g.origin.x + 0.5f * g.cell, mid_y);
  g.radius[6] = g.radius[13] = 0.45f * g.cell;
  g.top[6] = false;
  g.top[13] = true;
  return g;
}

// Stones as small pebbles, placed on a sunflower spiral so they never move
// when others are added.
void draw_stones(ImDrawList* draw, ImVec2 centre, float radius, bool is_store, int count) {
  const int shown = std::min(count, 40);
  const float stone = radius * (is_store ? 0.13f : 0.16f);
  const float spread = radius - stone * 1.6f;
  for (int k = 0; k < shown; ++k) {
    const float r = spread * (0.45f + 0.55f * std::sqrt((float(k) + 0.5f) / float(std::max(shown, 8))));
    const float angle = float(k) * 2.39996f;
    const ImVec2 p(centre.x + r * std::cos(angle) * (is_store ? 0.7f : 1.0f),
                   centre.y + r * std::sin(angle) * (is_store ? 2.3f : 1.0f));
    const int hue = (k * 37) % 3;
    const ImU32 colour = hue == 0   ? IM_COL32(120, 190, 230, 235)
                         : hue == 1 ? IM_COL32(200, 220, 235, 235)
                                    : IM_COL32(90, 150, 200, 235);
    draw->AddCircleFilled(p, stone, colour, 10);
  }
}

void arrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 colour, float thickness) {
  draw->AddLine(from, to, colour, thickness);
  const float dx = to.x - from.x, dy = to.y - from.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  if (len < 1) return;
  const float ux = dx / len, uy = dy / len, head = thickness * 4.0f;
  draw->AddTriangleFilled(to, ImVec2(to.x - ux * head - uy * head * 0.6f, to.y - uy * head + ux * head * 0.6f),
                          ImVec2(to.x - ux * head + uy * head * 0.6f, to.y - uy * head - ux * head * 0.6f), colour);
}

}  // namespace

void MancalaView::draw_debug_toggles() {
  ImGui::Checkbox("Sowing path", &show_path_);
  ImGui::SameLine();
  ImGui::Checkbox("Capture", &show_capture_);
  ImGui::SameLine();
  ImGui::Checkbox("Extra turn", &show_extra_turn_);
  ImGui::Checkbox("Search scores on the pits", &show_scores_);
}

std::string MancalaView::legend() const {
  return "Sowing runs counter-clockwise. Yellow ring: the pit just played; white line: where its stones went; red: "
         "a capture; green ring: the agent's choice. Bars by the mover's pits: the agent's probability for each pit, "
         "and its search score.";
}

std::optional<Action> MancalaView::draw(const BoardContext& c) {
  const auto& state = dynamic_cast<const mancala::MancalaState&>(c.state);
  const mancala::Board& board = state.board();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  avail.y -= ImGui::GetTextLineHeightWithSpacing() * 3.2f;  // room for the legend
  if (avail.x < 50 || avail.y < 40) return std::nullopt;
  const Geometry g = layout(origin, avail);
  const float cell = g.cell;
  const float text_size = std::max(13.0f, cell * 0.26f);

  // The board.
  const ImVec2 bmin(g.origin.x, g.origin.y), bmax(g.origin.x + 8 * cell, g.origin.y + kBoardHeight * cell);
  draw->AddRectFilled(bmin, bmax, kBoardColour, cell * 0.3f);
  draw->AddRect(bmin, bmax, kBoardEdge, cell * 0.3f, 0, 3.0f);

  // Whose side is whose, and whose turn.
  const int mover = c.state.current_player();
  for (int p = 0; p < 2; ++p) {
    const float y = p == 1 ? bmin.y - 0.55f * cell : bmax.y + 0.55f * cell;
    std::string label = "Player " + std::to_string(p) + (p == 0 ? " (bottom, store right)" : " (top, store left)");
    if (mover == p) label = "> " + label + " to move";
    draw->AddText(ImGui::GetFont(), text_size * 0.85f, ImVec2(bmin.x, y - text_size * 0.45f),
                  player_colour(p, mover == p ? 1.0f : 0.55f), label.c_str());
  }

  // Pits and stores with their stones and counts.
  const int last_pit = c.last_step && c.last_step->transition.events.contains("pit")
                           ? c.last_step->transition.events["pit"].get<int>()
                           : -1;
  for (int h = 0; h < kNumHoles; ++h) {
    const bool store = h == mancala::store_of(0) || h == mancala::store_of(1);
    const ImVec2 ctr = g.centre[h];
    if (store) {
      const float hw = g.radius[h] * 0.8f, hh = cell * 1.3f;
      draw->AddRectFilled(ImVec2(ctr.x - hw, ctr.y - hh), ImVec2(ctr.x + hw, ctr.y + hh), kPitColour, hw);
    } else {
      draw->AddCircleFilled(ctr, g.radius[h], kPitColour, 40);
    }
    draw_stones(draw, ctr, g.radius[h], store, board.holes[size_t(h)]);
    draw->AddCircleFilled(ctr, text_size * (store ? 0.85f : 0.62f), IM_COL32(30, 18, 10, 220), 24);
    centered_text(draw, ImVec2(ctr.x, ctr.y), text_size * (store ? 1.3f : 1.0f), kTextColour,
                  std::to_string(board.holes[size_t(h)]));
    if (h == last_pit) draw->AddCircle(ctr, g.radius[h] + 3, kLastMoveColour, 40, 3.0f);
  }
  // Pit names: "1".."6" from each player's left (the pit farthest from its store).
  for (int p = 0; p < 2; ++p) {
    for (int i = 0; i < kPitsPerSide; ++i) {
      const int h = mancala::first_pit_of(p) + i;
      const float y = g.top[h] ? bmin.y - 0.2f * cell : bmax.y + 0.2f * cell;
      centered_text(draw, ImVec2(g.centre[h].x, y), text_size * 0.75f, player_colour(p, 0.8f),
                    "pit " + std::to_string(i + 1));
    }
  }

  // Debug drawings of the last move.
  if (c.last_step) {
    const Json& ev = c.last_step->transition.events;
    if (show_path_ && ev.contains("sown") && ev.contains("pit")) {
      ImVec2 prev = g.centre[ev["pit"].get<int>()];
      const auto& sown = ev["sown"];
      const size_t n = sown.size();
      for (size_t k = 0; k < n; ++k) {
        const int h = sown[k].get<int>();
        // Later laps are drawn slightly inward so they stay visible.
        const float inset = 0.35f * g.radius[h] * float(k / 13) / 2.0f;
        ImVec2 to = g.centre[h];
        to.y += g.top[h] ? inset : -inset;
        arrow(draw, prev, to, kPathColour, std::max(1.5f, cell * 0.025f));
        prev = to;
      }
    }
    if (show_capture_ && ev.contains("capture")) {
      const int pit = ev["capture"]["pit"].get<int>(), opposite = ev["capture"]["opposite"].get<int>();
      const int mover_store = mancala::store_of(ev["mover"].get<int>());
      draw->AddCircle(g.centre[opposite], g.radius[opposite] + 3, kCaptureColour, 40, 3.0f);
      draw->AddCircle(g.centre[pit], g.radius[pit] + 3, kCaptureColour, 40, 3.0f);
      arrow(draw, g.centre[opposite], g.centre[mover_store], kCaptureColour, std::max(2.0f, cell * 0.04f));
      centered_text(draw, ImVec2((bmin.x + bmax.x) * 0.5f, (bmin.y + bmax.y) * 0.5f), text_size * 0.9f, kCaptureColour,
                    "capture: " + std::to_string(ev["capture"]["stones"].get<int>()) + " stones");
    }
    if (show_extra_turn_ && ev.value("extra_turn", false)) {
      const int s = mancala::store_of(ev["mover"].get<int>());
      draw->AddCircle(g.centre[s], g.radius[s] * 1.15f, kLastMoveColour, 40, 3.0f);
      const float x = s == mancala::store_of(0) ? g.centre[s].x - cell * 1.2f : g.centre[s].x + cell * 1.2f;
      centered_text(draw, ImVec2(x, g.centre[s].y), text_size * 0.85f, kLastMoveColour, "extra turn!");
    }
  }

  // The agent's distribution, drawn on the mover's pits: a bar and a number.
  if (c.decision && c.show_probabilities && mover >= 0) {
    const Decision& d = *c.decision;
    for (size_t k = 0; k < d.actions.size(); ++k) {
      const int h = mancala::first_pit_of(mover) + d.actions[k];
      const ImVec2 ctr = g.centre[h];
      const double p = d.probabilities[k];
      const float bar_w = g.radius[h] * 1.9f, bar_h = kBand * cell * 0.62f;
      const float y = g.top[h] ? bmin.y + kBand * cell * 0.19f : bmax.y - kBand * cell * 0.81f;
      const ImVec2 bar0(ctr.x - bar_w * 0.5f, y);
      draw->AddRectFilled(bar0, ImVec2(bar0.x + bar_w, y + bar_h), IM_COL32(0, 0, 0, 130), 3);
      draw->AddRectFilled(bar0, ImVec2(bar0.x + bar_w * float(p), y + bar_h), player_colour(mover, 0.9f), 3);
      if (p > 0)
        draw->AddCircle(ctr, g.radius[h] - 2, player_colour(mover, 0.35f + 0.65f * float(p)), 40,
                        2.0f + 4.0f * float(p));
      if (d.actions[k] == d.chosen) draw->AddCircle(ctr, g.radius[h] + 6, kChosenColour, 40, 2.5f);
      std::string label = percent(p);
      if (show_scores_ && k < d.scores.size()) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "  %+g", d.scores[k]);
        label += buf;
      }
      centered_text(draw, ImVec2(ctr.x, y + bar_h * 0.5f), std::min(text_size * 0.8f, bar_h * 1.1f),
                    IM_COL32(255, 255, 255, 255), label);
    }
  }

  // Game over.
  if (c.state.is_terminal()) {
    const int o = board.outcome();
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s  %d : %d",
                  o > 0   ? "Player 0 wins"
                  : o < 0 ? "Player 1 wins"
                          : "Draw",
                  board.store(0), board.store(1));
    const ImVec2 mid((bmin.x + bmax.x) * 0.5f, (bmin.y + bmax.y) * 0.5f);
    draw->AddRectFilled(ImVec2(mid.x - cell * 2.2f, mid.y - cell * 0.3f),
                        ImVec2(mid.x + cell * 2.2f, mid.y + cell * 0.3f), IM_COL32(0, 0, 0, 200), 8);
    centered_text(draw, mid, text_size * 1.2f, IM_COL32(255, 255, 255, 255), buf);
  }

  // Human input: a click on one of the mover's non-empty pits.
  targets.clear();
  for (Action a : c.state.legal_actions()) {
    const int h = mancala::first_pit_of(mover) + a;
    targets.push_back({a, g.centre[h].x, g.centre[h].y});
  }
  std::optional<Action> clicked;
  ImGui::SetCursorScreenPos(origin);
  ImGui::InvisibleButton("board", ImVec2(avail.x, (kBoardHeight + 2 * kOutside) * cell));
  if (c.human_to_move && ImGui::IsItemHovered()) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (Action a : c.state.legal_actions()) {
      const int h = mancala::first_pit_of(mover) + a;
      const float dx = mouse.x - g.centre[h].x, dy = mouse.y - g.centre[h].y;
      if (dx * dx + dy * dy <= g.radius[h] * g.radius[h]) {
        draw->AddCircle(g.centre[h], g.radius[h] + 2, IM_COL32(255, 255, 255, 220), 40, 3.0f);
        ImGui::SetTooltip("Sow pit %d (%d stones)", a + 1, board.holes[size_t(h)]);
        if (ImGui::IsItemClicked()) clicked = a;
      }
    }
  }
  ImGui::TextWrapped("%s", legend().c_str());
  if (c.human_to_move) ImGui::TextColored(ImVec4(1, 1, 0.5f, 1), "Your move: click one of your non-empty pits.");
  return clicked;
}

}  // namespace pg::web
