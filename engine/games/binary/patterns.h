// The assignment's pattern-weight playout policy.
//
// A pattern is five points, each '0', '1', '.' (empty) or 'X' (off the board),
// with '.' in the centre: the point of the move. A pattern file holds lines
// `PATTERN DIGIT WEIGHT` ('#' starts a comment line). For a legal move (x, y,
// d), the row string is the five points x-2..x+2 of row y and the column
// string the five points y-2..y+2 of column x; a pattern matches a string read
// forwards or backwards (the assignment's rotations and mirror images). The
// row weight is the weight of the pattern matching the row string for digit
// d, else 10; likewise the column weight; the move's weight is their sum, and
// its probability its weight over the sum of all legal moves' weights.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/rng.h"
#include "engine/games/binary/board.h"

namespace pg::binary {

constexpr int kPatternLength = 5;
constexpr int kNumPatternCodes = 1 << (2 * kPatternLength);  // two bits per point
constexpr double kDefaultWeight = 10;                        // a direction in which no pattern matches

// A five-point string as a number: two bits per point ('0' 0, '1' 1, '.' 2,
// 'X' 3), the leftmost (or topmost) point in the highest bits.
int pattern_code(std::string_view text);  // -1 unless five of 0 1 . X
std::string pattern_text(int code);
int mirror_code(int code);  // the string read backwards
// The strings around (x, y): along its row and along its column.
int row_code(const Board& board, int x, int y);
int column_code(const Board& board, int x, int y);

// One line of a pattern file.
struct PatternLine {
  std::string pattern;
  int digit = 0;
  double weight = 0;
  int line = 0;  // in its file, from 1
};

class PatternTable {
 public:
  PatternTable();  // no patterns: every weight is the default

  // Parses a pattern file. Throws InputError naming `source`, the line number
  // and what is wrong (field count, pattern length, a bad character, the
  // centre, the digit, the weight, or two lines giving one string different
  // weights), so that a failed load can leave the earlier table in place.
  static PatternTable parse(std::string_view text, const std::string& source);

  // The weight of digit d for a five-point string (default 10).
  double weight(int code, int d) const { return weight_[size_t(code)][size_t(d)]; }
  // The line (index into lines()) whose pattern matches the string for d, or -1.
  int match(int code, int d) const { return match_[size_t(code)][size_t(d)]; }
  const std::vector<PatternLine>& lines() const { return lines_; }
  bool empty() const { return lines_.empty(); }
  // Every problem of a pattern file, each naming its line, in line order
  // (parse stops at the first); empty when parse accepts the text.
  static std::vector<std::string> errors(std::string_view text, const std::string& source);
  // The table as a pattern file (one line per pattern, comments dropped).
  std::string to_text() const;

 private:
  void add(const PatternLine& line, const std::string& where);

  std::array<std::array<double, kNumDigits>, kNumPatternCodes> weight_;
  std::array<std::array<int16_t, kNumDigits>, kNumPatternCodes> match_;
  std::vector<PatternLine> lines_;
};

// A legal move and its weights under a pattern table.
struct WeightedMove {
  int x = 0, y = 0, d = 0;
  double row_weight = kDefaultWeight, column_weight = kDefaultWeight;
  double weight() const { return row_weight + column_weight; }
};

// Every legal move with its weights, in the course's order (x, y, digit);
// `out` is cleared first and reused.
void weigh_moves(const Board& board, const PatternTable& table, std::vector<WeightedMove>& out);

// The probability of each weighted move (weight / total; uniform when every
// weight is 0, where the assignment's formula has no answer).
std::vector<double> probabilities(const std::vector<WeightedMove>& moves);

// The index of a move drawn with probability weight / total (uniformly when
// every weight is 0); `moves` must not be empty.
size_t draw(const std::vector<WeightedMove>& moves, Rng& rng);

// Draws a legal move with probability weight / total; false if there is none.
// `scratch` is reused between calls, so a playout allocates nothing.
bool sample_move(const Board& board, const PatternTable& table, Rng& rng, std::vector<WeightedMove>& scratch,
                 Move& out);

// Plays the policy to the end from `board`; returns the winner (0 or 1).
int playout(Board board, const PatternTable& table, Rng& rng, std::vector<WeightedMove>& scratch);

// The probabilities as the course's `policy_moves` prints them:
// "x y d p x y d p ...", p rounded to 3 decimals and printed as Python prints
// round(p, 3) ("0.25", "0.125", "1.0").
std::string policy_moves_line(const Board& board, const PatternTable& table);
std::string format_probability(double p);

}  // namespace pg::binary
