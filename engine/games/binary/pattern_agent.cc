#include "engine/games/binary/pattern_agent.h"

#include <cstdio>

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/games/binary/binary_game.h"
#include "engine/games/binary/pattern_files.h"

namespace pg::binary {

namespace {

std::string describe(const PatternTable& table, int code, int digit, double weight) {
  const int line = table.match(code, digit);
  std::string text = pattern_text(code) + " ";
  if (line < 0) return text + "(no pattern: 10)";
  const PatternLine& l = table.lines()[size_t(line)];
  char w[32];
  std::snprintf(w, sizeof w, "%g", weight);
  return text + "(pattern " + l.pattern + (l.pattern == pattern_text(code) ? "" : " mirrored") + ": " + w + ")";
}

}  // namespace

Decision PatternAgent::decide(const State& state, Rng& rng) {
  const Board& board = dynamic_cast<const BinaryState&>(state).board();
  weigh_moves(board, *table_, moves_);
  if (moves_.empty()) throw InputError("agent '" + spec_ + "'", "the game is over: no legal move to choose");
  Decision d;
  d.probabilities = probabilities(moves_);
  double total = 0;
  for (const auto& m : moves_) {
    d.actions.push_back(encode_action(board, m.x, m.y, m.d));
    d.scores.push_back(m.weight());
    total += m.weight();
  }
  const WeightedMove& chosen = moves_[draw(moves_, rng)];
  d.chosen = encode_action(board, chosen.x, chosen.y, chosen.d);
  d.score_label = "pattern weight: row + column (10 each where no pattern matches)";
  d.debug = {{"total weight", total}, {"patterns in the file", double(table_->lines().size())}};
  char head[64];
  std::snprintf(head, sizeof head, "%d,%d,%d weighs %g: row ", chosen.x, chosen.y, chosen.d, chosen.weight());
  d.note = head + describe(*table_, row_code(board, chosen.x, chosen.y), chosen.d, chosen.row_weight) + ", column " +
           describe(*table_, column_code(board, chosen.x, chosen.y), chosen.d, chosen.column_weight) + " [" + file_ +
           "]";
  return d;
}

std::unique_ptr<Agent> make_pattern_agent(std::string_view spec) {
  const auto [name, arg] = split_spec(spec);
  if (name != "patterns") return nullptr;
  const std::string file = arg.empty() ? kDefaultPatterns : arg;
  auto table = pattern_tables().need(file);
  if (!table) {
    std::string shipped;
    for (const auto& n : shipped_pattern_names()) shipped += (shipped.empty() ? "" : ", ") + n;
    throw InputError("agent '" + std::string(spec) + "'", "no pattern file named '" + file + "' (shipped: " + shipped +
                                                              "; the CLI also takes a path to a file)");
  }
  return std::make_unique<PatternAgent>(std::string(spec), file, std::move(table));
}

}  // namespace pg::binary
