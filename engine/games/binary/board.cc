#include "engine/games/binary/board.h"

#include "engine/core/error.h"

namespace pg::binary {

namespace {

// True if the line (a digit's mask, the new point included) has three in a
// row through bit i.
bool three_through(uint32_t line, int i) {
  const uint32_t starts = line & (line >> 1) & (line >> 2);  // bit j: j, j+1, j+2 all set
  const int lo = i >= 2 ? i - 2 : 0;
  const uint32_t upto_i = i >= 31 ? ~0u : (2u << i) - 1;
  return (starts & upto_i & ~((1u << lo) - 1)) != 0;
}

const char* digit_plural(int d) { return d == 0 ? "zeros" : "ones"; }

}  // namespace

std::string reason_text(Verdict verdict, int digit) {
  switch (verdict) {
    case Verdict::kLegal: return "";
    case Verdict::kOccupied: return "occupied";
    case Verdict::kThreeInARow: return "three in a row";
    case Verdict::kTooMany: return "too many " + std::to_string(digit);
  }
  return "";
}

std::string explain_text(const Explanation& e, int x, int y, int digit) {
  const std::string line = e.in_column ? "column " + std::to_string(x) : "row " + std::to_string(y);
  switch (e.verdict) {
    case Verdict::kLegal: return "legal";
    case Verdict::kOccupied: return "the point is occupied";
    case Verdict::kThreeInARow: return "three " + std::string(digit_plural(digit)) + " in a row in " + line;
    case Verdict::kTooMany:
      return line + " would hold " + std::to_string(e.count) + " " + digit_plural(digit) + "; at most " +
             std::to_string(e.cap) + " fit";
  }
  return "";
}

Board Board::empty(int width, int height) {
  if (width < 0 || height < 0 || width > kMaxSide || height > kMaxSide)
    throw InputError("board size", std::to_string(width) + "x" + std::to_string(height) + ": each side must be 0 to " +
                                       std::to_string(kMaxSide));
  Board b;
  b.width = uint8_t(width);
  b.height = uint8_t(height);
  return b;
}

Board Board::from_rows(const std::vector<std::string>& rows) {
  const int height = int(rows.size());
  const int width = rows.empty() ? 0 : int(rows[0].size());
  Board b = empty(width, height);
  for (int y = 0; y < height; ++y) {
    const std::string& row = rows[size_t(y)];
    if (int(row.size()) != width)
      throw InputError("row " + std::to_string(y),
                       "has " + std::to_string(row.size()) + " points, row 0 has " + std::to_string(width));
    for (int x = 0; x < width; ++x) {
      const char c = row[size_t(x)];
      if (c == '0' || c == '1')
        b.place(x, y, c - '0');
      else if (c != '.')
        throw InputError("row " + std::to_string(y) + ", column " + std::to_string(x),
                         std::string("bad point '") + c + "' (expected '.', '0' or '1')");
    }
  }
  return b;
}

Explanation Board::explain(int x, int y, int d) const {
  Explanation e;
  if (at(x, y) != kEmpty) {
    e.verdict = Verdict::kOccupied;
    return e;
  }
  const uint32_t col = cols[size_t(d)][size_t(x)] | (1u << y);
  const uint32_t row = rows[size_t(d)][size_t(y)] | (1u << x);
  if (three_through(col, y) || three_through(row, x)) {
    e.verdict = Verdict::kThreeInARow;
    e.in_column = three_through(col, y);
    return e;
  }
  if (std::popcount(col) > col_cap()) {
    e = {Verdict::kTooMany, true, std::popcount(col), col_cap()};
  } else if (std::popcount(row) > row_cap()) {
    e = {Verdict::kTooMany, false, std::popcount(row), row_cap()};
  }
  return e;
}

Verdict Board::check(int x, int y, int d) const { return explain(x, y, d).verdict; }

bool Board::has_legal_move() const {
  const OpenLines o = open_lines();
  for (int x = 0; x < width; ++x) {
    for (int d = 0; d < kNumDigits; ++d) {
      const uint32_t col = o.col[size_t(d)][size_t(x)];
      for (int y = 0; y < height; ++y)
        if (((col >> y) & (o.row[size_t(d)][size_t(y)] >> x)) & 1u) return true;
    }
  }
  return false;
}

int Board::count_legal() const {
  int n = 0;
  for_each_legal([&](int, int, int) { ++n; });
  return n;
}

std::string Board::first_violation() const {
  for (int d = 0; d < kNumDigits; ++d) {
    for (int y = 0; y < height; ++y) {
      const uint32_t row = rows[size_t(d)][size_t(y)];
      if (row & (row >> 1) & (row >> 2))
        return "row " + std::to_string(y) + " has three " + digit_plural(d) + " in a row";
      if (std::popcount(row) > row_cap())
        return "row " + std::to_string(y) + " holds " + std::to_string(std::popcount(row)) + " " + digit_plural(d) +
               " (at most " + std::to_string(row_cap()) + ")";
    }
    for (int x = 0; x < width; ++x) {
      const uint32_t col = cols[size_t(d)][size_t(x)];
      if (col & (col >> 1) & (col >> 2))
        return "column " + std::to_string(x) + " has three " + digit_plural(d) + " in a row";
      if (std::popcount(col) > col_cap())
        return "column " + std::to_string(x) + " holds " + std::to_string(std::popcount(col)) + " " + digit_plural(d) +
               " (at most " + std::to_string(col_cap()) + ")";
    }
  }
  return "";
}

std::string to_text(const Board& board) {
  std::string text;
  for (int y = 0; y < board.height; ++y) {
    for (int x = 0; x < board.width; ++x) {
      const int v = board.at(x, y);
      text += v == kEmpty ? '.' : char('0' + v);
    }
    text += '\n';
  }
  return text;
}

}  // namespace pg::binary
