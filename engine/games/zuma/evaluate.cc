#include "engine/games/zuma/evaluate.h"

#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/games/zuma/agents.h"
#include "engine/games/zuma/zuma_game.h"

namespace pg::zuma {

EvalResult evaluate(const Scenario& scenario, std::string_view agent_spec, int64_t episodes, uint64_t seed,
                    const std::function<void(int64_t done)>& progress) {
  const ZumaGame game(scenario);
  std::unique_ptr<Agent> generic = make_agent(game, agent_spec);
  // The generic random agent draws rng.below(#legal) over -1..n: the same as UniformAgent.
  std::unique_ptr<ZumaAgent> fast;
  if (agent_spec == "random") fast = std::make_unique<UniformAgent>();
  auto* agent = fast ? fast.get() : dynamic_cast<ZumaAgent*>(generic.get());

  EvalResult result;
  for (int64_t i = 0; i < episodes; ++i) {
    const uint64_t episode_seed = seed + uint64_t(i);
    double total = 0;
    bool cleared = false;
    if (agent) {
      ZumaEngine engine(scenario, episode_seed);
      if (scenario.random_lines) engine.reset(true);
      engine.ensure_ball();
      for (size_t t = 0; !engine.done(); ++t) {
        Rng rng = decision_rng(episode_seed, t);
        total += engine.submit(agent->choose(engine, rng));
      }
      cleared = engine.line().empty();
    } else {  // an agent of the generic interface (a program, a network agent)
      auto state = game.initial_state(episode_seed);
      for (size_t t = 0; !state->is_terminal(); ++t) {
        Rng rng = decision_rng(episode_seed, t);
        const Decision d = generic->decide(*state, rng);
        if (d.declined)
          throw InputError("agent '" + std::string(agent_spec) + "'", "declined to move at step " + std::to_string(t) +
                                                                          " of the episode with seed " +
                                                                          std::to_string(episode_seed) + ": " + d.note);
        total += state->apply(d.chosen)[0];
      }
      cleared = dynamic_cast<const ZumaState&>(*state).engine().line().empty();
    }
    result.returns.add(total);
    result.cleared += cleared;
    if (progress && ((i + 1) % 1000 == 0 || i + 1 == episodes)) progress(i + 1);
  }
  return result;
}

}  // namespace pg::zuma
