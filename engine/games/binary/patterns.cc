#include "engine/games/binary/patterns.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "engine/core/error.h"

namespace pg::binary {

namespace {

constexpr char kPointChars[] = {'0', '1', '.', 'X'};
constexpr int kEmptyCode = 2, kOffCode = 3;

int point_code(const Board& b, int x, int y) {
  if (!b.on_board(x, y)) return kOffCode;
  const int v = b.at(x, y);
  return v == kEmpty ? kEmptyCode : v;
}

// A weight: a non-negative decimal number ("20", "12.5", "1e3"); -1 if the
// text is not one. strtod alone would also take "inf", "nan" and hex.
double parse_weight(const std::string& text) {
  size_t i = 0, digits = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i, ++digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i, ++digits;
  }
  if (digits == 0) return -1;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    const size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    if (i == start) return -1;
  }
  if (i != text.size()) return -1;
  const double w = std::strtod(text.c_str(), nullptr);
  return std::isfinite(w) ? w : -1;
}

// The shortest decimal that reads back as w ("20", "12.5"), without an exponent below 1e15.
std::string weight_text(double w) {
  char buf[400];
  for (int decimals = 0; decimals <= 17; ++decimals) {
    std::snprintf(buf, sizeof buf, "%.*f", decimals, w);
    if (std::strtod(buf, nullptr) == w) return buf;
  }
  std::snprintf(buf, sizeof buf, "%.17g", w);
  return buf;
}

std::vector<std::string> fields_of(std::string_view line) {
  std::vector<std::string> fields;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    const size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) fields.emplace_back(line.substr(start, i - start));
  }
  return fields;
}

}  // namespace

int pattern_code(std::string_view text) {
  if (text.size() != kPatternLength) return -1;
  int code = 0;
  for (char c : text) {
    int v = 0;
    while (v < 4 && kPointChars[v] != c) ++v;
    if (v == 4) return -1;
    code = (code << 2) | v;
  }
  return code;
}

std::string pattern_text(int code) {
  std::string text(kPatternLength, '?');
  for (int i = kPatternLength - 1; i >= 0; --i, code >>= 2) text[size_t(i)] = kPointChars[code & 3];
  return text;
}

int mirror_code(int code) {
  int mirrored = 0;
  for (int i = 0; i < kPatternLength; ++i, code >>= 2) mirrored = (mirrored << 2) | (code & 3);
  return mirrored;
}

int row_code(const Board& board, int x, int y) {
  int code = 0;
  for (int i = -2; i <= 2; ++i) code = (code << 2) | point_code(board, x + i, y);
  return code;
}

int column_code(const Board& board, int x, int y) {
  int code = 0;
  for (int i = -2; i <= 2; ++i) code = (code << 2) | point_code(board, x, y + i);
  return code;
}

PatternTable::PatternTable() {
  for (auto& w : weight_) w.fill(kDefaultWeight);
  for (auto& m : match_) m.fill(-1);
}

void PatternTable::add(const PatternLine& line, const std::string& where) {
  const int code = pattern_code(line.pattern);
  for (int c : {code, mirror_code(code)}) {
    const int earlier = match_[size_t(c)][size_t(line.digit)];
    if (earlier >= 0 && lines_[size_t(earlier)].weight != line.weight) {
      const PatternLine& e = lines_[size_t(earlier)];
      throw InputError(where, "pattern " + line.pattern + " for digit " + std::to_string(line.digit) + " (weight " +
                                  weight_text(line.weight) + ") matches the same strings as line " +
                                  std::to_string(e.line) + " (" + e.pattern + ", weight " + weight_text(e.weight) +
                                  "): a string must have one weight");
    }
  }
  if (match_[size_t(code)][size_t(line.digit)] >= 0) return;  // the same pattern and weight again
  lines_.push_back(line);
  for (int c : {code, mirror_code(code)}) {
    weight_[size_t(c)][size_t(line.digit)] = line.weight;
    match_[size_t(c)][size_t(line.digit)] = int16_t(lines_.size() - 1);
  }
}

namespace {

// One line of a pattern file: false for a blank or comment line; throws
// InputError naming `where` for a malformed one. Checks the line alone (the
// lines together are PatternTable::add's job).
bool read_line(std::string_view raw, int number, const std::string& where, PatternLine& line) {
  const std::vector<std::string> f = fields_of(raw);
  if (f.empty() || f[0][0] == '#') return false;
  if (f.size() != 3)
    throw InputError(where, "expected 'PATTERN DIGIT WEIGHT' (3 fields), got " + std::to_string(f.size()) + " field" +
                                (f.size() == 1 ? "" : "s"));
  line.pattern = f[0];
  line.line = number;
  if (line.pattern.size() != kPatternLength)
    throw InputError(where, "pattern '" + line.pattern + "' has " + std::to_string(line.pattern.size()) +
                                " points; a pattern has 5");
  for (size_t i = 0; i < line.pattern.size(); ++i) {
    const char c = line.pattern[i];
    if (c != '0' && c != '1' && c != '.' && c != 'X')
      throw InputError(where, "pattern '" + line.pattern + "': bad point '" + std::string(1, c) + "' at position " +
                                  std::to_string(i + 1) + " (expected 0, 1, . or X)");
  }
  if (line.pattern[2] != '.')
    throw InputError(where, "pattern '" + line.pattern + "': the centre must be '.', the empty point of the move");
  if (f[1] != "0" && f[1] != "1") throw InputError(where, "digit '" + f[1] + "' must be 0 or 1");
  line.digit = f[1][0] - '0';
  if (!f[2].empty() && f[2][0] == '-' && parse_weight(f[2].substr(1)) >= 0)
    throw InputError(where, "weight " + f[2] + " is negative");
  line.weight = parse_weight(f[2]);
  if (line.weight < 0) throw InputError(where, "weight '" + f[2] + "' is not a number");
  return true;
}

// Calls visit(raw line, its number from 1) for each line of `text`.
template <typename Visit>
void for_each_line(std::string_view text, Visit visit) {
  int number = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    visit(text.substr(pos, end - pos), ++number);
    pos = end + 1;
  }
}

}  // namespace

PatternTable PatternTable::parse(std::string_view text, const std::string& source) {
  PatternTable table;
  for_each_line(text, [&](std::string_view raw, int number) {
    const std::string where = source + ", line " + std::to_string(number);
    PatternLine line;
    if (read_line(raw, number, where, line)) table.add(line, where);
  });
  return table;
}

std::vector<std::string> PatternTable::errors(std::string_view text, const std::string& source) {
  std::vector<std::string> found;
  // Each line alone; then, if every line is well formed, the lines together
  // (two lines giving one string different weights). Checking a line alone
  // builds no table, so a long file is checked in linear time.
  for_each_line(text, [&](std::string_view raw, int number) {
    PatternLine line;
    try {
      read_line(raw, number, source + ", line " + std::to_string(number), line);
    } catch (const InputError& e) {
      found.push_back(e.what());
    }
  });
  if (found.empty()) {
    try {
      parse(text, source);
    } catch (const InputError& e) {
      found.push_back(e.what());
    }
  }
  return found;
}

std::string PatternTable::to_text() const {
  std::string text;
  for (const auto& l : lines_) text += l.pattern + " " + std::to_string(l.digit) + " " + weight_text(l.weight) + "\n";
  return text;
}

void weigh_moves(const Board& board, const PatternTable& table, std::vector<WeightedMove>& out) {
  out.clear();
  const bool plain = table.empty();
  board.for_each_legal([&](int x, int y, int d) {
    WeightedMove m{x, y, d, kDefaultWeight, kDefaultWeight};
    if (!plain) {
      m.row_weight = table.weight(row_code(board, x, y), d);
      m.column_weight = table.weight(column_code(board, x, y), d);
    }
    out.push_back(m);
  });
}

std::vector<double> probabilities(const std::vector<WeightedMove>& moves) {
  double total = 0;
  for (const auto& m : moves) total += m.weight();
  std::vector<double> p(moves.size(), moves.empty() ? 0.0 : 1.0 / double(moves.size()));
  if (total > 0)
    for (size_t i = 0; i < moves.size(); ++i) p[i] = moves[i].weight() / total;
  return p;
}

size_t draw(const std::vector<WeightedMove>& moves, Rng& rng) {
  double total = 0;
  for (const auto& m : moves) total += m.weight();
  if (!(total > 0)) return rng.below(uint32_t(moves.size()));
  const double r = rng.uniform() * total;
  double cumulative = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    cumulative += moves[i].weight();
    if (r < cumulative) return i;
  }
  return moves.size() - 1;  // not reached: the last sum is the total
}

bool sample_move(const Board& board, const PatternTable& table, Rng& rng, std::vector<WeightedMove>& scratch,
                 Move& out) {
  weigh_moves(board, table, scratch);
  if (scratch.empty()) return false;
  const WeightedMove& m = scratch[draw(scratch, rng)];
  out = {m.x, m.y, m.d};
  return true;
}

int playout(Board board, const PatternTable& table, Rng& rng, std::vector<WeightedMove>& scratch) {
  Move m{};
  while (sample_move(board, table, rng, scratch, m)) board.place(m.x, m.y, m.d);
  return 1 - board.to_move();  // the player to move has no move: the other one wins
}

std::string format_probability(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", p);  // correctly rounded, ties to even, as Python's round(p, 3)
  std::string s = buf;
  while (s.size() > 1 && s.back() == '0' && s[s.size() - 2] != '.') s.pop_back();
  return s;
}

std::string policy_moves_line(const Board& board, const PatternTable& table) {
  std::vector<WeightedMove> moves;
  weigh_moves(board, table, moves);
  const std::vector<double> p = probabilities(moves);
  std::string line;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (i) line += ' ';
    line += std::to_string(moves[i].x) + " " + std::to_string(moves[i].y) + " " + std::to_string(moves[i].d) + " " +
            format_probability(p[i]);
  }
  return line;
}

}  // namespace pg::binary
