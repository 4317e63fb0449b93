// Sokoban level files: the standard text format every Sokoban program and
// collection uses, and the project's number grids.
//
// Standard text, one character per square:
//   #  wall            $  box             @  player
//   ' ' - _  floor     .  target          +  player on a target
//                      *  box on a target
// Rows may be short: a row ends at its last non-floor character and is padded
// with floor up to the widest row (the usual reading of these files; the
// writer trims trailing floor the same way). A level is the run of
// consecutive rows; a line is a row when its first character that is not
// floor (' ', '-', '_') is '#'.
//
// Collections: levels separated by blank lines, `;` comment lines or other
// text (titles, "Author: ..." lines). The non-blank line right above a
// level's first row is its title (a `;` comment's text without the `;`, or
// the line as is): Boxoban's `; 17` names the level that follows "17". The
// other lines since the previous level are its notes (comments without the
// `;`); lines after the last level are notes of the last level. The writer
// puts notes, a blank line, then `; title`, then the rows, so a collection
// reads back to the same levels.
//
// Number grids (the project's numpy arrays): rows of the tile codes
//   0 empty  1 wall  2 box  3 target  4 player  5 box on target  6 player on target
// separated by spaces and/or commas, optionally in Python brackets, e.g.
//   [1, 1, 1, 1, 1],      or      1 1 1 1 1
// an optional `name = np.array([` before the first row and `])` after the
// last, `#` comments to the end of a line. All rows of a grid have the same
// length. Several grids in one file are separated like text levels.
//
// Every reader checks the level (check_level) and throws InputError naming
// the line and column of the problem: an unknown character, no player or two
// players, boxes and targets of unequal number, no box, a side over kMaxSide,
// or an open border: a square joined to the player's by non-wall squares
// lies on the edge of the level (padding included), where the player or a
// box could leave it. So the rules never need to test the level's bounds.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/games/sokoban/level.h"

namespace pg::sokoban {

// The tile codes of the project's number grids and observation planes.
enum Tile : int {
  kEmpty = 0,
  kWall = 1,
  kBox = 2,
  kTarget = 3,
  kPlayer = 4,
  kBoxOnTarget = 5,
  kPlayerOnTarget = 6,
};
constexpr int kNumTiles = 7;

// The tile code of a square given where the boxes and the player stand.
// `box_here` says whether a box is on the square.
inline int tile_code(const Level& level, Square s, bool box_here, Square player) {
  if (level.wall[size_t(s)]) return kWall;
  const bool target = level.target[size_t(s)] != 0;
  if (box_here) return target ? kBoxOnTarget : kBox;
  if (s == player) return target ? kPlayerOnTarget : kPlayer;
  return target ? kTarget : kEmpty;
}

// Standard text character of a tile code (' ', '#', '$', '.', '@', '*', '+').
char tile_char(int tile);

// `source` names the text in error messages (a file name, "option 'level'");
// it may be empty. Line numbers count from 1 in `text`.

// Exactly one level in standard text; every non-blank line must be a row
// (leading and trailing blank lines are allowed, and `;` comment lines before
// the rows, the last of which is the title).
Level parse_level(std::string_view text, std::string_view source = "");
// All levels of a standard text collection, in file order; at least one.
std::vector<Level> parse_collection(std::string_view text, std::string_view source = "");

// Number grids: one grid, or all grids of a file.
Level parse_number_grid(std::string_view text, std::string_view source = "");
std::vector<Level> parse_number_grids(std::string_view text, std::string_view source = "");

// True if the text reads as number grids rather than standard text: its
// first line that is neither blank, a comment nor a Python `#` comment holds
// tile codes (or `np.array(`).
bool looks_like_number_grids(std::string_view text);
// A collection in either format (looks_like_number_grids decides).
std::vector<Level> parse_levels(std::string_view text, std::string_view source = "");

// The level's rows in standard text, each `width` characters long (floor
// written ' '), with the boxes and the player given (the level's own by
// default). `boxes` must be sorted.
std::vector<std::string> level_rows(const Level& level, std::span<const Square> boxes, Square player);
inline std::vector<std::string> level_rows(const Level& level) { return level_rows(level, level.boxes, level.player); }
// The level's rows with trailing floor trimmed, one line each, ending in '\n'
// (no title).
std::string level_to_text(const Level& level);
// Levels as a collection: each level's notes (as `; ` comments), a blank
// line, `; title` if it has one, its rows, then a blank line.
std::string collection_to_text(std::span<const Level> levels);
// The level as a number grid: one row per line, codes separated by spaces.
std::string level_to_number_grid(const Level& level);
// Levels as number grids, with notes and titles as collection_to_text.
std::string collection_to_number_grids(std::span<const Level> levels);

// Checks a level built in code (the readers call it with file positions):
// sizes, one player, boxes and targets, the closed border. Throws InputError
// with `where` and the row and column (from 0) of the problem.
void check_level(const Level& level, std::string_view where = "level");

}  // namespace pg::sokoban
