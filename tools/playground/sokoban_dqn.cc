// playground sokoban train --method dqn: the project's DQN (its notes 4.1-4.3) on one of its two maps, with
// the trainer of tools/train/dqn.h set to the project's choices: its convolutional net, vanilla DQN on MSE
// with a hard target copy every 10 gradient steps, Adam 1e-3, batch 32 drawn without replacement from a
// 50,000 buffer, gamma 0.99, epsilon 1 -> 0.01 multiplied by 0.998 per gradient step, learning from the
// 32nd transition, episodes cut at 50 steps (the cut stored as not done), 1000 episodes on map 1 and 3000
// on map 2, seed 2. The greedy policy is then played once on its map (under the game's own 50-step cap)
// and the result stored in the policy file (policies/sokoban/dqn_seed_map<N>.rlpg). Like the project's, the file
// holds the weights at the best 10-episode mean return (its best_model.pth, which its presentation loaded);
// the final weights are played too and reported. Built only with libtorch.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/games/sokoban/sokoban_game.h"
#include "engine/nn/policy_file.h"
#include "tools/playground/commands.h"
#include "tools/train/dqn.h"

namespace pg::cli {
namespace {

// The project's DQNAgent and train_dqn settings (its notes 4.2).
train::DqnSettings seed_settings(int index) {
  train::DqnSettings s;
  s.net = "sokoban-seed";
  s.steps = int64_t(1) << 40;  // bounded by episodes
  s.episodes = index == 0 ? 1000 : 3000;
  s.episode_steps = sokoban::kProjectMaxSteps;
  s.gamma = 0.99;
  s.lr = 1e-3;
  s.batch = 32;
  s.replay = 50000;
  s.learn_start = 32;
  s.train_every = 1;
  s.target_every = 10;
  s.target_count = "updates";
  s.epsilon_start = 1.0;
  s.epsilon_end = 0.01;
  s.epsilon_decay = 0.998;
  s.distinct_samples = true;
  s.best_window = 10;  // best_model.pth: the weights at the best 10-episode mean return, which the project played
  s.loss = "mse";
  s.double_dqn = false;
  s.grad_clip = 0;
  s.seed = 2;
  return s;
}

struct Playback {
  bool solved = false;
  int steps = 0;
  double total = 0;
  std::string moves;
  std::string outcome;
};

// One greedy episode of the shipped-path agent on the map, under the game's own rules (50-step cap).
Playback play_greedy(const GameEntry& entry, int index) {
  const auto game = entry.create({{"collection", "seed"}, {"index", index}});
  const auto agent = make_agent(*game, "dqn");
  auto state = game->initial_state(1);
  Playback p;
  for (size_t t = 0; !state->is_terminal(); ++t) {
    Rng rng = decision_rng(1, t);
    const Decision d = agent->decide(*state, rng);
    p.moves += state->action_name(d.chosen);
    p.total += state->apply(d.chosen)[0];
  }
  const auto& s = dynamic_cast<const sokoban::SokobanState&>(*state);
  p.solved = s.outcome() == sokoban::Outcome::kSolved;
  p.steps = s.board().steps();
  p.outcome = sokoban::outcome_name(s.outcome());
  return p;
}

}  // namespace

int sokoban_train(const GameEntry& entry, const Args& args) {
  args.check_known({"method", "index", "episodes", "seed", "out", "checkpoint", "checkpoint-every", "resume"}, {});
  const std::string method = args.get("method", "dqn");
  if (method != "dqn") throw InputError("flag --method", "expected dqn, got '" + method + "'");
  const int index = int(args.get_long("index", 0, 0, 1));
  train::DqnSettings settings = seed_settings(index);
  if (args.has("episodes")) settings.episodes = args.get_long("episodes", 0, 1, 1000000);
  if (args.has("seed")) settings.seed = args.get_seed("seed", 2);
  const std::string out = args.get("out", "");
  if (out.empty())
    throw InputError("flag --out", "missing (where to save the policy, e.g. policies/sokoban/dqn_seed_map" +
                                       std::to_string(index + 1) + ".rlpg)");
  const std::string checkpoint = args.get("checkpoint", "");
  const long checkpoint_every = args.get_long("checkpoint-every", 10000, 1, 1L << 40);

  // The trainer cuts episodes at 50 steps itself (stored as not done), so the game runs without its cap.
  auto game = entry.create({{"collection", "seed"}, {"index", index}, {"max_steps", 0}});
  train::GameEnvironment env(std::shared_ptr<const Game>(std::move(game)), {"U", "D", "L", "R"});
  train::DqnTrainer trainer(env, settings);
  if (args.has("resume")) trainer.load_checkpoint(args.get("resume"));
  std::string command = "playground sokoban train";
  for (const auto& w : args.words()) command += " " + w;
  std::cout << "the project's DQN on its map " << index + 1 << " (" << settings.episodes << " episodes of at most "
            << settings.episode_steps << " steps); observation " << env.encoding() << " "
            << nn::Shape(env.observation_shape()).str() << "; " << settings.to_json().dump() << "\n";

  const auto start = std::chrono::steady_clock::now();
  int64_t last_line = -1;
  while (!trainer.finished()) {
    trainer.train(
        checkpoint.empty() ? settings.steps : checkpoint_every,
        [&](const train::DqnProgress& p) {
          const double frac = double(p.episodes) / double(settings.episodes);
          const int filled = int(frac * 30);
          char line[240];
          std::snprintf(line, sizeof line,
                        "[%s%s] %5.1f%% episode %lld, step %lld, epsilon %.3f, return (last 100) %+.1f, loss %.3f, "
                        "%.0f s",
                        std::string(size_t(filled), '#').c_str(), std::string(size_t(30 - filled), '.').c_str(),
                        100 * frac, static_cast<long long>(p.episodes), static_cast<long long>(p.step), p.epsilon,
                        p.running_return, p.loss, seconds_since(start));
          if (isatty(2)) {
            std::fprintf(stderr, "\r%s\x1b[K", line);
          } else if (p.episodes / 50 != last_line) {
            last_line = p.episodes / 50;
            std::fprintf(stderr, "%s\n", line);
          }
        },
        500);
    if (!checkpoint.empty()) trainer.save_checkpoint(checkpoint);
  }
  if (isatty(2)) std::fprintf(stderr, "\n");
  const double train_seconds = seconds_since(start);
  const train::DqnProgress done = trainer.progress();
  std::printf("trained %lld episodes (%lld steps) in %.1f s\n", static_cast<long long>(done.episodes),
              static_cast<long long>(done.step), train_seconds);

  Json training = {{"command", command},
                   {"method", "the project's DQN (tools/train/dqn.h, tools/playground/sokoban_dqn.cc)"},
                   {"settings", settings.to_json()},
                   {"map", index + 1},
                   {"train_seconds", std::round(train_seconds * 10) / 10},
                   {"steps", done.step},
                   {"learning_curve", trainer.curve()},
                   {"learning_curve_every", 100}};
  training["best_episode"] = trainer.best_episode();
  training["best_mean_return"] = std::round(trainer.best_mean() * 100) / 100;
  const std::string path = sokoban::project_dqn_policy_path(index);
  // float16 storage: the project's net has 3.3M weights (13 MB in float32).
  auto play = [&](bool best, const char* label) {
    provide_policy_file(
        path, nn::write_policy(trainer.export_policy("sokoban", training, Json::object(), nn::DType::kFloat16, best)));
    const Playback p = play_greedy(entry, index);
    std::printf("greedy play on map %d, %s: %s in %d steps, return %.1f, moves %s\n", index + 1, label,
                p.solved ? "solved" : ("not solved (" + p.outcome + ")").c_str(), p.steps, p.total, p.moves.c_str());
    return Json{
        {"solved", p.solved}, {"steps", p.steps}, {"return", std::round(p.total * 10) / 10}, {"moves", p.moves}};
  };
  char best_label[96];
  std::snprintf(best_label, sizeof best_label, "best weights (episode %lld, 10-episode mean %.1f)",
                static_cast<long long>(trainer.best_episode()), trainer.best_mean());
  const Json final_play = play(false, "final weights");
  Json scores = play(true, best_label);
  scores["protocol"] =
      "one greedy episode on the map under its 50-step cap (playground sokoban eval --agent dqn "
      "--index N); the file holds the best weights, as the project's best_model.pth";
  scores["final_weights"] = final_play;
  const std::string bytes =
      nn::write_policy(trainer.export_policy("sokoban", training, scores, nn::DType::kFloat16, true));
  std::ofstream file(out, std::ios::binary);
  if (!file) throw InputError("flag --out", "cannot write '" + out + "'");
  file << bytes;
  std::cout << "saved " << out << " (" << bytes.size() << " bytes)\n";
  return 0;
}

}  // namespace pg::cli
