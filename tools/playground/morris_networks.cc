// playground morris train-networks: the project's five value networks (its final
// architecture, 16 -> 256 -> 128 -> 64 -> 32 -> 1 with batch norm after each
// ReLU; ln of the table's score, MAE, Adam, batch 128, 80/20 split, early
// stopping) fitted to the stage tables with tools/train/value_fit.h and
// exported to policy files for the genius agent. Built only with libtorch.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/core/rng.h"
#include "engine/games/morris/project_agents.h"
#include "engine/games/morris/stage_tables.h"
#include "engine/nn/network.h"
#include "engine/nn/policy_file.h"
#include "tools/playground/commands.h"
#include "tools/train/torch_project_nets.h"
#include "tools/train/value_fit.h"

namespace pg::cli {

namespace {

// What every stage's fit shares.
struct NetworksRun {
  std::string source;  // the stage tables' file
  std::string command, out_dir;
  long max_rows = 0;
  uint64_t seed = 0;
  train::ValueFitSettings fit;
};

// The project's fit (MAE, Adam, batch 128, 80/20 split, early stopping) on its final architecture.
train::ValueFitSettings seed_fit_settings(const Args& args, uint64_t seed) {
  train::ValueFitSettings s;
  s.loss = "mae";
  s.batch = 128;
  s.lr = 1e-3;
  s.validation_fraction = 0.2;
  s.max_epochs = int(args.get_long("max-epochs", 20, 1, 1000));
  s.patience = int(args.get_long("patience", 3, 1, 1000));
  s.seed = seed;
  s.make_net = [] { return train::morris_project_module(); };
  s.net_name = "morris_project_module (16-256-128-64-32-1, batch norm after each ReLU, eps 1e-3)";
  return s;
}

// The rows of the boards scored above 0: the project regresses ln(score), and ln 0 is -infinity.
std::vector<size_t> rows_scored_above_0(const morris::StageTables::Table& t) {
  std::vector<size_t> rows;
  for (size_t i = 0; i < t.keys.size(); ++i)
    if (t.means[i] > 0) rows.push_back(i);
  return rows;
}

// Keeps a seeded sample of max_rows rows when there are more, for the machine's budget.
void sample_rows(std::vector<size_t>& rows, long max_rows, uint64_t seed, int stage) {
  if (rows.size() <= size_t(max_rows)) return;
  Rng rng(mix_seed(seed, uint64_t(stage), 0x5a3b));
  for (size_t i = 0; i < size_t(max_rows); ++i) std::swap(rows[i], rows[i + rng.below(uint32_t(rows.size() - i))]);
  rows.resize(size_t(max_rows));
}

// The rows' boards encoded [N, 16] and their ln(score) [N].
std::pair<torch::Tensor, torch::Tensor> encode_rows(const morris::StageTables::Table& t,
                                                    const std::vector<size_t>& rows) {
  torch::Tensor x = torch::zeros({int64_t(rows.size()), morris::kNumPoints});
  torch::Tensor y = torch::zeros({int64_t(rows.size())});
  auto xa = x.accessor<float, 2>();
  auto ya = y.accessor<float, 1>();
  for (size_t r = 0; r < rows.size(); ++r) {
    float enc[morris::kNumPoints];
    morris::encode_board(morris::pieces_from_stage_key(t.keys[rows[r]]), enc);
    for (int p = 0; p < morris::kNumPoints; ++p) xa[int64_t(r)][p] = enc[p];
    ya[int64_t(r)] = std::log(t.means[rows[r]]);
  }
  return {x, y};
}

// The fit, with a line per epoch on stderr (rewritten in place on a terminal).
train::ValueFitResult fit_stage(const torch::Tensor& x, const torch::Tensor& y, const train::ValueFitSettings& s,
                                std::chrono::steady_clock::time_point start) {
  train::ValueFitResult r = train::fit_values(x, y, s, [&](const train::ValueFitEpoch& e) {
    char line[200];
    std::snprintf(line, sizeof line, "  epoch %2d: train MAE %.4f, validation MAE %.4f (MSE %.4f), %.0f s", e.epoch,
                  e.train_loss, e.validation_mae, e.validation_mse, seconds_since(start));
    if (isatty(2))
      std::fprintf(stderr, "\r%s\x1b[K", line);
    else
      std::fprintf(stderr, "%s\n", line);
  });
  if (isatty(2)) std::fprintf(stderr, "\n");
  return r;
}

// The baseline: the mean absolute error of predicting the median ln(score) for every board.
double median_baseline(const torch::Tensor& y) {
  const torch::Tensor ys = std::get<0>(y.sort());
  const double median = ys[ys.size(0) / 2].item<double>();
  return (y - median).abs().mean().item<double>();
}

// The largest difference between the engine's runtime on the policy file `bytes` and torch, over x's first 1000 rows.
double engine_vs_torch(const std::string& bytes, train::ValueFitResult& r, const torch::Tensor& x) {
  nn::Network net(nn::read_policy(bytes, {.kind = "value-network"}));
  torch::NoGradGuard no_grad;
  const int64_t check = std::min<int64_t>(1000, x.size(0));
  const torch::Tensor torch_out = r.net->forward(x.slice(0, 0, check)).squeeze(1);
  double worst = 0;
  for (int64_t i = 0; i < check; ++i) {
    const torch::Tensor row = x[i].contiguous();
    const float v = net.forward(std::span<const float>(row.data_ptr<float>(), morris::kNumPoints))[0];
    worst = std::max(worst, std::abs(double(v) - torch_out[i].item<double>()));
  }
  return worst;
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  if (!out || !out.write(bytes.data(), std::streamsize(bytes.size())))
    throw InputError("flag --out-dir", "cannot write '" + path + "'");
}

// One stage's network: fitted, checked against torch in the engine's runtime, written to out_dir.
void train_stage(const NetworksRun& run, const morris::StageTables::Table& t, int stage) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<size_t> rows = rows_scored_above_0(t);
  const size_t positive = rows.size();
  sample_rows(rows, run.max_rows, run.seed, stage);
  if (rows.size() < 2)
    throw InputError(run.source,
                     std::string("stage ") + morris::stage_name(stage) + " has fewer than 2 boards scored above 0");
  const auto [x, y] = encode_rows(t, rows);
  std::printf("%s: %zu boards, %zu scored above 0, %zu used\n", morris::stage_name(stage), t.keys.size(), positive,
              rows.size());
  std::fflush(stdout);
  train::ValueFitResult r = fit_stage(x, y, run.fit, start);
  const double seconds = seconds_since(start);
  const double baseline = median_baseline(y);
  const Json scores = {{"validation_mae", r.validation_mae},
                       {"validation_mse", r.validation_mse},
                       {"train_mae", r.train_mae},
                       {"median_baseline_mae", baseline},
                       {"boards", t.keys.size()},
                       {"boards_scored_above_0", positive},
                       {"rows_used", rows.size()},
                       {"fit", r.to_json()}};
  const Json training = {{"command", run.command},
                         {"stage", morris::stage_name(stage)},
                         {"target", "ln(mean score) of the stage table's boards scored above 0"},
                         {"tables", run.source},
                         {"settings", run.fit.to_json()},
                         {"seconds", std::round(seconds * 10) / 10}};
  const std::string out_bytes = nn::write_policy(train::export_value_policy(
      r, "morris", {morris::kGeniusEncoding, nn::Shape{morris::kNumPoints}}, training, scores));
  const double worst = engine_vs_torch(out_bytes, r, x);
  const std::string path = run.out_dir + "/genius_" + morris::stage_name(stage) + ".policy";
  write_file(path, out_bytes);
  std::printf(
      "  %d epochs (best %d), %.1f s: validation MAE %.4f (ln score; the median's %.4f), train MAE %.4f; engine vs "
      "torch max difference %.2g; wrote %s\n",
      r.epochs, r.best_epoch, seconds, r.validation_mae, baseline, r.train_mae, worst, path.c_str());
  std::fflush(stdout);
}

}  // namespace

int morris_train_networks(const GameEntry& entry, const Args& args) {
  args.check_known({"tables", "out-dir", "max-rows", "max-epochs", "patience", "seed", "stages"}, entry.options);
  const std::string tables_path = args.get("tables", "");
  NetworksRun run;
  run.out_dir = args.get("out-dir", "");
  if (run.out_dir.empty()) throw InputError("flag --out-dir", "missing (where to write genius_<stage>.policy)");
  run.max_rows = args.get_long("max-rows", 200000, 100, 100000000);
  run.seed = args.get_seed("seed", 1);
  run.fit = seed_fit_settings(args, run.seed);

  run.source = tables_path.empty() ? std::string(morris::kShippedStageTables) : tables_path;
  const auto bytes = tables_path.empty() ? require_policy_file(morris::kShippedStageTables)
                                         : std::make_shared<const std::string>(read_file(tables_path, "flag --tables"));
  const morris::StageTables tables = morris::StageTables::deserialize(*bytes, run.source);
  run.command = "playground morris train-networks";
  for (const auto& w : args.words()) run.command += " " + w;
  std::filesystem::create_directories(run.out_dir);
  std::printf("the project's value networks on %s; %s\n", run.source.c_str(), run.fit.to_json().dump().c_str());
  for (int stage = 0; stage < morris::kNumStages; ++stage) train_stage(run, tables.table(stage), stage);
  return 0;
}

}  // namespace pg::cli
