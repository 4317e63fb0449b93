#include "engine/core/text.h"

#include <algorithm>
#include <forward_list>
#include <ostream>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/json.h"
#include "engine/core/json_input.h"

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

uint64_t parse_key(const std::string& hex) {
  if (hex.size() != 16) throw InputError("text catalogue, key '" + hex + "'", "expected 16 hex digits");
  uint64_t key = 0;
  for (char c : hex) {
    int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0) throw InputError("text catalogue, key '" + hex + "'", "expected lowercase hex digits");
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

void provide_text_catalogue(std::string_view json) {
  const Json j = parse_json_input(json, "text catalogue");
  if (!j.is_object()) throw InputError("text catalogue", "expected an object of key: text");
  std::unordered_map<uint64_t, std::string> texts;
  for (const auto& [hex, text] : j.items()) {
    if (!text.is_string()) throw InputError("text catalogue, key '" + hex + "'", "expected a string");
    const uint64_t key = parse_key(hex);
    if (text_key(text.get_ref<const std::string&>()) != key)
      throw InputError("text catalogue, key '" + hex + "'", "the text does not have this key");
    texts.emplace(key, text.get<std::string>());
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
