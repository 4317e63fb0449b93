// Beyond the report: an n-tuple network for Kalah's leaf value. The value is a
// sum of lookup tables, each indexed by a few stone counts seen from the
// player to move ("own" side, "opposite" side), so one set of tables serves
// both players:
//   own_I+opp_J      own pit I and the opposite pit J = 7 - I facing it,
//                    counts capped at 15 (captures and their threats)
//   own_I+own_I+1+own_I+2  three adjacent own pits (I = 1..4), capped at 7
//   opp_I+...        the same on the opposite side
//   store_own  (own store minus opposite store in -24..24, stones in own pits up to 24)
//   store_opp  (the same difference, stones in the opposite pits up to 24)
// A value with the extended tables (file version 2) adds three that see a
// whole side at once, for the endgame, where the 16 above cannot tell a won
// ending from a drawn one:
//   material   the store difference (-24..24) with the stones on each side (up to 24)
//   own_side   the six own pits, each capped at 3
//   opp_side   the six opposite pits, each capped at 3
// Pits are numbered 1..6 from the one farthest from their owner's store, as
// the page names them. The sum estimates the result for the player to move
// (+1 win, 0 draw, -1 loss); value() turns it into player 0's, the sign
// ThetaGreedy's search uses. Linear in its weights, so TD learning updates
// only the 16 entries a position touches.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/json.h"
#include "engine/core/policy_cache.h"
#include "engine/games/mancala/board.h"

namespace pg::mancala {

constexpr const char* kNTupleFormat = "rl-playground-kalah-ntuple";
constexpr int kNTupleVersion = 1;          // the 16 basic tables
constexpr int kNTupleExtendedVersion = 2;  // and the 3 extended ones

struct NTupleTable {
  std::string name;
  int size;
};

// The tables in order, with their sizes (the file names them the same way):
// the basic ones, then with `extended` the three extended ones.
const std::vector<NTupleTable>& ntuple_tables(bool extended = false);
constexpr int kNumTuples = 6 + 4 + 4 + 2;
constexpr int kNumExtendedTuples = kNumTuples + 3;

// One entry per table, as offsets into the concatenated weights.
struct TupleIndices {
  std::array<int, kNumExtendedTuples> at{};
  int count = 0;
  const int* begin() const { return at.data(); }
  const int* end() const { return at.data() + count; }
  int operator[](size_t i) const { return at[i]; }
  bool operator==(const TupleIndices& o) const { return count == o.count && at == o.at; }
};

struct NTupleValue {
  std::vector<float> weights;  // the tables concatenated, ntuple_tables()' order
  bool extended = false;       // the extended tables follow the basic ones
  Json info = Json::object();  // how it was made and how it scored

  explicit NTupleValue(bool with_extended = false);  // all zero
  // The same value with the extended tables added, all zero (so it values every board as before).
  NTupleValue with_extended_tables() const;
  // The entries `board` reads (the board from its mover's point of view).
  TupleIndices indices(const Board& board) const;
  // The estimate for the player to move of a board that is not over.
  double mover_value(const Board& board) const {
    const TupleIndices idx = indices(board);
    double s = 0;
    for (int i : idx) s += double(weights[size_t(i)]);
    return s;
  }
  // Player 0's value.
  double value(const Board& board) const { return board.to_move == 0 ? mover_value(board) : -mover_value(board); }

  Json to_json() const;
  // Throws InputError naming the field (or table entry) that is wrong.
  static NTupleValue from_json(const Json& j);
};

// The entry-wise mean of values with the same tables. The value is linear in
// its weights, so this is the mean of their estimates on every board.
// Throws InputError if one has the extended tables and another does not.
NTupleValue average_ntuple(const std::vector<const NTupleValue*>& values);

// The shipped file of a name, under policies/: "mancala/ntuple_standard.json".
std::string ntuple_path(const std::string& name);
// Values by name: stored at run time (the CLI's trainer), else the file
// ntuple_path(name), parsed once.
PolicyCache<NTupleValue>& ntuples();

}  // namespace pg::mancala
