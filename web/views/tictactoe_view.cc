#include "web/views/tictactoe_view.h"

#include <algorithm>

#include "engine/games/tictactoe/solver.h"
#include "engine/games/tictactoe/tictactoe_game.h"
#include "imgui.h"
#include "web/ui.h"
#include "web/views/drawing.h"

namespace pg::web {

using tictactoe::Board;
using tictactoe::kCells;

namespace {

const ImU32 kGridBack = IM_COL32(40, 44, 52, 255);
const ImU32 kGridLine = IM_COL32(150, 155, 165, 255);

// The grid: its top-left corner and the side of a cell.
struct Grid {
  ImVec2 min;
  float cell = 0;
  ImVec2 centre(int c) const {
    return ImVec2(min.x + (float(c % 3) + 0.5f) * cell, min.y + (float(c / 3) + 0.5f) * cell);
  }
  ImVec2 corner(int c) const { return ImVec2(min.x + float(c % 3) * cell, min.y + float(c / 3) * cell); }
  float side() const { return cell * 3; }
};

Grid layout(const BoardArea& area) {
  Grid g;
  g.cell = std::min(area.size.x, area.size.y) * 0.9f / 3;
  g.min = ImVec2(area.origin.x + (area.size.x - g.side()) * 0.5f, area.origin.y + g.cell * 0.1f);
  return g;
}

void draw_grid(ImDrawList* draw, const Grid& g) {
  draw->AddRectFilled(g.min, ImVec2(g.min.x + g.side(), g.min.y + g.side()), kGridBack, 6);
  const float thick = std::max(2.0f, g.cell * 0.04f);
  for (int k = 1; k < 3; ++k) {
    const float at = float(k) * g.cell;
    draw->AddLine(ImVec2(g.min.x + at, g.min.y), ImVec2(g.min.x + at, g.min.y + g.side()), kGridLine, thick);
    draw->AddLine(ImVec2(g.min.x, g.min.y + at), ImVec2(g.min.x + g.side(), g.min.y + at), kGridLine, thick);
  }
}

void draw_mark(ImDrawList* draw, ImVec2 c, float cell, int seat, ImU32 colour) {
  const float r = cell * 0.3f, thick = std::max(3.0f, cell * 0.08f);
  if (seat == 0) {
    draw->AddLine(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), colour, thick);
    draw->AddLine(ImVec2(c.x - r, c.y + r), ImVec2(c.x + r, c.y - r), colour, thick);
  } else {
    draw->AddCircle(c, r, colour, 40, thick);
  }
}

void draw_marks(ImDrawList* draw, const Grid& g, const Board& b) {
  for (int c = 0; c < kCells; ++c)
    if (!b.empty_at(c)) draw_mark(draw, g.centre(c), g.cell, b.cells[size_t(c)], player_colour(b.cells[size_t(c)]));
}

// The last move's cell framed, and the line that won struck through.
void draw_last_move(ImDrawList* draw, const Grid& g, const Board& b, const EpisodeStep* last) {
  if (last) {
    const ImVec2 at = g.corner(last->action);
    draw->AddRect(ImVec2(at.x + 4, at.y + 4), ImVec2(at.x + g.cell - 4, at.y + g.cell - 4), palette().last_move, 4, 0,
                  palette().outline * 1.5f);
  }
  if (const int line = b.completed_line(); line >= 0) {
    const auto& cells = tictactoe::kLines[size_t(line)];
    draw->AddLine(g.centre(cells[0]), g.centre(cells[2]), palette().last_move, std::max(4.0f, g.cell * 0.07f));
  }
}

const tictactoe::Outcome* value_of(const std::vector<std::pair<int, tictactoe::Outcome>>& values, int cell) {
  for (const auto& [c, o] : values)
    if (c == cell) return &o;
  return nullptr;
}

// The agent's distribution (a faint mark of the mover's, stronger for likelier cells; its choice framed in
// teal) and the exact values, labelled under each cell's centre.
void draw_decision(ImDrawList* draw, const Grid& g, const BoardContext& c,
                   const std::vector<std::pair<int, tictactoe::Outcome>>& exact) {
  const int mover = c.state.current_player();
  const float size = std::max(13.0f, g.cell * 0.16f);
  const Decision* d = c.decision && c.show_probabilities && mover >= 0 ? c.decision : nullptr;
  for (Action a : c.state.legal_actions()) {
    std::vector<LabelPart> label;
    if (d) {
      for (size_t k = 0; k < d->actions.size(); ++k) {
        if (d->actions[k] != a) continue;
        const double p = d->probabilities[k];
        draw_mark(draw, g.centre(a), g.cell * 0.8f, mover, player_colour(mover, 0.15f + 0.7f * float(p)));
        if (p >= 0.005) label.push_back({percent(p)});
      }
      if (a == d->chosen) {
        const ImVec2 at = g.corner(a);
        draw->AddRect(ImVec2(at.x + 8, at.y + 8), ImVec2(at.x + g.cell - 8, at.y + g.cell - 8), palette().chosen, 4, 0,
                      palette().outline * 1.25f);
      }
    }
    if (const auto* o = value_of(exact, a)) label.push_back({o->short_text(), result_colour(o->result)});
    const ImVec2 centre = g.centre(a);
    board_label(draw, ImVec2(centre.x, centre.y + g.cell * 0.33f), size, label);
  }
}

std::string status_of(const Board& b) {
  const int winner = b.winner();
  if (winner >= 0) return std::string("Seat ") + char('0' + winner) + (winner == 0 ? " (X)" : " (O)") + " wins";
  if (b.over()) return "A draw: the grid is full";
  return std::string("Seat ") + char('0' + b.to_move) + (b.to_move == 0 ? " (X)" : " (O)") + " to move";
}

}  // namespace

void TicTacToeView::draw_debug_toggles() {
  ImGui::Checkbox("Exact values", &show_exact_);
  ImGui::SameLine();
  ImGui::Checkbox("Last move", &show_last_);
  help_marker(
      PG_TEXT("Exact values: each empty cell's value under perfect play for the side to move, from the "
              "solved game: W3 a win in 3 plies, D a draw, L4 a loss in 4 (a ply is one mark)."));
}

std::string TicTacToeView::legend() const {
  return PG_TEXT(
             "Seat 0 plays X (orange) and moves first; seat 1 plays O (blue). Yellow: the last move and a "
             "winning line. Faint marks: the agent's distribution, teal frame: its choice. W3 / D / L4: the "
             "cell's exact value (win in 3 plies, draw, loss in 4).")
      .str();
}

Json TicTacToeView::inspect(const BoardContext& c, const Episode& /*episode*/) {
  const Board& b = dynamic_cast<const tictactoe::TicTacToeState&>(c.state).board();
  Json actions = Json::object();
  for (const auto& [cell, o] : tictactoe::action_values(b)) actions[tictactoe::cell_name(cell)] = o.text();
  Json j = {{"status", status_of(b)}, {"exact", {{"value", tictactoe::solve(b).text()}, {"actions", actions}}}};
  return j;
}

std::optional<Action> TicTacToeView::draw(const BoardContext& c) {
  const Board& b = dynamic_cast<const tictactoe::TicTacToeState&>(c.state).board();
  const auto area = board_area(3.5f);
  if (!area) return std::nullopt;
  const Grid g = layout(*area);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw_grid(draw, g);
  draw_marks(draw, g, b);
  if (show_last_) draw_last_move(draw, g, b, c.last_step);
  const auto exact =
      show_exact_ && c.show_analysis ? tictactoe::action_values(b) : std::vector<std::pair<int, tictactoe::Outcome>>{};
  draw_decision(draw, g, c, exact);
  for (int cell = 0; cell < 9; ++cell) places.push_back({g.centre(cell).x, g.centre(cell).y});
  place_size = g.cell;

  targets.clear();
  for (Action a : c.state.legal_actions()) {
    const ImVec2 centre = g.centre(a);
    targets.push_back({a, centre.x, centre.y});
    if (c.human_to_move) {
      const ImVec2 at = g.corner(a);
      draw->AddRect(ImVec2(at.x + 6, at.y + 6), ImVec2(at.x + g.cell - 6, at.y + g.cell - 6), palette().target, 4, 0,
                    1.5f);
    }
  }
  const std::optional<Action> clicked =
      clicked_target(c, *area, g.min.y + g.side() - area->origin.y, targets, g.cell * 0.5f);
  const int seat = b.winner() >= 0 ? b.winner() : b.to_move;
  board_caption(c, status_of(b),
                b.over() && b.winner() < 0 ? ImGui::GetColorU32(palette().text_neutral) : player_colour(seat), legend(),
                "Your move: click an empty cell.");
  return clicked;
}

}  // namespace pg::web
