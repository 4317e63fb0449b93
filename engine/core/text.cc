#include "engine/core/text.h"

#include <algorithm>
#include <forward_list>
#include <ostream>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/core/error.h"

namespace pg {
namespace {

// (std::unordered_map: the page has its code already, for other tables.)
struct Catalogue {
  std::unordered_map<uint64_t, std::string> texts;
  bool loaded = false;
};

Catalogue& catalogue() {
  static Catalogue c;
  return c;
}

uint64_t parse_key(std::string_view hex, const std::string& where) {
  uint64_t key = 0;
  for (char c : hex) {
    int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0) throw InputError(where, "the key '" + std::string(hex) + "' is not 16 lowercase hex digits");
    key = key << 4 | uint64_t(digit);
  }
  return key;
}

}  // namespace

Text::Text(const std::string& text) {
  // A list: elements never move, so their c_str() stays valid. The texts are few (agent lists with a number
  // in them), so a linear search is enough.
  static std::forward_list<std::string> kept;
  const auto it = std::find(kept.begin(), kept.end(), text);
  written_ = it != kept.end() ? it->c_str() : kept.emplace_front(text).c_str();
}

const char* Text::c_str() const { return written_ ? written_ : catalogue_text(key_); }

std::string operator+(const std::string& a, const Text& b) { return a + b.c_str(); }
std::string operator+(const Text& a, const std::string& b) { return a.c_str() + b; }
std::ostream& operator<<(std::ostream& out, const Text& text) { return out << text.c_str(); }

void provide_text_catalogue(std::string_view file) {
  // One text a line: 16 lowercase hex digits (the key), a tab, the text with "\\" for a backslash and "\n"
  // for a line break. (Not JSON: its parser's code here cost the page's download more than the texts saved.)
  std::unordered_map<uint64_t, std::string> texts;
  size_t line_number = 0;
  while (!file.empty()) {
    ++line_number;
    const size_t end = file.find('\n');
    const std::string_view line = file.substr(0, end);
    file = end == std::string_view::npos ? std::string_view() : file.substr(end + 1);
    const std::string where = "text catalogue, line " + std::to_string(line_number);
    if (line.size() < 17 || line[16] != '\t') throw InputError(where, "expected 16 hex digits, a tab, the text");
    const uint64_t key = parse_key(line.substr(0, 16), where);
    std::string text;
    for (size_t i = 17; i < line.size(); ++i) {
      if (line[i] != '\\') {
        text += line[i];
        continue;
      }
      const char next = i + 1 < line.size() ? line[++i] : '\0';
      if (next != 'n' && next != '\\')
        throw InputError(where, "a backslash must be followed by n or another backslash");
      text += next == 'n' ? '\n' : '\\';
    }
    if (text_key(text) != key) throw InputError(where, "the text does not have this key");
    texts.emplace(key, std::move(text));
  }
  catalogue().texts = std::move(texts);
  catalogue().loaded = true;
}

bool text_catalogue_loaded() { return catalogue().loaded; }

const char* catalogue_text(uint64_t key) {
  const auto& texts = catalogue().texts;
  const auto it = texts.find(key);
  return it != texts.end() ? it->second.c_str() : "";
}

}  // namespace pg
