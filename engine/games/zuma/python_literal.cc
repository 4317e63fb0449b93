#include "engine/games/zuma/python_literal.h"

#include <cctype>
#include <charconv>
#include <string>
#include <unordered_set>

#include "engine/core/error.h"
#include "engine/core/json_input.h"

namespace pg::zuma {
namespace {

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  Json document() {
    Json value = parse_value(0);
    skip_space();
    if (pos_ < text_.size()) fail("unexpected text after the value");
    return value;
  }

 private:
  static constexpr int kMaxDepth = 64;

  [[noreturn]] void fail(const std::string& problem) const {
    size_t line = 1, column = 1;
    for (size_t i = 0; i < pos_ && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    throw InputError("line " + std::to_string(line) + ", column " + std::to_string(column), problem);
  }

  void skip_space() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        ++pos_;
      } else {
        break;
      }
    }
  }

  bool take(char c) {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  Json parse_value(int depth) {
    if (depth > kMaxDepth) fail("nested too deeply");
    skip_space();
    if (pos_ >= text_.size()) fail("unexpected end of text");
    const char c = text_[pos_];
    if (c == '{') return parse_dict(depth);
    if (c == '[') return parse_sequence(']', depth);
    if (c == '(') return parse_sequence(')', depth);
    if (c == '\'' || c == '"') return parse_string();
    if (c == '-' || c == '+' || c == '.' || std::isdigit(static_cast<unsigned char>(c))) return parse_number();
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      const size_t start = pos_;
      while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
        ++pos_;
      const std::string_view word = text_.substr(start, pos_ - start);
      if (word == "True") return true;
      if (word == "False") return false;
      if (word == "None") return nullptr;
      pos_ = start;
      fail("'" + std::string(word) + "' is not a literal (only numbers, strings, True, False, None, dicts and lists)");
    }
    fail(std::string("unexpected character '") + c + "'");
  }

  Json parse_dict(int depth) {
    ++pos_;  // '{'
    Json object = Json::object();
    if (take('}')) return object;
    // Keys are checked through a hash set: Json's own lookup is a linear search (quadratic for a large dict).
    std::unordered_set<std::string> names;
    while (true) {
      skip_space();
      const size_t key_at = pos_;
      const Json key = parse_value(depth + 1);
      std::string name;
      if (key.is_string()) {
        name = key.get<std::string>();
      } else if (key.is_number_integer()) {
        name = std::to_string(key.get<long long>());
      } else {
        pos_ = key_at;
        fail("dict keys must be strings or integers");
      }
      if (!take(':')) fail("expected ':' after a dict key");
      if (!names.insert(name).second) {
        pos_ = key_at;
        fail("key " + name + " appears twice");
      }
      object.get_ref<Json::object_t&>().emplace_back(name, parse_value(depth + 1));
      if (take('}')) return object;
      if (!take(',')) fail("expected ',' or '}' in a dict");
      if (take('}')) return object;  // trailing comma
    }
  }

  Json parse_sequence(char close, int depth) {
    ++pos_;
    Json array = Json::array();
    if (take(close)) return array;
    while (true) {
      array.push_back(parse_value(depth + 1));
      if (take(close)) return array;
      if (!take(',')) fail(std::string("expected ',' or '") + close + "'");
      if (take(close)) return array;
    }
  }

  Json parse_string() {
    const char quote = text_[pos_++];
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != quote) {
      char c = text_[pos_++];
      if (c == '\n') fail("a string runs past the end of its line");
      if (c == '\\' && pos_ < text_.size()) {
        const char e = text_[pos_++];
        c = e == 'n' ? '\n' : e == 't' ? '\t' : e;
      }
      out += c;
    }
    if (pos_ >= text_.size()) fail("a string is not closed");
    ++pos_;
    if (!valid_utf8(out)) fail("a string is not valid UTF-8");
    return out;
  }

  Json parse_number() {
    const size_t start = pos_;
    if (text_[pos_] == '+' || text_[pos_] == '-') ++pos_;
    bool is_float = false;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (std::isdigit(static_cast<unsigned char>(c)) || c == '_') {
        ++pos_;
      } else if (c == '.' || c == 'e' || c == 'E') {
        is_float = true;
        ++pos_;
        if ((c == 'e' || c == 'E') && pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      } else {
        break;
      }
    }
    std::string digits;
    for (size_t i = start; i < pos_; ++i)
      if (text_[i] != '_' && text_[i] != '+') digits += text_[i];
    if (!is_float) {
      long long v = 0;
      const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
      if (ec == std::errc() && end == digits.data() + digits.size()) return v;
    }
    try {
      size_t used = 0;
      const double d = std::stod(digits, &used);
      if (used == digits.size()) return d;
    } catch (const std::exception&) {
    }
    const size_t end = pos_;
    pos_ = start;
    fail("'" + std::string(text_.substr(start, end - start)) + "' is not a number");
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

Json parse_python_literal(std::string_view text) { return Reader(text).document(); }

Json parse_json_or_python(std::string_view text) {
  try {
    return parse_json_input(text, "");
  } catch (const InputError&) {
    return parse_python_literal(text);  // not JSON (or nested too deeply, which this refuses too)
  }
}

}  // namespace pg::zuma
