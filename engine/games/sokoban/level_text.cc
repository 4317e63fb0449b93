#include "engine/games/sokoban/level_text.h"

#include <algorithm>
#include <functional>

#include "engine/core/error.h"

namespace pg::sokoban {
namespace {

constexpr std::string_view kTileChars = " #$.@*+";  // indexed by tile code

struct Line {
  std::string_view text;
  int number = 0;  // from 1
};

std::vector<Line> split_lines(std::string_view text) {
  std::vector<Line> lines;
  int number = 1;
  for (size_t start = 0; start < text.size(); ++number) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back({line, number});
    start = end + 1;
  }
  return lines;
}

std::string place(std::string_view source, int line, int column = 0) {
  std::string where = source.empty() ? "" : std::string(source) + ", ";
  where += "line " + std::to_string(line);
  if (column > 0) where += ", column " + std::to_string(column);
  return where;
}

std::string quoted(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
  static const char* hex = "0123456789abcdef";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool is_floor_char(char c) { return c == ' ' || c == '-' || c == '_'; }
bool is_blank(std::string_view s) { return trim(s).empty(); }
bool is_comment(std::string_view s) { return !trim(s).empty() && trim(s).front() == ';'; }
std::string comment_text(std::string_view s) {
  s = trim(s);
  if (!s.empty() && s.front() == ';') s.remove_prefix(1);
  return std::string(trim(s));
}

int text_tile(char c) {
  if (is_floor_char(c)) return kEmpty;
  const size_t i = kTileChars.find(c);
  return i == std::string_view::npos ? -1 : int(i);
}

// A level's rows as read: tile codes and the file position of each.
struct RawRow {
  int line = 0;
  std::vector<int> tiles;
  std::vector<int> columns;  // file column of each tile, from 1
};

struct RawLevel {
  std::string title;
  std::vector<std::string> notes;
  std::vector<RawRow> rows;
};

// One format's reading of a line.
// kSkip: a line that ends a level but is neither a title nor a note (a grid's
// `np.array([` or `])`, a Python comment).
enum class LineKind { kBlank, kComment, kRow, kOther, kSkip };

struct Format {
  // What the line is; `strict`: every line that is not blank or a comment is a row.
  // (Plain function pointers, as below: each std::function costs the page's download about 0.2 KiB.)
  LineKind (*classify)(std::string_view, bool strict);
  // Reads a row (throws InputError at the bad character).
  RawRow (*read_row)(const Line&, std::string_view source);
  bool rectangular = false;  // all rows the same length (number grids)
  // Inside a level, whether a line that `classify` does not call a row still continues it (null: never).
  bool (*continues_rows)(std::string_view) = nullptr;
};

// --- standard text -----------------------------------------------------------

LineKind classify_text(std::string_view s, bool strict) {
  if (is_blank(s)) return LineKind::kBlank;
  if (is_comment(s)) return LineKind::kComment;
  // A line of floor characters alone ("---") holds no square of a level: as a row it would be the empty line the
  // writer puts for it, which ends the level when read back. So it is a blank line in one level's text (and, as
  // before, a note in a collection).
  if (strict && std::all_of(s.begin(), s.end(), is_floor_char)) return LineKind::kBlank;
  if (strict) return LineKind::kRow;
  for (char c : s)
    if (!is_floor_char(c)) return c == '#' ? LineKind::kRow : LineKind::kOther;
  return LineKind::kOther;
}

RawRow read_text_row(const Line& line, std::string_view source) {
  RawRow row;
  row.line = line.number;
  size_t length = line.text.size();
  while (length > 0 && is_floor_char(line.text[length - 1])) --length;  // trailing floor is outside
  for (size_t i = 0; i < length; ++i) {
    const int tile = text_tile(line.text[i]);
    const int column = int(i) + 1;
    if (tile < 0)
      throw InputError(place(source, line.number, column),
                       "unknown character " + quoted(line.text[i]) + " (a level uses # $ . @ * + and space, - or _)");
    if (column > kMaxSide)
      throw InputError(place(source, line.number, column),
                       "the level is wider than " + std::to_string(kMaxSide) + " columns");
    row.tiles.push_back(tile);
    row.columns.push_back(column);
  }
  return row;
}

// --- number grids ------------------------------------------------------------

// The part of a grid line that holds codes: `#` comments cut, and a
// `name = np.array(` prefix skipped. `offset` is where the part starts.
std::string_view grid_content(std::string_view s, size_t& offset) {
  offset = 0;
  if (const size_t hash = s.find('#'); hash != std::string_view::npos) s = s.substr(0, hash);
  if (const size_t array = s.find("array("); array != std::string_view::npos) offset = array + 6;
  return s.substr(offset);
}

bool grid_punctuation(char c) {
  return c == ' ' || c == '\t' || c == ',' || c == '[' || c == ']' || c == '(' || c == ')';
}

LineKind classify_grid(std::string_view s, bool strict) {
  if (is_comment(s)) return LineKind::kComment;
  size_t offset = 0;
  const std::string_view content = grid_content(s, offset);
  bool digit = false, only_punctuation = true;
  for (char c : content) {
    digit = digit || (c >= '0' && c <= '9');
    only_punctuation = only_punctuation && grid_punctuation(c);
  }
  // Python comments, `np.array([` and `])` lines carry no codes.
  if (is_blank(s)) return LineKind::kBlank;
  if (only_punctuation) return LineKind::kSkip;
  if (strict || digit) {
    const std::string_view t = trim(content);
    if (strict || (!t.empty() && (t.front() == '[' || (t.front() >= '0' && t.front() <= '9')))) return LineKind::kRow;
  }
  return LineKind::kOther;
}

RawRow read_grid_row(const Line& line, std::string_view source) {
  RawRow row;
  row.line = line.number;
  size_t offset = 0;
  const std::string_view content = grid_content(line.text, offset);
  for (size_t i = 0; i < content.size();) {
    const char c = content[i];
    const int column = int(offset + i) + 1;
    if (grid_punctuation(c)) {
      ++i;
      continue;
    }
    if (c < '0' || c > '9')
      throw InputError(place(source, line.number, column),
                       "unknown character " + quoted(c) + " (a number grid holds the tile codes 0 to 6)");
    size_t end = i;
    while (end < content.size() && content[end] >= '0' && content[end] <= '9') ++end;
    const std::string_view number = content.substr(i, end - i);
    // numpy prints float grids as `1.` or `1.0`.
    if (end < content.size() && content[end] == '.') {
      ++end;
      while (end < content.size() && content[end] == '0') ++end;
    }
    if (number.size() != 1 || number[0] > '6')
      throw InputError(place(source, line.number, column),
                       "tile code " + std::string(number) + " is not one of 0 (empty) to 6 (player on target)");
    if (int(row.tiles.size()) == kMaxSide)
      throw InputError(place(source, line.number, column),
                       "the level is wider than " + std::to_string(kMaxSide) + " columns");
    row.tiles.push_back(number[0] - '0');
    row.columns.push_back(column);
    i = end;
  }
  return row;
}

// In a collection a row starts with a wall after its leading floor, so that titles and notes are told apart
// from rows; but a level may have a row that does not ("***" of boxes on targets, outside the walls: one level's
// text reads it). Touching a level's rows, below them or right above them, a line made of level characters only
// is a row too, so that such a level written to a collection reads back the same.
bool continues_text_rows(std::string_view s) {
  bool square = false;
  for (char c : s) {
    if (text_tile(c) < 0) return false;
    square = square || !is_floor_char(c);
  }
  return square;
}

const Format& text_format() {
  static const Format f{classify_text, read_text_row, false, continues_text_rows};
  return f;
}

const Format& grid_format() {
  static const Format f{classify_grid, read_grid_row, true};
  return f;
}

// --- collections ---------------------------------------------------------------

std::vector<RawLevel> read_raw(std::string_view text, std::string_view source, const Format& format, bool single) {
  std::vector<RawLevel> levels;
  struct HeaderLine {
    Line line;
    std::string text;  // a comment's text without its ';', or the line trimmed
    LineKind kind;
  };
  std::vector<HeaderLine> header;
  bool in_rows = false;
  const auto add_row = [&](const Line& line) {
    RawLevel& level = levels.back();
    if (int(level.rows.size()) == kMaxSide)
      throw InputError(place(source, line.number), "the level is taller than " + std::to_string(kMaxSide) + " rows");
    level.rows.push_back(format.read_row(line, source));
    if (format.rectangular && level.rows.back().tiles.size() != level.rows.front().tiles.size())
      throw InputError(place(source, line.number), std::to_string(level.rows.back().tiles.size()) +
                                                       " tile codes, but the grid's first row (line " +
                                                       std::to_string(level.rows.front().line) + ") has " +
                                                       std::to_string(level.rows.front().tiles.size()));
  };
  for (const Line& line : split_lines(text)) {
    LineKind kind = format.classify(line.text, single);
    if (kind != LineKind::kRow && in_rows && format.continues_rows && format.continues_rows(line.text))
      kind = LineKind::kRow;
    if (kind == LineKind::kRow) {
      if (!in_rows) {
        if (single && !levels.empty())
          throw InputError(place(source, line.number), "a second level starts here (expected one level)");
        // Lines of level characters right above the rows are rows too, as they are below them and in one
        // level's text ("***" of boxes on targets as a first row; docs/reliability.md, bug 6).
        size_t first_row = header.size();
        while (format.continues_rows && first_row > 0 && header[first_row - 1].kind == LineKind::kOther &&
               format.continues_rows(header[first_row - 1].line.text))
          --first_row;
        RawLevel level;
        // The non-blank line right above the rows is the title.
        size_t notes_end = first_row;
        if (notes_end > 0 && header[notes_end - 1].kind != LineKind::kBlank) level.title = header[--notes_end].text;
        for (size_t i = 0; i < notes_end; ++i)
          if (header[i].kind != LineKind::kBlank) level.notes.push_back(header[i].text);
        levels.push_back(std::move(level));
        for (size_t i = first_row; i < header.size(); ++i) add_row(header[i].line);
        header.clear();
        in_rows = true;
      }
      add_row(line);
      continue;
    }
    in_rows = false;
    if (kind == LineKind::kSkip) continue;
    header.push_back({line, kind == LineKind::kComment ? comment_text(line.text) : std::string(trim(line.text)), kind});
  }
  if (levels.empty()) throw InputError(source.empty() ? "text" : std::string(source), "no level found");
  for (const auto& h : header)
    if (h.kind != LineKind::kBlank) levels.back().notes.push_back(h.text);
  return levels;
}

using SquarePlace = std::function<std::string(int row, int column)>;

void check(const Level& level, const std::string& level_place, const SquarePlace& square_place) {
  if (level.height < 1 || level.width < 1) throw InputError(level_place, "the level is empty");
  if (level.height > kMaxSide || level.width > kMaxSide)
    throw InputError(level_place, "the level is " + std::to_string(level.height) + " rows by " +
                                      std::to_string(level.width) + " columns; at most " + std::to_string(kMaxSide) +
                                      " of each");
  const size_t n = size_t(level.num_squares());
  if (level.wall.size() != n || level.target.size() != n)
    throw InputError(level_place, "the walls and targets must cover width x height squares");
  if (level.player < 0 || level.player >= level.num_squares())
    throw InputError(level_place, "no player ('@' or '+', code 4 or 6)");
  if (level.wall[size_t(level.player)])
    throw InputError(square_place(level.row(level.player), level.column(level.player)), "the player is on a wall");
  for (size_t i = 0; i < level.boxes.size(); ++i) {
    const Square b = level.boxes[i];
    if (b < 0 || b >= level.num_squares() || (i > 0 && b <= level.boxes[i - 1]))
      throw InputError(level_place, "the boxes must be distinct squares in increasing order");
    if (level.wall[size_t(b)] || b == level.player)
      throw InputError(square_place(level.row(b), level.column(b)), "a box on a wall or on the player");
  }
  const auto targets = std::count(level.target.begin(), level.target.end(), uint8_t(1));
  if (level.boxes.empty()) throw InputError(level_place, "no box ('$' or '*', code 2 or 5)");
  if (size_t(targets) != level.boxes.size())
    throw InputError(level_place, std::to_string(level.boxes.size()) + " boxes but " + std::to_string(targets) +
                                      " targets (they must be equal)");
  // The squares joined to the player's through non-wall squares must stay
  // off the edge.
  std::vector<uint8_t> seen(n, 0);
  std::vector<Square> stack = {level.player};
  seen[size_t(level.player)] = 1;
  Square open = -1;
  while (!stack.empty()) {
    const Square s = stack.back();
    stack.pop_back();
    const int r = level.row(s), c = level.column(s);
    if (r == 0 || c == 0 || r == level.height - 1 || c == level.width - 1) {
      open = open < 0 ? s : std::min(open, s);
      continue;
    }
    for (const Square next : {s - level.width, s + level.width, s - 1, s + 1})
      if (!seen[size_t(next)] && !level.wall[size_t(next)]) {
        seen[size_t(next)] = 1;
        stack.push_back(next);
      }
  }
  if (open >= 0)
    throw InputError(square_place(level.row(open), level.column(open)),
                     "open border: the player can reach this square on the edge of the level (a level must be "
                     "closed by walls; short rows are padded with floor)");
}

Level build(const RawLevel& raw, std::string_view source) {
  Level level;
  level.title = raw.title;
  level.notes = raw.notes;
  level.height = int(raw.rows.size());
  for (const auto& row : raw.rows) level.width = std::max(level.width, int(row.tiles.size()));
  const std::string level_place = place(source, raw.rows.front().line);
  if (level.width == 0) throw InputError(level_place, "the level has no squares");
  level.wall.assign(size_t(level.num_squares()), 0);
  level.target.assign(size_t(level.num_squares()), 0);
  const auto square_place = [&](int r, int c) {
    const RawRow& row = raw.rows[size_t(r)];
    // Padding squares sit where the row's next characters would be.
    const int column = c < int(row.columns.size())
                           ? row.columns[size_t(c)]
                           : (row.columns.empty() ? 0 : row.columns.back()) + (c - int(row.columns.size()) + 1);
    return place(source, row.line, column);
  };
  for (int r = 0; r < level.height; ++r) {
    const RawRow& row = raw.rows[size_t(r)];
    for (int c = 0; c < int(row.tiles.size()); ++c) {
      const int tile = row.tiles[size_t(c)];
      const Square s = level.at(r, c);
      level.wall[size_t(s)] = tile == kWall;
      level.target[size_t(s)] = tile == kTarget || tile == kBoxOnTarget || tile == kPlayerOnTarget;
      if (tile == kBox || tile == kBoxOnTarget) level.boxes.push_back(s);
      if (tile == kPlayer || tile == kPlayerOnTarget) {
        if (level.player >= 0)
          throw InputError(square_place(r, c), "a second player (the first is at " +
                                                   square_place(level.row(level.player), level.column(level.player)) +
                                                   ")");
        level.player = s;
      }
    }
  }
  check(level, level_place, square_place);
  return level;
}

std::vector<Level> build_all(const std::vector<RawLevel>& raws, std::string_view source) {
  std::vector<Level> levels;
  levels.reserve(raws.size());
  for (const auto& raw : raws) levels.push_back(build(raw, source));
  return levels;
}

}  // namespace

char tile_char(int tile) { return tile >= 0 && tile < kNumTiles ? kTileChars[size_t(tile)] : '?'; }

Level parse_level(std::string_view text, std::string_view source) {
  return build(read_raw(text, source, text_format(), true).front(), source);
}

std::vector<Level> parse_collection(std::string_view text, std::string_view source) {
  return build_all(read_raw(text, source, text_format(), false), source);
}

Level parse_number_grid(std::string_view text, std::string_view source) {
  return build(read_raw(text, source, grid_format(), true).front(), source);
}

std::vector<Level> parse_number_grids(std::string_view text, std::string_view source) {
  return build_all(read_raw(text, source, grid_format(), false), source);
}

bool looks_like_number_grids(std::string_view text) {
  for (const Line& line : split_lines(text)) {
    if (is_blank(line.text) || is_comment(line.text)) continue;
    if (classify_text(line.text, false) == LineKind::kRow) {
      const bool valid = std::all_of(line.text.begin(), line.text.end(), [](char c) { return text_tile(c) >= 0; });
      if (valid) return false;
      continue;  // a Python comment ("# 0: empty, ...") above a grid, or a bad row: the next lines decide
    }
    if (line.text.find("array(") != std::string_view::npos || classify_grid(line.text, false) == LineKind::kRow)
      return true;
  }
  return false;
}

std::vector<Level> parse_levels(std::string_view text, std::string_view source) {
  return looks_like_number_grids(text) ? parse_number_grids(text, source) : parse_collection(text, source);
}

std::vector<std::string> level_rows(const Level& level, std::span<const Square> boxes, Square player) {
  std::vector<std::string> rows(size_t(level.height), std::string(size_t(level.width), ' '));
  size_t next_box = 0;
  for (Square s = 0; s < level.num_squares(); ++s) {
    const bool box_here = next_box < boxes.size() && boxes[next_box] == s;
    if (box_here) ++next_box;
    rows[size_t(level.row(s))][size_t(level.column(s))] = tile_char(tile_code(level, s, box_here, player));
  }
  return rows;
}

std::string level_to_text(const Level& level) {
  std::string text;
  for (auto& row : level_rows(level)) {
    while (!row.empty() && row.back() == ' ') row.pop_back();
    text += row;
    text += '\n';
  }
  return text;
}

namespace {

std::string collection_with(std::span<const Level> levels, std::string (*write)(const Level&)) {
  std::string text;
  for (const Level& level : levels) {
    for (const auto& note : level.notes) text += note.empty() ? ";\n" : "; " + note + "\n";
    if (!level.notes.empty()) text += '\n';
    if (!level.title.empty()) text += "; " + level.title + "\n";
    text += write(level);
    text += '\n';
  }
  return text;
}

}  // namespace

std::string collection_to_text(std::span<const Level> levels) { return collection_with(levels, level_to_text); }

std::string collection_to_number_grids(std::span<const Level> levels) {
  return collection_with(levels, level_to_number_grid);
}

std::string level_to_number_grid(const Level& level) {
  std::string text;
  size_t next_box = 0;
  for (Square s = 0; s < level.num_squares(); ++s) {
    const bool box_here = next_box < level.boxes.size() && level.boxes[next_box] == s;
    if (box_here) ++next_box;
    if (level.column(s) > 0) text += ' ';
    text += char('0' + tile_code(level, s, box_here, level.player));
    if (level.column(s) == level.width - 1) text += '\n';
  }
  return text;
}

void check_level(const Level& level, std::string_view where) {
  const std::string w(where);
  check(level, w, [&](int r, int c) { return w + ", row " + std::to_string(r) + ", column " + std::to_string(c); });
}

}  // namespace pg::sokoban
