#include "engine/core/step_controller.h"

#include <algorithm>
#include <utility>

namespace pg {

StepController::StepController(Session& session, std::function<void(const std::string&)> tell)
    : session_(session), tell_(std::move(tell)) {}

std::string StepController::declined_message(Session& session) {
  const Decision* d = session.decision();
  const int p = session.state().current_player();
  return session.agent_specs()[size_t(p)] + " declines to move: " + (d ? d->note : std::string()) +
         " Click a move on the board, or seat another agent.";
}

StepResult StepController::step(StepCause cause) {
  const StepResult r = session_.step();
  const bool timed = cause == StepCause::kAutoplay;
  if (cause == StepCause::kUser) step_when_decided_ = r == StepResult::kThinking;
  if (cause == StepCause::kUrl && r != StepResult::kPlayed && r != StepResult::kReplayed &&
      r != StepResult::kThinking) {
    const std::string where = "the link's step " + std::to_string(play_to_step_.value_or(0)) +
                              ": the episode stops at step " + std::to_string(session_.episode().length());
    if (r == StepResult::kWaitingHuman) tell_(where + ", where a human is to move.");
    if (r == StepResult::kGameOver) tell_(where + ", where the game ends.");
    play_to_step_.reset();
  }
  switch (r) {
    case StepResult::kThinking:
      if (timed) step_credit_ = 0;  // autoplay waits for the decision
      break;
    case StepResult::kGameOver:
      if (timed) stop();
      break;
    case StepResult::kWaitingHuman:
      if (cause == StepCause::kUser) tell_("Waiting for the human player: click a move on the board.");
      if (timed) replying_ = false;  // autoplay goes on once the human has moved
      break;
    case StepResult::kDeclined:
      tell_(declined_message(session_));
      if (timed) stop();
      break;
    case StepResult::kPlayed:
    case StepResult::kReplayed: break;
  }
  return r;
}

void StepController::update(double dt, double speed) {
  play_to_url_step();
  if (step_when_decided_ && !session_.thinking()) step(StepCause::kUser);
  autoplay(dt, speed);
}

void StepController::play_to_url_step() {
  if (!play_to_step_ || !session_.pending_agents().empty()) return;  // the link's agents first
  for (int budget = 256; budget > 0 && play_to_step_ && session_.episode().length() < *play_to_step_; --budget) {
    const StepResult r = step(StepCause::kUrl);
    if (r == StepResult::kThinking) return;  // asked again when the worker has decided
  }
  if (play_to_step_ && session_.episode().length() >= *play_to_step_) play_to_step_.reset();
}

void StepController::autoplay(double dt, double speed) {
  if (!playing_ && !replying_) {
    step_credit_ = 0;
    return;
  }
  step_credit_ = std::min(step_credit_ + dt * speed, 3.0);
  while (step_credit_ >= 1.0) {
    step_credit_ -= 1.0;
    const StepResult r = step(StepCause::kAutoplay);
    if (r != StepResult::kPlayed && r != StepResult::kReplayed) break;
  }
}

void StepController::reply_to_human() {
  replying_ = true;
  step_credit_ = 0;
}

void StepController::cancel() {
  step_when_decided_ = false;
  play_to_step_.reset();
}

}  // namespace pg
