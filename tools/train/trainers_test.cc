// The trainers on tasks small enough to learn in a second or two.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <memory>

#include "engine/core/error.h"
#include "engine/nn/network.h"
#include "tools/train/dqn.h"
#include "tools/train/torch_project_nets.h"
#include "tools/train/value_fit.h"

namespace pg::train {
namespace {

// A corridor of 6 cells, the agent starting in cell 1:
//
//   [0] [1] [2] [3] [4] [5]
//    ^   A               ^ goal: +1, the episode ends
//    dead end: -1, the episode ends
//
// Outputs: 0 "left", 1 "right", 2 "stay" (stay is illegal in cell 1, to
// check the masking). Every step costs 0.05; at most 12 steps. Deterministic:
// the best return is 1 - 4 * 0.05 = 0.8, by going right four times.
class Corridor : public Environment {
 public:
  static constexpr int kCells = 6;
  std::string encoding() const override { return "corridor-v1"; }
  std::vector<int> observation_shape() const override { return {kCells}; }
  std::vector<std::string> action_names() const override { return {"left", "right", "stay"}; }
  void reset(uint64_t) override {
    cell_ = 1;
    steps_ = 0;
    done_ = false;
  }
  void observe(std::span<float> out) const override {
    for (int i = 0; i < kCells; ++i) out[size_t(i)] = i == cell_ ? 1.0f : 0.0f;
  }
  void legal(std::span<uint8_t> out) const override {
    out[0] = out[1] = done_ ? 0 : 1;
    out[2] = !done_ && cell_ != 1 ? 1 : 0;
  }
  double step(int action) override {
    if (action == 2 && cell_ == 1) ADD_FAILURE() << "an illegal action was played";
    cell_ += action == 0 ? -1 : action == 1 ? 1 : 0;
    ++steps_;
    double r = -0.05;
    if (cell_ == kCells - 1) r += 1;
    if (cell_ == 0) r -= 1;
    done_ = cell_ == 0 || cell_ == kCells - 1 || steps_ == 12;
    return r;
  }
  bool done() const override { return done_; }

 private:
  int cell_ = 1, steps_ = 0;
  bool done_ = false;
};

DqnSettings corridor_settings() {
  DqnSettings s;
  s.hidden = {32};
  s.steps = 3000;
  s.gamma = 0.95;
  s.lr = 3e-3;
  s.batch = 32;
  s.replay = 3000;
  s.learn_start = 200;
  s.target_every = 100;
  s.epsilon_steps = 1500;
  s.epsilon_end = 0.05;
  s.seed = 7;
  return s;
}

// The exported policy, run by the engine's own runtime, walks right from
// every cell and its Q-values are close to the true discounted returns.
TEST(DqnTrainer, LearnsTheCorridorFromScratchWithinAFixedBudget) {
  for (bool double_dqn : {false, true}) {
    Corridor env;
    DqnSettings s = corridor_settings();
    s.double_dqn = double_dqn;
    s.loss = double_dqn ? "mse" : "huber";
    DqnTrainer trainer(env, s);
    trainer.train(s.steps);
    ASSERT_TRUE(trainer.finished());
    EXPECT_GT(trainer.progress().running_return, 0.6) << "double " << double_dqn;
    nn::Network net(nn::read_policy(nn::write_policy(trainer.export_policy("corridor", {}, {}))));
    for (int cell = 1; cell < Corridor::kCells - 1; ++cell) {
      std::vector<float> obs(Corridor::kCells, 0.0f);
      obs[size_t(cell)] = 1.0f;
      const auto q = net.forward(obs);
      EXPECT_GT(q[1], q[0]) << "cell " << cell << ", double " << double_dqn;
      if (cell != 1) {
        EXPECT_GT(q[1], q[2]) << "cell " << cell << ", double " << double_dqn;
      }
      // Going right from here: (steps - 1) step costs discounted, then +0.95 at the goal.
      const int steps = Corridor::kCells - 1 - cell;
      double truth = 0;
      for (int k = 0; k < steps; ++k) truth += std::pow(0.95, k) * (-0.05 + (k == steps - 1 ? 1 : 0));
      EXPECT_NEAR(q[1], truth, 0.15) << "cell " << cell << ", double " << double_dqn;
    }
  }
}

TEST(DqnTrainer, TheSameSeedGivesTheSameWeightsBitForBit) {
  auto weights = [](uint64_t seed, double tau) {
    Corridor env;
    DqnSettings s = corridor_settings();
    s.steps = 600;
    s.seed = seed;
    s.tau = tau;
    DqnTrainer trainer(env, s);
    trainer.train(s.steps);
    return nn::write_policy(trainer.export_policy("corridor", {}, {}));
  };
  EXPECT_EQ(weights(3, 0), weights(3, 0));
  EXPECT_EQ(weights(3, 0.05), weights(3, 0.05));
  EXPECT_NE(weights(3, 0), weights(4, 0));
  EXPECT_NE(weights(3, 0), weights(3, 0.05));
}

// A checkpoint holds the networks, the optimizer and the counters: loaded into
// a fresh trainer it exports the same bytes, and a run resumed from it is as
// reproducible as one that never stopped and still learns the task.
TEST(DqnTrainer, CheckpointsResumeExactlyAndReproducibly) {
  const std::string dir = ::testing::TempDir();
  const std::string path = dir + "/corridor_checkpoint.pt";
  DqnSettings s = corridor_settings();
  Corridor env;
  DqnTrainer first(env, s);
  first.train(1500);
  first.save_checkpoint(path);
  const std::string at_save = nn::write_policy(first.export_policy("corridor", {}, {}));

  auto resume = [&] {
    Corridor resumed_env;
    auto trainer = std::make_unique<DqnTrainer>(resumed_env, s);
    trainer->load_checkpoint(path);
    EXPECT_EQ(trainer->progress().step, 1500);
    EXPECT_EQ(nn::write_policy(trainer->export_policy("corridor", {}, {})), at_save);
    trainer->train(s.steps);
    EXPECT_TRUE(trainer->finished());
    return nn::write_policy(trainer->export_policy("corridor", {}, {}));
  };
  const std::string once = resume();
  EXPECT_EQ(resume(), once);
  nn::Network net(nn::read_policy(once));
  for (int cell = 1; cell < Corridor::kCells - 1; ++cell) {
    std::vector<float> obs(Corridor::kCells, 0.0f);
    obs[size_t(cell)] = 1.0f;
    const auto q = net.forward(obs);
    EXPECT_GT(q[1], q[0]) << "cell " << cell;
  }
}

TEST(DqnTrainer, ABadCheckpointIsRefusedByName) {
  const std::string dir = ::testing::TempDir();
  Corridor env;
  DqnSettings s = corridor_settings();
  DqnTrainer trainer(env, s);
  auto message = [&](const std::string& path) {
    try {
      trainer.load_checkpoint(path);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message(dir + "/no_such_checkpoint.pt").find("cannot be read"), std::string::npos);
  {
    std::ofstream junk(dir + "/junk_checkpoint.pt", std::ios::binary);
    junk << "not a checkpoint";
  }
  EXPECT_NE(message(dir + "/junk_checkpoint.pt").find("checkpoint '"), std::string::npos);
  // Another network shape: the layers do not fit.
  DqnSettings wide = s;
  wide.hidden = {48};
  Corridor wide_env;
  DqnTrainer wide_trainer(wide_env, wide);
  wide_trainer.train(10);
  wide_trainer.save_checkpoint(dir + "/wide_checkpoint.pt");
  const std::string before = nn::write_policy(trainer.export_policy("corridor", {}, {}));
  const std::string wide_message = message(dir + "/wide_checkpoint.pt");
  EXPECT_NE(wide_message.find("does not fit these settings"), std::string::npos) << wide_message;
  EXPECT_NE(wide_message.find("[48x6], these settings make [32x6]"), std::string::npos) << wide_message;
  // Refused before anything was loaded: the trainer is as it was.
  EXPECT_EQ(nn::write_policy(trainer.export_policy("corridor", {}, {})), before);
}

TEST(DqnTrainer, SettingsRoundTripAndErrorsNameTheSetting) {
  DqnSettings s = corridor_settings();
  s.double_dqn = true;
  s.tau = 0.01;
  EXPECT_EQ(DqnSettings::from_json(s.to_json()).to_json(), s.to_json());
  try {
    DqnSettings::from_json({{"loss", "l1"}});
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.where(), "dqn settings.loss");
  }
  EXPECT_THROW(DqnSettings::from_json({{"gama", 0.9}}), InputError);
  EXPECT_THROW(DqnSettings::from_json({{"gamma", 1.5}}), InputError);
  // The settings of the Sokoban project's DQN round-trip too, and their bad values are named.
  s.net = "sokoban-seed";
  s.episodes = 30;
  s.episode_steps = 50;
  s.target_count = "updates";
  s.epsilon_decay = 0.998;
  s.distinct_samples = true;
  s.best_window = 10;
  EXPECT_EQ(DqnSettings::from_json(s.to_json()).to_json(), s.to_json());
  for (const Json& bad : {Json{{"net", "resnet"}}, Json{{"target_count", "episodes"}}, Json{{"epsilon_decay", 1.5}},
                          Json{{"distinct_samples", 1}}}) {
    try {
      DqnSettings::from_json(bad);
      FAIL() << bad.dump();
    } catch (const InputError& e) {
      EXPECT_EQ(e.where(), "dqn settings." + bad.begin().key());
    }
  }
}

// One cell, +1 a step, never over: only the trainer's cut ends an episode.
class Treadmill : public Environment {
 public:
  std::string encoding() const override { return "treadmill-v1"; }
  std::vector<int> observation_shape() const override { return {1}; }
  std::vector<std::string> action_names() const override { return {"walk"}; }
  void reset(uint64_t) override {}
  void observe(std::span<float> out) const override { out[0] = 1.0f; }
  void legal(std::span<uint8_t> out) const override { out[0] = 1; }
  double step(int) override { return 1.0; }
  bool done() const override { return false; }
};

// A cut episode is not a terminal one: its last transition is bootstrapped, so Q learns the endless return
// 1 / (1 - gamma) = 2, not the mean of the cut returns 1, 1.5, 1.75, 1.875 (1.53).
TEST(DqnTrainer, ACutEpisodeIsBootstrappedNotEnded) {
  Treadmill env;
  DqnSettings s;
  s.hidden = {8};
  s.steps = 3000;
  s.episode_steps = 4;
  s.gamma = 0.5;
  s.lr = 1e-2;
  s.batch = 16;
  s.replay = 3000;
  s.learn_start = 16;
  s.target_every = 20;
  s.target_count = "updates";
  s.loss = "mse";
  DqnTrainer trainer(env, s);
  trainer.train(s.steps);
  EXPECT_EQ(trainer.progress().episodes, 3000 / 4);
  nn::Network net(nn::read_policy(nn::write_policy(trainer.export_policy("treadmill", {}, {}))));
  EXPECT_NEAR(net.forward(std::vector<float>{1.0f})[0], 2.0, 0.1);
}

// epsilon_decay: epsilon = max(end, start * decay^updates), one update per step from learn_start on; the
// run stops at `episodes` when that comes first.
TEST(DqnTrainer, MultiplicativeEpsilonPerUpdateAndAnEpisodeBudget) {
  Treadmill env;
  DqnSettings s;
  s.hidden = {4};
  s.steps = 1000;
  s.episodes = 25;
  s.episode_steps = 4;
  s.batch = 4;
  s.learn_start = 10;
  s.epsilon_start = 0.9;
  s.epsilon_end = 0.01;
  s.epsilon_decay = 0.97;
  s.distinct_samples = true;
  DqnTrainer trainer(env, s);
  trainer.train(s.steps);
  EXPECT_TRUE(trainer.finished());
  EXPECT_EQ(trainer.progress().step, 100);
  EXPECT_EQ(trainer.progress().episodes, 25);
  EXPECT_DOUBLE_EQ(trainer.progress().epsilon, 0.9 * std::pow(0.97, 91));  // updates at steps 10..100
  s.episodes = 0;
  s.steps = 400;
  DqnTrainer longer(env, s);
  longer.train(s.steps);
  EXPECT_DOUBLE_EQ(longer.progress().epsilon, 0.01);  // 0.9 * 0.97^391 is below the floor
}

// best_window keeps the weights at the best mean return (the Sokoban project's best_model.pth): on the treadmill every
// episode returns 4, so the first episode's weights stay the best (a later equal mean does not replace them);
// they are not the final weights, and a checkpoint carries them.
TEST(DqnTrainer, KeepsTheWeightsAtTheBestMeanReturnThroughACheckpoint) {
  Treadmill env;
  DqnSettings s;
  s.hidden = {4};
  s.steps = 200;
  s.episode_steps = 4;
  s.batch = 2;
  s.learn_start = 2;
  s.best_window = 10;
  DqnTrainer trainer(env, s);
  EXPECT_THROW(trainer.export_policy("treadmill", {}, {}, nn::DType::kFloat32, true), InputError);
  trainer.train(s.steps);
  EXPECT_EQ(trainer.best_episode(), 1);
  EXPECT_DOUBLE_EQ(trainer.best_mean(), 4.0);
  const std::string best = nn::write_policy(trainer.export_policy("treadmill", {}, {}, nn::DType::kFloat32, true));
  EXPECT_NE(best, nn::write_policy(trainer.export_policy("treadmill", {}, {})));
  const std::string path = ::testing::TempDir() + "best.ckpt";
  trainer.save_checkpoint(path);
  Treadmill env2;
  DqnTrainer resumed(env2, s);
  resumed.load_checkpoint(path);
  EXPECT_EQ(resumed.best_episode(), 1);
  EXPECT_EQ(nn::write_policy(resumed.export_policy("treadmill", {}, {}, nn::DType::kFloat32, true)), best);
}

// The Sokoban project's net reads [7, height, width] and gives 4 Q-values; anything else is refused by name.
TEST(DqnTrainer, TheSeedsSokobanNetFitsItsObservationOnly) {
  DqnSettings s;
  s.net = "sokoban-seed";
  const auto net = make_q_network(s, {7, 9, 11}, 4);
  int64_t weights = 0;
  for (const auto& p : net->parameters()) weights += p.numel();
  EXPECT_EQ(weights, 3304068);  // the count computed in the notes on the project (its document prints 3,302,916)
  EXPECT_EQ(make_q_network(s, {7, 5, 6}, 4)->forward(torch::zeros({2, 7, 5, 6})).sizes(), (std::vector<int64_t>{2, 4}));
  try {
    make_q_network(s, {6}, 3);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.where(), "dqn settings.net");
    EXPECT_NE(std::string(e.what()).find("[6]"), std::string::npos) << e.what();
  }
}

// y = sin(2 x0) + x1 * x2 - 0.5 x3 on [-1, 1]^4: the fit is close on held-out
// points, stops early, and the engine's runtime computes what torch computes.
TEST(ValueFit, FitsAKnownFunctionAndExportsIt) {
  torch::manual_seed(11);
  const torch::Tensor x = torch::rand({2000, 4}) * 2 - 1;
  auto f = [](const torch::Tensor& p) {
    return torch::sin(2 * p.select(1, 0)) + p.select(1, 1) * p.select(1, 2) - 0.5 * p.select(1, 3);
  };
  ValueFitSettings s;
  s.hidden = {32, 32};
  s.lr = 3e-3;
  s.batch = 32;
  s.max_epochs = 60;
  s.patience = 5;
  ValueFitResult r = fit_values(x, f(x), s);
  EXPECT_EQ(r.train_size + r.validation_size, 2000);
  EXPECT_EQ(r.validation_size, 400);
  EXPECT_LT(r.validation_mae, 0.06);
  EXPECT_LT(r.validation_mse, 0.006);
  EXPECT_LE(r.best_epoch, r.epochs);
  // Fresh points, through the exported file and the engine's runtime.
  const torch::Tensor test = torch::rand({50, 4}) * 2 - 1;
  const torch::Tensor truth = f(test);
  const torch::Tensor torch_out = r.net->forward(test).squeeze(1).detach();
  nn::Network net(nn::read_policy(
      nn::write_policy(export_value_policy(r, "test", {"test-v1", nn::Shape{4}}, {{"command", "test"}}, r.to_json())),
      {.kind = "value-network"}));
  double err = 0;
  for (int64_t i = 0; i < 50; ++i) {
    const torch::Tensor row = test[i].contiguous();
    const float v = net.forward(std::span<const float>(row.data_ptr<float>(), 4))[0];
    EXPECT_NEAR(v, torch_out[i].item<float>(), 1e-5);
    err += std::abs(double(v) - truth[i].item<double>());
  }
  EXPECT_LT(err / 50, 0.08);
}

TEST(ValueFit, StopsWhenTheValidationErrorStopsImproving) {
  torch::manual_seed(2);
  const torch::Tensor x = torch::rand({200, 2});
  const torch::Tensor y = torch::rand({200});  // noise: nothing to learn beyond the mean
  ValueFitSettings s;
  s.max_epochs = 500;
  s.patience = 3;
  const ValueFitResult r = fit_values(x, y, s);
  EXPECT_LT(r.epochs, 500);
  EXPECT_EQ(r.epochs - r.best_epoch, 3);
  EXPECT_THROW(fit_values(x, torch::rand({10}), s), InputError);
  s.loss = "huber";
  EXPECT_THROW(fit_values(x, y, s), InputError);
}

// The Morris project's setting: its net with batch norm after each ReLU, MAE. The best epoch's weights come back
// with their batch-norm statistics: the final figures are the best epoch's, and the exported file (batch norm
// folded by the engine's runtime) gives torch's outputs.
TEST(ValueFit, MaeWithTheMorrisSeedNetKeepsTheBestEpochsBatchNormStatistics) {
  torch::manual_seed(3);
  const torch::Tensor x = torch::randint(-1, 2, {600, 16}).to(torch::kFloat);
  const torch::Tensor y = x.slice(1, 0, 4).sum(1) - 0.5 * x.slice(1, 4, 8).sum(1);
  ValueFitSettings s;
  s.loss = "mae";
  s.batch = 128;
  s.max_epochs = 12;
  s.patience = 3;
  s.make_net = [] { return morris_project_module(); };
  s.net_name = "morris_project_module";
  ValueFitResult r = fit_values(x, y, s);
  ASSERT_GE(r.best_epoch, 1);
  EXPECT_NEAR(r.validation_mae, r.history[size_t(r.best_epoch - 1)].validation_mae, 1e-6);
  EXPECT_LT(r.validation_mae, 0.5 * (y - y.mean()).abs().mean().item<double>());
  EXPECT_EQ(s.to_json()["loss"], "mae");
  nn::Network net(nn::read_policy(nn::write_policy(export_value_policy(r, "morris", {"morris-board-v1", nn::Shape{16}},
                                                                       {{"command", "test"}}, r.to_json())),
                                  {.kind = "value-network"}));
  const torch::Tensor torch_out = r.net->forward(x.slice(0, 0, 20)).squeeze(1).detach();
  for (int64_t i = 0; i < 20; ++i) {
    const torch::Tensor row = x[i].contiguous();
    EXPECT_NEAR(net.forward(std::span<const float>(row.data_ptr<float>(), 16))[0], torch_out[i].item<float>(), 1e-4);
  }
}

}  // namespace
}  // namespace pg::train
