// Zuma on the generic Game/State interface: one player, chance inside apply.
// Actions are the homework's: -1 skips the ball, 0..n insert it before
// index i (n appends), named by their number.
//
// The folder, by role:
//   rules        engine.h (the homework's engine), line.h, python_random.h, scenario.h, python_literal.h,
//                zuma_game.h
//   agents       agents.h (greedy, expectimax, trained, dqn)
//   learning     features.h, q_learning.h, evaluate.h (the homework's grading)
//   file formats q_policy.h (Q-tables), scenario.h (scenario files)
//   tests        *_test.cc
#pragma once

#include <memory>

#include "engine/core/game.h"
#include "engine/core/registry.h"
#include "engine/games/zuma/engine.h"

namespace pg::zuma {

constexpr const char* kObservationEncoding = "zuma-rows-v1";

// The keys of a step's events (Transition::events), shared by the engine and the page, so that renaming one
// fails to compile. Traces and the CLI print them: the texts are part of the trace format (engine.h's
// StepLog says what each holds).
namespace events {
inline constexpr const char* kBall = "ball";
inline constexpr const char* kAimed = "aimed";
inline constexpr const char* kActual = "actual";
inline constexpr const char* kHit = "hit";
inline constexpr const char* kHitP = "hit_p";
inline constexpr const char* kBefore = "before";
inline constexpr const char* kInserted = "inserted";
inline constexpr const char* kPops = "pops";  // each {kStart, kLength, kColour, kU, kP, kPopped, kReward}
inline constexpr const char* kStart = "start";
inline constexpr const char* kLength = "length";
inline constexpr const char* kColour = "colour";
inline constexpr const char* kU = "u";
inline constexpr const char* kP = "p";
inline constexpr const char* kPopped = "popped";
inline constexpr const char* kReward = "reward";
inline constexpr const char* kFell = "fell";  // {kColour, kPenalty}
inline constexpr const char* kPenalty = "penalty";
inline constexpr const char* kEndReward = "end_reward";
}  // namespace events

class ZumaState : public State {
 public:
  ZumaState(std::shared_ptr<const Scenario> scenario, const ZumaEngine& engine)
      : scenario_(std::move(scenario)), engine_(engine) {}

  const ZumaEngine& engine() const { return engine_; }
  const Scenario& scenario() const { return *scenario_; }

  std::unique_ptr<State> clone() const override { return std::make_unique<ZumaState>(*this); }
  int num_players() const override { return 1; }
  int current_player() const override { return engine_.done() ? kTerminalPlayer : 0; }
  std::string action_name(Action action) const override { return std::to_string(action); }
  std::vector<float> observation() const override;
  // The network's view, encoding "zuma-rows-v1", shape {max_length + 2, 4}:
  // row i < max_length is slot i of the line, one-hot over the colours red,
  // blue, green, yellow (all zero past the line's end); row max_length is
  // the ball, one-hot; the last row holds the fraction of steps left,
  // (max_steps - steps) / max_steps, in all four columns.
  ObservationTensor observation_tensor() const override;
  void fill_observation(std::span<float> out) const override;
  std::string to_text() const override;
  std::string to_words() const override;
  Json to_json() const override;
  // The gaps 0 to n (an action's insertion index; n balls in the row), then the balls b0 to b(n-1) from the front.
  std::vector<std::string> place_names() const override;

 protected:
  void append_legal_actions(std::vector<Action>& out) const override;
  Rewards apply_action(Action action, Transition* details) override;

 private:
  std::shared_ptr<const Scenario> scenario_;  // the engine points into it
  ZumaEngine engine_;
};

class ZumaGame : public Game {
 public:
  explicit ZumaGame(const Scenario& scenario) : scenario_(std::make_shared<const Scenario>(scenario)) {}
  const Scenario& scenario() const { return *scenario_; }

  std::string name() const override { return "zuma"; }
  std::string title() const override { return "Zuma (the homework's ball row)"; }
  int num_players() const override { return 1; }
  // -1 (skip) to max_length: the line never holds more than max_length balls after a step.
  ActionRange action_range() const override { return {kSkip, scenario_->max_length + 2}; }
  Json options() const override;
  // The seed is Python's random.seed(): the same seed and actions replay the
  // homework's episode. With random_lines, the line is drawn first.
  std::unique_ptr<State> initial_state(uint64_t seed) const override;
  // Seeds the episodes' Python generators together (PythonRandom::prepare_seeds).
  void prepare_initial_states(uint64_t first, int count) const override { PythonRandom::prepare_seeds(first, count); }
  std::unique_ptr<State> state_from_json(const Json& json) const override;
  std::unique_ptr<Agent> make_agent(std::string_view spec) const override;
  std::vector<AgentInfo> agents() const override;
  std::vector<std::string> default_agents() const override { return {"trained"}; }
  uint64_t default_seed() const override;

 private:
  std::shared_ptr<const Scenario> scenario_;
  std::string describe_events(const Json& events) const override;
};

// Options: "scenario" (a shipped scenario's name, or a scenario/model object),
// then overrides "max_steps", "max_length", "line", "random_lines".
Scenario scenario_from_options(const Json& options);
const std::vector<OptionInfo>& option_infos();
// Its name and title, known to every program (the page lists the games it does not carry).
inline constexpr GameInfo kInfo{"zuma", "Zuma (the homework's ball row)"};
GameEntry registry_entry();

// The chance draws of one step, as the homework's debug mode lists them.
std::vector<ChanceDraw> chance_draws(const StepLog& log);
Json events_json(const StepLog& log);

}  // namespace pg::zuma
