// Long explanatory texts: the rules, help markers, agent and option
// descriptions. Natively they are the literals in the source. In the page they
// are left out of the WebAssembly (a third of its size in gzip was prose) and
// fetched after it starts: PG_TEXT("...") keeps only a 64-bit key of the
// literal, computed at compile time, and scripts/extract_texts.mjs writes the
// catalogue (texts.txt, key -> text) from the same sources at build time. A generated
// check compiles every literal's key as C++ computes it against the one the
// script wrote, so the two can never disagree.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <type_traits>

namespace pg {

// FNV-1a, 64 bits, over the literal's UTF-8 bytes.
constexpr uint64_t text_key(std::string_view text) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ull;
  }
  return hash;
}

// A text: written out (a literal natively, or built at run time) or a key into
// the fetched catalogue (in the page). Two words, trivially copied: passing one
// costs a call site no more than passing a pointer did.
class Text {
 public:
  constexpr Text() = default;
  constexpr Text(const char* text) : written_(text) {}  // NOLINT: a literal is a text
  // A text built at run time is kept for the program's life (one copy per distinct text; agent lists build
  // the same few again and again).
  Text(const std::string& text);  // NOLINT
  static constexpr Text catalogued(uint64_t key) {
    Text t;
    t.key_ = key;
    return t;
  }

  // The text; a catalogued one is "" until the catalogue has arrived.
  std::string str() const { return c_str(); }
  bool empty() const { return *c_str() == 0; }
  const char* c_str() const;

 private:
  const char* written_ = nullptr;
  uint64_t key_ = 0;
};

std::string operator+(const std::string& a, const Text& b);
std::string operator+(const Text& a, const std::string& b);
std::ostream& operator<<(std::ostream& out, const Text& text);

// The page hands over the catalogue (texts.txt: a line per text, "<16 hex digits>\t<text>", with "\\" and
// "\n" for a backslash and a line break); throws InputError naming the line and the problem. Replaces an
// earlier one.
void provide_text_catalogue(std::string_view file);
bool text_catalogue_loaded();
// The catalogued text of `key`, "" when absent or not loaded yet.
const char* catalogue_text(uint64_t key);

}  // namespace pg

#ifdef __EMSCRIPTEN__
#define PG_TEXT(literal) ::pg::Text::catalogued(std::integral_constant<uint64_t, ::pg::text_key(literal)>::value)
#else
#define PG_TEXT(literal) ::pg::Text("" literal)
#endif
