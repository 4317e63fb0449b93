// playground zuma train --method dqn: the DQN trainer (tools/train/dqn.h) on
// Zuma's observation tensor (zuma-rows-v1), exported to a policy file
// (policies/zuma/dqn.rlpg) that records the command, the settings, the
// learning curve and the measured score. Built only with libtorch.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/games/zuma/agents.h"
#include "engine/games/zuma/evaluate.h"
#include "engine/games/zuma/zuma_game.h"
#include "engine/nn/policy_file.h"
#include "tools/playground/commands.h"
#include "tools/train/dqn.h"

namespace pg::cli {
namespace {

// "128,64" -> [128, 64]
Json parse_sizes(const std::string& text) {
  Json sizes = Json::array();
  std::string item;
  for (char c : text + ",") {
    if (c != ',') {
      item += c;
      continue;
    }
    size_t used = 0;
    int v = 0;
    try {
      v = std::stoi(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != item.size())
      throw InputError("flag --hidden", "expected sizes like 128,128, got '" + text + "'");
    sizes.push_back(v);
    item.clear();
  }
  return sizes;
}

// The DQN settings given as flags: the flag and its key in DqnSettings' JSON.
constexpr std::pair<const char*, const char*> kNumberFlags[] = {{"gamma", "gamma"},
                                                                {"lr", "lr"},
                                                                {"tau", "tau"},
                                                                {"epsilon-start", "epsilon_start"},
                                                                {"epsilon-end", "epsilon_end"},
                                                                {"reward-scale", "reward_scale"},
                                                                {"grad-clip", "grad_clip"}};
constexpr std::pair<const char*, const char*> kIntegerFlags[] = {{"steps", "steps"},
                                                                 {"batch", "batch"},
                                                                 {"replay", "replay"},
                                                                 {"learn-start", "learn_start"},
                                                                 {"train-every", "train_every"},
                                                                 {"target-every", "target_every"},
                                                                 {"epsilon-steps", "epsilon_steps"},
                                                                 {"seed", "seed"}};

std::set<std::string> known_flags() {
  std::set<std::string> known = {"method",        "hidden",    "loss",       "double-dqn",       "out",
                                 "eval-episodes", "eval-seed", "checkpoint", "checkpoint-every", "resume"};
  for (const auto& [flag, key] : kNumberFlags) known.insert(flag);
  for (const auto& [flag, key] : kIntegerFlags) known.insert(flag);
  return known;
}

// A number flag's whole text as a number; throws InputError naming the flag.
double number_value(const char* flag, const std::string& text) {
  size_t used = 0;
  double v = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size())
    throw InputError("flag --" + std::string(flag), "expected a number, got '" + text + "'");
  return v;
}

// The settings the flags give, under DqnSettings' JSON keys; the rest keep their defaults (reward_scale 0.1).
train::DqnSettings read_dqn_settings(const Args& args) {
  Json given = Json::object();
  for (const auto& [flag, key] : kIntegerFlags)
    if (args.has(flag)) given[key] = args.get_long(flag, 0, 0, (1L << 53));
  for (const auto& [flag, key] : kNumberFlags)
    if (args.has(flag)) given[key] = number_value(flag, args.get(flag));
  if (args.has("hidden")) given["hidden"] = parse_sizes(args.get("hidden"));
  if (args.has("loss")) given["loss"] = args.get("loss");
  if (args.has("double-dqn")) {
    const std::string v = args.get("double-dqn");
    if (v != "true" && v != "false") throw InputError("flag --double-dqn", "expected true or false, got '" + v + "'");
    given["double_dqn"] = v == "true";
  }
  train::DqnSettings defaults;
  defaults.reward_scale = 0.1;
  return train::DqnSettings::from_json(given, defaults);
}

// A progress bar on stderr: rewritten in place on a terminal, else a line every 50 reports.
void print_progress(const train::DqnProgress& p, int64_t steps, int64_t report,
                    std::chrono::steady_clock::time_point start) {
  const double frac = double(p.step) / double(steps);
  const int filled = int(frac * 30);
  const double secs = seconds_since(start);
  char line[240];
  std::snprintf(line, sizeof line,
                "[%s%s] %5.1f%% step %lld, %lld episodes, epsilon %.3f, running return %+.2f, loss %.4f, %.0f s",
                std::string(size_t(filled), '#').c_str(), std::string(size_t(30 - filled), '.').c_str(), 100 * frac,
                static_cast<long long>(p.step), static_cast<long long>(p.episodes), p.epsilon, p.running_return, p.loss,
                secs);
  if (isatty(2))
    std::fprintf(stderr, "\r%s\x1b[K", line);
  else if (p.step % (report * 50) == 0)
    std::fprintf(stderr, "%s\n", line);
}

// Trains to settings.steps; with a checkpoint file, in pieces of checkpoint_every steps, saving it after each.
void train_to_end(train::DqnTrainer& trainer, const train::DqnSettings& settings, const std::string& checkpoint,
                  long checkpoint_every, std::chrono::steady_clock::time_point start) {
  const int64_t report = std::max<int64_t>(1000, settings.steps / 1000);
  while (!trainer.finished()) {
    trainer.train(
        checkpoint.empty() ? settings.steps : checkpoint_every,
        [&](const train::DqnProgress& p) { print_progress(p, settings.steps, report, start); }, report);
    if (!checkpoint.empty()) trainer.save_checkpoint(checkpoint);
  }
  if (isatty(2)) std::fprintf(stderr, "\n");
}

// The agent dqn, greedy, on eval_episodes episodes from eval_seed (it reads the policy file provided under the
// shipped name): printed, and returned as the policy file's scores.
Json evaluate_greedy(const zuma::Scenario& scenario, long eval_episodes, uint64_t eval_seed) {
  const auto eval_start = std::chrono::steady_clock::now();
  const zuma::EvalResult r = zuma::evaluate(scenario, "dqn", eval_episodes, eval_seed);
  const double mean = r.returns.mean(), half = r.returns.half_width();
  std::printf(
      "evaluation (greedy): mean return %.2f (95%% interval %.2f to %.2f); line cleared in %.1f%% of episodes; %.1f "
      "s\n",
      mean, mean - half, mean + half, 100.0 * double(r.cleared) / double(eval_episodes), seconds_since(eval_start));
  return {{"protocol", "playground zuma eval --agent dqn --episodes " + std::to_string(eval_episodes) + " --seed " +
                           std::to_string(eval_seed) + " (same scenario)"},
          {"episodes", eval_episodes},
          {"seeds", std::to_string(eval_seed) + ".." + std::to_string(eval_seed + uint64_t(eval_episodes) - 1)},
          {"mean", std::round(mean * 100) / 100},
          {"ci95", std::round(half * 100) / 100},
          {"cleared", double(r.cleared) / double(eval_episodes)}};
}

void write_policy_file(const std::string& out, const std::string& bytes) {
  std::ofstream file(out, std::ios::binary);
  if (!file) throw InputError("flag --out", "cannot write '" + out + "'");
  file << bytes;
  std::cout << "saved " << out << " (" << bytes.size() << " bytes)\n";
}

}  // namespace

int zuma_train_dqn(const GameEntry& entry, const Args& args) {
  args.check_known(known_flags(), entry.options);
  const zuma::Scenario scenario = zuma::scenario_from_options(args.game_options(entry.options));
  const train::DqnSettings settings = read_dqn_settings(args);
  const std::string out = args.get("out", "");
  if (out.empty()) throw InputError("flag --out", "missing (where to save the policy, e.g. policies/zuma/dqn.rlpg)");
  const long eval_episodes = args.get_long("eval-episodes", 20000, 0, 100000000);
  const uint64_t eval_seed = args.get_seed("eval-seed", 1);
  const std::string checkpoint = args.get("checkpoint", "");
  const long checkpoint_every = args.get_long("checkpoint-every", 50000, 1, 1L << 40);

  auto game = std::make_shared<const zuma::ZumaGame>(scenario);
  std::vector<std::string> actions;
  for (int a = zuma::kSkip; a <= scenario.max_length; ++a) actions.push_back(std::to_string(a));
  train::GameEnvironment env(game, actions);
  train::DqnTrainer trainer(env, settings);
  if (args.has("resume")) trainer.load_checkpoint(args.get("resume"));
  std::string command = "playground zuma train";
  for (const auto& w : args.words()) command += " " + w;
  std::cout << "DQN on Zuma, max_steps " << scenario.max_steps << ", max_length " << scenario.max_length
            << (scenario.random_lines ? ", random lines" : "") << "; observation " << zuma::kObservationEncoding << " "
            << nn::Shape(env.observation_shape()).str() << "; " << settings.to_json().dump() << "\n";

  const auto start = std::chrono::steady_clock::now();
  train_to_end(trainer, settings, checkpoint, checkpoint_every, start);
  const double train_seconds = seconds_since(start);
  std::printf("trained %lld steps (%lld episodes) in %.1f s\n", static_cast<long long>(settings.steps),
              static_cast<long long>(trainer.progress().episodes), train_seconds);

  Json training = {{"command", command},
                   {"method", "DQN (tools/train/dqn.h)"},
                   {"settings", settings.to_json()},
                   {"scenario", zuma::to_json(scenario)},
                   {"train_seconds", std::round(train_seconds * 10) / 10},
                   {"learning_curve", trainer.curve()},
                   {"learning_curve_every", 100}};
  std::string bytes = nn::write_policy(trainer.export_policy("zuma", training, Json::object()));
  if (eval_episodes > 0) {
    provide_policy_file(zuma::kDqnPolicyFile, bytes);
    bytes =
        nn::write_policy(trainer.export_policy("zuma", training, evaluate_greedy(scenario, eval_episodes, eval_seed)));
  }
  write_policy_file(out, bytes);
  return 0;
}

}  // namespace pg::cli
