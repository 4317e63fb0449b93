// playground morris train-networks: the seed's five value networks (its final
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
#include "engine/games/morris/seed_agents.h"
#include "engine/games/morris/stage_tables.h"
#include "engine/nn/network.h"
#include "engine/nn/policy_file.h"
#include "tools/playground/commands.h"
#include "tools/train/torch_seed_nets.h"
#include "tools/train/value_fit.h"

namespace pg::cli {

int morris_train_networks(const GameEntry& entry, const Args& args) {
  args.check_known({"tables", "out-dir", "max-rows", "max-epochs", "patience", "seed", "stages"}, entry.options);
  const std::string tables_path = args.get("tables", "");
  const std::string out_dir = args.get("out-dir", "");
  if (out_dir.empty()) throw InputError("flag --out-dir", "missing (where to write genius_<stage>.policy)");
  const long max_rows = args.get_long("max-rows", 200000, 100, 100000000);
  const uint64_t seed = args.get_seed("seed", 1);
  train::ValueFitSettings s;
  s.loss = "mae";
  s.batch = 128;
  s.lr = 1e-3;
  s.validation_fraction = 0.2;
  s.max_epochs = int(args.get_long("max-epochs", 20, 1, 1000));
  s.patience = int(args.get_long("patience", 3, 1, 1000));
  s.seed = seed;
  s.make_net = [] { return train::morris_seed_module(); };
  s.net_name = "morris_seed_module (16-256-128-64-32-1, batch norm after each ReLU, eps 1e-3)";

  const std::string source = tables_path.empty() ? std::string(morris::kShippedStageTables) : tables_path;
  const auto bytes = tables_path.empty() ? require_policy_file(morris::kShippedStageTables)
                                         : std::make_shared<const std::string>(read_file(tables_path, "flag --tables"));
  const morris::StageTables tables = morris::StageTables::deserialize(*bytes, source);
  std::string command = "playground morris train-networks";
  for (const auto& w : args.words()) command += " " + w;
  std::filesystem::create_directories(out_dir);
  std::printf("the project's value networks on %s; %s\n", source.c_str(), s.to_json().dump().c_str());
  for (int stage = 0; stage < morris::kNumStages; ++stage) {
    const auto start = std::chrono::steady_clock::now();
    const auto& t = tables.table(stage);
    // The seed drops the boards scored 0 (ln 0 is -infinity) and regresses ln(score).
    std::vector<size_t> rows;
    for (size_t i = 0; i < t.keys.size(); ++i)
      if (t.means[i] > 0) rows.push_back(i);
    const size_t positive = rows.size();
    if (rows.size() > size_t(max_rows)) {  // a seeded sample, for the machine's budget
      Rng rng(mix_seed(seed, uint64_t(stage), 0x5a3b));
      for (size_t i = 0; i < size_t(max_rows); ++i) std::swap(rows[i], rows[i + rng.below(uint32_t(rows.size() - i))]);
      rows.resize(size_t(max_rows));
    }
    if (rows.size() < 2)
      throw InputError(source,
                       std::string("stage ") + morris::stage_name(stage) + " has fewer than 2 boards scored above 0");
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
    std::printf("%s: %zu boards, %zu scored above 0, %zu used\n", morris::stage_name(stage), t.keys.size(), positive,
                rows.size());
    std::fflush(stdout);
    train::ValueFitResult r = train::fit_values(x, y, s, [&](const train::ValueFitEpoch& e) {
      char line[200];
      std::snprintf(line, sizeof line, "  epoch %2d: train MAE %.4f, validation MAE %.4f (MSE %.4f), %.0f s", e.epoch,
                    e.train_loss, e.validation_mae, e.validation_mse,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      if (isatty(2))
        std::fprintf(stderr, "\r%s\x1b[K", line);
      else
        std::fprintf(stderr, "%s\n", line);
    });
    if (isatty(2)) std::fprintf(stderr, "\n");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // The baseline: predicting the training set's median ln(score) for every board.
    const torch::Tensor ys = std::get<0>(y.sort());
    const double median = ys[ys.size(0) / 2].item<double>();
    const double baseline = (y - median).abs().mean().item<double>();
    const Json scores = {{"validation_mae", r.validation_mae},
                         {"validation_mse", r.validation_mse},
                         {"train_mae", r.train_mae},
                         {"median_baseline_mae", baseline},
                         {"boards", t.keys.size()},
                         {"boards_scored_above_0", positive},
                         {"rows_used", rows.size()},
                         {"fit", r.to_json()}};
    const Json training = {{"command", command},
                           {"stage", morris::stage_name(stage)},
                           {"target", "ln(mean score) of the stage table's boards scored above 0"},
                           {"tables", source},
                           {"settings", s.to_json()},
                           {"seconds", std::round(seconds * 10) / 10}};
    const std::string out_bytes = nn::write_policy(train::export_value_policy(
        r, "morris", {morris::kGeniusEncoding, nn::Shape{morris::kNumPoints}}, training, scores));
    // The engine's runtime against torch on the validation boards' first 1000.
    nn::Network net(nn::read_policy(out_bytes, {.kind = "value-network"}));
    torch::NoGradGuard no_grad;
    const int64_t check = std::min<int64_t>(1000, x.size(0));
    const torch::Tensor torch_out = r.net->forward(x.slice(0, 0, check)).squeeze(1);
    double worst = 0;
    for (int64_t i = 0; i < check; ++i) {
      const torch::Tensor row = x[i].contiguous();
      const float v = net.forward(std::span<const float>(row.data_ptr<float>(), morris::kNumPoints))[0];
      worst = std::max(worst, std::abs(double(v) - torch_out[i].item<double>()));
    }
    const std::string path = out_dir + "/genius_" + morris::stage_name(stage) + ".policy";
    std::ofstream out(path, std::ios::binary);
    if (!out || !out.write(out_bytes.data(), std::streamsize(out_bytes.size())))
      throw InputError("flag --out-dir", "cannot write '" + path + "'");
    std::printf(
        "  %d epochs (best %d), %.1f s: validation MAE %.4f (ln score; the median's %.4f), train MAE %.4f; engine vs "
        "torch max difference %.2g; wrote %s\n",
        r.epochs, r.best_epoch, seconds, r.validation_mae, baseline, r.train_mae, worst, path.c_str());
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace pg::cli
