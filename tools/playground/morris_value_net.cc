// playground morris train-value: the learned agent's value network
// (engine/games/morris/learned_agent.h) fitted to the solved game's exact
// values with the supervised trainer tools/train/value_fit.h, on positions from
// games of mixed players and from the table (value_samples.h); measured
// against the table on positions of fresh games through the engine's own
// runtime, and exported in float16. Built only with libtorch.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "engine/core/error.h"
#include "engine/games/morris/learned_agent.h"
#include "engine/games/morris/perfect_agent.h"
#include "engine/games/morris/value_samples.h"
#include "engine/nn/network.h"
#include "engine/nn/policy_file.h"
#include "tools/playground/commands.h"
#include "tools/train/torch_export.h"
#include "tools/train/value_fit.h"

namespace pg::cli {

namespace {

double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A number flag within [lo, hi]; throws InputError naming the flag.
double number_flag(const Args& args, const std::string& flag, const std::string& fallback, double lo, double hi,
                   const std::string& expected) {
  const std::string text = args.get(flag, fallback);
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(v >= lo && v <= hi)) throw InputError("flag --" + flag, "expected " + expected);
  return v;
}

void progress_line(const std::string& line) {
  if (isatty(2))
    std::fprintf(stderr, "\r%s\x1b[K", line.c_str());
  else
    std::fprintf(stderr, "%s\n", line.c_str());
}

// How often the network's value stands for the exact result, overall and per exact result.
struct Accuracy {
  long right[3] = {0, 0, 0}, seen[3] = {0, 0, 0};
  double squared = 0;
  long total() const { return seen[0] + seen[1] + seen[2]; }
  double overall() const { return double(right[0] + right[1] + right[2]) / double(std::max(1L, total())); }
  double of(int8_t result) const { return double(right[result + 1]) / double(std::max(1L, seen[result + 1])); }
  Json to_json() const {
    return {{"positions", total()},
            {"accuracy", overall()},
            {"wins", seen[2]},
            {"win_accuracy", of(morris::Outcome::kWin)},
            {"draws", seen[1]},
            {"draw_accuracy", of(morris::Outcome::kDraw)},
            {"losses", seen[0]},
            {"loss_accuracy", of(morris::Outcome::kLoss)},
            {"mse", squared / double(std::max(1L, total()))}};
  }
  std::string text() const {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "%ld positions: %.1f%% right (wins %.1f%% of %ld, draws %.1f%% of %ld, losses %.1f%% of %ld)",
                  total(), 100 * overall(), 100 * of(morris::Outcome::kWin), seen[2], 100 * of(morris::Outcome::kDraw),
                  seen[1], 100 * of(morris::Outcome::kLoss), seen[0]);
    return buf;
  }
};

Accuracy measure(nn::Network& net, const morris::Solution& s, const std::vector<morris::Board>& positions,
                 double risk_weight) {
  Accuracy a;
  for (const auto& b : positions) {
    morris::encode_position(b, net.input());
    const double v = double(net.forward()[0]);
    const morris::Outcome o = s.value(b);
    a.seen[o.result + 1]++;
    a.right[o.result + 1] += morris::predicted_result(v) == o.result;
    const double target = morris::value_target(s, b, risk_weight);
    a.squared += (v - target) * (v - target);
  }
  return a;
}

torch::nn::Sequential value_module(const std::vector<int>& hidden) {
  namespace tnn = torch::nn;
  tnn::Sequential net;
  int64_t in = morris::kPositionFeatures;
  for (size_t i = 0; i < hidden.size(); ++i) {
    net->push_back("dense" + std::to_string(i + 1), tnn::Linear(in, hidden[i]));
    net->push_back("relu" + std::to_string(i + 1), tnn::ReLU());
    in = hidden[i];
  }
  net->push_back("value", tnn::Linear(in, 1));
  net->push_back("tanh", tnn::Tanh());
  return net;
}

// "128,64" -> {128, 64}: the hidden layers' widths.
std::vector<int> parse_hidden(const std::string& text) {
  std::vector<int> hidden;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const std::string w = text.substr(start, end - start);
    char* stop = nullptr;
    const long v = std::strtol(w.c_str(), &stop, 10);
    if (w.empty() || *stop != '\0' || v < 1 || v > 4096)
      throw InputError("flag --hidden", "expected widths from 1 to 4096 separated by commas, e.g. 128,64");
    hidden.push_back(int(v));
    start = end + 1;
  }
  return hidden;
}

// The command's flags.
struct ValueSettings {
  std::string out_path;
  long games = 0, table_samples = 0, test_games = 0;
  uint64_t seed = 0;
  double risk_weight = 0;
  train::ValueFitSettings fit;
};

ValueSettings read_settings(const Args& args) {
  ValueSettings s;
  s.out_path = args.get("out", "");
  if (s.out_path.empty())
    throw InputError("flag --out", "missing (where to write the network, e.g. policies/morris/value.policy)");
  s.games = args.get_long("games", 40000, 10, 10000000);
  s.table_samples = args.get_long("table-samples", 200000, 0, 100000000);
  s.test_games = args.get_long("test-games", 2000, 10, 10000000);
  s.seed = args.get_seed("seed", 1);
  s.risk_weight = number_flag(args, "risk-weight", "0.25", 0, 0.3,
                              "0 to 0.3 (drawn positions stay inside the draw band, |v| < 1/3)");
  const std::vector<int> hidden = parse_hidden(args.get("hidden", "128,64"));
  train::ValueFitSettings& fit = s.fit;
  fit.loss = "mse";
  fit.batch = int(args.get_long("batch", 256, 1, 65536));
  fit.lr = number_flag(args, "lr", "0.001", 1e-7, 1, "a learning rate from 1e-7 to 1");
  fit.max_epochs = int(args.get_long("max-epochs", 30, 1, 1000));
  fit.patience = int(args.get_long("patience", 4, 1, 1000));
  fit.validation_fraction = 0.1;
  fit.seed = s.seed;
  fit.hidden = hidden;
  fit.make_net = [hidden] { return value_module(hidden); };
  std::string widths;
  for (int w : hidden) widths += std::to_string(w) + "-";
  fit.net_name = std::to_string(morris::kPositionFeatures) + "-" + widths + "1, ReLU, tanh out";
  return s;
}

// The positions of the training games (added to `seen`), in chunks with a progress line.
std::vector<morris::Board> training_game_positions(const morris::Solution& solution, const ValueSettings& s,
                                                   std::unordered_set<uint64_t>& seen,
                                                   std::chrono::steady_clock::time_point start) {
  std::vector<morris::Board> positions;
  const long games = s.games;
  const long chunk = std::max(1L, games / 50);
  for (long g = 0; g < games; g += chunk) {
    const auto more =
        morris::positions_from_games(solution, std::min(chunk, games - g), mix_seed(s.seed, uint64_t(g)), seen);
    positions.insert(positions.end(), more.begin(), more.end());
    char line[160];
    std::snprintf(line, sizeof line, "  games %3.0f%%: %ld of %ld, %zu distinct positions, %.0f s",
                  100.0 * double(std::min(games, g + chunk)) / double(games), std::min(games, g + chunk), games,
                  positions.size(), since(start));
    progress_line(line);
  }
  if (isatty(2)) std::fprintf(stderr, "\n");
  return positions;
}

// The training positions (the training games', then table samples) and the test games' positions apart.
struct Positions {
  std::vector<morris::Board> training;
  size_t from_games = 0, from_table = 0;
  std::vector<morris::Board> test_all, test_new;  // test_new: those not in training
};

Positions collect_positions(const morris::Solution& solution, const ValueSettings& s,
                            std::chrono::steady_clock::time_point start) {
  std::unordered_set<uint64_t> seen;
  Positions p;
  p.training = training_game_positions(solution, s, seen, start);
  p.from_games = p.training.size();
  const auto sampled = morris::positions_from_table(solution, s.table_samples, s.seed, seen);
  p.training.insert(p.training.end(), sampled.begin(), sampled.end());
  p.from_table = sampled.size();
  std::unordered_set<uint64_t> test_seen;
  p.test_all = morris::positions_from_games(solution, s.test_games, mix_seed(s.seed, 0x7e57), test_seen);
  for (const auto& b : p.test_all)
    if (!seen.count(morris::position_key(b))) p.test_new.push_back(b);
  std::printf(
      "%zu training positions: %zu from %ld games, %zu from the table; %zu test positions from %ld other games "
      "(%zu of them not in training); %.1f s\n",
      p.training.size(), p.from_games, s.games, p.from_table, p.test_all.size(), s.test_games, p.test_new.size(),
      since(start));
  std::fflush(stdout);
  return p;
}

// The positions encoded [N, features] and their targets [N]; prints how many are wins, draws and losses.
std::pair<torch::Tensor, torch::Tensor> encode_positions(const morris::Solution& solution,
                                                         const std::vector<morris::Board>& positions,
                                                         double risk_weight) {
  torch::Tensor x = torch::zeros({int64_t(positions.size()), morris::kPositionFeatures});
  torch::Tensor y = torch::zeros({int64_t(positions.size())});
  auto xa = x.accessor<float, 2>();
  auto ya = y.accessor<float, 1>();
  float enc[morris::kPositionFeatures];
  long counts[3] = {0, 0, 0};
  for (size_t i = 0; i < positions.size(); ++i) {
    morris::encode_position(positions[i], enc);
    for (int f = 0; f < morris::kPositionFeatures; ++f) xa[int64_t(i)][f] = enc[f];
    const morris::Outcome o = solution.value(positions[i]);
    ++counts[o.result + 1];
    ya[int64_t(i)] = morris::value_target(solution, positions[i], risk_weight);
  }
  std::printf("training values: %ld wins, %ld draws, %ld losses for the side to move\n", counts[2], counts[1],
              counts[0]);
  return {x, y};
}

// The fit, with a progress line per epoch on stderr.
train::ValueFitResult fit_network(const torch::Tensor& x, const torch::Tensor& y, const train::ValueFitSettings& fit,
                                  std::chrono::steady_clock::time_point fit_start) {
  const train::ValueFitResult r = train::fit_values(x, y, fit, [&](const train::ValueFitEpoch& e) {
    char line[200];
    std::snprintf(line, sizeof line, "  epoch %2d of at most %d: train MSE %.5f, validation MSE %.5f, %.0f s", e.epoch,
                  fit.max_epochs, e.train_mse, e.validation_mse, since(fit_start));
    progress_line(line);
  });
  if (isatty(2)) std::fprintf(stderr, "\n");
  return r;
}

// How the network was made, for the policy file's header.
Json training_record(const ValueSettings& s, const Positions& p, const std::string& command, double seconds) {
  return {{"command", command},
          {"target",
           "the exact value for the side to move (morris/solution.pgmt): a win in d plies 1 - d/100, a "
           "loss -(1 - d/100), a draw -risk_weight x the share of its actions that lose the draw"},
          {"risk_weight", s.risk_weight},
          {"positions", {{"games", s.games}, {"from_games", p.from_games}, {"from_table", p.from_table}}},
          {"settings", s.fit.to_json()},
          {"seconds", std::round(seconds)}};
}

nn::Policy float16_policy(const train::ValueFitResult& r, const Json& training) {
  return train::export_policy(r.net, {.game = "morris",
                                      .kind = "value-network",
                                      .observation = {morris::kPositionEncoding, nn::Shape{morris::kPositionFeatures}},
                                      .storage = nn::DType::kFloat16,
                                      .training = training,
                                      .scores = {}});
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  if (!out || !out.write(bytes.data(), std::streamsize(bytes.size())))
    throw InputError("flag --out", "cannot write '" + path + "'");
}

}  // namespace

int morris_train_value(const GameEntry& entry, const Args& args) {
  args.check_known({"out", "games", "table-samples", "test-games", "risk-weight", "hidden", "max-epochs", "patience",
                    "batch", "lr", "seed", "table"},
                   entry.options);
  const ValueSettings s = read_settings(args);
  const auto start = std::chrono::steady_clock::now();
  const auto solution = morris::current_solution();
  if (!solution) throw InputError("flag --table", "no table: the shipped policies/morris/solution.pgmt is missing");
  std::string command = "playground morris train-value";
  for (const auto& w : args.words()) command += " " + w;

  const Positions p = collect_positions(*solution, s, start);
  const auto [x, y] = encode_positions(*solution, p.training, s.risk_weight);
  std::printf("fitting %s: %s\n", s.fit.net_name.c_str(), s.fit.to_json().dump().c_str());
  std::fflush(stdout);
  const auto fit_start = std::chrono::steady_clock::now();
  const train::ValueFitResult r = fit_network(x, y, s.fit, fit_start);
  const double fit_seconds = since(fit_start);

  // Export in float16, read back with the engine's runtime, and measure that against the table.
  nn::Policy policy = float16_policy(r, training_record(s, p, command, since(start)));
  nn::Network net = morris::read_value_network(nn::write_policy(policy), s.out_path);
  const Accuracy test = measure(net, *solution, p.test_all, s.risk_weight),
                 unseen = measure(net, *solution, p.test_new, s.risk_weight);
  policy.scores = {{"fit", r.to_json()},
                   {"test_games", s.test_games},
                   {"test", test.to_json()},
                   {"test_not_in_training", unseen.to_json()}};
  const std::string bytes = nn::write_policy(policy);
  write_file(s.out_path, bytes);
  std::printf("%d epochs (best %d), %.0f s: train MSE %.5f, validation MSE %.5f\n", r.epochs, r.best_epoch, fit_seconds,
              r.train_mse, r.validation_mse);
  std::printf("against the table (float16 weights, the engine's runtime; a win above 1/3, a loss below -1/3):\n");
  std::printf("  test games' positions   %s\n", test.text().c_str());
  std::printf("  of them not in training %s\n", unseen.text().c_str());
  std::printf("wrote %s: %.1f KB; %.0f s in all\n", s.out_path.c_str(), double(bytes.size()) / 1000, since(start));
  return 0;
}

}  // namespace pg::cli
