#include "engine/games/mancala/ntuple_value.h"

#include <algorithm>
#include <cmath>

#include "engine/core/error.h"
#include "engine/core/json_input.h"

namespace pg::mancala {

namespace {

constexpr int kStoreSpan = 24;  // store difference -24..24
constexpr int kSideCap = 24;    // stones on a side 0..24
constexpr int kStoreSize = (2 * kStoreSpan + 1) * (kSideCap + 1);
constexpr int kMaterialSize = kStoreSize * (kSideCap + 1);
constexpr int kWholeSideCap = 3;
constexpr int kWholeSideSize = 4 * 4 * 4 * 4 * 4 * 4;  // (kWholeSideCap + 1)^6

// A tuple of pits seen from the mover: 0..5 its own pits 1..6, 6..11 the
// opposite side's pits 1..6; each count capped at `cap`.
struct PitTuple {
  std::array<int, 3> pits;
  int length;
  int cap;
};

std::string pit_name(int p) { return (p < kPitsPerSide ? "own_" : "opp_") + std::to_string(p % kPitsPerSide + 1); }

std::vector<PitTuple> make_pit_tuples() {
  std::vector<PitTuple> t;
  // Own pit i faces the opposite pit 6 - i (1-based): captures and their threats.
  for (int i = 0; i < kPitsPerSide; ++i) t.push_back({{i, 2 * kPitsPerSide - 1 - i, 0}, 2, 15});
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i + 2 < kPitsPerSide; ++i) {
      const int a = side * kPitsPerSide + i;
      t.push_back({{a, a + 1, a + 2}, 3, 7});
    }
  return t;
}

const std::vector<PitTuple>& pit_tuples() {
  static const std::vector<PitTuple> t = make_pit_tuples();
  return t;
}

int tuple_size(const PitTuple& t) {
  int n = 1;
  for (int i = 0; i < t.length; ++i) n *= t.cap + 1;
  return n;
}

std::vector<NTupleTable> make_tables(bool extended) {
  std::vector<NTupleTable> t;
  for (const PitTuple& p : pit_tuples()) {
    std::string name;
    for (int i = 0; i < p.length; ++i) name += (i ? "+" : "") + pit_name(p.pits[size_t(i)]);
    t.push_back({name, tuple_size(p)});
  }
  t.push_back({"store_own", kStoreSize});
  t.push_back({"store_opp", kStoreSize});
  if (extended) {
    t.push_back({"material", kMaterialSize});
    t.push_back({"own_side", kWholeSideSize});
    t.push_back({"opp_side", kWholeSideSize});
  }
  return t;
}

// The extended offsets; the basic tables' are the same.
std::array<int, kNumExtendedTuples> table_offsets() {
  std::array<int, kNumExtendedTuples> o{};
  int at = 0;
  for (size_t i = 0; i < ntuple_tables(true).size(); ++i) {
    o[i] = at;
    at += ntuple_tables(true)[i].size;
  }
  return o;
}

int total_size(bool extended) {
  int n = 0;
  for (const auto& t : ntuple_tables(extended)) n += t.size;
  return n;
}

}  // namespace

const std::vector<NTupleTable>& ntuple_tables(bool extended) {
  static const std::vector<NTupleTable> basic = make_tables(false);
  static const std::vector<NTupleTable> all = make_tables(true);
  return extended ? all : basic;
}

NTupleValue::NTupleValue(bool with_extended)
    : weights(size_t(total_size(with_extended)), 0.0f), extended(with_extended) {}

NTupleValue NTupleValue::with_extended_tables() const {
  NTupleValue v(true);
  std::copy(weights.begin(), weights.end(), v.weights.begin());
  v.info = info;
  return v;
}

TupleIndices NTupleValue::indices(const Board& b) const {
  static const std::array<int, kNumExtendedTuples> offset = table_offsets();
  const int me = b.to_move;
  const int you = 1 - me;
  std::array<int, 2 * kPitsPerSide> pits{};
  int own_side = 0, opp_side = 0;
  for (int i = 0; i < kPitsPerSide; ++i) {
    pits[size_t(i)] = b.pit(me, i);
    pits[size_t(kPitsPerSide + i)] = b.pit(you, i);
    own_side += b.pit(me, i);
    opp_side += b.pit(you, i);
  }
  TupleIndices idx{};
  size_t k = 0;
  for (const PitTuple& t : pit_tuples()) {
    int code = 0;
    for (int i = 0; i < t.length; ++i) code = code * (t.cap + 1) + std::min(pits[size_t(t.pits[size_t(i)])], t.cap);
    idx.at[k] = offset[k] + code;
    ++k;
  }
  const int diff = std::clamp(b.store(me) - b.store(you), -kStoreSpan, kStoreSpan) + kStoreSpan;
  idx.at[k] = offset[k] + diff * (kSideCap + 1) + std::min(own_side, kSideCap);
  ++k;
  idx.at[k] = offset[k] + diff * (kSideCap + 1) + std::min(opp_side, kSideCap);
  ++k;
  if (extended) {
    idx.at[k] = offset[k] + (diff * (kSideCap + 1) + std::min(own_side, kSideCap)) * (kSideCap + 1) +
                std::min(opp_side, kSideCap);
    ++k;
    for (int side = 0; side < 2; ++side) {
      int code = 0;
      for (int i = 0; i < kPitsPerSide; ++i)
        code = code * (kWholeSideCap + 1) + std::min(pits[size_t(side * kPitsPerSide + i)], kWholeSideCap);
      idx.at[k] = offset[k] + code;
      ++k;
    }
  }
  idx.count = int(k);
  return idx;
}

Json NTupleValue::to_json() const {
  Json tables = Json::object();
  const auto offset = table_offsets();
  const auto& list = ntuple_tables(extended);
  for (size_t t = 0; t < list.size(); ++t) {
    Json cells = Json::array();
    for (int i = 0; i < list[t].size; ++i) {
      // 5 decimals keep every greedy choice (the tests compare) and the file small.
      const double w = double(weights[size_t(offset[t] + i)]);
      cells.push_back(std::round(w * 1e5) / 1e5);
    }
    tables[list[t].name] = cells;
  }
  return {{"format", kNTupleFormat},
          {"version", extended ? kNTupleExtendedVersion : kNTupleVersion},
          {"tables", tables},
          {"info", info}};
}

NTupleValue NTupleValue::from_json(const Json& j) {
  if (!j.is_object()) throw InputError("ntuple", "expected a JSON object");
  if (!j.contains("format") || j["format"] != kNTupleFormat)
    throw InputError("ntuple.format", std::string("expected \"") + kNTupleFormat + "\"");
  const bool versioned = j.contains("version") && j["version"].is_number_integer();
  const int version = versioned ? j["version"].get<int>() : 0;
  if (version != kNTupleVersion && version != kNTupleExtendedVersion)
    throw InputError("ntuple.version", "this build reads versions " + std::to_string(kNTupleVersion) + " (" +
                                           std::to_string(kNumTuples) + " tables) and " +
                                           std::to_string(kNTupleExtendedVersion) + " (" +
                                           std::to_string(kNumExtendedTuples) + " tables)");
  const bool extended = version == kNTupleExtendedVersion;
  const auto& list = ntuple_tables(extended);
  if (!j.contains("tables") || !j["tables"].is_object())
    throw InputError("ntuple.tables", "expected an object of " + std::to_string(list.size()) + " named tables");
  const Json& tables = j["tables"];
  NTupleValue v(extended);
  const auto offset = table_offsets();
  for (size_t t = 0; t < list.size(); ++t) {
    const NTupleTable& table = list[t];
    const std::string where = "ntuple.tables." + table.name;
    if (!tables.contains(table.name)) throw InputError("ntuple.tables", "'" + table.name + "' is missing");
    const Json& cells = tables[table.name];
    if (!cells.is_array() || cells.size() != size_t(table.size))
      throw InputError(where, "expected an array of " + std::to_string(table.size) + " numbers");
    for (int i = 0; i < table.size; ++i) {
      const Json& c = cells[size_t(i)];
      if (!c.is_number() || !std::isfinite(c.get<double>()) || std::abs(c.get<double>()) > 1e6)
        throw InputError(where + "[" + std::to_string(i) + "]", "expected a finite number of at most 1e6");
      v.weights[size_t(offset[t] + i)] = float(c.get<double>());
    }
  }
  if (tables.size() != list.size()) {
    for (const auto& [key, value] : tables.items()) {
      bool known = false;
      for (const auto& t : list) known = known || t.name == key;
      if (!known)
        throw InputError("ntuple.tables." + key,
                         extended ? "unknown table name" : "unknown table name (version 1 has the basic tables only)");
    }
  }
  if (j.contains("info")) v.info = j["info"];
  return v;
}

NTupleValue average_ntuple(const std::vector<const NTupleValue*>& values) {
  if (values.empty()) throw InputError("ntuple average", "no values to average");
  NTupleValue mean(values[0]->extended);
  for (size_t k = 0; k < values.size(); ++k) {
    if (values[k]->extended != mean.extended)
      throw InputError("ntuple average", "value " + std::to_string(k + 1) + (mean.extended ? " lacks" : " has") +
                                             " the extended tables; the first " + (mean.extended ? "has" : "does not"));
    for (size_t i = 0; i < mean.weights.size(); ++i) mean.weights[i] += values[k]->weights[i];
  }
  for (float& w : mean.weights) w /= float(values.size());
  return mean;
}

std::string ntuple_path(const std::string& name) { return "mancala/" + name + ".json"; }

PolicyCache<NTupleValue>& ntuples() {
  static PolicyCache<NTupleValue> cache(ntuple_path, [](const std::string& bytes, const std::string& path) {
    const Json json = parse_json_input(bytes, path);
    return read_in_file(path, [&] { return NTupleValue::from_json(json); });
  });
  return cache;
}

}  // namespace pg::mancala
