// Mean return of an agent over many episodes: the homework's grading (mean
// total reward), with a 95% interval. Episode i is the page's episode with
// seed `seed + i` (same line, same draws, same decisions), so any of them can
// be opened in the page and replayed.
#pragma once

#include <cstdint>
#include <functional>

#include "engine/core/agent.h"
#include "engine/core/stats.h"
#include "engine/games/zuma/scenario.h"

namespace pg::zuma {

struct EvalResult {
  MeanEstimate returns;
  int64_t cleared = 0;  // episodes that ended with an empty line
};

// `agent` is any agent (Zuma's own run on the engine directly; "random" is
// run as the same uniform draw). Throws InputError for a bad spec.
EvalResult evaluate(const Scenario& scenario, std::string_view agent_spec, int64_t episodes, uint64_t seed,
                    const std::function<void(int64_t done)>& progress = nullptr);

}  // namespace pg::zuma
