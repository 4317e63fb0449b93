// Zuma's own commands: eval (the homework's grading) and train (the
// model-free learner that produces policies/zuma/*.rlpg).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>

#include "engine/core/error.h"
#include "engine/games/zuma/evaluate.h"
#include "engine/games/zuma/q_learning.h"
#include "engine/games/zuma/zuma_game.h"
#include "tools/playground/commands.h"

namespace pg::cli {
namespace {

std::string describe(const zuma::Scenario& s) {
  std::string text = "max_steps " + std::to_string(s.max_steps) + ", max_length " + std::to_string(s.max_length);
  return text + (s.random_lines ? ", a new random line each episode" : ", the scenario's line");
}

void print_eval(const zuma::EvalResult& r, const std::string& agent, double seconds) {
  const double mean = r.returns.mean();
  const double half = r.returns.half_width();
  std::printf("%s: mean return %.2f (95%% interval %.2f to %.2f), sd %.1f; line cleared in %.1f%% of episodes\n",
              agent.c_str(), mean, mean - half, mean + half, std::sqrt(r.returns.variance()),
              100.0 * double(r.cleared) / double(r.returns.count()));
  std::printf("%.2f s, %.0f episodes/s\n", seconds, double(r.returns.count()) / seconds);
}

// A progress line on stderr, only for a terminal.
void progress_line(const std::string& text) {
  if (isatty(2)) std::fprintf(stderr, "\r%s\x1b[K", text.c_str());
}

}  // namespace

int zuma_eval(const GameEntry& entry, const Args& args) {
  args.check_known({"agent", "episodes", "seed"}, entry.options);
  const zuma::Scenario scenario = zuma::scenario_from_options(args.game_options(entry.options));
  const std::string agent = args.get("agent", "trained");
  const long episodes = args.get_long("episodes", 10000, 1, 100000000);
  const uint64_t seed = args.get_seed("seed", 1);
  std::cout << "Zuma, " << describe(scenario) << "; agent " << agent << ", " << episodes << " episodes (seeds " << seed
            << ".." << seed + uint64_t(episodes) - 1 << ")\n";
  const auto start = std::chrono::steady_clock::now();
  const zuma::EvalResult r = zuma::evaluate(scenario, agent, episodes, seed, [&](int64_t done) {
    progress_line(std::to_string(done) + "/" + std::to_string(episodes) + " episodes");
  });
  progress_line("");
  if (isatty(2)) std::fprintf(stderr, "\r");
  print_eval(r, agent, seconds_since(start));
  return 0;
}

int zuma_train(const GameEntry& entry, const Args& args) {
  const std::string method = args.get("method", "tabular");
  // --method dqn is run by playground-train (training.h).
  if (method != "tabular") throw InputError("flag --method", "expected tabular or dqn, got '" + method + "'");
  args.check_known({"method", "episodes", "alpha", "epsilon-start", "epsilon-end", "gamma", "seed", "curve-every",
                    "out", "eval-episodes", "eval-seed"},
                   entry.options);
  const zuma::Scenario scenario = zuma::scenario_from_options(args.game_options(entry.options));
  Json given = Json::object();
  for (const char* flag : {"episodes", "seed", "curve-every"})
    if (args.has(flag))
      given[std::string(flag) == "curve-every" ? "curve_every" : flag] = args.get_long(flag, 0, 0, 1000000000);
  for (const char* flag : {"alpha", "epsilon-start", "epsilon-end", "gamma"}) {
    if (!args.has(flag)) continue;
    try {
      size_t used = 0;
      const std::string text = args.get(flag);
      const double v = std::stod(text, &used);
      if (used != text.size()) throw std::invalid_argument(text);
      std::string key = flag;
      std::replace(key.begin(), key.end(), '-', '_');
      given[key] = v;
    } catch (const std::exception&) {
      throw InputError("flag --" + std::string(flag), "expected a number, got '" + args.get(flag) + "'");
    }
  }
  const zuma::TrainSettings settings = zuma::TrainSettings::from_json(given, zuma::TrainSettings{});
  const std::string out = args.get("out", "");
  if (out.empty()) throw InputError("flag --out", "missing (where to save the policy, e.g. policies/zuma/mine.rlpg)");
  const long eval_episodes = args.get_long("eval-episodes", 50000, 0, 100000000);
  const uint64_t eval_seed = args.get_seed("eval-seed", 1);

  std::cout << "Q-learning on Zuma, " << describe(scenario) << "; " << settings.to_json().dump() << "\n";
  zuma::QLearner learner(scenario, settings);
  const auto start = std::chrono::steady_clock::now();
  const int64_t slice = std::max<int64_t>(1, settings.episodes / 200);
  while (!learner.finished()) {
    learner.train(slice);
    char line[160];
    std::snprintf(line, sizeof line, "%lld/%lld episodes, epsilon %.3f, last curve point %.2f",
                  static_cast<long long>(learner.episodes_done()), static_cast<long long>(settings.episodes),
                  learner.epsilon(), learner.curve().empty() ? 0.0 : learner.curve().back());
    progress_line(line);
  }
  progress_line("");
  const double train_seconds = seconds_since(start);
  std::printf("trained %lld episodes in %.1f s; %zu feature keys visited\n",
              static_cast<long long>(learner.episodes_done()), train_seconds, learner.policy().visited_keys());

  zuma::QPolicy policy = learner.policy();
  policy.info = {{"trained_with", "playground zuma train (tabular Q-learning, engine/games/zuma/q_learning.h)"},
                 {"settings", settings.to_json()},
                 {"scenario", zuma::to_json(scenario)},
                 {"train_seconds", std::round(train_seconds * 10) / 10},
                 {"learning_curve", learner.curve()}};
  if (eval_episodes > 0) {
    zuma::q_policies().store("just-trained", std::make_shared<const zuma::QPolicy>(policy));
    const auto eval_start = std::chrono::steady_clock::now();
    const zuma::EvalResult r = zuma::evaluate(scenario, "trained:just-trained", eval_episodes, eval_seed);
    print_eval(r, "evaluation", seconds_since(eval_start));
    policy.info["score"] = {
        {"episodes", eval_episodes},
        {"seeds", std::to_string(eval_seed) + ".." + std::to_string(eval_seed + uint64_t(eval_episodes) - 1)},
        {"mean", std::round(r.returns.mean() * 100) / 100},
        {"ci95", std::round(r.returns.half_width() * 100) / 100},
        {"cleared", double(r.cleared) / double(eval_episodes)}};
  }
  // The policy format (docs/policies.md), or the JSON table when the name ends in .json.
  const bool json = out.size() >= 5 && out.substr(out.size() - 5) == ".json";
  std::ofstream file(out, std::ios::binary);
  if (!file) throw InputError("flag --out", "cannot write '" + out + "'");
  if (json)
    file << policy.to_json().dump() << "\n";
  else
    file << policy.to_policy_file();
  if (!file.flush()) throw InputError("flag --out", "cannot write '" + out + "'");
  std::cout << "saved " << out << "\n";
  return 0;
}

// Converts a Q-table between its two forms: the policy format (written unless --out ends in .json; float32,
// or float16 with --float16) and the JSON table. Reads either.
int zuma_convert(const GameEntry& entry, const Args& args) {
  args.check_known({"in", "out", "float16"}, entry.options);
  const std::string in = args.get("in", ""), out = args.get("out", "");
  if (in.empty()) throw InputError("flag --in", "missing (the Q-table to read, .rlpg or .json)");
  if (out.empty()) throw InputError("flag --out", "missing (the file to write)");
  std::ifstream file(in, std::ios::binary);
  if (!file) throw InputError("flag --in", "cannot read '" + in + "'");
  const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const zuma::QPolicy policy = zuma::QPolicy::parse(bytes, in);
  const bool json = out.size() >= 5 && out.substr(out.size() - 5) == ".json";
  std::ofstream to(out, std::ios::binary);
  if (!to) throw InputError("flag --out", "cannot write '" + out + "'");
  if (json)
    to << policy.to_json().dump() << "\n";
  else
    to << policy.to_policy_file(args.has("float16") ? nn::DType::kFloat16 : nn::DType::kFloat32);
  if (!to.flush()) throw InputError("flag --out", "cannot write '" + out + "'");
  std::cout << "saved " << out << " (" << policy.visited_keys() << " visited keys)\n";
  return 0;
}

}  // namespace pg::cli
