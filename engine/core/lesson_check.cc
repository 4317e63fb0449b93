#include "engine/core/lesson_check.h"

#include <algorithm>

#include "engine/core/drawing.h"
#include "engine/core/error.h"
#include "engine/core/url_opening.h"

namespace pg {

namespace {

// The opening's "URL parameter 'actions': ..." as the lesson names it: "moment.actions: ..." (after the chapter's
// name and a dot, as the reading's problems: "chapters[1] (Sowing).moment.actions: ...").
std::string as_moment_field(const std::string& message) {
  const std::string prefix = "URL parameter '";
  if (message.rfind(prefix, 0) != 0) return "moment: " + message;
  const size_t end = message.find("': ", prefix.size());
  if (end == std::string::npos) return "moment: " + message;
  return "moment." + message.substr(prefix.size(), end - prefix.size()) + ": " + message.substr(end + 3);
}

// Plays the agents to `step` as the page does for a link without actions: until the step, the end, or a
// seat that waits for a move.
void play_to(Session& session, size_t step) {
  while (session.episode().cursor() < step) {
    const StepResult r = session.step();
    if (r != StepResult::kPlayed && r != StepResult::kReplayed) return;
  }
}

void open_moment(Session& session, const LessonChapter& chapter, const std::string& name, ChapterCheck& check) {
  const UrlConfig config = parse_url_config(moment_query(chapter.moment));
  for (const std::string& w : config.warnings) check.problems.push_back(name + "." + as_moment_field(w));
  const std::string game = config.game.value_or("");
  const UrlOpening opening = open_url_config(session, config, game);
  for (const auto& m : opening.messages) check.problems.push_back(name + "." + as_moment_field(m.text));
  if (opening.play_to_step) play_to(session, *opening.play_to_step);
  check.game = session.entry().name;
  check.step = session.episode().cursor();
  const int player = session.state().current_player();
  check.to_move = session.state().is_terminal() ? "" : "player " + std::to_string(player);
}

void check_drawings(Session& session, const LessonChapter& chapter, const std::string& name, ChapterCheck& check) {
  if (chapter.drawings.is_null()) return;
  try {
    drawings_from_json(chapter.drawings, session.state(), name + ".drawings");
  } catch (const InputError& e) {
    check.problems.push_back(e.what());
  }
}

// The judge's best moves: those its decision gives a chance (a solver's moves that keep the value).
void ask_judge(Session& session, const LessonQuestion& q, const std::string& where, ChapterCheck& check) {
  const int player = session.state().current_player();
  const std::vector<std::string> seated = session.agent_specs();
  try {
    session.set_agent(player, q.judge);
  } catch (const InputError& e) {
    check.problems.push_back(where + ".judge: " + e.within("agents"));
    return;
  }
  const Decision* decision = session.decision();
  if (!decision || decision->declined) {
    check.problems.push_back(where + ".judge: " + q.judge + " does not decide here" +
                             (decision ? " (" + decision->note + ")" : ""));
  } else {
    for (size_t i = 0; i < decision->actions.size(); ++i)
      if (decision->probabilities[i] > 0) check.judge_best.push_back(session.state().action_name(decision->actions[i]));
    check.judge_note = decision->note;
    std::vector<std::string> answers = q.answers, best = check.judge_best;
    std::sort(answers.begin(), answers.end());
    std::sort(best.begin(), best.end());
    if (answers != best) {
      std::string list;
      for (const std::string& b : check.judge_best) list += (list.empty() ? "" : ", ") + b;
      check.problems.push_back(where + ".answers: the judge " + q.judge + " finds best " + list +
                               ", not the moves the question counts right");
    }
  }
  session.set_agents(seated);
}

void check_question(Session& session, const LessonChapter& chapter, const std::string& name, ChapterCheck& check) {
  if (!chapter.question) return;
  const LessonQuestion& q = *chapter.question;
  const std::string where = name + ".question";
  if (session.state().is_terminal()) {
    check.problems.push_back(where + ": the moment is the end of the episode: there is no move to ask for");
    return;
  }
  const std::vector<std::string> legal = legal_move_names(session);
  bool answers_legal = true;
  for (size_t i = 0; i < q.answers.size(); ++i) {
    if (std::find(legal.begin(), legal.end(), q.answers[i]) != legal.end()) continue;
    std::string list;
    for (const std::string& l : legal) list += (list.empty() ? "" : ", ") + l;
    check.problems.push_back(where + ".answers[" + std::to_string(i) + "]: '" + q.answers[i] +
                             "' is not a legal move here (legal: " + list + ")");
    answers_legal = false;
  }
  if (answers_legal && !q.judge.empty()) ask_judge(session, q, where, check);
}

}  // namespace

std::vector<std::string> legal_move_names(Session& session) {
  std::vector<std::string> names;
  for (const Action a : session.state().legal_actions()) names.push_back(session.state().action_name(a));
  return names;
}

ChapterCheck check_chapter(Session& session, const Lesson& lesson, size_t index) {
  const LessonChapter& chapter = lesson.chapters.at(index);
  const std::string name = chapter_name(lesson, index);
  ChapterCheck check;
  check.problems = chapter.problems;
  if (!chapter.problems.empty()) return check;  // it did not read: nothing to open
  open_moment(session, chapter, name, check);
  check_drawings(session, chapter, name, check);
  check_question(session, chapter, name, check);
  return check;
}

}  // namespace pg
