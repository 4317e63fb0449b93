#include "engine/core/json_input.h"

#include <cstddef>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/core/error.h"

namespace pg {
namespace {

// Builds the value from nlohmann's SAX events (the parser itself is iterative):
// an object's keys are found through a hash index while the object is open.
class Builder {
 public:
  Builder(Json& root, const std::string& where) : root_(root), where_(where) {}

  bool null() { return put(nullptr); }
  bool boolean(bool v) { return put(v); }
  bool number_integer(Json::number_integer_t v) { return put(v); }
  bool number_unsigned(Json::number_unsigned_t v) { return put(v); }
  bool number_float(Json::number_float_t v, const Json::string_t&) { return put(v); }
  bool string(Json::string_t& v) { return put(std::move(v)); }
  bool binary(Json::binary_t& v) { return put(Json::binary(std::move(v))); }
  bool start_object(std::size_t) { return open(Json::object()); }
  bool start_array(std::size_t) { return open(Json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(Json::string_t& k) {
    Open& o = open_.back();
    Json::object_t& members = o.value->get_ref<Json::object_t&>();
    const auto [at, added] = o.index.try_emplace(k, members.size());
    if (added) members.emplace_back(std::move(k), nullptr);
    slot_ = &(members.begin() + std::ptrdiff_t(at->second))->second;  // given twice: the last value, first place
    return true;
  }

  bool parse_error(std::size_t, const std::string&, const Json::exception& e) {
    throw InputError(where_, std::string("not valid JSON: ") + e.what());
  }

 private:
  struct Open {
    Json* value;
    std::unordered_map<std::string, size_t> index;  // objects only
  };

  // Where the next value goes: the root, the end of the open array, or the
  // open object's last key. The containers holding an open value do not grow
  // until it is closed, so the pointers stay valid.
  Json* place(Json&& v) {
    if (open_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    Json* parent = open_.back().value;
    if (parent->is_array()) {
      Json::array_t& items = parent->get_ref<Json::array_t&>();
      items.push_back(std::move(v));
      return &items.back();
    }
    *slot_ = std::move(v);
    return slot_;
  }
  bool put(Json&& v) {
    place(std::move(v));
    return true;
  }
  bool open(Json&& v) {
    if (open_.size() >= size_t(kMaxJsonInputDepth))
      throw InputError(where_, "nested deeper than " + std::to_string(kMaxJsonInputDepth) + " levels");
    open_.push_back({place(std::move(v)), {}});
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }

  Json& root_;
  const std::string& where_;
  std::vector<Open> open_;
  Json* slot_ = nullptr;
};

}  // namespace

Json parse_json_input(std::string_view text, const std::string& where) {
  Json root;
  Builder builder(root, where);
  Json::sax_parse(text.begin(), text.end(), &builder);
  return root;
}

bool valid_utf8(std::string_view text) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  for (size_t i = 0; i < text.size();) {
    const unsigned char lead = byte(i);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    // The sequence's length and the range of its second byte (which rules out overlong forms, surrogates and
    // code points past U+10FFFF); later bytes are 0x80..0xBF.
    size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      return false;
    }
    if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high) return false;
    for (size_t k = 2; k < length; ++k)
      if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return false;
    i += length;
  }
  return true;
}

}  // namespace pg
