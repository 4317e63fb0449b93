#include "engine/core/drawing.h"

#include <algorithm>
#include <cmath>

#include "engine/core/error.h"
#include "engine/core/game.h"

namespace pg {

namespace {

// The index of the place `name` names among `places`, or an InputError at `where` listing the first few.
int place_index(const std::vector<std::string>& places, const Json& name, const std::string& where) {
  if (!name.is_string()) throw InputError(where, "expected a place's name (a string)");
  const std::string& wanted = name.get_ref<const std::string&>();
  const auto found = std::find(places.begin(), places.end(), wanted);
  if (found != places.end()) return int(found - places.begin());
  if (places.empty()) throw InputError(where, "'" + wanted + "' is not a place: this game has no places to draw on");
  std::string list;
  const size_t shown = std::min<size_t>(places.size(), 12);
  for (size_t i = 0; i < shown; ++i) list += (i ? ", " : "") + places[i];
  if (shown < places.size()) list += ", ... " + places.back();
  throw InputError(where, "'" + wanted + "' is not a place of this board (places: " + list + ")");
}

double finite_number(const Json& number, const std::string& where) {
  if (!number.is_number() || !std::isfinite(number.get<double>())) throw InputError(where, "expected a finite number");
  return number.get<double>();
}

// A mark's or an arrow's optional "text" and "weight", and no other field but its own (`kind`).
void read_label(const Json& entry, Drawing& d, const char* kind, const std::string& where) {
  size_t fields = 1;
  if (entry.contains("text")) {
    ++fields;
    if (!entry["text"].is_string()) throw InputError(where + ".text", "expected a string");
    d.text = entry["text"].get<std::string>();
    if (d.text.size() > kMaxDrawingText)
      throw InputError(where + ".text", "longer than " + std::to_string(kMaxDrawingText) + " bytes");
  }
  if (entry.contains("weight")) {
    ++fields;
    const double w = finite_number(entry["weight"], where + ".weight");
    if (w < -1 || w > 1) throw InputError(where + ".weight", "expected a number from -1 to 1");
    d.weights = {w};
  }
  if (entry.size() != fields)
    throw InputError(where, std::string("a field other than \"") + kind + "\", \"text\" and \"weight\"");
}

Drawing read_drawing(const Json& entry, const std::vector<std::string>& places, const std::string& where) {
  if (!entry.is_object())
    throw InputError(where, "expected an object: {\"mark\": ...}, {\"arrow\": ...} or {\"heat\": ...}");
  Drawing d;
  if (entry.contains("mark")) {
    d.places = {place_index(places, entry["mark"], where + ".mark")};
    read_label(entry, d, "mark", where);
  } else if (entry.contains("arrow")) {
    const Json& ends = entry["arrow"];
    if (!ends.is_array() || ends.size() != 2) throw InputError(where + ".arrow", "expected [from, to]: two places");
    d.kind = Drawing::Kind::arrow;
    d.places = {place_index(places, ends[0], where + ".arrow[0]"), place_index(places, ends[1], where + ".arrow[1]")};
    if (d.places[0] == d.places[1]) throw InputError(where + ".arrow", "an arrow joins two different places");
    read_label(entry, d, "arrow", where);
  } else if (entry.contains("heat")) {
    if (entry.size() != 1) throw InputError(where, "a field other than \"heat\"");
    const Json& heat = entry["heat"];
    if (!heat.is_object()) throw InputError(where + ".heat", "expected an object {place: number}");
    d.kind = Drawing::Kind::heat;
    for (auto it = heat.begin(); it != heat.end(); ++it) {
      const std::string at = where + ".heat." + it.key();
      d.places.push_back(place_index(places, Json(it.key()), at));
      d.weights.push_back(finite_number(it.value(), at));
    }
  } else {
    throw InputError(where, "expected one of \"mark\", \"arrow\" or \"heat\"");
  }
  return d;
}

const char* kind_key(Drawing::Kind kind) {
  switch (kind) {
    case Drawing::Kind::mark: return "mark";
    case Drawing::Kind::arrow: return "arrow";
    case Drawing::Kind::heat: return "heat";
  }
  return "mark";
}

}  // namespace

std::vector<Drawing> drawings_from_json(const Json& json, const State& state, const std::string& where) {
  if (!json.is_array()) throw InputError(where, "expected an array of drawings");
  if (json.size() > kMaxDrawings)
    throw InputError(where, std::to_string(json.size()) + " drawings, more than " + std::to_string(kMaxDrawings));
  const std::vector<std::string> places = state.place_names();
  std::vector<Drawing> drawings;
  for (size_t i = 0; i < json.size(); ++i)
    drawings.push_back(read_drawing(json[i], places, where + "[" + std::to_string(i) + "]"));
  return drawings;
}

Json drawings_to_json(const std::vector<Drawing>& drawings, const State& state) {
  const std::vector<std::string> names = state.place_names();
  Json out = Json::array();
  for (const Drawing& d : drawings) {
    Json& entry = out.emplace_back(Json::object());
    Json& shape = entry[kind_key(d.kind)];
    if (d.kind == Drawing::Kind::mark) shape = names[size_t(d.places[0])];
    if (d.kind == Drawing::Kind::heat) shape = Json::object();
    for (size_t i = 0; d.kind != Drawing::Kind::mark && i < d.places.size(); ++i) {
      if (d.kind == Drawing::Kind::heat)
        shape[names[size_t(d.places[i])]] = d.weights[i];
      else
        shape.push_back(names[size_t(d.places[i])]);
    }
    if (d.kind == Drawing::Kind::heat) continue;
    if (!d.text.empty()) entry["text"] = d.text;
    if (!d.weights.empty()) entry["weight"] = d.weights[0];
  }
  return out;
}

std::string drawings_in_words(const std::vector<Drawing>& drawings, const State& state) {
  const std::vector<std::string> names = state.place_names();
  std::string text;
  for (const Drawing& d : drawings) {
    text += text.empty() ? "" : ", ";
    if (d.kind == Drawing::Kind::heat) {
      size_t most = 0;
      for (size_t i = 1; i < d.weights.size(); ++i)
        if (std::abs(d.weights[i]) > std::abs(d.weights[most])) most = i;
      text += "heat on " + std::to_string(d.places.size()) + (d.places.size() == 1 ? " place" : " places");
      if (!d.places.empty()) text += " (most on " + names[size_t(d.places[most])] + ")";
      continue;
    }
    text += d.kind == Drawing::Kind::mark
                ? "a mark on " + names[size_t(d.places[0])]
                : "an arrow from " + names[size_t(d.places[0])] + " to " + names[size_t(d.places[1])];
    if (!d.text.empty()) text += " (" + d.text + ")";
  }
  return text;
}

}  // namespace pg
