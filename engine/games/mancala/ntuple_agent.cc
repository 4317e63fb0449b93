#include "engine/games/mancala/ntuple_agent.h"

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/mancala/mancala_game.h"

namespace pg::mancala {

std::string NTupleAgent::spec() const {
  return "ntuple:" + std::to_string(depth_) + (weights_.empty() ? "" : ":" + weights_);
}

Decision NTupleAgent::decide(const State& state, Rng& rng) {
  const auto& s = dynamic_cast<const MancalaState&>(state);
  return value_search_decision(s.board(), s.rules(), score_moves(s.board(), s.rules(), *value_, depth_), depth_,
                               "n-tuple value", "(n-tuple value)", rng);
}

const char* ntuple_name_for(const Rules& rules) {
  const bool report_reading = rules.early_end && rules.end_only_when_mover_empty && !rules.sweep_remaining;
  return report_reading ? kNTupleReportRules : kNTupleAveraged;
}

std::unique_ptr<Agent> make_ntuple_agent(std::string_view spec, const Rules& rules) {
  const auto [name, arg] = split_spec(spec);
  const auto colon = arg.find(':');
  const std::string depth_text = arg.substr(0, colon);
  const int depth = depth_text.empty() ? 1 : parse_int_param(spec, depth_text, 1, NTupleAgent::kMaxDepth);
  const std::string weights = colon == std::string::npos ? "" : arg.substr(colon + 1);
  const std::string value_name = weights.empty() ? ntuple_name_for(rules) : weights;
  auto value = ntuples().need(value_name);
  if (!value)
    throw InputError("agent '" + std::string(spec) + "'",
                     "no n-tuple value named '" + value_name + "' (shipped: " + kNTupleAveraged + ", " +
                         kNTupleTreeStrap + ", " + kNTupleStandard + ", " + kNTupleReportRules + ")");
  return std::make_unique<NTupleAgent>(depth, weights, std::move(value));
}

}  // namespace pg::mancala
