#include "tools/playground/program_agent.h"

#include <chrono>
#include <optional>
#include <utility>

#include "engine/core/agent_maker.h"
#include "engine/core/agent_protocol.h"
#include "engine/core/error.h"
#include "tools/playground/child_process.h"

namespace pg::cli {

namespace {

class ProgramAgent : public Agent {
 public:
  ProgramAgent(const Game& game, std::string command) : game_(game), command_(std::move(command)) {}

  std::string spec() const override { return "program:" + command_; }

  Decision decide(const State& state, Rng& rng) override { return decide_at(state, rng, {}); }

  Decision decide_at(const State& state, Rng& /*rng*/, const DecisionContext& context) override {
    if (failure_) return declined_decision(*failure_);
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(long(kProgramTimeLimit * 1000));
    std::string line;
    try {
      if (!process_) start(state.current_player(), deadline);
      process_->send(agent_protocol::decide_message(state, context, kProgramTimeLimit).dump(), deadline);
      line = process_->receive(deadline);
      return agent_protocol::decision_from_reply(parse(line), state);
    } catch (const ProgramFailure& f) {
      return fail(f.what);
    } catch (const InputError& e) {
      return fail("answered what the protocol does not allow: " + std::string(e.what()));
    }
  }

 private:
  void start(int seat, Clock::time_point deadline) {
    process_ = std::make_unique<ChildProcess>(command_);
    process_->send(agent_protocol::start_message(game_, seat).dump(), deadline);
    try {
      agent_protocol::check_ready(parse(process_->receive(deadline)));
    } catch (const InputError& e) {
      throw ProgramFailure{"did not start as the protocol asks: " + std::string(e.what())};
    }
  }

  static Json parse(const std::string& line) {
    Json j = Json::parse(line, nullptr, false);
    if (j.is_discarded()) {
      const std::string shown = line.size() > 80 ? line.substr(0, 80) + "..." : line;
      throw ProgramFailure{"printed a line that is not JSON: '" + shown +
                           "' (the protocol is one JSON object per line on stdout; print anything else to stderr)"};
    }
    return j;
  }

  Decision fail(const std::string& what) {
    const std::string note = failure_note(command_, what, process_.get());
    failure_ = note;
    process_.reset();
    return declined_decision(note);
  }

  const Game& game_;
  std::string command_;
  std::unique_ptr<ChildProcess> process_;
  std::optional<std::string> failure_;
};

}  // namespace

std::unique_ptr<Agent> make_program_agent(const Game& game, const std::string& command) {
  if (command.empty())
    throw InputError("agent 'program:'", "name the command after 'program:', e.g. program:python3 my_agent.py");
  return std::make_unique<ProgramAgent>(game, command);
}

void register_program_agents() { register_agent_maker("program", make_program_agent); }

}  // namespace pg::cli
