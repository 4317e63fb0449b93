// A lesson: a teacher's walk through moments of the games, with words, drawings on the board and questions
// (docs/lessons.md has the file and what the page does with it). This file reads and writes the file; whether
// each chapter's moment opens and its question agrees with the exact solver is lesson_check.h's.
//
// A chapter's moment is the page's URL parameters (url_config.h) as a JSON object, so that a chapter is what
// the page's link of that moment says, and opening it is opening that link.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/json.h"

namespace pg {

inline constexpr int kLessonVersion = 1;
inline constexpr size_t kMaxLessonBytes = 512 * 1024;
inline constexpr size_t kMaxLessonChapters = 64;
inline constexpr size_t kMaxLessonTitle = 120;  // bytes, the lesson's and each chapter's title
inline constexpr size_t kMaxLessonText = 4000;  // bytes, a chapter's text, a question's prompt or explanation
inline constexpr size_t kMaxLessonAnswers = 16;

// How the page shows the lesson (lichess's study modes): the moves ahead in the timeline (read); a question's
// answer and the agent's choice hidden until the student has played (predict); or every move after the
// chapter's own hidden (hide).
inline constexpr std::string_view kLessonModes[] = {"read", "predict", "hide"};

struct LessonQuestion {
  std::string prompt;                // what the student is asked ("Which pit would you sow?")
  std::vector<std::string> answers;  // the moves counted right, by their action names
  std::string judge;                 // an agent spec whose best moves the answers are (checked), or empty
  std::string explanation;           // shown once the student has answered (Markdown)
};

struct LessonChapter {
  std::string title;
  Json moment = Json::object();  // {game, options?, level?, seed?, agents?, actions?, step?}
  std::string text;              // Markdown: emphasis, lists, links
  Json drawings;                 // null, or the agents' drawings (drawing.h), read against the moment's state
  std::optional<LessonQuestion> question;
  // What is wrong with this chapter as the file has it: the page shows the chapter's problem in its place and
  // opens the rest of the lesson. Empty for a chapter that reads.
  std::vector<std::string> problems;
  Json as_written;  // a chapter with problems: the file's JSON of it, written back unchanged
};

struct Lesson {
  std::string title;
  std::string mode = "read";
  std::vector<LessonChapter> chapters;
};

// Reads a lesson file. Throws InputError naming `where` and the field when the file as a whole cannot be read
// (not JSON, not a lesson, another version, too large, no chapters); a chapter's own problem is kept in its
// `problems` ("chapters[2] (A capture).moment.step: expected a whole number (0 or more)"), the other chapters read.
Lesson read_lesson(std::string_view text, const std::string& where = "lesson");

// The file's text in its one written form (two-space indents, the fields in the order above, absent optional
// fields left out), so that a lesson written, read and written again is the same bytes. A chapter with
// problems is written back as the file had it.
std::string write_lesson(const Lesson& lesson);

// The chapter's moment as the page's URL query ("game=mancala&agents=...&step=4", URL-encoded, no '?').
std::string moment_query(const Json& moment);

// "chapters[2] (A capture)": how a message names a chapter (index from 0, as the file counts).
std::string chapter_name(const Lesson& lesson, size_t index);

}  // namespace pg
