// Binary Game pattern files (PatternTable::parse: the CLI's patterns:FILE, the protocol's loadpatterns, the
// page's pattern editor). parse accepts exactly the texts errors() finds nothing in; an accepted table writes
// to a file that reads back to the same table, and its policy draws a move on a small board.
#include <vector>

#include "engine/core/error.h"
#include "engine/games/binary/patterns.h"
#include "tests/fuzz/fuzz_input.h"

namespace bin = pg::binary;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = pg::fuzz::as_text(data, size);
  const std::vector<std::string> errors = bin::PatternTable::errors(text, "fuzz");
  try {
    const bin::PatternTable table = bin::PatternTable::parse(text, "fuzz");
    PG_FUZZ_CHECK(errors.empty());
    const bin::PatternTable again = bin::PatternTable::parse(table.to_text(), "written");
    PG_FUZZ_CHECK(again.to_text() == table.to_text());
    for (int code = 0; code < bin::kNumPatternCodes; ++code)
      for (int d = 0; d < 2; ++d) PG_FUZZ_CHECK(again.weight(code, d) == table.weight(code, d));
    pg::Rng rng(1);
    std::vector<bin::WeightedMove> scratch;
    bin::Move move{};
    (void)bin::sample_move(bin::Board::empty(4, 4), table, rng, scratch, move);
    (void)bin::policy_moves_line(bin::Board::empty(3, 2), table);
  } catch (const pg::InputError&) {
    PG_FUZZ_CHECK(!errors.empty());
  }
  return 0;
}
