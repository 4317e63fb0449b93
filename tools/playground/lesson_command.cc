// playground lesson check FILE... and playground lesson format FILE: a teacher's lesson checked as the page
// would open it, and written in its one form.
#include <iostream>
#include <string>

#include "engine/core/error.h"
#include "engine/core/lesson.h"
#include "engine/core/lesson_check.h"
#include "tools/playground/args.h"
#include "tools/playground/commands.h"

namespace pg::cli {

namespace {

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

// One line per chapter, then its problems indented; returns the number of problems.
size_t check_file(const std::string& path) {
  const Lesson lesson = read_lesson(read_file(path, "lesson"), path);
  std::cout << path << ": \"" << lesson.title << "\", " << lesson.chapters.size() << " chapters, mode " << lesson.mode
            << "\n";
  size_t problems = 0;
  for (size_t i = 0; i < lesson.chapters.size(); ++i) {
    Session session;
    const ChapterCheck check = check_chapter(session, lesson, i);
    const LessonChapter& chapter = lesson.chapters[i];
    std::cout << "  " << i + 1 << ". " << (chapter.title.empty() ? "(no title)" : chapter.title);
    if (!check.game.empty())
      std::cout << ": " << check.game << " at step " << check.step
                << (check.to_move.empty() ? ", the end" : ", " + check.to_move + " to move");
    if (chapter.question) {
      std::cout << "; question: " << joined(chapter.question->answers);
      if (!check.judge_best.empty())
        std::cout << " (" << chapter.question->judge << " finds best: " << joined(check.judge_best) << ")";
    }
    std::cout << (check.problems.empty() ? "  ok" : "") << "\n";
    for (const std::string& p : check.problems) std::cout << "     problem: " << p << "\n";
    problems += check.problems.size();
  }
  return problems;
}

[[noreturn]] void usage_error(const std::string& problem) {
  throw InputError("lesson", problem + " (usage: playground lesson check FILE... | playground lesson format FILE)");
}

}  // namespace

int lesson_command(int argc, char** argv) {
  if (argc < 3) usage_error("missing check or format");
  const std::string verb = argv[2];
  if (verb == "--help" || verb == "help") {
    std::cout << "playground lesson check FILE...   checks each chapter as the page opens it\n"
                 "playground lesson format FILE     prints the lesson in its one written form\n";
    return 0;
  }
  if (argc < 4) usage_error("missing the lesson file");
  if (verb == "format") {
    if (argc > 4) usage_error("format reads one file");
    std::cout << write_lesson(read_lesson(read_file(argv[3], "lesson"), argv[3]));
    return 0;
  }
  if (verb != "check") usage_error("unknown '" + verb + "'");
  size_t problems = 0;
  for (int i = 3; i < argc; ++i) problems += check_file(argv[i]);
  std::cout << (problems == 0 ? "no problems" : std::to_string(problems) + " problems") << "\n";
  return problems == 0 ? 0 : 1;
}

}  // namespace pg::cli
