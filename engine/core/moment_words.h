// The moment on screen in words: what the page's text mirror (for screen readers, web/page/words.mjs) and its
// announcements say after each step. Built from what the engine already holds: the state's text, the game's
// words for a step's events, the decision of the agent to move.
#pragma once

#include <string>

#include "engine/core/json.h"
#include "engine/core/session.h"

namespace pg {

// What happened in a step: the game's words for its events (Game::describe_events), then every random draw.
std::string describe_step(const Game& game, const EpisodeStep& step);

// {title, position ("Step 3 of 5"), turn, board (the position in words, State::to_words, else its text), last (the step
// that led here), decision (the agent to move's most likely actions, with probabilities and scores), announcement (a
// sentence for an aria-live region: the last step, whose turn, the agent's most likely action), moves (when a move must
// be played here, by a human or for an agent that declines: the names of the legal actions, which the page offers as
// buttons)}. Every other field is text; the empty text when there is nothing to say.
Json moment_in_words(Session& session);

}  // namespace pg
