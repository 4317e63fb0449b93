// The Binary Game: the board and its rules as a plain value type, for fast
// playouts and search. The generic State adapter is in binary_game.h.
//
// Rules (a university games-AI course's assignment; docs/experiments/binary.md): a board n
// columns wide (x = 0..n-1) and m rows high (y = 0..m-1), empty at the start.
// The players alternate (the first player moves first); a move puts a digit d
// (0 or 1) on an empty point, and is legal only if afterwards
//   - no three equal digits are consecutive in that point's column or row, and
//   - the column holds at most ceil(m/2) d's and the row at most ceil(n/2).
// The player to move who has no legal move loses. (There is no "no two equal
// rows" rule.) Both players may place either digit: the game is impartial.
//
// Rows and columns are kept as bit masks per digit (bit x of rows[d][y], bit y
// of cols[d][x]), so a legality test is a few shifts and a popcount.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

namespace pg::binary {

constexpr int kMaxSide = 32;  // a row or column fits in a 32-bit mask
constexpr int kNumDigits = 2;
constexpr int kEmpty = -1;

// Why a move on the board is illegal, as the course's program names it.
enum class Verdict : uint8_t { kLegal, kOccupied, kThreeInARow, kTooMany };

// The verdict with the line that decided it, for the page's explanations.
struct Explanation {
  Verdict verdict = Verdict::kLegal;
  bool in_column = false;  // three in a row / too many: in the column (else the row)
  int count = 0;           // too many: d's the line would hold
  int cap = 0;             // too many: the most it may hold
};

// The course's words for a verdict ("three in a row", "too many 1").
std::string reason_text(Verdict verdict, int digit);
// One sentence for the page ("column 2 would hold 3 ones; at most 2 fit").
std::string explain_text(const Explanation& e, int x, int y, int digit);

struct Board {
  uint8_t width = 0, height = 0;
  uint16_t filled = 0;
  std::array<std::array<uint32_t, kMaxSide>, kNumDigits> rows{};  // rows[d][y], bit x
  std::array<std::array<uint32_t, kMaxSide>, kNumDigits> cols{};  // cols[d][x], bit y

  // An empty board; 0 <= width, height <= kMaxSide (the course's `game n m`
  // accepts empty boards, which have no legal move).
  static Board empty(int width, int height);
  // A board from rows top to bottom ('.', '0', '1'), as `show` prints it.
  // Throws InputError for ragged rows, bad characters or sizes; it does not
  // check the rules (see first_violation).
  static Board from_rows(const std::vector<std::string>& rows);

  // The player to move: 0 moves first, and every move fills one point.
  int to_move() const { return filled & 1; }
  int row_cap() const { return (width + 1) / 2; }   // ceil(n/2)
  int col_cap() const { return (height + 1) / 2; }  // ceil(m/2)
  bool on_board(int x, int y) const { return x >= 0 && x < width && y >= 0 && y < height; }
  // kEmpty, 0 or 1.
  int at(int x, int y) const {
    if ((rows[1][size_t(y)] >> x) & 1u) return 1;
    return ((rows[0][size_t(y)] >> x) & 1u) ? 0 : kEmpty;
  }

  // The rules for digit d at (x, y) on the board, in the course's order:
  // occupied, then three in a row (column, then row), then too many.
  Verdict check(int x, int y, int d) const;
  Explanation explain(int x, int y, int d) const;
  bool is_legal(int x, int y, int d) const { return check(x, y, d) == Verdict::kLegal; }

  // Puts d at (x, y); the caller has checked that the move is legal.
  void place(int x, int y, int d) {
    rows[size_t(d)][size_t(y)] |= 1u << x;
    cols[size_t(d)][size_t(x)] |= 1u << y;
    ++filled;
  }

  // Calls f(x, y, d) for every legal move, in the course's order (x, then y,
  // then d). Inline: playouts and search call it in their inner loops.
  template <class F>
  void for_each_legal(F&& f) const;
  bool has_legal_move() const;
  int count_legal() const;

  // A rule the position breaks (three in a row or too many somewhere), as a
  // sentence, or "" for a position the rules can reach.
  std::string first_violation() const;

  bool operator==(const Board&) const = default;

 private:
  // Bit i set: putting the digit whose mask is `line` at i makes three in a row.
  static uint32_t three_makers(uint32_t line) {
    return ((line << 1) & (line << 2)) | ((line << 1) & (line >> 1)) | ((line >> 1) & (line >> 2));
  }
  // The points of a line where d may go as far as that line is concerned.
  static uint32_t open_points(uint32_t mine, uint32_t empty, int cap) {
    return std::popcount(mine) >= cap ? 0u : empty & ~three_makers(mine);
  }
  static uint32_t full_mask(int length) { return length >= 32 ? ~0u : (1u << length) - 1; }
  // Per digit, the points each row (bit x) and each column (bit y) allows:
  // a move is legal where both its row and its column allow it.
  struct OpenLines {
    std::array<std::array<uint32_t, kMaxSide>, kNumDigits> row, col;
  };
  OpenLines open_lines() const;
};

// The board as the course's `show` prints it: rows top to bottom, '.' empty.
std::string to_text(const Board& board);

// Actions of the generic interface: (x * height + y) * 2 + d, so that their
// order is the course's (x, then y, then digit). Named "x,y,d".
inline int encode_action(const Board& b, int x, int y, int d) { return (x * b.height + y) * 2 + d; }
struct Move {
  int x, y, d;
};
inline Move decode_action(const Board& b, int action) {
  const int point = action >> 1;
  return {point / b.height, point % b.height, action & 1};
}

inline Board::OpenLines Board::open_lines() const {
  OpenLines o{};
  const uint32_t row_all = full_mask(width), col_all = full_mask(height);
  for (int y = 0; y < height; ++y) {
    const uint32_t empty = row_all & ~(rows[0][size_t(y)] | rows[1][size_t(y)]);
    for (int d = 0; d < kNumDigits; ++d)
      o.row[size_t(d)][size_t(y)] = open_points(rows[size_t(d)][size_t(y)], empty, row_cap());
  }
  for (int x = 0; x < width; ++x) {
    const uint32_t empty = col_all & ~(cols[0][size_t(x)] | cols[1][size_t(x)]);
    for (int d = 0; d < kNumDigits; ++d)
      o.col[size_t(d)][size_t(x)] = open_points(cols[size_t(d)][size_t(x)], empty, col_cap());
  }
  return o;
}

template <class F>
void Board::for_each_legal(F&& f) const {
  const OpenLines o = open_lines();
  for (int x = 0; x < width; ++x) {
    if (!(o.col[0][size_t(x)] | o.col[1][size_t(x)])) continue;
    for (int y = 0; y < height; ++y)
      for (int d = 0; d < kNumDigits; ++d)
        if (((o.col[size_t(d)][size_t(x)] >> y) & (o.row[size_t(d)][size_t(y)] >> x)) & 1u) f(x, y, d);
  }
}

}  // namespace pg::binary
