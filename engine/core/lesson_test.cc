// A lesson file (docs/lessons.md): read, written in its one form, refused as a whole or chapter by chapter with
// the field named; and each chapter opened in a session and checked against its game and its judge.
#include "engine/core/lesson.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/error.h"
#include "engine/core/lesson_check.h"

namespace pg {
namespace {

using Strings = std::vector<std::string>;

// A lesson file titled "T" around these chapters (a JSON list's text).
std::string lesson_around(const std::string& chapters) {
  return R"({"lesson": 1, "title": "T", "chapters": )" + chapters + "}";
}

// A chapter that reads: put after a bad one, it shows that the others still read.
constexpr const char* kFineChapter = R"({"title": "Fine", "moment": {"game": "tictactoe"}})";

// The problems of `chapter`, read as the first of a lesson whose second chapter (kFineChapter) must still read.
Strings first_chapter_problems(const std::string& chapter) {
  const Lesson lesson = read_lesson(lesson_around("[" + chapter + ", " + kFineChapter + "]"));
  EXPECT_EQ(lesson.chapters.size(), 2u);
  if (lesson.chapters.size() != 2) return {};
  EXPECT_EQ(lesson.chapters[1].title, "Fine");
  EXPECT_EQ(lesson.chapters[1].moment, (Json{{"game", "tictactoe"}}));
  EXPECT_TRUE(lesson.chapters[1].problems.empty()) << lesson.chapters[1].problems.front();
  return lesson.chapters[0].problems;
}

// InputError's message for reading this text as a whole lesson, or "" when it reads.
std::string whole_lesson_refusal(std::string_view text, const std::string& where = "lesson") {
  try {
    read_lesson(text, where);
    return "";
  } catch (const InputError& e) {
    return e.what();
  }
}

constexpr const char* kTicTacToeLesson = R"({
  "lesson": 1,
  "title": "Tic-tac-toe: threats, blocks and forks",
  "mode": "predict",
  "chapters": [
    {
      "title": "Block the threat",
      "moment": {"game": "tictactoe", "agents": "perfect,human", "actions": "a1,b2,b1", "step": 3},
      "text": "X has two in the bottom row. **O must block** before anything else.",
      "drawings": [{"arrow": ["a1", "b1"], "text": "two in a row"}],
      "question": {
        "prompt": "Where does O play?",
        "answers": ["c1"],
        "judge": "perfect",
        "explanation": "Only c1 stops the row; every other move loses at once."
      }
    },
    {"title": "Sowing", "moment": {"game": "mancala", "options": {}, "seed": 7, "agents": "human,human"}}
  ]
})";

TEST(Lesson, AValidLessonReadsItsTitleModeChaptersMomentTextDrawingsAndQuestion) {
  const Lesson lesson = read_lesson(kTicTacToeLesson);
  EXPECT_EQ(lesson.title, "Tic-tac-toe: threats, blocks and forks");
  EXPECT_EQ(lesson.mode, "predict");
  ASSERT_EQ(lesson.chapters.size(), 2u);
  const LessonChapter& block = lesson.chapters[0];
  EXPECT_EQ(block.title, "Block the threat");
  EXPECT_TRUE(block.problems.empty());
  EXPECT_EQ(block.moment,
            (Json{{"game", "tictactoe"}, {"agents", "perfect,human"}, {"actions", "a1,b2,b1"}, {"step", 3}}));
  EXPECT_EQ(block.text, "X has two in the bottom row. **O must block** before anything else.");
  EXPECT_EQ(block.drawings, Json::parse(R"([{"arrow": ["a1", "b1"], "text": "two in a row"}])"));
  ASSERT_TRUE(block.question.has_value());
  EXPECT_EQ(block.question->prompt, "Where does O play?");
  EXPECT_EQ(block.question->answers, Strings{"c1"});
  EXPECT_EQ(block.question->judge, "perfect");
  EXPECT_EQ(block.question->explanation, "Only c1 stops the row; every other move loses at once.");
  // The optional fields left out: no text, no drawings (null), no question.
  const LessonChapter& sowing = lesson.chapters[1];
  EXPECT_EQ(sowing.title, "Sowing");
  EXPECT_TRUE(sowing.problems.empty());
  EXPECT_EQ(sowing.moment,
            (Json{{"game", "mancala"}, {"options", Json::object()}, {"seed", 7}, {"agents", "human,human"}}));
  EXPECT_EQ(sowing.text, "");
  EXPECT_TRUE(sowing.drawings.is_null());
  EXPECT_FALSE(sowing.question.has_value());
}

TEST(Lesson, ALessonWithoutAModeIsRead) {
  const Lesson lesson = read_lesson(lesson_around(std::string("[") + kFineChapter + "]"));
  EXPECT_EQ(lesson.title, "T");
  EXPECT_EQ(lesson.mode, "read");
  for (const char* mode : {"read", "predict", "hide"})
    EXPECT_EQ(read_lesson(R"({"lesson": 1, "title": "T", "mode": ")" + std::string(mode) +
                          R"(", "chapters": [{"title": "A", "moment": {"game": "tictactoe"}}]})")
                  .mode,
              mode);
}

TEST(Lesson, WrittenReadAndWrittenAgainIsTheSameBytes) {
  const std::string once = write_lesson(read_lesson(kTicTacToeLesson));
  EXPECT_NE(once, kTicTacToeLesson);  // the file above is not in the written form (a one-line moment)
  const std::string twice = write_lesson(read_lesson(once));
  EXPECT_EQ(twice, once);
  const Lesson again = read_lesson(twice);
  EXPECT_EQ(again.chapters.size(), 2u);
  EXPECT_EQ(again.chapters[0].question->answers, Strings{"c1"});
}

TEST(Lesson, WriteLessonPutsTheFieldsInTheTablesOrderWithTwoSpaceIndents) {
  // Every field in another order than the tables': the lesson's, a chapter's, a moment's and a question's.
  const Lesson lesson = read_lesson(R"({"chapters": [{
      "question": {"explanation": "E", "judge": "perfect", "answers": ["c1"], "prompt": "P"},
      "drawings": [{"mark": "b2"}], "text": "Words", "moment": {"step": 1, "actions": "a1", "agents": "human,human",
      "seed": 3, "level": "x", "options": {"b": 1, "a": 2}, "game": "tictactoe"}, "title": "C"}],
    "mode": "hide", "title": "T", "lesson": 1})");
  EXPECT_EQ(write_lesson(lesson), R"({
  "lesson": 1,
  "title": "T",
  "mode": "hide",
  "chapters": [
    {
      "title": "C",
      "moment": {
        "game": "tictactoe",
        "options": {
          "b": 1,
          "a": 2
        },
        "level": "x",
        "seed": 3,
        "agents": "human,human",
        "actions": "a1",
        "step": 1
      },
      "text": "Words",
      "drawings": [
        {
          "mark": "b2"
        }
      ],
      "question": {
        "prompt": "P",
        "answers": [
          "c1"
        ],
        "judge": "perfect",
        "explanation": "E"
      }
    }
  ]
}
)");
}

TEST(Lesson, WriteLessonLeavesOutAbsentOptionalFieldsAndTheReadMode) {
  Lesson lesson;
  lesson.title = "Short";
  LessonChapter chapter;
  chapter.title = "Only";
  chapter.moment = Json{{"game", "mancala"}};
  chapter.question = LessonQuestion{"Which pit?", {"3", "4"}, "", ""};
  lesson.chapters.push_back(chapter);
  const std::string written = write_lesson(lesson);
  EXPECT_EQ(written, R"({
  "lesson": 1,
  "title": "Short",
  "chapters": [
    {
      "title": "Only",
      "moment": {
        "game": "mancala"
      },
      "question": {
        "prompt": "Which pit?",
        "answers": [
          "3",
          "4"
        ]
      }
    }
  ]
}
)");
  const Lesson read = read_lesson(written);
  EXPECT_EQ(read.mode, "read");
  EXPECT_EQ(read.chapters[0].question->judge, "");
  EXPECT_EQ(write_lesson(read), written);
}

TEST(Lesson, AFileThatIsNotJsonOrNotAnObjectDoesNotOpen) {
  EXPECT_EQ(whole_lesson_refusal(R"({"lesson": 1, "title": )").rfind("lesson: not valid JSON", 0), 0u)
      << whole_lesson_refusal(R"({"lesson": 1, "title": )");
  EXPECT_NE(whole_lesson_refusal(""), "");
  EXPECT_EQ(whole_lesson_refusal("[1, 2]"), "lesson: expected a JSON object (lesson, title, chapters)");
  EXPECT_EQ(whole_lesson_refusal("\"lesson\""), "lesson: expected a JSON object (lesson, title, chapters)");
  // The file's name in place of "lesson".
  EXPECT_EQ(whole_lesson_refusal("[]", "my_lesson.json"),
            "my_lesson.json: expected a JSON object (lesson, title, chapters)");
}

TEST(Lesson, AFileWithoutLessonOrWithAnotherVersionDoesNotOpen) {
  const std::string chapters = std::string("[") + kFineChapter + "]";
  EXPECT_EQ(whole_lesson_refusal(R"({"title": "T", "chapters": )" + chapters + "}"),
            "lesson.lesson: missing: a lesson file starts with \"lesson\": 1 (its format's version)");
  for (const char* version : {"2", "0", "\"1\"", "1.5", "-1", "4294967297"}) {
    const std::string text =
        std::string(R"({"lesson": )") + version + R"(, "title": "T", "chapters": )" + chapters + "}";
    EXPECT_EQ(whole_lesson_refusal(text),
              "lesson.lesson: version " + Json::parse(version).dump() + " is not read here (this page reads 1)")
        << version;
  }
  try {
    read_lesson(R"({"lesson": 2, "title": "T", "chapters": )" + chapters + "}");
    FAIL() << "read version 2";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where(), "lesson.lesson");
  }
}

TEST(Lesson, AnUnknownTopLevelFieldDoesNotOpen) {
  EXPECT_EQ(whole_lesson_refusal(R"({"lesson": 1, "title": "T", "author": "me", "chapters": [{"title": "A",
      "moment": {"game": "tictactoe"}}]})"),
            "lesson.author: not a field of a lesson here (fields: lesson, title, mode, chapters)");
}

TEST(Lesson, ALessonTitleIsRequiredAndShort) {
  EXPECT_EQ(whole_lesson_refusal(R"({"lesson": 1, "chapters": [{"title": "A", "moment": {"game": "tictactoe"}}]})"),
            "lesson.title: missing");
  EXPECT_EQ(whole_lesson_refusal(R"({"lesson": 1, "title": 3, "chapters": []})"), "lesson.title: expected a string");
  const std::string long_title(kMaxLessonTitle + 1, 't');
  EXPECT_EQ(whole_lesson_refusal(R"({"lesson": 1, "title": ")" + long_title +
                                 R"(", "chapters": [{"title": "A", "moment": {"game": "tictactoe"}}]})"),
            "lesson.title: 121 bytes, at most 120 are read");
}

TEST(Lesson, ALessonWithoutChaptersDoesNotOpen) {
  const char* expected = "lesson.chapters: expected a list of at least one chapter";
  EXPECT_EQ(whole_lesson_refusal(R"({"lesson": 1, "title": "T"})"), expected);
  EXPECT_EQ(whole_lesson_refusal(R"({"lesson": 1, "title": "T", "chapters": []})"), expected);
  EXPECT_EQ(whole_lesson_refusal(R"({"lesson": 1, "title": "T", "chapters": {"title": "A"}})"), expected);
}

TEST(Lesson, MoreThanTheMostChaptersDoesNotOpen) {
  auto chapters = [](size_t n) {
    std::string list = "[";
    for (size_t i = 0; i < n; ++i) list += std::string(i ? ", " : "") + kFineChapter;
    return list + "]";
  };
  EXPECT_EQ(read_lesson(lesson_around(chapters(kMaxLessonChapters))).chapters.size(), kMaxLessonChapters);
  EXPECT_EQ(whole_lesson_refusal(lesson_around(chapters(kMaxLessonChapters + 1))),
            "lesson.chapters: 65 chapters, at most 64 are read");
}

TEST(Lesson, AFileLargerThanTheMostBytesDoesNotOpen) {
  std::string text = lesson_around(std::string("[") + kFineChapter + "]");
  text += std::string(kMaxLessonBytes - text.size(), ' ');  // white space after the object: as large as may be
  ASSERT_EQ(text.size(), kMaxLessonBytes);
  EXPECT_EQ(read_lesson(text).chapters.size(), 1u);
  text += ' ';
  EXPECT_EQ(whole_lesson_refusal(text), "lesson: 524289 bytes, more than the 512 KiB a lesson may have");
}

TEST(Lesson, AModeOtherThanReadPredictOrHideDoesNotOpen) {
  auto with_mode = [](const std::string& mode) {
    return R"({"lesson": 1, "title": "T", "mode": )" + mode + R"(, "chapters": [{"title": "A",
        "moment": {"game": "tictactoe"}}]})";
  };
  EXPECT_EQ(whole_lesson_refusal(with_mode("\"quiz\"")), "lesson.mode: 'quiz' is not a mode (read, predict, hide)");
  EXPECT_EQ(whole_lesson_refusal(with_mode("\"Predict\"")),
            "lesson.mode: 'Predict' is not a mode (read, predict, hide)");
  EXPECT_EQ(whole_lesson_refusal(with_mode("\"\"")), "lesson.mode: '' is not a mode (read, predict, hide)");
  EXPECT_EQ(whole_lesson_refusal(with_mode("1")), "lesson.mode: expected a string");
}

TEST(Lesson, AChapterWithABadStepIsNamedByIndexAndTitleAndTheOthersStillRead) {
  EXPECT_EQ(first_chapter_problems(R"({"title": "A capture", "moment": {"game": "mancala", "step": -1}})"),
            Strings{"chapters[0] (A capture).moment.step: expected a whole number (0 or more)"});
  EXPECT_EQ(first_chapter_problems(R"({"title": "A capture", "moment": {"game": "mancala", "step": "4"}})"),
            Strings{"chapters[0] (A capture).moment.step: expected a whole number (0 or more)"});
  EXPECT_EQ(first_chapter_problems(R"({"title": "A capture", "moment": {"game": "mancala", "step": 1.5}})"),
            Strings{"chapters[0] (A capture).moment.step: expected a whole number (0 or more)"});
  // A later chapter is named by its own index, the ones before it read.
  const Lesson lesson = read_lesson(lesson_around(std::string("[") + kFineChapter + ", " + kFineChapter +
                                                  R"(, {"title": "Late", "moment": {"game": "tictactoe",
                                                  "step": "x"}}])"));
  ASSERT_EQ(lesson.chapters.size(), 3u);
  EXPECT_TRUE(lesson.chapters[0].problems.empty());
  EXPECT_TRUE(lesson.chapters[1].problems.empty());
  EXPECT_EQ(lesson.chapters[2].problems,
            Strings{"chapters[2] (Late).moment.step: expected a whole number (0 or more)"});
  EXPECT_EQ(lesson.chapters[2].title, "Late");
}

TEST(Lesson, AChapterWithoutATitleIsNamedByItsIndexAlone) {
  EXPECT_EQ(first_chapter_problems(R"({"moment": {"game": "tictactoe"}})"), Strings{"chapters[0].title: missing"});
  EXPECT_EQ(first_chapter_problems(R"({"title": "", "moment": {"game": "tictactoe"}})"),
            Strings{"chapters[0].title: empty"});
  EXPECT_EQ(first_chapter_problems(R"({"title": 7, "moment": {"game": "tictactoe"}})"),
            Strings{"chapters[0].title: expected a string"});
  EXPECT_EQ(first_chapter_problems(R"("just words")"),
            Strings{"chapters[0]: expected an object (title, moment, text, drawings, question)"});
}

TEST(Lesson, AChapterWithoutAMomentObjectHasAProblem) {
  EXPECT_EQ(first_chapter_problems(R"({"title": "Nowhere"})"),
            Strings{"chapters[0] (Nowhere).moment: missing (the game and where in it)"});
  EXPECT_EQ(first_chapter_problems(R"({"title": "A link", "moment": "game=tictactoe&step=2"})"),
            Strings{"chapters[0] (A link).moment: expected an object of the page's URL parameters"});
  EXPECT_EQ(first_chapter_problems(R"({"title": "A list", "moment": ["tictactoe"]})"),
            Strings{"chapters[0] (A list).moment: expected an object of the page's URL parameters"});
}

TEST(Lesson, AMomentWithoutAGameOrWithAFieldOfTheWrongTypeHasAProblem) {
  EXPECT_EQ(first_chapter_problems(R"({"title": "Where?", "moment": {"step": 2}})"),
            Strings{"chapters[0] (Where?).moment.game: missing"});
  EXPECT_EQ(first_chapter_problems(R"({"title": "Where?", "moment": {"game": 3}})"),
            Strings{"chapters[0] (Where?).moment.game: expected a string"});
  EXPECT_EQ(first_chapter_problems(R"({"title": "O", "moment": {"game": "mancala", "options": "{}"}})"),
            Strings{"chapters[0] (O).moment.options: expected an object"});
  EXPECT_EQ(first_chapter_problems(R"({"title": "S", "moment": {"game": "mancala", "seed": -3}})"),
            Strings{"chapters[0] (S).moment.seed: expected a whole number (0 or more)"});
  EXPECT_EQ(first_chapter_problems(R"({"title": "A", "moment": {"game": "mancala", "actions": ["3"]}})"),
            Strings{"chapters[0] (A).moment.actions: expected a string"});
}

TEST(Lesson, AnUnknownMomentParameterIsNamed) {
  EXPECT_EQ(first_chapter_problems(R"({"title": "Fast", "moment": {"game": "tictactoe", "speed": 4}})"),
            Strings{"chapters[0] (Fast).moment.speed: not a parameter of a moment (game, options, level, seed, "
                    "agents, actions, step)"});
}

TEST(Lesson, AnUnknownChapterFieldIsNamed) {
  EXPECT_EQ(first_chapter_problems(R"({"title": "Hinted", "moment": {"game": "tictactoe"}, "hint": "b2"})"),
            Strings{"chapters[0] (Hinted).hint: not a field of a lesson here (fields: title, moment, text, drawings, "
                    "question)"});
}

TEST(Lesson, AChaptersTextLongerThanTheMostBytesHasAProblem) {
  auto with_text = [](size_t bytes) {
    return R"({"title": "Long", "moment": {"game": "tictactoe"}, "text": ")" + std::string(bytes, 'x') + "\"}";
  };
  EXPECT_TRUE(first_chapter_problems(with_text(kMaxLessonText)).empty());
  EXPECT_EQ(first_chapter_problems(with_text(kMaxLessonText + 1)),
            Strings{"chapters[0] (Long).text: 4001 bytes, at most 4000 are read"});
  EXPECT_EQ(first_chapter_problems(R"({"title": "T", "moment": {"game": "tictactoe"}, "text": ["a", "b"]})"),
            Strings{"chapters[0] (T).text: expected a string"});
}

TEST(Lesson, ADrawingsFieldThatIsNotAListHasAProblem) {
  EXPECT_EQ(first_chapter_problems(R"({"title": "D", "moment": {"game": "tictactoe"}, "drawings": {"mark": "b2"}})"),
            Strings{"chapters[0] (D).drawings: expected a list of drawings"});
}

TEST(Lesson, AQuestionNeedsAPromptAndAnswersThatAreActionNames) {
  auto with_question = [](const std::string& question) {
    return R"({"title": "Q", "moment": {"game": "tictactoe"}, "question": )" + question + "}";
  };
  EXPECT_EQ(first_chapter_problems(with_question(R"({"prompt": "Where?"})")),
            Strings{"chapters[0] (Q).question.answers: missing (the moves counted right)"});
  EXPECT_EQ(first_chapter_problems(with_question(R"({"prompt": "Where?", "answers": []})")),
            Strings{"chapters[0] (Q).question.answers: expected a list of 1 to 16 action names"});
  EXPECT_EQ(first_chapter_problems(with_question(R"({"prompt": "Where?", "answers": "b2"})")),
            Strings{"chapters[0] (Q).question.answers: expected a list of 1 to 16 action names"});
  EXPECT_EQ(first_chapter_problems(with_question(R"({"prompt": "Where?", "answers": ["b2", 5]})")),
            Strings{"chapters[0] (Q).question.answers[1]: expected an action's name"});
  EXPECT_EQ(first_chapter_problems(with_question(R"({"prompt": "Where?", "answers": [""]})")),
            Strings{"chapters[0] (Q).question.answers[0]: expected an action's name"});
  EXPECT_EQ(first_chapter_problems(with_question(R"({"answers": ["b2"]})")),
            Strings{"chapters[0] (Q).question.prompt: missing"});
  EXPECT_EQ(first_chapter_problems(with_question(R"({"prompt": "Where?", "answers": ["b2"], "hint": "x"})")),
            Strings{"chapters[0] (Q).question.hint: not a field of a lesson here (fields: prompt, answers, judge, "
                    "explanation)"});
  EXPECT_EQ(first_chapter_problems(with_question(R"("Where?")")),
            Strings{"chapters[0] (Q).question: expected an object (prompt, answers, judge, explanation)"});
  EXPECT_TRUE(first_chapter_problems(with_question(R"({"prompt": "Where?", "answers": ["b2", "a1"]})")).empty());
}

TEST(Lesson, MomentQueryIsTheUrlParametersInTheirOrderUrlEncoded) {
  // Given in another order: the query follows the moment's fields' order (game, options, level, seed, agents,
  // actions, step), the options as JSON, every value URL-encoded (':' and ',' kept, as the page's links do).
  const Json moment = Json::parse(R"({"step": 4, "actions": "3,1", "agents": "greedy:5,human", "seed": 7,
      "level": "my level&more", "options": {"stones": 3, "rule": "a b"}, "game": "mancala"})");
  EXPECT_EQ(moment_query(moment),
            "game=mancala&options=%7B%22stones%22:3,%22rule%22:%22a%20b%22%7D&level=my%20level%26more&seed=7&"
            "agents=greedy:5,human&actions=3,1&step=4");
  EXPECT_EQ(moment_query(Json{{"game", "tictactoe"}}), "game=tictactoe");
  EXPECT_EQ(moment_query(Json{{"step", 0}, {"game", "tictactoe"}}), "game=tictactoe&step=0");
  EXPECT_EQ(moment_query(Json::object()), "");
}

TEST(Lesson, ChapterNameIsTheIndexAndTheTitle) {
  const Lesson lesson = read_lesson(lesson_around(R"([{"title": "Open", "moment": {"game": "tictactoe"}},
      {"moment": {"game": "tictactoe"}}])"));
  EXPECT_EQ(chapter_name(lesson, 0), "chapters[0] (Open)");
  EXPECT_EQ(chapter_name(lesson, 1), "chapters[1]");
  EXPECT_EQ(chapter_name(lesson, 5), "chapters[5]");
}

// The bad lessons the page's JavaScript checker reads too: each refused with the message expected.json has.
TEST(Lesson, EachSharedBadLessonGivesItsExpectedMessage) {
  namespace fs = std::filesystem;
  const fs::path folder = fs::path(PG_SOURCE_DIR) / "tests" / "lessons" / "bad";
  auto text_of = [](const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
  };
  const Json expected = Json::parse(text_of(folder / "expected.json"));
  ASSERT_TRUE(expected.is_object());
  ASSERT_GE(expected.size(), 10u);
  // Every file in the folder has its expectation, and every expectation its file.
  size_t files = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (name == "expected.json") continue;
    ++files;
    EXPECT_TRUE(expected.contains(name)) << name << " is not in expected.json";
  }
  EXPECT_EQ(files, expected.size());
  for (const auto& [name, want] : expected.items()) {
    SCOPED_TRACE(name);
    const std::string text = text_of(folder / name);
    ASSERT_FALSE(text.empty()) << "missing or empty";
    const std::string message = want.at("message");
    if (want.at("whole").get<bool>()) {
      EXPECT_EQ(whole_lesson_refusal(text), message);
      continue;
    }
    const Lesson lesson = read_lesson(text);
    // One chapter has the problem (its first is the message); the others read.
    size_t bad = 0;
    for (const LessonChapter& chapter : lesson.chapters) {
      if (chapter.problems.empty()) continue;
      ++bad;
      EXPECT_EQ(chapter.problems.front(), message);
    }
    EXPECT_EQ(bad, 1u);
  }
}

// --- lesson_check.h: each chapter opened as the page opens it -------------------------------------------------

// A lesson of this one chapter (its text); the chapter must read.
Lesson one_chapter_lesson(const std::string& chapter) {
  Lesson lesson = read_lesson(lesson_around("[" + chapter + "]"));
  EXPECT_TRUE(lesson.chapters.at(0).problems.empty()) << lesson.chapters[0].problems.front();
  return lesson;
}

// The doc's chapter: X threatens the bottom row (a1, b1), O to move must block at c1; with this question.
std::string blocking_chapter(const std::string& question) {
  return R"({"title": "Block", "moment": {"game": "tictactoe", "agents": "perfect,human", "actions": "a1,b2,b1",
      "step": 3}, "question": )" +
         question + "}";
}

TEST(LessonCheck, ATicTacToeChapterOpensAtItsStepWithTheRightSideToMove) {
  {
    Session session;
    const ChapterCheck check = check_chapter(
        session,
        one_chapter_lesson(
            R"({"title": "Block", "moment": {"game": "tictactoe", "agents": "perfect,human", "actions": "a1,b2,b1",
            "step": 3}})"),
        0);
    EXPECT_TRUE(check.problems.empty()) << check.problems.front();
    EXPECT_EQ(check.game, "tictactoe");
    EXPECT_EQ(check.step, 3u);
    EXPECT_EQ(check.to_move, "player 1");
    EXPECT_EQ(session.entry().name, "tictactoe");
    EXPECT_EQ(session.episode().cursor(), 3u);
    EXPECT_EQ(session.agent_specs(), (Strings{"perfect", "human"}));
    EXPECT_EQ(legal_move_names(session), (Strings{"a3", "b3", "c3", "a2", "c2", "c1"}));
  }
  {
    // An earlier step of the actions: the episode is shown there.
    Session session;
    const ChapterCheck check = check_chapter(
        session,
        one_chapter_lesson(
            R"({"title": "First", "moment": {"game": "tictactoe", "agents": "human,human", "actions": "a1,b2,b1",
            "step": 1}})"),
        0);
    EXPECT_TRUE(check.problems.empty()) << check.problems.front();
    EXPECT_EQ(check.step, 1u);
    EXPECT_EQ(check.to_move, "player 1");
    EXPECT_EQ(legal_move_names(session).size(), 8u);
  }
  {
    // Without actions the agents play to the step.
    Session session;
    const ChapterCheck check = check_chapter(
        session,
        one_chapter_lesson(
            R"({"title": "Played", "moment": {"game": "tictactoe", "agents": "perfect,perfect", "step": 2}})"),
        0);
    EXPECT_TRUE(check.problems.empty()) << check.problems.front();
    EXPECT_EQ(check.step, 2u);
    EXPECT_EQ(check.to_move, "player 0");
    EXPECT_EQ(legal_move_names(session).size(), 7u);
  }
}

TEST(LessonCheck, TheAgentsPlayToTheStepOnlyUntilAHumanIsToMove) {
  Session session;
  const ChapterCheck check =
      check_chapter(session,
                    one_chapter_lesson(
                        R"({"title": "Yours", "moment": {"game": "tictactoe", "agents": "perfect,human", "step": 4}})"),
                    0);
  EXPECT_TRUE(check.problems.empty()) << check.problems.front();
  EXPECT_EQ(check.step, 1u);
  EXPECT_EQ(check.to_move, "player 1");
}

TEST(LessonCheck, AKalahChapterOpensWithTheExtraTurnsSideToMoveAndNamesAnEmptyPitAnswerWithTheLegalMoves) {
  Session session;
  const ChapterCheck check = check_chapter(
      session,
      one_chapter_lesson(R"({"title": "Again", "moment": {"game": "mancala", "agents": "human,human", "actions": "3"},
          "question": {"prompt": "Which pit now?", "answers": ["3"]}})"),
      0);
  EXPECT_EQ(check.game, "mancala");
  EXPECT_EQ(check.step, 1u);
  EXPECT_EQ(check.to_move, "player 0");  // the last stone landed in the store: an extra turn
  const Strings legal = legal_move_names(session);
  EXPECT_EQ(legal, (Strings{"1", "2", "4", "5", "6"}));
  EXPECT_EQ(check.problems,
            Strings{"chapters[0] (Again).question.answers[0]: '3' is not a legal move here (legal: 1, 2, 4, 5, 6)"});
}

TEST(LessonCheck, AQuestionWhoseAnswersAreTheJudgesBestMovesHasNoProblem) {
  Session session;
  const ChapterCheck check =
      check_chapter(session, one_chapter_lesson(blocking_chapter(R"({"prompt": "Where does O play?",
          "answers": ["c1"], "judge": "perfect"})")),
                    0);
  EXPECT_TRUE(check.problems.empty()) << check.problems.front();
  EXPECT_EQ(check.judge_best, Strings{"c1"});
  EXPECT_EQ(check.judge_note.rfind("best: ", 0), 0u) << check.judge_note;
  // The moment's agents are seated again, at the moment.
  EXPECT_EQ(session.agent_specs(), (Strings{"perfect", "human"}));
  EXPECT_EQ(session.episode().cursor(), 3u);
}

TEST(LessonCheck, AnswersOtherThanTheJudgesBestMovesAreAProblemNamingTheJudgesMoves) {
  for (const char* answers : {R"(["a3"])", R"(["c1", "a3"])"}) {
    Session session;
    const ChapterCheck check =
        check_chapter(session,
                      one_chapter_lesson(blocking_chapter(R"({"prompt": "Where?", "answers": )" + std::string(answers) +
                                                          R"(, "judge": "perfect"})")),
                      0);
    EXPECT_EQ(check.judge_best, Strings{"c1"});
    EXPECT_EQ(check.problems, Strings{"chapters[0] (Block).question.answers: the judge perfect finds best c1, not the "
                                      "moves the question counts right"})
        << answers;
  }
}

TEST(LessonCheck, AnIllegalAnswerIsNamedWithTheLegalMovesAndTheJudgeIsNotAsked) {
  Session session;
  const ChapterCheck check =
      check_chapter(session, one_chapter_lesson(blocking_chapter(R"({"prompt": "Where?", "answers": ["c1", "b2", "d4"],
          "judge": "perfect"})")),
                    0);
  EXPECT_EQ(check.problems, (Strings{"chapters[0] (Block).question.answers[1]: 'b2' is not a legal move here (legal: "
                                     "a3, b3, c3, a2, c2, c1)",
                                     "chapters[0] (Block).question.answers[2]: 'd4' is not a legal move here (legal: "
                                     "a3, b3, c3, a2, c2, c1)"}));
  EXPECT_TRUE(check.judge_best.empty());
}

TEST(LessonCheck, AnIllegalActionInTheMomentIsAProblemOfMomentActions) {
  Session session;
  const ChapterCheck check = check_chapter(
      session,
      one_chapter_lesson(
          R"({"title": "Twice", "moment": {"game": "tictactoe", "agents": "human,human", "actions": "a1,a1"}})"),
      0);
  ASSERT_EQ(check.problems.size(), 1u);
  const std::string& problem = check.problems[0];
  EXPECT_EQ(problem.rfind("chapters[0] (Twice).moment.actions: ", 0), 0u) << problem;
  EXPECT_NE(problem.find("a1"), std::string::npos) << problem;
  const std::string tail = "; starting from the beginning";
  ASSERT_GE(problem.size(), tail.size());
  EXPECT_EQ(problem.substr(problem.size() - tail.size()), tail) << problem;
  EXPECT_EQ(check.game, "tictactoe");
  EXPECT_EQ(check.step, 0u);
}

TEST(LessonCheck, AStepPastTheActionsIsAProblemOfMomentStep) {
  Session session;
  const ChapterCheck check = check_chapter(
      session,
      one_chapter_lesson(
          R"({"title": "Far", "moment": {"game": "tictactoe", "agents": "human,human", "actions": "a1,b2", "step": 9}})"),
      0);
  EXPECT_EQ(check.problems,
            Strings{"chapters[0] (Far).moment.step: step 9 is past the episode's 2 steps; showing its end"});
  EXPECT_EQ(check.step, 2u);
}

TEST(LessonCheck, AnUnknownGameOrAgentIsAProblemNamingTheMomentsField) {
  {
    Session session;
    const ChapterCheck check =
        check_chapter(session, one_chapter_lesson(R"({"title": "Chess", "moment": {"game": "chess"}})"), 0);
    ASSERT_FALSE(check.problems.empty());
    EXPECT_EQ(check.problems[0].rfind("chapters[0] (Chess).moment.game: unknown game 'chess' (known: ", 0), 0u)
        << check.problems[0];
  }
  {
    Session session;
    const ChapterCheck check = check_chapter(
        session, one_chapter_lesson(R"({"title": "Who", "moment": {"game": "tictactoe", "agents": "perfect,nobody"}})"),
        0);
    ASSERT_EQ(check.problems.size(), 1u);
    EXPECT_EQ(check.problems[0].rfind("chapters[0] (Who).moment.agents: ", 0), 0u) << check.problems[0];
    EXPECT_NE(check.problems[0].find("nobody"), std::string::npos) << check.problems[0];
    EXPECT_EQ(check.game, "tictactoe");
  }
}

TEST(LessonCheck, ADrawingOfAPlaceNotOnTheBoardIsAProblemNamingDrawings) {
  Session session;
  const ChapterCheck check =
      check_chapter(session, one_chapter_lesson(R"({"title": "Marked", "moment": {"game": "tictactoe"},
          "drawings": [{"mark": "b2"}, {"mark": "d4"}]})"),
                    0);
  EXPECT_EQ(check.problems, Strings{"chapters[0] (Marked).drawings[1].mark: 'd4' is not a place of this board "
                                    "(places: a3, b3, c3, a2, b2, c2, a1, b1, c1)"});
  Session kalah;
  EXPECT_TRUE(check_chapter(kalah, one_chapter_lesson(R"({"title": "Sow", "moment": {"game": "mancala"},
          "drawings": [{"arrow": ["0:3", "0:store"]}]})"),
                            0)
                  .problems.empty());
}

TEST(LessonCheck, AQuestionAtTheEndOfTheEpisodeIsAProblem) {
  Session session;
  const ChapterCheck check = check_chapter(
      session, one_chapter_lesson(R"({"title": "Over", "moment": {"game": "tictactoe", "agents": "human,human",
          "actions": "a1,b1,a2,b2,a3"}, "question": {"prompt": "And now?", "answers": ["c1"]}})"),
      0);
  EXPECT_EQ(check.step, 5u);
  EXPECT_EQ(check.to_move, "");
  EXPECT_EQ(check.problems, Strings{"chapters[0] (Over).question: the moment is the end of the episode: there is no "
                                    "move to ask for"});
}

TEST(LessonCheck, AJudgeThatIsNotAnAgentIsNamedAtQuestionJudge) {
  Session session;
  const ChapterCheck check = check_chapter(
      session, one_chapter_lesson(blocking_chapter(R"({"prompt": "Where?", "answers": ["c1"], "judge": "oracle"})")),
      0);
  ASSERT_EQ(check.problems.size(), 1u);
  EXPECT_EQ(check.problems[0].rfind("chapters[0] (Block).question.judge: ", 0), 0u) << check.problems[0];
  EXPECT_NE(check.problems[0].find("'oracle'"), std::string::npos) << check.problems[0];
  EXPECT_TRUE(check.judge_best.empty());
  EXPECT_EQ(session.agent_specs(), (Strings{"perfect", "human"}));
}

TEST(LessonCheck, AChapterThatDidNotReadIsNotOpened) {
  const Lesson lesson =
      read_lesson(lesson_around(R"([{"title": "Bad", "moment": {"game": "tictactoe", "step": -2}}])"));
  Session session;
  const ChapterCheck check = check_chapter(session, lesson, 0);
  EXPECT_EQ(check.problems, Strings{"chapters[0] (Bad).moment.step: expected a whole number (0 or more)"});
  EXPECT_EQ(check.game, "");
}

}  // namespace
}  // namespace pg
