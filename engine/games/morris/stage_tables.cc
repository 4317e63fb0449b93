#include "engine/games/morris/stage_tables.h"

#include <algorithm>
#include <cmath>

#include "engine/core/error.h"
#include "engine/nn/policy_file.h"

namespace pg::morris {

const char* stage_name(int stage) {
  static constexpr const char* kNames[kNumStages] = {"place", "no_fly", "agent_fly", "player_fly", "all_fly"};
  return kNames[stage];
}

uint32_t stage_key(SidePieces s) {
  uint32_t key = 0;
  for (int p = kNumPoints - 1; p >= 0; --p) key = key * 3 + ((s.agent & bit(p)) ? 1u : (s.player & bit(p)) ? 2u : 0u);
  return key;
}

SidePieces pieces_from_stage_key(uint32_t key) {
  SidePieces s;
  for (int p = 0; p < kNumPoints; ++p, key /= 3) {
    if (key % 3 == 1) s.agent |= bit(p);
    if (key % 3 == 2) s.player |= bit(p);
  }
  return s;
}

int stage_of(SidePieces s, bool placement) {
  if (placement) return kStagePlace;
  const bool agent_flies = std::popcount(s.agent) <= 3, player_flies = std::popcount(s.player) <= 3;
  if (agent_flies) return player_flies ? kStageAllFly : kStageAgentFly;
  return player_flies ? kStagePlayerFly : kStageNoFly;
}

std::string stage_key_string(SidePieces s) {
  std::string text(kNumPoints, '-');
  for (int p = 0; p < kNumPoints; ++p) {
    if (s.agent & bit(p)) text[size_t(p)] = 'O';
    if (s.player & bit(p)) text[size_t(p)] = 'X';
  }
  return text;
}

void StageTableBuilder::add(int stage, uint32_t key, double score) {
  Entry& e = tables_[size_t(stage)][key];
  e.mean = (e.mean * e.count + score) / (e.count + 1);
  ++e.count;
}

std::optional<double> StageTableBuilder::find(int stage, uint32_t key) const {
  const auto& t = tables_[size_t(stage)];
  const auto it = t.find(key);
  if (it == t.end()) return std::nullopt;
  return it->second.mean;
}

StageTables::StageTables(const StageTableBuilder& builder, uint32_t min_count) {
  for (int s = 0; s < kNumStages; ++s) {
    std::vector<std::pair<uint32_t, StageTableBuilder::Entry>> entries(builder.table(s).begin(),
                                                                       builder.table(s).end());
    std::sort(entries.begin(), entries.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    Table& t = tables_[size_t(s)];
    for (const auto& [key, e] : entries) {
      if (e.count < min_count) continue;
      t.keys.push_back(key);
      t.means.push_back(float(e.mean));
      t.counts.push_back(e.count);
    }
  }
}

std::optional<double> StageTables::find(int stage, uint32_t key) const {
  const Table& t = tables_[size_t(stage)];
  const auto it = std::lower_bound(t.keys.begin(), t.keys.end(), key);
  if (it == t.keys.end() || *it != key) return std::nullopt;
  return t.means[size_t(it - t.keys.begin())];
}

std::string StageTables::serialize(const Json& training, const Json& scores) const {
  nn::Policy p;
  p.game = "morris";
  p.kind = "value-table";
  int total = 0;
  for (const Table& t : tables_) total += int(t.keys.size());
  p.observation = {kStageTablesEncoding, nn::Shape{total}};
  p.training = training;
  p.scores = scores;
  for (int s = 0; s < kNumStages; ++s) {
    const Table& t = tables_[size_t(s)];
    const nn::Shape shape{int(t.keys.size())};
    const std::vector<int64_t> keys(t.keys.begin(), t.keys.end()), counts(t.counts.begin(), t.counts.end());
    const std::string name = stage_name(s);
    p.tensors.push_back(nn::Tensor::from_ints(name + ".keys", nn::DType::kInt32, shape, keys));
    p.tensors.push_back(nn::Tensor::from_floats(name + ".means", shape, t.means));
    p.tensors.push_back(nn::Tensor::from_ints(name + ".counts", nn::DType::kInt32, shape, counts));
  }
  return nn::write_policy(p);
}

StageTables StageTables::deserialize(std::string_view bytes, const std::string& source) {
  const nn::Policy p = nn::read_policy(
      bytes, {.source = source, .game = "morris", .kind = "value-table", .encoding = kStageTablesEncoding});
  StageTables out;
  for (int s = 0; s < kNumStages; ++s) {
    const std::string name = stage_name(s);
    const nn::Tensor* keys = p.find(name + ".keys");
    const nn::Tensor* means = p.find(name + ".means");
    const nn::Tensor* counts = p.find(name + ".counts");
    for (const auto& [what, t] : {std::pair{".keys", keys}, {".means", means}, {".counts", counts}})
      if (!t) throw InputError(source, "missing tensor '" + name + what + "'");
    if (keys->shape.rank() != 1 || means->shape != keys->shape || counts->shape != keys->shape)
      throw InputError(source, "tensors '" + name + ".keys', '" + name + ".means' and '" + name +
                                   ".counts' must be vectors of one length");
    if (keys->dtype != nn::DType::kInt32 || counts->dtype != nn::DType::kInt32 || !nn::is_float(means->dtype))
      throw InputError(source, "'" + name + ".keys' and '" + name + ".counts' must be int32, '" + name +
                                   ".means' float32 or float16");
    const std::vector<int64_t> k = keys->ints(), c = counts->ints();
    const std::vector<float> m = means->floats();
    Table& t = out.tables_[size_t(s)];
    for (size_t i = 0; i < k.size(); ++i) {
      const char* problem = k[i] < 0 || k[i] >= int64_t(kNumStageKeys) ? "key out of range (0..43046720)"
                            : i > 0 && k[i] <= k[i - 1]                ? "the keys must increase"
                            : !(m[i] >= 0 && m[i] <= 100)              ? "mean outside 0..100"
                            : c[i] < 1                                 ? "count below 1"
                                                                       : nullptr;
      if (problem)
        throw InputError(source, name + "[" + std::to_string(i) + "] (key " + std::to_string(k[i]) + ", mean " +
                                     std::to_string(m[i]) + ", count " + std::to_string(c[i]) + "): " + problem);
      t.keys.push_back(uint32_t(k[i]));
      t.means.push_back(m[i]);
      t.counts.push_back(uint32_t(c[i]));
    }
  }
  return out;
}

}  // namespace pg::morris
