#include "engine/games/morris/board.h"

#include "engine/core/error.h"

namespace pg::morris {

bool Board::has_legal_move() const {
  switch (next_kind()) {
    case ActionKind::kRemove: return pieces[1 - to_move] != 0;
    case ActionKind::kPlace: return empty() != 0;
    case ActionKind::kMove:
      for (uint16_t own = pieces[to_move]; own; own &= uint16_t(own - 1))
        if (targets(std::countr_zero(own))) return true;
      return false;
  }
  return false;
}

std::string action_to_string(int action) {
  std::string s;
  switch (action_kind(action)) {
    case ActionKind::kPlace: s = "place:"; break;
    case ActionKind::kMove:
      s = "move:";
      s += point_name(action_from(action));
      s += '-';
      break;
    case ActionKind::kRemove: s = "remove:"; break;
  }
  s += point_name(action_point(action));
  return s;
}

int point_from_char(char c) { return c >= 'a' && c < 'a' + kNumPoints ? c - 'a' : -1; }

std::string points_string(const Board& board) {
  std::string s(kNumPoints, '.');
  for (int p = 0; p < kNumPoints; ++p) {
    const int o = board.owner(p);
    if (o >= 0) s[size_t(p)] = o == 0 ? 'O' : 'X';
  }
  return s;
}

Board board_from_points(std::string_view text) {
  Board b;
  int point = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '-' || c == '|' || c == ' ' || c == '\n') continue;
    if (c != 'O' && c != 'X' && c != '.')
      throw InputError("board, character " + std::to_string(i + 1),
                       std::string("'") + c + "' is not a point (O for seat 0, X for seat 1, . for empty)");
    if (point == kNumPoints) throw InputError("board", "more than 16 points");
    if (c != '.') b.pieces[c == 'O' ? 0 : 1] |= bit(point);
    ++point;
  }
  if (point != kNumPoints) throw InputError("board", "expected 16 points, got " + std::to_string(point));
  return b;
}

std::string drawing(const Board& board) {
  // The points' places in the drawing, a..p in reading order.
  static const char* const kTemplate =
      "a-----b-----c\n"
      "|     |     |\n"
      "|  d--e--f  |\n"
      "|  |     |  |\n"
      "g--h     i--j\n"
      "|  |     |  |\n"
      "|  k--l--m  |\n"
      "|     |     |\n"
      "n-----o-----p\n";
  const std::string points = points_string(board);
  std::string s = kTemplate;
  for (char& c : s)
    if (const int p = point_from_char(c); p >= 0) c = points[size_t(p)];
  return s;
}

}  // namespace pg::morris
