// playground sokoban train-policy: the general policy (engine/games/sokoban/policy_net.h) by imitation of the
// exact solver. Levels are generated (generator.h: sizes 6 to 10 a side, 1 to 3 boxes, every one solved) and
// optionally read from Boxoban files; the solver's move-optimal plan labels every position along it with its next
// move. DAgger rounds then play the policy greedily on the training levels and label the positions it reaches with
// the solver's optimal move from there. A fully convolutional net (3x3 convolutions, batch norm, ReLU, a 1x1
// convolution to one logit plane per move) is trained with cross-entropy on the logits at the player's square,
// each sample in a random one of the square's 8 symmetries (moves mapped with it). Deterministic from --seed (one
// torch thread, pg::Rng for levels, shuffles and symmetries). Built only with libtorch.
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
#include "tools/train/torch.h"
#include "tools/train/torch_export.h"

namespace pg::cli {
namespace {

using sokoban::Square;
constexpr int kCanvas = sokoban::kPolicyCanvas;
constexpr int kPlane = kCanvas * kCanvas;
constexpr int kSampleValues = sokoban::kPolicyPlanes * kPlane;

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

// Fisher-Yates from the back, drawing from `rng`.
template <typename T>
void seeded_shuffle(std::vector<T>& v, Rng& rng) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(uint32_t(i))]);
}

// The command's flags.
struct PolicySettings {
  std::string out, init, dagger_play, command;
  long num_levels = 0, dagger_levels = 0, boxoban_count = 0;
  int epochs = 0, channels = 0, layers = 0, dagger_rounds = 0, dagger_epochs = 0, batch = 0, min_side = 0;
  uint64_t seed = 0;
  double lr = 0;
  std::vector<std::string> boxoban_files;
};

PolicySettings read_settings(const Args& args) {
  PolicySettings s;
  s.out = args.get("out", "");
  if (s.out.empty()) throw InputError("flag --out", "missing (e.g. policies/sokoban/policy.rlpg)");
  s.num_levels = args.get_long("levels", 3000, 1, 10000000);
  s.init = args.get("init", "");
  // From a file (--init), the first training may be skipped (--epochs 0): DAgger rounds only.
  s.epochs = int(args.get_long("epochs", 6, s.init.empty() ? 1 : 0, 10000));
  s.seed = args.get_seed("seed", 1);
  s.channels = int(args.get_long("channels", 32, 1, 512));
  s.layers = int(args.get_long("layers", 7, 1, 64));
  s.dagger_rounds = int(args.get_long("dagger", 1, 0, 100));
  s.dagger_epochs = int(args.get_long("dagger-epochs", std::max(1, s.epochs / 2), 1, 10000));
  s.dagger_levels = args.get_long("dagger-levels", 1000, 1, 10000000);
  s.boxoban_count = args.get_long("boxoban-levels", 1000, 0, 10000000);
  s.batch = int(args.get_long("batch", 128, 1, 65536));
  s.lr = std::stod(args.get("lr", "0.002"));
  s.dagger_play = args.get("dagger-play", "greedy");
  if (s.dagger_play != "greedy" && s.dagger_play != "masked")
    throw InputError("flag --dagger-play", "expected greedy or masked, got '" + s.dagger_play + "'");
  s.min_side = int(args.get_long("min-side", 6, 5, 10));
  if (args.has("boxoban")) {
    std::stringstream list(args.get("boxoban"));
    for (std::string f; std::getline(list, f, ',');)
      if (!f.empty()) s.boxoban_files.push_back(f);
  }
  s.command = "playground sokoban train-policy";
  for (const auto& w : args.words()) s.command += " " + w;
  return s;
}

// Generated levels, sides min_side to 10 and 1 to 3 boxes; a draw with no level (a cramped room) is skipped.
std::vector<TrainLevel> generate_levels(const PolicySettings& s) {
  std::vector<TrainLevel> levels;
  Rng level_rng(mix_seed(s.seed, 0x50CB));
  for (long i = 0; i < s.num_levels; ++i) {
    sokoban::GeneratorOptions o;
    o.width = s.min_side + int(level_rng.below(uint32_t(11 - s.min_side)));
    o.height = s.min_side + int(level_rng.below(uint32_t(11 - s.min_side)));
    const int area = (o.width - 2) * (o.height - 2);
    o.boxes = 1 + int(level_rng.below(area >= 30 ? 3 : 2));
    // Harder levels too: the generator's own are often a few pushes.
    o.min_pushes = int(level_rng.below(uint32_t(std::min(o.width, o.height) - 1)));
    o.solver_node_limit = 100'000;
    try {
      auto g = sokoban::generate_level(o, mix_seed(s.seed, 0x1E7E1, uint64_t(i)));
      auto level = std::make_shared<const sokoban::Level>(std::move(g.level));
      levels.push_back({level, sokoban::policy_level(*level)});
    } catch (const InputError&) {
      // No level for these settings: skip it.
    }
    if (i % 100 == 0 || i + 1 == s.num_levels)
      progress_line("generate", double(i + 1) / double(s.num_levels), std::to_string(levels.size()) + " levels");
  }
  return levels;
}

// Up to boxoban_count levels of the --boxoban files, in order, after the generated ones.
void add_boxoban_levels(std::vector<TrainLevel>& levels, const PolicySettings& s) {
  const size_t generated = levels.size();
  for (const auto& file : s.boxoban_files) {
    auto parsed = sokoban::parse_levels(read_file(file, "flag --boxoban"), file);
    for (auto& l : parsed) {
      if (long(levels.size() - generated) >= s.boxoban_count) break;
      auto level = std::make_shared<const sokoban::Level>(std::move(l));
      levels.push_back({level, sokoban::policy_level(*level)});
    }
  }
}

// Every position along each level's move-optimal plan (the solver's, within 2M nodes), labelled with its next move.
Samples label_solver_plans(const std::vector<TrainLevel>& levels, std::chrono::steady_clock::time_point start) {
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
  return samples;
}

// The net to train: new, or with the weights of the --init file.
torch::nn::Sequential initial_net(const PolicySettings& s) {
  auto net = make_net(s.channels, s.layers);
  if (!s.init.empty())
    load_weights(net, nn::read_policy(read_file(s.init, "flag --init"), {.source = s.init, .game = "sokoban"}), s.init);
  return net;
}

// The net, its optimiser (Adam) and the record of its epochs.
class PolicyTrainer {
 public:
  PolicyTrainer(const PolicySettings& s, std::chrono::steady_clock::time_point start)
      : net_(initial_net(s)),
        adam_(net_->parameters(), torch::optim::AdamOptions(s.lr)),
        rng_(mix_seed(s.seed, 0x7EA1)),
        batch_(s.batch),
        start_(start) {}

  // The net as a float16 policy file (evaluation mode).
  nn::Policy export_policy(const Json& training, const Json& scores) {
    net_->eval();
    nn::Policy p = train::export_policy(
        net_, {.game = "sokoban",
               .kind = "policy-map",
               .observation = {sokoban::kPolicyEncoding, nn::Shape{sokoban::kPolicyPlanes, kCanvas, kCanvas}},
               .actions = {"U", "D", "L", "R"},
               .storage = nn::DType::kFloat16,
               .training = training,
               .scores = scores});
    net_->train();
    return p;
  }

  // `count` epochs over the samples, each followed by the move accuracy on the ones held out.
  void train_epochs(const Samples& samples, int count, const std::string& label) {
    // 1 in 20 positions held out to measure accuracy (a fixed order from the run's random seed).
    std::vector<size_t> order(samples.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    seeded_shuffle(order, rng_);
    const size_t n_val = order.size() / 20;
    const std::vector<size_t> val(order.begin(), order.begin() + std::ptrdiff_t(n_val));
    std::vector<size_t> train_set(order.begin() + std::ptrdiff_t(n_val), order.end());
    for (int e = 0; e < count; ++e) {
      net_->train();
      seeded_shuffle(train_set, rng_);
      const double loss = train_epoch(samples, train_set, e, count, label);
      net_->eval();
      const size_t right = moves_right(samples, val);
      last_accuracy_ = n_val ? double(right) / double(n_val) : 0;
      history_.push_back({{"phase", label},
                          {"epoch", e + 1},
                          {"positions", samples.size()},
                          {"loss", std::round(loss * 1e4) / 1e4},
                          {"held_out_accuracy", std::round(last_accuracy_ * 1e4) / 1e4}});
      std::fprintf(stderr, "%s%s epoch %d: loss %.4f, held-out move accuracy %.1f%% (%zu positions), %.0f s\n",
                   isatty(2) ? "\n" : "", label.c_str(), e + 1, loss, 100 * last_accuracy_, n_val,
                   seconds_since(start_));
    }
  }

  const Json& history() const { return history_; }
  double last_accuracy() const { return last_accuracy_; }

 private:
  // One pass over train_set in batches, each sample in a random symmetry, with a progress line; the mean batch loss.
  double train_epoch(const Samples& samples, const std::vector<size_t>& train_set, int e, int count,
                     const std::string& label) {
    double loss_sum = 0;
    size_t batches = 0;
    for (size_t from = 0; from < train_set.size(); from += size_t(batch_)) {
      const size_t to = std::min(train_set.size(), from + size_t(batch_));
      torch::Tensor x, player, move;
      make_batch(samples, train_set, from, to, &rng_, x, player, move);
      const torch::Tensor loss = torch::cross_entropy_loss(logits_at_player(net_, x, player), move);
      adam_.zero_grad();
      loss.backward();
      adam_.step();
      loss_sum += loss.item<double>();
      ++batches;
      if (batches % 20 == 0 || to == train_set.size()) {
        char tail[160];
        std::snprintf(tail, sizeof tail, "epoch %d/%d, loss %.3f, %.0f s", e + 1, count, loss_sum / double(batches),
                      seconds_since(start_));
        progress_line(label, (double(e) + double(to) / double(train_set.size())) / double(count), tail);
      }
    }
    return loss_sum / double(std::max<size_t>(batches, 1));
  }

  // How many of the samples `val` the net's top move gets right.
  size_t moves_right(const Samples& samples, const std::vector<size_t>& val) {
    torch::NoGradGuard no_grad;
    size_t right = 0;
    for (size_t from = 0; from < val.size(); from += 512) {
      const size_t to = std::min(val.size(), from + 512);
      torch::Tensor x, player, move;
      make_batch(samples, val, from, to, nullptr, x, player, move);
      right += size_t(logits_at_player(net_, x, player).argmax(1).eq(move).sum().item<int64_t>());
    }
    return right;
  }

  torch::nn::Sequential net_;
  torch::optim::Adam adam_;
  Rng rng_;  // shuffles and symmetries
  int batch_;
  std::chrono::steady_clock::time_point start_;
  Json history_ = Json::array();
  double last_accuracy_ = 0;
};

// Up to 8 of the distinct positions visited (drawn with `pick`) that are still solvable, each labelled with the
// first few moves of the optimal plan from there; returns the positions added.
size_t label_visited(Samples& samples, const TrainLevel& t, std::vector<std::pair<std::vector<Square>, Square>> visited,
                     Rng pick) {
  std::sort(visited.begin(), visited.end());
  visited.erase(std::unique(visited.begin(), visited.end()), visited.end());
  seeded_shuffle(visited, pick);
  size_t added = 0;
  int labelled = 0;
  for (const auto& [boxes, player] : visited) {
    if (labelled >= 8) break;
    const auto r = solve_moves(*t.level, boxes, player, 200'000);
    if (r.status != sokoban::SolveStatus::kSolved || r.plan.empty()) continue;
    add_plan(samples, t, boxes, player, r.plan.substr(0, std::min<size_t>(r.plan.size(), 4)));
    added += std::min<size_t>(r.plan.size(), 4);
    ++labelled;
  }
  return added;
}

// A DAgger round: the policy plays training levels; the positions it reaches on those it fails are labelled by the
// solver and added, then the net trains on all.
void dagger_round(PolicyTrainer& trainer, Samples& samples, const std::vector<TrainLevel>& levels,
                  const PolicySettings& s, int round) {
  sokoban::PolicyNet engine_net(
      std::make_shared<const nn::Policy>(trainer.export_policy(Json::object(), Json::object())), "training");
  size_t added = 0, solved = 0;
  const size_t n = std::min(levels.size(), size_t(s.dagger_levels));
  for (size_t k = 0; k < n; ++k) {
    const auto& t = levels[(size_t(round) * 7919 + k * 104729) % levels.size()];
    std::vector<std::pair<std::vector<Square>, Square>> visited;
    if (play_policy(engine_net, t, 120, s.dagger_play == "masked", &visited).solved) {
      ++solved;
      continue;  // nothing to correct
    }
    added += label_visited(samples, t, std::move(visited), Rng(mix_seed(s.seed, uint64_t(round), k)));
    if (k % 20 == 0 || k + 1 == n)
      progress_line("dagger " + std::to_string(round), double(k + 1) / double(n),
                    std::to_string(added) + " positions added, " + std::to_string(solved) + " solved");
  }
  std::fprintf(stderr, "DAgger round %d: the %s policy solved %zu of %zu training levels; %zu positions added\n", round,
               s.dagger_play.c_str(), solved, n, added);
  trainer.train_epochs(samples, s.dagger_epochs, "dagger " + std::to_string(round));
}

// The settings as the policy file records them.
Json settings_record(const PolicySettings& s, size_t generated, size_t boxoban_used) {
  return {{"levels", s.num_levels},
          {"generated_levels", generated},
          {"boxoban_files", s.boxoban_files},
          {"boxoban_levels", boxoban_used},
          {"epochs", s.epochs},
          {"seed", s.seed},
          {"channels", s.channels},
          {"layers", s.layers},
          {"dagger_rounds", s.dagger_rounds},
          {"dagger_levels", s.dagger_levels},
          {"dagger_play", s.dagger_play},
          {"dagger_epochs", s.dagger_epochs},
          {"init", s.init},
          {"min_side", s.min_side},
          {"lr", s.lr},
          {"batch", s.batch}};
}

void write_policy_file(const std::string& out, const std::string& bytes) {
  std::ofstream file(out, std::ios::binary);
  if (!file || !(file << bytes) || !file.flush()) throw InputError("flag --out", "cannot write '" + out + "'");
}

}  // namespace

int sokoban_train_policy(const GameEntry& /*entry*/, const Args& args) {
  args.check_known({"out", "levels", "epochs", "seed", "boxoban", "boxoban-levels", "channels", "layers", "dagger",
                    "dagger-levels", "dagger-play", "dagger-epochs", "lr", "batch", "init", "min-side"},
                   {});
  const PolicySettings s = read_settings(args);
  torch::set_num_threads(1);
  torch::manual_seed(s.seed);
  const auto start = std::chrono::steady_clock::now();

  std::vector<TrainLevel> levels = generate_levels(s);
  const size_t generated = levels.size();
  add_boxoban_levels(levels, s);
  const size_t boxoban_used = levels.size() - generated;
  std::fprintf(stderr, "%zu generated levels, %zu from Boxoban files, %.0f s\n", generated, boxoban_used,
               seconds_since(start));
  Samples samples = label_solver_plans(levels, start);

  PolicyTrainer trainer(s, start);
  trainer.train_epochs(samples, s.epochs, "train");
  // DAgger: the policy's own positions, labelled by the solver.
  for (int round = 1; round <= s.dagger_rounds; ++round) dagger_round(trainer, samples, levels, s, round);
  const double train_seconds = seconds_since(start);

  Json training = {{"command", s.command},
                   {"method",
                    "imitation of the exact solver's move-optimal plans, with DAgger (tools/playground/"
                    "sokoban_policy_train.cc)"},
                   {"settings", settings_record(s, generated, boxoban_used)},
                   {"positions", samples.size()},
                   {"train_seconds", std::round(train_seconds)},
                   {"history", trainer.history()}};
  Json scores = {{"held_out_move_accuracy", std::round(trainer.last_accuracy() * 1e4) / 1e4}};
  const std::string bytes = nn::write_policy(trainer.export_policy(training, scores));
  write_policy_file(s.out, bytes);
  std::printf("trained on %zu positions in %.0f s; held-out move accuracy %.1f%%; saved %s (%zu bytes)\n",
              samples.size(), train_seconds, 100 * trainer.last_accuracy(), s.out.c_str(), bytes.size());
  return 0;
}

}  // namespace pg::cli
