// The course's text protocol (its starter program's commands), so that the
// course's test files, which feed commands and compare the output, pass
// against `playground binary protocol`.
//
// One command per line, case-insensitive. A command that succeeds prints its
// answer (if any), then "= 1" and an empty line. An unknown command, or one
// that fails (a pattern file that cannot be read or is malformed, a board
// larger than this engine plays), prints a message on stderr, then "= -1" and
// an empty line. A command whose arguments are missing or not numbers prints a
// message on stderr and nothing on stdout. An illegal `play` prints only
// "= illegal move: ARGS REASON" and an empty line.
//
// Commands: game n m, show, play x y d, legal x y d, genmove, winner,
// loadpatterns FILE (relative to the working directory), policy_moves, help,
// exit. The program starts on a 1x1 board with no patterns, as the course's.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/games/binary/board.h"
#include "engine/games/binary/patterns.h"

namespace pg::binary {

class Protocol {
 public:
  // `seed` fixes genmove's draws.
  Protocol(std::ostream& out, std::ostream& err, uint64_t seed = 1);

  // Runs one line; false once it was `exit`.
  bool execute(const std::string& line);
  // Runs lines until `exit` or the end of the input.
  void run(std::istream& in);

  const Board& board() const { return board_; }
  const PatternTable& patterns() const { return patterns_; }

 private:
  // How a command ended: "= 1", nothing on stdout, or "= -1".
  enum class Outcome { kDone, kSilent, kFailed };
  using Args = std::vector<std::string>;

  Outcome game(const Args& args);
  Outcome show();
  Outcome play(const Args& args);
  Outcome legal(const Args& args);
  Outcome genmove();
  Outcome winner();
  Outcome loadpatterns(const Args& original_case_args);
  Outcome policy_moves();
  Outcome help();
  // The course's argument check: at least as many arguments as `names`, all
  // of them integers; else a message on stderr.
  bool numbers(const Args& args, const std::string& names, std::vector<long long>& values);

  std::ostream& out_;
  std::ostream& err_;
  Board board_ = Board::empty(1, 1);
  PatternTable patterns_;
  Rng rng_;
  std::vector<WeightedMove> scratch_;
};

// Python's int() on a word: optional sign, digits (underscores between them);
// saturates instead of overflowing. False if the word is not an integer.
bool parse_python_int(const std::string& word, long long& value);

}  // namespace pg::binary
