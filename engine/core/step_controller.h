// How the page steps an episode: one call, step(cause), through which every input goes (the Step button and
// the Right arrow, autoplay, the agents' replies to a human's move, a link's step, the JavaScript API), and
// which handles every outcome of Session::step for that cause. It knows nothing of the UI: the page calls
// update() each frame and shows the messages it tells; the native tests drive it the same way.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "engine/core/session.h"

namespace pg {

// Why a step is taken: what follows an outcome depends on it.
enum class StepCause {
  kUser,      // the Step button or the Right arrow: a human to move is told so; a step asked while the agent
              // thinks is taken when it has decided
  kApi,       // the JavaScript API: its promise asks again when the agent has decided
  kAutoplay,  // playing, or the agents answering a human's move: stops at the game's end, a decline, a human
  kUrl,       // a link's step without actions: the agents play to it; where they stop is told
};

class StepController {
 public:
  // `tell` shows an information message (the page's message list).
  StepController(Session& session, std::function<void(const std::string&)> tell);

  StepResult step(StepCause cause);
  // Each frame, with the seconds since the last one and the steps per second: a step asked while the agent
  // thought (once it has decided), the link's step, autoplay and the agents' replies.
  void update(double dt, double speed);

  bool playing() const { return playing_; }
  void set_playing(bool playing) { playing_ = playing; }
  // A human's move was played: the agents answer until a human is to move again.
  void reply_to_human();
  // Playing and replying stop (stepping back, a new game, ...).
  void stop() { playing_ = replying_ = false; }
  // Only replying stops (seeking).
  void stop_replying() { replying_ = false; }
  // What was asked to be taken once the agent decides is forgotten (the user has moved on).
  void cancel();
  // The link's step: the agents play to it (once the agents the link named are seated).
  void play_to(std::optional<size_t> step) { play_to_step_ = step; }
  // The agents are still playing to the link's step (it ends when reached, or where the episode stops).
  bool reaching_link_step() const { return play_to_step_.has_value(); }
  // Steps are due by themselves (playing, replying, a step asked, the link's step), whether or not the agent
  // to move is still thinking.
  bool stepping() const { return playing_ || replying_ || step_when_decided_ || play_to_step_; }

  // Why the agent to move declined, as the page tells it.
  static std::string declined_message(Session& session);

 private:
  void play_to_url_step();
  void autoplay(double dt, double speed);

  Session& session_;
  std::function<void(const std::string&)> tell_;
  bool playing_ = false;
  bool replying_ = false;               // agents answer a human move without waiting for "step"
  bool step_when_decided_ = false;      // "step" was asked while the agent thought: taken when it has decided
  double step_credit_ = 0;              // autoplay's steps due
  std::optional<size_t> play_to_step_;  // the link's step, until the agents have played to it
};

}  // namespace pg
