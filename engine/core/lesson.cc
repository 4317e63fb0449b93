#include "engine/core/lesson.h"

#include <algorithm>
#include <cstdint>

#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/core/url_config.h"

namespace pg {

namespace {

// The moment's fields, in their written order: each a URL parameter of the page (url_config.h), with the JSON
// type it takes in a lesson.
struct MomentField {
  const char* name;
  Json::value_t type;
};
constexpr MomentField kMomentFields[] = {
    {"game", Json::value_t::string},          {"options", Json::value_t::object}, {"level", Json::value_t::string},
    {"seed", Json::value_t::number_unsigned}, {"agents", Json::value_t::string},  {"actions", Json::value_t::string},
    {"step", Json::value_t::number_unsigned},
};

const char* type_words(Json::value_t type) {
  switch (type) {
    case Json::value_t::string: return "a string";
    case Json::value_t::object: return "an object";
    case Json::value_t::array: return "a list";
    case Json::value_t::number_unsigned: return "a whole number (0 or more)";
    default: return "a value";
  }
}

bool has_type(const Json& value, Json::value_t type) {
  if (type == Json::value_t::number_unsigned) return value.is_number_unsigned();
  return value.type() == type;
}

// Refuses any key of `object` not in `known`, naming it under `where`.
void check_keys(const Json& object, std::initializer_list<const char*> known, const std::string& where) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    const std::string& key = it.key();
    if (std::none_of(known.begin(), known.end(), [&](const char* k) { return key == k; })) {
      std::string names;
      for (const char* k : known) names += (names.empty() ? "" : ", ") + std::string(k);
      throw InputError(where + "." + key, "not a field of a lesson here (fields: " + names + ")");
    }
  }
}

// `object[key]` as text of at most `limit` bytes: "" when absent and not `required`.
std::string text_field(const Json& object, const char* key, size_t limit, bool required, const std::string& where) {
  const auto it = object.find(key);
  if (it == object.end()) {
    if (required) throw InputError(where + "." + key, "missing");
    return "";
  }
  if (!it->is_string()) throw InputError(where + "." + key, "expected a string");
  const std::string& text = it->get_ref<const std::string&>();
  if (text.size() > limit)
    throw InputError(where + "." + key,
                     std::to_string(text.size()) + " bytes, at most " + std::to_string(limit) + " are read");
  if (required && text.empty()) throw InputError(where + "." + key, "empty");
  return text;
}

Json read_moment(const Json& chapter, const std::string& where) {
  const auto it = chapter.find("moment");
  if (it == chapter.end()) throw InputError(where + ".moment", "missing (the game and where in it)");
  if (!it->is_object()) throw InputError(where + ".moment", "expected an object of the page's URL parameters");
  Json moment = Json::object();
  for (const MomentField& field : kMomentFields) {
    const auto value = it->find(field.name);
    if (value == it->end()) continue;
    if (!has_type(*value, field.type))
      throw InputError(where + ".moment." + field.name, std::string("expected ") + type_words(field.type));
    moment[field.name] = *value;
  }
  for (auto field = it->begin(); field != it->end(); ++field)
    if (!moment.contains(field.key()))
      throw InputError(where + ".moment." + field.key(),
                       "not a parameter of a moment (game, options, level, seed, agents, actions, step)");
  if (!moment.contains("game")) throw InputError(where + ".moment.game", "missing");
  return moment;
}

LessonQuestion read_question(const Json& json, const std::string& where) {
  if (!json.is_object()) throw InputError(where, "expected an object (prompt, answers, judge, explanation)");
  check_keys(json, {"prompt", "answers", "judge", "explanation"}, where);
  LessonQuestion q;
  q.prompt = text_field(json, "prompt", kMaxLessonText, true, where);
  const auto answers = json.find("answers");
  if (answers == json.end()) throw InputError(where + ".answers", "missing (the moves counted right)");
  if (!answers->is_array() || answers->empty() || answers->size() > kMaxLessonAnswers)
    throw InputError(where + ".answers",
                     "expected a list of 1 to " + std::to_string(kMaxLessonAnswers) + " action names");
  for (size_t i = 0; i < answers->size(); ++i) {
    const Json& a = (*answers)[i];
    if (!a.is_string() || a.get_ref<const std::string&>().empty())
      throw InputError(where + ".answers[" + std::to_string(i) + "]", "expected an action's name");
    q.answers.push_back(a.get<std::string>());
  }
  q.judge = text_field(json, "judge", kMaxLessonTitle, false, where);
  q.explanation = text_field(json, "explanation", kMaxLessonText, false, where);
  return q;
}

// Reads what it can of chapter `json` into `chapter`; throws at the first problem.
void read_chapter(const Json& json, const std::string& where, LessonChapter& chapter) {
  if (!json.is_object()) throw InputError(where, "expected an object (title, moment, text, drawings, question)");
  const auto title = json.find("title");
  if (title != json.end() && title->is_string()) chapter.title = title->get<std::string>();
  check_keys(json, {"title", "moment", "text", "drawings", "question"}, where);
  chapter.title = text_field(json, "title", kMaxLessonTitle, true, where);
  chapter.moment = read_moment(json, where);
  chapter.text = text_field(json, "text", kMaxLessonText, false, where);
  const auto drawings = json.find("drawings");
  if (drawings != json.end()) {
    if (!drawings->is_array()) throw InputError(where + ".drawings", "expected a list of drawings");
    chapter.drawings = *drawings;  // read against the moment's state when it opens (lesson_check.h)
  }
  const auto question = json.find("question");
  if (question != json.end()) chapter.question = read_question(*question, where + ".question");
}

std::string chapter_label(size_t index, const std::string& title) {
  return "chapters[" + std::to_string(index) + "]" + (title.empty() ? "" : " (" + title + ")");
}

Json question_json(const LessonQuestion& q) {
  Json json = Json::object();
  json["prompt"] = q.prompt;
  json["answers"] = q.answers;
  if (!q.judge.empty()) json["judge"] = q.judge;
  if (!q.explanation.empty()) json["explanation"] = q.explanation;
  return json;
}

Json chapter_json(const LessonChapter& c) {
  Json json = Json::object();
  json["title"] = c.title;
  json["moment"] = c.moment;
  if (!c.text.empty()) json["text"] = c.text;
  if (!c.drawings.is_null()) json["drawings"] = c.drawings;
  if (c.question) json["question"] = question_json(*c.question);
  return json;
}

}  // namespace

Lesson read_lesson(std::string_view text, const std::string& where) {
  if (text.size() > kMaxLessonBytes)
    throw InputError(where, std::to_string(text.size()) + " bytes, more than the " +
                                std::to_string(kMaxLessonBytes / 1024) + " KiB a lesson may have");
  const Json json = parse_json_input(text, where);
  if (!json.is_object()) throw InputError(where, "expected a JSON object (lesson, title, chapters)");
  const auto version = json.find("lesson");
  if (version == json.end())
    throw InputError(where + ".lesson", "missing: a lesson file starts with \"lesson\": " +
                                            std::to_string(kLessonVersion) + " (its format's version)");
  if (!version->is_number_unsigned() || version->get<uint64_t>() != uint64_t(kLessonVersion))
    throw InputError(where + ".lesson", "version " + version->dump() + " is not read here (this page reads " +
                                            std::to_string(kLessonVersion) + ")");
  check_keys(json, {"lesson", "title", "mode", "chapters"}, where);
  Lesson lesson;
  lesson.title = text_field(json, "title", kMaxLessonTitle, true, where);
  if (json.contains("mode")) {  // "" is not a mode either
    const std::string mode = text_field(json, "mode", kMaxLessonTitle, false, where);
    if (std::find(std::begin(kLessonModes), std::end(kLessonModes), mode) == std::end(kLessonModes))
      throw InputError(where + ".mode", "'" + mode + "' is not a mode (read, predict, hide)");
    lesson.mode = mode;
  }
  const auto chapters = json.find("chapters");
  if (chapters == json.end() || !chapters->is_array() || chapters->empty())
    throw InputError(where + ".chapters", "expected a list of at least one chapter");
  if (chapters->size() > kMaxLessonChapters)
    throw InputError(where + ".chapters", std::to_string(chapters->size()) + " chapters, at most " +
                                              std::to_string(kMaxLessonChapters) + " are read");
  for (size_t i = 0; i < chapters->size(); ++i) {
    LessonChapter chapter;
    try {
      read_chapter((*chapters)[i], chapter_label(i, ""), chapter);
    } catch (const InputError& e) {
      const std::string plain = chapter_label(i, "");
      const std::string message = e.what();
      // "chapters[2].moment.step: ..." names the chapter by its title too, when it has one.
      chapter.problems.push_back(chapter_label(i, chapter.title) + message.substr(plain.size()));
      chapter.as_written = (*chapters)[i];
    }
    lesson.chapters.push_back(std::move(chapter));
  }
  return lesson;
}

std::string write_lesson(const Lesson& lesson) {
  Json json = Json::object();
  json["lesson"] = kLessonVersion;
  json["title"] = lesson.title;
  if (lesson.mode != "read") json["mode"] = lesson.mode;
  json["chapters"] = Json::array();
  for (const LessonChapter& c : lesson.chapters)
    json["chapters"].push_back(c.problems.empty() ? chapter_json(c) : c.as_written);
  return json.dump(2) + "\n";
}

std::string moment_query(const Json& moment) {
  std::string query;
  for (const MomentField& field : kMomentFields) {
    const auto it = moment.find(field.name);
    if (it == moment.end()) continue;
    const std::string value = it->is_string() ? it->get<std::string>() : it->dump();
    query += (query.empty() ? "" : "&") + std::string(field.name) + "=" + url_encode(value);
  }
  return query;
}

std::string chapter_name(const Lesson& lesson, size_t index) {
  return chapter_label(index, index < lesson.chapters.size() ? lesson.chapters[index].title : "");
}

}  // namespace pg
