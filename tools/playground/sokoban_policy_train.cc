// playground sokoban train-policy: the general policy (engine/games/sokoban/policy_net.h) by imitation of the
// exact solver. Levels are generated (generator.h: sizes 6 to 10 a side, 1 to 3 boxes, every one solved) and
// optionally read from Boxoban files; the solver's move-optimal plan labels every position along it with its next
// move. DAgger rounds then play the policy greedily on the training levels and label the positions it reaches with
// the solver's optimal move from there. A fully convolutional net (3x3 convolutions, batch norm, ReLU, a 1x1
// convolution to one logit plane per move) is trained with cross-entropy on the logits at the player's square,
// each sample in a random one of the square's 8 symmetries (moves mapped with it). Deterministic from --seed (one
// torch thread, pg::Rng for levels, shuffles and symmetries). Built only with libtorch.
#include <torch/torch.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/core/error.h"
#include "engine/core/rng.h"
#include "engine/games/sokoban/board.h"
#include "engine/games/sokoban/generator.h"
#include "engine/games/sokoban/level_text.h"
#include "engine/games/sokoban/policy_agent.h"
#include "engine/games/sokoban/policy_net.h"
#include "engine/games/sokoban/solver.h"
#include "engine/nn/policy_file.h"
#include "tools/playground/commands.h"
#include "tools/train/torch_export.h"

namespace pg::cli {
namespace {

using sokoban::Square;
constexpr int kCanvas = sokoban::kPolicyCanvas;
constexpr int kPlane = kCanvas * kCanvas;
constexpr int kSampleValues = sokoban::kPolicyPlanes * kPlane;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void progress_line(const std::string& what, double frac, const std::string& tail) {
  const int filled = std::clamp(int(frac * 30), 0, 30);
  std::fprintf(stderr, "%s%-10s [%s%s] %5.1f%% %s%s", isatty(2) ? "\r" : "", what.c_str(),
               std::string(size_t(filled), '#').c_str(), std::string(size_t(30 - filled), '.').c_str(), 100 * frac,
               tail.c_str(), isatty(2) ? "\x1b[K" : "\n");
}

struct TrainLevel {
  std::shared_ptr<const sokoban::Level> level;
  sokoban::PolicyLevel planes;
};

// Labelled positions: planes on the 10x10 canvas (0/1 bytes), the player's canvas square, the solver's move.
struct Samples {
  std::vector<uint8_t> planes;
  std::vector<int> player, move;
  size_t size() const { return move.size(); }
  void add(const sokoban::PolicyLevel& level, const std::vector<Square>& boxes, Square player_square, int m) {
    std::vector<float> buffer(kSampleValues);
    sokoban::fill_policy_planes(level, boxes, player_square, buffer);
    for (const float v : buffer) planes.push_back(v > 0.5f ? 1 : 0);
    player.push_back(player_square / level.width * kCanvas + player_square % level.width);
    move.push_back(m);
  }
};

sokoban::SolveResult solve_moves(const sokoban::Level& level, const std::vector<Square>& boxes, Square player,
                                 uint64_t nodes) {
  sokoban::Level position = level;
  position.boxes = boxes;
  position.player = player;
  return sokoban::solve(position,
                        {.optimise = sokoban::Optimise::kMoves, .time_limit_seconds = 0, .node_limit = nodes});
}

// Every position along the plan, labelled with the plan's next move.
void add_plan(Samples& samples, const TrainLevel& t, const std::vector<Square>& boxes, Square player,
              const std::string& plan) {
  sokoban::Board board(t.level, boxes, player, 0);
  for (const char c : plan) {
    const int m = sokoban::move_from_char(c);
    samples.add(t.planes, board.boxes(), board.player(), m);
    board.step(m);
  }
}

// The 8 symmetries of the square canvas: optionally transpose, then flip rows, then flip columns.
int map_square(int t, int index) {
  int r = index / kCanvas, c = index % kCanvas;
  if (t & 4) std::swap(r, c);
  if (t & 1) r = kCanvas - 1 - r;
  if (t & 2) c = kCanvas - 1 - c;
  return r * kCanvas + c;
}
int map_move(int t, int move) {
  int dr = sokoban::kRowDelta[size_t(move)], dc = sokoban::kColumnDelta[size_t(move)];
  if (t & 4) std::swap(dr, dc);
  if (t & 1) dr = -dr;
  if (t & 2) dc = -dc;
  for (int m = 0; m < 4; ++m)
    if (sokoban::kRowDelta[size_t(m)] == dr && sokoban::kColumnDelta[size_t(m)] == dc) return m;
  return move;
}

torch::nn::Sequential make_net(int channels, int layers) {
  namespace tnn = torch::nn;
  tnn::Sequential net;
  int in = sokoban::kPolicyPlanes;
  for (int i = 1; i <= layers; ++i) {
    const std::string n = std::to_string(i);
    net->push_back("conv" + n, tnn::Conv2d(tnn::Conv2dOptions(in, channels, 3).padding(1).bias(false)));
    net->push_back("bn" + n, tnn::BatchNorm2d(channels));
    net->push_back("relu" + n, tnn::ReLU());
    in = channels;
  }
  net->push_back("moves", tnn::Conv2d(tnn::Conv2dOptions(in, 4, 1)));
  return net;
}

// Copies the weights of a policy file written by this trainer (same channels and layers) into `net`: a run
// that continues from a shipped file (--init).
void load_weights(torch::nn::Sequential& net, const nn::Policy& policy, const std::string& source) {
  torch::NoGradGuard no_grad;
  const auto copy = [&](const std::string& name, torch::Tensor& to) {
    const nn::Tensor* t = policy.find(name);
    const std::string where = "flag --init: '" + source + "'";
    if (!t) throw InputError(where, "has no tensor '" + name + "' (a file of another shape?)");
    const std::vector<float> v = t->floats();
    if (int64_t(v.size()) != to.numel())
      throw InputError(where, "tensor '" + name + "' has " + std::to_string(v.size()) + " values, expected " +
                                  std::to_string(to.numel()) + " (other --channels or --layers?)");
    to.copy_(torch::from_blob(const_cast<float*>(v.data()), to.sizes(), torch::kFloat).clone());
  };
  for (const auto& child : net->named_children()) {
    const std::string& name = child.key();
    if (auto* conv = child.value()->as<torch::nn::Conv2d>()) {
      copy(name + ".weight", conv->weight);
      if (conv->bias.defined()) copy(name + ".bias", conv->bias);
    } else if (auto* bn = child.value()->as<torch::nn::BatchNorm2d>()) {
      copy(name + ".gamma", bn->weight);
      copy(name + ".beta", bn->bias);
      copy(name + ".mean", bn->running_mean);
      copy(name + ".var", bn->running_var);
    }
  }
}

// A batch: inputs [B,6,10,10], player squares [B], moves [B], each sample in the symmetry `sym[i]`.
void make_batch(const Samples& s, const std::vector<size_t>& order, size_t from, size_t to, Rng* rng, torch::Tensor& x,
                torch::Tensor& player, torch::Tensor& move) {
  const int64_t b = int64_t(to - from);
  x = torch::zeros({b, sokoban::kPolicyPlanes, kCanvas, kCanvas});
  player = torch::empty({b}, torch::kLong);
  move = torch::empty({b}, torch::kLong);
  float* xp = x.data_ptr<float>();
  int64_t* pp = player.data_ptr<int64_t>();
  int64_t* mp = move.data_ptr<int64_t>();
  for (int64_t i = 0; i < b; ++i) {
    const size_t k = order[from + size_t(i)];
    const int t = rng ? int(rng->below(8)) : 0;
    const uint8_t* src = &s.planes[k * kSampleValues];
    float* dst = xp + i * kSampleValues;
    for (int p = 0; p < sokoban::kPolicyPlanes; ++p)
      for (int q = 0; q < kPlane; ++q) dst[p * kPlane + map_square(t, q)] = src[p * kPlane + q];
    pp[i] = map_square(t, s.player[k]);
    mp[i] = map_move(t, s.move[k]);
  }
}

torch::Tensor logits_at_player(torch::nn::Sequential& net, const torch::Tensor& x, const torch::Tensor& player) {
  const torch::Tensor out = net->forward(x).view({x.size(0), 4, kPlane});
  return out.gather(2, player.view({-1, 1, 1}).expand({-1, 4, 1})).squeeze(2);
}

struct Rollout {
  bool solved = false;
  int steps = 0;
};

// The engine's policy playing a level, greedily or as the "policy" agent does (masked: policy_agent.h),
// recording the positions it visits (when `visited`).
Rollout play_policy(sokoban::PolicyNet& net, const TrainLevel& t, int max_steps, bool masked,
                    std::vector<std::pair<std::vector<Square>, Square>>* visited) {
  sokoban::Board board(t.level);
  sokoban::PolicyMasks masks;
  Rollout r;
  while (!board.solved() && board.steps() < max_steps) {
    if (visited) visited->emplace_back(board.boxes(), board.player());
    const auto logits = net.logits(t.planes, board.boxes(), board.player());
    board.step(masked ? int(masks.choose(board, logits))
                      : int(std::max_element(logits.begin(), logits.end()) - logits.begin()));
  }
  r.solved = board.solved();
  r.steps = board.steps();
  return r;
}

}  // namespace

int sokoban_train_policy(const GameEntry& /*entry*/, const Args& args) {
  args.check_known({"out", "levels", "epochs", "seed", "boxoban", "boxoban-levels", "channels", "layers", "dagger",
                    "dagger-levels", "dagger-play", "dagger-epochs", "lr", "batch", "init", "min-side"},
                   {});
  const std::string out = args.get("out", "");
  if (out.empty()) throw InputError("flag --out", "missing (e.g. policies/sokoban/policy.rlpg)");
  const long num_levels = args.get_long("levels", 3000, 1, 10000000);
  const std::string init = args.get("init", "");
  // From a file (--init), the first training may be skipped (--epochs 0): DAgger rounds only.
  const int epochs = int(args.get_long("epochs", 6, init.empty() ? 1 : 0, 10000));
  const uint64_t seed = args.get_seed("seed", 1);
  const int channels = int(args.get_long("channels", 32, 1, 512));
  const int layers = int(args.get_long("layers", 7, 1, 64));
  const int dagger_rounds = int(args.get_long("dagger", 1, 0, 100));
  const int dagger_epochs = int(args.get_long("dagger-epochs", std::max(1, epochs / 2), 1, 10000));
  const long dagger_levels = args.get_long("dagger-levels", 1000, 1, 10000000);
  const long boxoban_count = args.get_long("boxoban-levels", 1000, 0, 10000000);
  const int batch = int(args.get_long("batch", 128, 1, 65536));
  const double lr = std::stod(args.get("lr", "0.002"));
  const std::string dagger_play = args.get("dagger-play", "greedy");
  if (dagger_play != "greedy" && dagger_play != "masked")
    throw InputError("flag --dagger-play", "expected greedy or masked, got '" + dagger_play + "'");
  const int min_side = int(args.get_long("min-side", 6, 5, 10));
  std::vector<std::string> boxoban_files;
  if (args.has("boxoban")) {
    std::stringstream list(args.get("boxoban"));
    for (std::string f; std::getline(list, f, ',');)
      if (!f.empty()) boxoban_files.push_back(f);
  }
  std::string command = "playground sokoban train-policy";
  for (const auto& w : args.words()) command += " " + w;
  torch::set_num_threads(1);
  torch::manual_seed(seed);
  const auto start = std::chrono::steady_clock::now();

  // --- levels ---
  std::vector<TrainLevel> levels;
  Rng level_rng(mix_seed(seed, 0x50CB));
  for (long i = 0; i < num_levels; ++i) {
    sokoban::GeneratorOptions o;
    o.width = min_side + int(level_rng.below(uint32_t(11 - min_side)));
    o.height = min_side + int(level_rng.below(uint32_t(11 - min_side)));
    const int area = (o.width - 2) * (o.height - 2);
    o.boxes = 1 + int(level_rng.below(area >= 30 ? 3 : 2));
    // Harder levels too: the generator's own are often a few pushes.
    o.min_pushes = int(level_rng.below(uint32_t(std::min(o.width, o.height) - 1)));
    o.solver_node_limit = 100'000;
    try {
      auto g = sokoban::generate_level(o, mix_seed(seed, 0x1E7E1, uint64_t(i)));
      auto level = std::make_shared<const sokoban::Level>(std::move(g.level));
      levels.push_back({level, sokoban::policy_level(*level)});
    } catch (const InputError&) {
      // No level for these settings (a cramped room): skip it.
    }
    if (i % 100 == 0 || i + 1 == num_levels)
      progress_line("generate", double(i + 1) / double(num_levels), std::to_string(levels.size()) + " levels");
  }
  const size_t generated = levels.size();
  for (const auto& file : boxoban_files) {
    auto parsed = sokoban::parse_levels(read_file(file, "flag --boxoban"), file);
    for (auto& l : parsed) {
      if (long(levels.size() - generated) >= boxoban_count) break;
      auto level = std::make_shared<const sokoban::Level>(std::move(l));
      levels.push_back({level, sokoban::policy_level(*level)});
    }
  }
  const size_t boxoban_used = levels.size() - generated;
  std::fprintf(stderr, "%zu generated levels, %zu from Boxoban files, %.0f s\n", generated, boxoban_used,
               seconds_since(start));

  // --- the solver's plans ---
  Samples samples;
  size_t unsolved = 0;
  for (size_t i = 0; i < levels.size(); ++i) {
    const auto& t = levels[i];
    const auto r = solve_moves(*t.level, t.level->boxes, t.level->player, 2'000'000);
    if (r.status == sokoban::SolveStatus::kSolved)
      add_plan(samples, t, t.level->boxes, t.level->player, r.plan);
    else
      ++unsolved;
    if (i % 100 == 0 || i + 1 == levels.size())
      progress_line("solve", double(i + 1) / double(levels.size()), std::to_string(samples.size()) + " positions");
  }
  std::fprintf(stderr, "%zu positions from the solver's plans (%zu levels unsolved within 2M nodes), %.0f s\n",
               samples.size(), unsolved, seconds_since(start));

  // --- training ---
  auto net = make_net(channels, layers);
  if (!init.empty())
    load_weights(net, nn::read_policy(read_file(init, "flag --init"), {.source = init, .game = "sokoban"}), init);
  torch::optim::Adam adam(net->parameters(), torch::optim::AdamOptions(lr));
  Rng train_rng(mix_seed(seed, 0x7EA1));
  Json history = Json::array();
  double last_accuracy = 0;
  const auto export_net = [&](const Json& training, const Json& scores) {
    net->eval();
    nn::Policy p = train::export_policy(
        net, {.game = "sokoban",
              .kind = "policy-map",
              .observation = {sokoban::kPolicyEncoding, nn::Shape{sokoban::kPolicyPlanes, kCanvas, kCanvas}},
              .actions = {"U", "D", "L", "R"},
              .storage = nn::DType::kFloat16,
              .training = training,
              .scores = scores});
    net->train();
    return p;
  };
  const auto train_epochs = [&](int count, const std::string& label) {
    // 1 in 20 positions held out to measure accuracy (fixed order from the seed).
    std::vector<size_t> order(samples.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[train_rng.below(uint32_t(i))]);
    const size_t n_val = order.size() / 20;
    const std::vector<size_t> val(order.begin(), order.begin() + std::ptrdiff_t(n_val));
    std::vector<size_t> train_set(order.begin() + std::ptrdiff_t(n_val), order.end());
    for (int e = 0; e < count; ++e) {
      net->train();
      for (size_t i = train_set.size(); i > 1; --i)
        std::swap(train_set[i - 1], train_set[train_rng.below(uint32_t(i))]);
      double loss_sum = 0;
      size_t batches = 0;
      for (size_t from = 0; from < train_set.size(); from += size_t(batch)) {
        const size_t to = std::min(train_set.size(), from + size_t(batch));
        torch::Tensor x, player, move;
        make_batch(samples, train_set, from, to, &train_rng, x, player, move);
        const torch::Tensor loss = torch::cross_entropy_loss(logits_at_player(net, x, player), move);
        adam.zero_grad();
        loss.backward();
        adam.step();
        loss_sum += loss.item<double>();
        ++batches;
        if (batches % 20 == 0 || to == train_set.size()) {
          char tail[160];
          std::snprintf(tail, sizeof tail, "epoch %d/%d, loss %.3f, %.0f s", e + 1, count, loss_sum / double(batches),
                        seconds_since(start));
          progress_line(label, (double(e) + double(to) / double(train_set.size())) / double(count), tail);
        }
      }
      net->eval();
      size_t right = 0;
      {
        torch::NoGradGuard no_grad;
        for (size_t from = 0; from < val.size(); from += 512) {
          const size_t to = std::min(val.size(), from + 512);
          torch::Tensor x, player, move;
          make_batch(samples, val, from, to, nullptr, x, player, move);
          right += size_t(logits_at_player(net, x, player).argmax(1).eq(move).sum().item<int64_t>());
        }
      }
      last_accuracy = n_val ? double(right) / double(n_val) : 0;
      history.push_back({{"phase", label},
                         {"epoch", e + 1},
                         {"positions", samples.size()},
                         {"loss", std::round(loss_sum / double(std::max<size_t>(batches, 1)) * 1e4) / 1e4},
                         {"held_out_accuracy", std::round(last_accuracy * 1e4) / 1e4}});
      std::fprintf(stderr, "%s%s epoch %d: loss %.4f, held-out move accuracy %.1f%% (%zu positions), %.0f s\n",
                   isatty(2) ? "\n" : "", label.c_str(), e + 1, loss_sum / double(std::max<size_t>(batches, 1)),
                   100 * last_accuracy, n_val, seconds_since(start));
    }
  };
  train_epochs(epochs, "train");

  // --- DAgger: the policy's own positions, labelled by the solver ---
  for (int round = 1; round <= dagger_rounds; ++round) {
    sokoban::PolicyNet engine_net(std::make_shared<const nn::Policy>(export_net(Json::object(), Json::object())),
                                  "training");
    size_t added = 0, solved = 0;
    const size_t n = std::min(levels.size(), size_t(dagger_levels));
    for (size_t k = 0; k < n; ++k) {
      const auto& t = levels[(size_t(round) * 7919 + k * 104729) % levels.size()];
      std::vector<std::pair<std::vector<Square>, Square>> visited;
      if (play_policy(engine_net, t, 120, dagger_play == "masked", &visited).solved) {
        ++solved;
        continue;  // nothing to correct
      }
      // Label up to 8 of the distinct positions it visited (drawn from the seed) that are still solvable.
      std::sort(visited.begin(), visited.end());
      visited.erase(std::unique(visited.begin(), visited.end()), visited.end());
      Rng pick(mix_seed(seed, uint64_t(round), k));
      for (size_t i = visited.size(); i > 1; --i) std::swap(visited[i - 1], visited[pick.below(uint32_t(i))]);
      int labelled = 0;
      for (const auto& [boxes, player] : visited) {
        if (labelled >= 8) break;
        const auto r = solve_moves(*t.level, boxes, player, 200'000);
        if (r.status != sokoban::SolveStatus::kSolved || r.plan.empty()) continue;
        // The first few moves of the optimal plan from here.
        add_plan(samples, t, boxes, player, r.plan.substr(0, std::min<size_t>(r.plan.size(), 4)));
        added += std::min<size_t>(r.plan.size(), 4);
        ++labelled;
      }
      if (k % 20 == 0 || k + 1 == n)
        progress_line("dagger " + std::to_string(round), double(k + 1) / double(n),
                      std::to_string(added) + " positions added, " + std::to_string(solved) + " solved");
    }
    std::fprintf(stderr, "DAgger round %d: the %s policy solved %zu of %zu training levels; %zu positions added\n",
                 round, dagger_play.c_str(), solved, n, added);
    train_epochs(dagger_epochs, "dagger " + std::to_string(round));
  }
  const double train_seconds = seconds_since(start);

  Json settings = {{"levels", num_levels},
                   {"generated_levels", generated},
                   {"boxoban_files", boxoban_files},
                   {"boxoban_levels", boxoban_used},
                   {"epochs", epochs},
                   {"seed", seed},
                   {"channels", channels},
                   {"layers", layers},
                   {"dagger_rounds", dagger_rounds},
                   {"dagger_levels", dagger_levels},
                   {"dagger_play", dagger_play},
                   {"dagger_epochs", dagger_epochs},
                   {"init", init},
                   {"min_side", min_side},
                   {"lr", lr},
                   {"batch", batch}};
  Json training = {{"command", command},
                   {"method",
                    "imitation of the exact solver's move-optimal plans, with DAgger (tools/playground/"
                    "sokoban_policy_train.cc)"},
                   {"settings", settings},
                   {"positions", samples.size()},
                   {"train_seconds", std::round(train_seconds)},
                   {"history", history}};
  Json scores = {{"held_out_move_accuracy", std::round(last_accuracy * 1e4) / 1e4}};
  const std::string bytes = nn::write_policy(export_net(training, scores));
  std::ofstream file(out, std::ios::binary);
  if (!file || !(file << bytes) || !file.flush()) throw InputError("flag --out", "cannot write '" + out + "'");
  std::printf("trained on %zu positions in %.0f s; held-out move accuracy %.1f%%; saved %s (%zu bytes)\n",
              samples.size(), train_seconds, 100 * last_accuracy, out.c_str(), bytes.size());
  return 0;
}

}  // namespace pg::cli
