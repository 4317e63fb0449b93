// Deep Q-learning (DQN, Mnih et al. 2015) for any game that gives an
// observation tensor, native only (libtorch). One readable loop:
//
//   observe s; act epsilon-greedily on Q(s, .) over the legal actions;
//   store (s, a, r, s', done, legal(s')) in a replay buffer;
//   every `train_every` steps, sample a batch and take one Adam step on
//     loss(Q(s, a), r + gamma * (1 - done) * max_{a' legal} Qtarget(s', a'))
//     (Double DQN: the online network picks a', the target network scores it);
//   the target network is a hard copy every `target_every` steps, or a soft
//   update target += tau * (online - target) every step when tau > 0.
//
// Everything random draws from the seed: the network's initial weights
// (torch::manual_seed), exploration and replay sampling (pg::Rng), the
// environment's episodes (seed, episode number). Training runs on one torch
// thread, so the same settings and seed give the same weights, bit for bit.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/json.h"
#include "engine/core/rng.h"
#include "engine/nn/policy_file.h"
#include "tools/train/torch.h"

namespace pg::train {

// An episodic task with a fixed set of outputs (actions 0..num_actions-1).
class Environment {
 public:
  virtual ~Environment() = default;
  virtual std::string encoding() const = 0;  // the observation's encoding name
  virtual std::vector<int> observation_shape() const = 0;
  virtual std::vector<std::string> action_names() const = 0;  // one per output
  int num_actions() const { return int(action_names().size()); }
  // Starts an episode; the seed fixes its chance.
  virtual void reset(uint64_t seed) = 0;
  virtual void observe(std::span<float> out) const = 0;
  // legal[i] = 1 when output i may be played now (all 0 once done).
  virtual void legal(std::span<uint8_t> out) const = 0;
  // Plays output `action` (legal); returns its reward.
  virtual double step(int action) = 0;
  virtual bool done() const = 0;
};

// A one-player game of the registry through its generic State: outputs are
// actions by name (State::action_name), so a policy file's "actions" list
// is the same list.
class GameEnvironment : public Environment {
 public:
  // Throws InputError if the game has more than one player or no observation tensor.
  GameEnvironment(std::shared_ptr<const Game> game, std::vector<std::string> action_names);
  std::string encoding() const override { return tensor_.encoding; }
  std::vector<int> observation_shape() const override { return tensor_.shape; }
  std::vector<std::string> action_names() const override { return names_; }
  void reset(uint64_t seed) override;
  void observe(std::span<float> out) const override { state_->fill_observation(out); }
  void legal(std::span<uint8_t> out) const override;
  double step(int action) override;
  bool done() const override { return state_->is_terminal(); }

 private:
  void map_legal();
  std::shared_ptr<const Game> game_;
  std::vector<std::string> names_;
  std::unordered_map<std::string, int> index_of_;
  State::ObservationTensor tensor_;
  std::unique_ptr<State> state_;
  std::vector<Action> legal_;
  std::vector<Action> action_of_;  // output -> the legal Action, or a sentinel
};

struct DqnSettings {
  // "mlp": dense ReLU layers of `hidden` sizes; "sokoban-seed": the Sokoban project's convolutional net
  // (torch_project_nets.h) over a [7, height, width] observation.
  std::string net = "mlp";
  std::vector<int> hidden = {128, 128};  // dense ReLU layers between the observation and the Q-values
  int64_t steps = 100000;                // environment steps
  int64_t episodes = 0;                  // > 0: also stop after this many episodes
  int64_t episode_steps = 0;  // > 0: an episode is cut after this many steps, stored as not done (bootstrapped)
  double gamma = 0.99;
  double lr = 1e-3;  // Adam
  int batch = 64;
  int64_t replay = 100000;             // the buffer's capacity (oldest overwritten)
  int64_t learn_start = 1000;          // steps before the first update
  int train_every = 1;                 // steps between updates
  int64_t target_every = 1000;         // hard copy period (tau == 0)
  std::string target_count = "steps";  // what target_every counts: "steps" or "updates" (gradient steps)
  double tau = 0;                      // soft update rate per step (> 0: soft instead of hard)
  double epsilon_start = 1.0;
  double epsilon_end = 0.05;
  int64_t epsilon_steps = 50000;  // linear decay over these steps
  double epsilon_decay = 0;       // > 0: instead, epsilon = max(end, start * decay^updates) (per gradient step)
  bool distinct_samples = false;  // a batch holds distinct transitions (sampling without replacement)
  // > 0: also keep the weights at the best mean return of the last `best_window` episodes (fewer at the
  // start), as the Sokoban project saved best_model.pth (window 10)
  int best_window = 0;
  std::string loss = "huber";  // "huber" (smooth L1, delta 1) or "mse"
  bool double_dqn = false;
  double reward_scale = 1.0;  // rewards are multiplied by this while training; the export divides it out
  double grad_clip = 10.0;    // max gradient norm (0: none)
  uint64_t seed = 1;

  Json to_json() const;
  // Reads the fields given, the rest from `defaults`; throws InputError naming a bad field.
  static DqnSettings from_json(const Json& json, const DqnSettings& defaults);
  static DqnSettings from_json(const Json& json) { return from_json(json, DqnSettings()); }
};

struct DqnProgress {
  int64_t step = 0;
  int64_t episodes = 0;
  double epsilon = 0;
  double running_return = 0;  // mean return of the last 100 finished episodes
  double loss = 0;            // mean loss since the last report
};

class DqnTrainer {
 public:
  DqnTrainer(Environment& env, const DqnSettings& settings);

  // Runs `steps` more environment steps (up to settings.steps in all),
  // calling `progress` every `report_every` steps.
  void train(int64_t steps, const std::function<void(const DqnProgress&)>& progress = {}, int64_t report_every = 1000);
  bool finished() const {
    return step_ >= settings_.steps || (settings_.episodes > 0 && episodes_ >= settings_.episodes);
  }
  DqnProgress progress() const;
  // Mean return per block of finished episodes (the learning curve).
  const std::vector<double>& curve() const { return curve_; }

  // The online network (its input is [batch, observation shape...]).
  torch::nn::Sequential& net() { return online_; }
  // Greedy output for an observation and legal mask (what the exported policy plays).
  int greedy(std::span<const float> obs, std::span<const uint8_t> legal);

  // Saves / loads the online and target networks, the optimizer and the
  // counters (not the replay buffer: a resumed run refills it).
  void save_checkpoint(const std::string& path);
  void load_checkpoint(const std::string& path);

  // The policy file (kind "q-network"): the Q-values in reward units.
  // With `best`, the weights kept at the best mean return (best_window > 0).
  nn::Policy export_policy(const std::string& game, Json training, Json scores, nn::DType storage = nn::DType::kFloat32,
                           bool best = false) const;
  // The best mean return over best_window episodes and the episode (from 1) that ended it; 0 before any.
  double best_mean() const { return best_mean_; }
  int64_t best_episode() const { return best_episode_; }

 private:
  void act_and_store();
  double update();
  void sync_target(double tau);
  double epsilon() const;
  void finish_episode();

  Environment& env_;
  DqnSettings settings_;
  int64_t obs_size_ = 0;
  int num_actions_ = 0;
  torch::nn::Sequential online_{nullptr}, target_{nullptr}, best_{nullptr};
  double best_mean_ = 0;
  int64_t best_episode_ = 0;
  std::vector<double> window_;  // the last best_window returns (ring)
  std::unique_ptr<torch::optim::Adam> optimizer_;
  Rng rng_;  // exploration and replay sampling (a resumed run reseeds it from the seed and the step)

  // The replay buffer, as flat arrays.
  std::vector<float> obs_, next_obs_, reward_;
  std::vector<int64_t> action_;
  std::vector<uint8_t> done_, next_legal_;
  int64_t size_ = 0, next_ = 0;

  std::vector<float> cur_obs_;
  std::vector<uint8_t> cur_legal_;
  int64_t step_ = 0, episodes_ = 0, updates_ = 0;
  int64_t episode_step_ = 0;  // steps into the current episode
  double episode_return_ = 0;
  std::vector<double> recent_;  // last 100 returns (ring)
  std::vector<double> block_;
  std::vector<double> curve_;
  double loss_sum_ = 0;
  int64_t loss_count_ = 0;
};

// The network `settings.net` names for this observation shape and number of outputs; throws InputError
// when the shape does not fit it.
torch::nn::Sequential make_q_network(const DqnSettings& settings, const std::vector<int>& observation_shape,
                                     int64_t outputs);

// A multilayer perceptron: flatten, then dense + ReLU per hidden size, then
// a linear dense to `outputs` (named "flatten", "dense1", "relu1", ..., "out").
torch::nn::Sequential make_mlp(int64_t inputs, const std::vector<int>& hidden, int64_t outputs);

}  // namespace pg::train
