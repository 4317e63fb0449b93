// An agent's drawings: what an agent asks a student to look at on the board, beside its probabilities (a mark
// on a place, an arrow from one place to another, a heat map over places). A game names its places
// (State::place_names: Kalah's pits, tic-tac-toe's cells, Zuma's balls and gaps); a drawing names them the
// same way, so every view draws the same vocabulary on its own board. docs/agent-protocol.md has the JSON
// and each game's places.
#pragma once

#include <string>
#include <vector>

#include "engine/core/json.h"

namespace pg {

class State;

struct Drawing {
  enum class Kind { mark, arrow, heat };
  Kind kind = Kind::mark;
  std::vector<int> places;      // indices into State::place_names: one (mark), from and to (arrow), any (heat)
  std::vector<double> weights;  // heat: one per place; mark and arrow: one (from -1, bad, to 1, good) or none
  std::string text;             // mark and arrow: a short label, or empty
};

// The most drawings one decision may carry, and the longest label (in bytes).
inline constexpr size_t kMaxDrawings = 64;
inline constexpr size_t kMaxDrawingText = 24;

// [{"mark": place, "text"?, "weight"?}, {"arrow": [from, to], "text"?, "weight"?}, {"heat": {place: number}}]
// read against the state's places. Throws InputError naming the entry and field under `where` (an agent's reply
// says "reply.drawings", a trace "trace.steps[3].decision.drawings").
std::vector<Drawing> drawings_from_json(const Json& json, const State& state, const std::string& where);
// The same JSON, with the state's names for the places.
Json drawings_to_json(const std::vector<Drawing>& drawings, const State& state);
// The drawings in words, for the text mirror: "a mark on b2 (win), an arrow from 1:3 to 1:store, heat on 4 places
// (most on c1)".
std::string drawings_in_words(const std::vector<Drawing>& drawings, const State& state);

}  // namespace pg
