// Tic-tac-toe's board and rules: a value type and plain functions on it.
//
// Cells are numbered 0..8 row by row from the top left; a cell is named by its column a..c (left to right) and
// its row 1..3 (bottom to top), as on a chess board: "a3" is the top left, "c1" the bottom right. Seat 0
// plays X and moves first, seat 1 plays O. A player who fills a row, a column or a diagonal with their mark
// wins; a full board without such a line is a draw.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace pg::tictactoe {

inline constexpr int kCells = 9;
inline constexpr int8_t kEmpty = -1;

// The eight lines of three: rows, columns, diagonals.
inline constexpr std::array<std::array<int, 3>, 8> kLines = {{
    {0, 1, 2},
    {3, 4, 5},
    {6, 7, 8},  // rows, top to bottom
    {0, 3, 6},
    {1, 4, 7},
    {2, 5, 8},  // columns, left to right
    {0, 4, 8},
    {2, 4, 6},  // diagonals
}};

struct Board {
  std::array<int8_t, kCells> cells{kEmpty, kEmpty, kEmpty, kEmpty, kEmpty, kEmpty, kEmpty, kEmpty, kEmpty};
  int8_t to_move = 0;  // the seat to place a mark next

  // The index in kLines of a line of three marks of one seat, or -1.
  int completed_line() const {
    for (size_t l = 0; l < kLines.size(); ++l) {
      const auto& [a, b, c] = kLines[l];
      if (cells[size_t(a)] != kEmpty && cells[size_t(a)] == cells[size_t(b)] && cells[size_t(a)] == cells[size_t(c)])
        return int(l);
    }
    return -1;
  }
  // The seat with three in a row, or -1.
  int winner() const {
    const int line = completed_line();
    return line < 0 ? -1 : cells[size_t(kLines[size_t(line)][0])];
  }
  int marks() const {
    int n = 0;
    for (int8_t c : cells) n += c != kEmpty;
    return n;
  }
  bool over() const { return marks() == kCells || winner() >= 0; }
  bool empty_at(int cell) const { return cells[size_t(cell)] == kEmpty; }
  // Places the mover's mark on an empty cell; the other seat moves next.
  void place(int cell) {
    cells[size_t(cell)] = to_move;
    to_move = int8_t(1 - to_move);
  }
  // The position as a number below 3^9 (a cell: 0 empty, 1 X, 2 O); the mover follows from the marks.
  uint32_t key() const {
    uint32_t k = 0;
    for (int8_t c : cells) k = k * 3 + uint32_t(c + 1);
    return k;
  }
};

// "a3" for cell 0, "c1" for cell 8.
inline std::string cell_name(int cell) { return {char('a' + cell % 3), char('3' - cell / 3)}; }
// The cell named "a1".."c3", or -1.
inline int cell_from_name(std::string_view name) {
  if (name.size() != 2 || name[0] < 'a' || name[0] > 'c' || name[1] < '1' || name[1] > '3') return -1;
  return ('3' - name[1]) * 3 + (name[0] - 'a');
}
inline char mark_of(int8_t cell) { return cell == kEmpty ? '.' : cell == 0 ? 'X' : 'O'; }

}  // namespace pg::tictactoe
