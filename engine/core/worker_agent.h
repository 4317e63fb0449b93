// Agents think off the page's main thread. In the page, every agent the session seats, but a human or a random
// one, is a worker agent: its decisions are asked of the same game module running in a Web Worker
// (web/page/worker.mjs), which builds the same agent and decides from the same state and random stream, so the
// decisions are the native ones, bit for bit. A decision is asked of the page once (its request serialised once); while
// the worker thinks, decide() returns a Decision with `thinking` set and the page goes on (drawing nothing). The page
// pushes the reply in once (provide_worker_reply), and the session then asks the agent again, which takes it.
// Natively nothing is installed and agents decide in place.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/agent.h"

namespace pg {

// Carries question `id`, a request (a JSON text, below), to the worker, once: its reply when the page has it
// already, else nullopt, and the reply comes later through provide_worker_reply(id, ...).
using WorkerAsk = std::optional<std::string> (*)(uint64_t id, const std::string& request);
void install_worker_ask(WorkerAsk ask);
// Whether one is installed: in the page, yes; natively, no.
bool worker_ask_installed();
// The worker's reply to question `id`: the agent that asked takes it when it is asked again. A reply to a
// dropped question is ignored.
void provide_worker_reply(uint64_t id, std::string reply);
// How many replies have been provided: a session asks a thinking agent again only once this has changed.
uint64_t worker_replies_provided();
// The position the questions were about has changed (stepping back, seeking, a move, new agents or game): the
// questions asked so far are dropped, and an agent asked again asks anew.
void drop_worker_questions();

// The decision of an agent whose question is not answered yet (Decision::thinking).
Decision thinking_decision();

// A question to the page that the agent asking it waits for: the first ask() sends the request (made by
// `request`) through the installed ask and returns the reply when the page has it already; later asks about the
// same position return it once provided (nullopt meanwhile, without asking again). Questions dropped since
// (drop_worker_questions) are asked anew. The worker agents and the page's program seat (bridged_program.h) ask
// this way.
class PageQuestion {
 public:
  template <typename MakeRequest>
  std::optional<std::string> ask(MakeRequest&& request) {
    if (auto reply = take()) return reply;
    if (waiting()) return std::nullopt;
    return send(request());
  }

 private:
  bool waiting() const;
  std::optional<std::string> take();
  std::optional<std::string> send(const std::string& request);
  std::optional<uint64_t> pending_;  // the question asked and not yet answered
};

// What the session seats in the page: `agent` (built for `game`) deciding in the worker, or `agent` itself
// when no worker ask is installed, when it is a human or a random one (nothing to think about), the page's program
// seat (it asks the page itself), or when its spec names a policy only the page's memory holds (uses_page_memory).
std::unique_ptr<Agent> decide_in_worker(const Game& game, std::unique_ptr<Agent> agent);

// The spec names a policy that exists only in the page's memory, which the worker does not share: `live`
// (trained in the page), `uploaded` (a file the user loaded), `edited` (the Binary Game's pattern editor), as in
// "trained:live", "theta:2:live", "patterns:edited". Such an agent decides in place.
bool uses_page_memory(std::string_view spec);

// The worker's side: answers one request with a reply (both JSON texts).
//   {"game": name, "options": {...}, "agent": spec, "state": {...}, "rng": [4 words as hex]}
//     -> {"decision": {...}, "rng": [...]}  the decision and the random stream after it
//      | {"unavailable": path, "loading": bool, "message": text}  a policy file the agent needs
//      | {"error": text}
// The worker keeps the agents it built (by game, options and spec), as the page keeps its seated agents.
std::string answer_worker_request(std::string_view request);

}  // namespace pg
