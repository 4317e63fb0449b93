// Opens a lesson's chapters as the page does and checks what they claim: the moment opens without a problem
// (its game, options, agents and actions), the drawings name places of its board, a question's answers are
// legal moves there, and where the question names a judge (an exact solver: Kalah's and tic-tac-toe's
// `perfect`, the Binary Game's and Sokoban's `solver`), its answers are exactly the moves the judge finds best.
// `playground lesson check` prints it; the shipped lessons' tests run it.
#pragma once

#include <string>
#include <vector>

#include "engine/core/lesson.h"
#include "engine/core/session.h"

namespace pg {

struct ChapterCheck {
  std::vector<std::string> problems;  // each naming the chapter and the field
  std::string game;                   // the moment's game, once opened
  size_t step = 0;                    // the step it shows
  std::string to_move;                // "player 0", or "" at the end of the episode
  // With a judge: the moves it finds best (the support of its decision), and its note.
  std::vector<std::string> judge_best;
  std::string judge_note;
};

// Opens chapter `index` of `lesson` in `session` (the agents play to the moment's step natively, as the page's
// worker would) and checks it. The session is left at the moment, with the moment's agents seated.
ChapterCheck check_chapter(Session& session, const Lesson& lesson, size_t index);

// The names of the legal moves of the state shown, in the game's order.
std::vector<std::string> legal_move_names(Session& session);

}  // namespace pg
