#include "engine/core/bridged_program.h"

#include "engine/core/agent_protocol.h"
#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/core/worker_agent.h"

namespace pg {

namespace {

class BridgedProgram : public Agent {
 public:
  // The start message, made now (the agent may outlive the game object it was made for); its seat is set when
  // asked.
  explicit BridgedProgram(const Game& game) : start_(agent_protocol::start_message(game, 0)) {}
  std::string spec() const override { return "program"; }

  Decision decide(const State& state, Rng& rng) override { return decide_at(state, rng, {}); }

  Decision decide_at(const State& state, Rng& /*rng*/, const DecisionContext& context) override {
    if (!worker_ask_installed())
      return declined_decision("'program' plays in the page through playground connect; here, seat program:COMMAND");
    const auto reply = question_.ask([&] {
      Json messages = Json::object();
      messages["start"] = start_;
      messages["start"]["seat"] = state.current_player();
      messages["decide"] = agent_protocol::decide_message(state, context, kBridgedProgramTimeLimit);
      Json request = Json::object();
      request["program"] = std::move(messages);
      return request.dump();
    });
    if (!reply) return thinking_decision();
    return from_reply(*reply, state);
  }

 private:
  static Decision from_reply(const std::string& reply_text, const State& state) {
    try {
      const Json reply = parse_json_input(reply_text, "the bridge's reply");
      if (reply.contains("failure"))
        return declined_decision(reply["failure"].is_string() ? reply["failure"].get<std::string>()
                                                              : "the bridge failed");
      if (reply.contains("ready"))
        agent_protocol::check_ready(parse_json_input(line_of(reply, "ready"), "the program's answer to start"));
      return agent_protocol::decision_from_reply(parse_json_input(line_of(reply, "reply"), "the program's answer"),
                                                 state);
    } catch (const InputError& e) {
      return declined_decision(std::string("your program: ") + e.what());
    }
  }

  static std::string line_of(const Json& reply, const char* key) {
    if (!reply.contains(key) || !reply[key].is_string()) throw InputError(key, "expected the program's line");
    return reply[key].get<std::string>();
  }

  Json start_;
  PageQuestion question_;
};

}  // namespace

std::unique_ptr<Agent> make_bridged_program(const Game& game) { return std::make_unique<BridgedProgram>(game); }

}  // namespace pg
