// The assignment's playout policy as an agent: each legal move with
// probability (row weight + column weight) / total, from a pattern file.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core/agent.h"
#include "engine/games/binary/patterns.h"

namespace pg::binary {

class PatternAgent : public Agent {
 public:
  // `spec` as given ("patterns", "patterns:nopattern"); `file` names the table.
  PatternAgent(std::string spec, std::string file, std::shared_ptr<const PatternTable> table)
      : spec_(std::move(spec)), file_(std::move(file)), table_(std::move(table)) {}
  std::string spec() const override { return spec_; }
  Decision decide(const State& state, Rng& rng) override;
  const PatternTable& table() const { return *table_; }

 private:
  std::string spec_, file_;
  std::shared_ptr<const PatternTable> table_;
  std::vector<WeightedMove> moves_;  // reused between decisions
};

// "patterns" or "patterns:NAME" (a shipped or stored pattern file); nullptr
// for other specs; throws InputError for an unknown file.
std::unique_ptr<Agent> make_pattern_agent(std::string_view spec);

}  // namespace pg::binary
