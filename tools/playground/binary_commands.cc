// The Binary Game's own commands: protocol (the course's text protocol on
// stdin/stdout), solve (the exact solver), and pattern files named by path
// in agent specs.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/rng.h"
#include "engine/games/binary/binary_game.h"
#include "engine/games/binary/fit.h"
#include "engine/games/binary/pattern_files.h"
#include "engine/games/binary/protocol.h"
#include "engine/games/binary/solver.h"
#include "tools/playground/commands.h"

namespace pg::cli {

namespace {

// "NxM": N columns, M rows, as the course's `game n m`.
std::pair<int, int> parse_size(const std::string& text) {
  const size_t x = text.find_first_of("xX");
  int n = 0, m = 0;
  char tail = 0;
  if (x == std::string::npos || std::sscanf(text.c_str(), "%d%*[xX]%d%c", &n, &m, &tail) != 2 || n < 1 || m < 1 ||
      n > binary::kMaxSide || m > binary::kMaxSide)
    throw InputError("flag --size", "expected NxM (N columns, M rows, e.g. 4x4), got '" + text + "'");
  return {n, m};
}

}  // namespace

int binary_solve(const GameEntry& /*game*/, const Args& args) {
  args.check_known({"size", "actions", "time-limit", "table-bits", "moves", "no-mirror-rule"}, {});
  if (!args.has("size")) throw InputError("flag --size", "missing (the board, e.g. --size 4x4)");
  const auto [n, m] = parse_size(args.get("size"));
  const double limit = double(args.get_long("time-limit", 0, 0, 1000000));
  const int bits = int(args.get_long("table-bits", 23, 10, 30));
  const binary::BinaryGame game({n, m});
  std::unique_ptr<State> state = game.initial_state(1);
  for (const auto& name : split_list(args.get("actions"), ';')) state->apply(state->parse_action(name));
  const binary::Board board = dynamic_cast<const binary::BinaryState&>(*state).board();
  binary::Solver solver(n, m, bits, !args.has("no-mirror-rule"));
  const auto start = std::chrono::steady_clock::now();
  const binary::Outcome outcome = solver.solve(board, {limit, 0});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const int mover = board.to_move();
  std::cout << "Binary Game " << n << "x" << m << (board.filled ? ", after " + args.get("actions") : ", empty board")
            << ", player " << mover << " (the course's " << mover + 1 << ") to move:\n";
  if (outcome == binary::Outcome::kUnknown) {
    std::cout << "undecided within the time limit\n";
  } else {
    const int winner = outcome == binary::Outcome::kWin ? mover : 1 - mover;
    std::cout << "player " << winner << " (the course's " << winner + 1 << ", the "
              << (winner == 0 ? "first" : "second") << " player) wins with perfect play\n";
  }
  std::printf("time %.3f s, %llu positions expanded (%.2f M/s), %zu in the table (2^%d slots)\n", seconds,
              static_cast<unsigned long long>(solver.nodes()), double(solver.nodes()) / seconds / 1e6, solver.stored(),
              bits);
  if (args.has("moves")) {
    for (const auto& l : solver.label_moves(board, {limit, 0}))
      std::printf("  %d,%d,%d %s\n", l.x, l.y, l.d, binary::outcome_text(l.outcome));
  }
  return 0;
}

int binary_fit(const GameEntry& entry, const Args& args) {
  args.check_known({"teacher", "games", "seed", "opening", "iterations", "min-count", "prior", "out"}, entry.options);
  if (!args.has("out")) throw InputError("flag --out", "missing (the pattern file to write)");
  const auto game = entry.create(args.game_options(entry.options));
  const auto& size = dynamic_cast<const binary::BinaryGame&>(*game).size();
  const std::string teacher_spec = args.get("teacher", "mcts:1000");
  const long games = args.get_long("games", 200, 1, 10000000);
  const uint64_t seed = args.get_seed("seed", 1);
  const int opening = int(args.get_long("opening", 2, 0, 1000));
  const int iterations = int(args.get_long("iterations", 100, 1, 100000));
  const auto min_count = uint32_t(args.get_long("min-count", 100, 1, 1000000000));
  const double prior = double(args.get_long("prior", 1, 0, 1000000));
  const std::string out = args.get("out");
  std::unique_ptr<Agent> teacher = make_agent(*game, teacher_spec);

  // The teacher plays itself; each of its decisions is recorded.
  binary::FitData data;
  const auto start = std::chrono::steady_clock::now();
  for (long g = 0; g < games; ++g) {
    const uint64_t game_seed = seed + uint64_t(g);
    Rng rng(mix_seed(game_seed, 0x6669u));
    std::unique_ptr<State> state = game->initial_state(game_seed);
    for (int ply = 0; !state->is_terminal(); ++ply) {
      const std::vector<Action> legal = state->legal_actions();
      Action a = 0;
      if (ply < opening) {
        a = legal[rng.below(uint32_t(legal.size()))];
      } else {
        a = teacher->decide(*state, rng).chosen;
        const auto& board = dynamic_cast<const binary::BinaryState&>(*state).board();
        const binary::Move m = binary::decode_action(board, a);
        data.add(board, m.x, m.y, m.d);
      }
      state->apply(a);
    }
    if ((g + 1) % std::max(1L, games / 10) == 0)
      std::cerr << "  " << g + 1 << " games, " << data.decisions() << " decisions\n";
  }
  const double play_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const binary::FitData::Fit fit = data.fit(iterations, min_count, prior);
  size_t fitted = 0;
  for (size_t k = 0; k < size_t(binary::kNumFeatures); ++k) fitted += fit.occurrences[k] >= min_count;

  std::string command = "playground binary fit";
  for (const auto& word : args.words()) command += " " + word;
  char buf[512];
  std::string text =
      "# Binary Game pattern weights learned by Minorization-Maximization (docs/experiments/binary.md)\n";
  text += "# command: " + command + "\n";
  std::snprintf(buf, sizeof buf,
                "# data: %ld games of %s against itself on %dx%d boards, seeds %llu..%llu, the first %d plies "
                "uniformly random and not recorded: %zu decisions, %zu legal moves, %.0f s\n",
                games, teacher_spec.c_str(), size.width, size.height, static_cast<unsigned long long>(seed),
                static_cast<unsigned long long>(seed + uint64_t(games) - 1), opening, data.decisions(), data.moves(),
                play_seconds);
  text += buf;
  std::snprintf(buf, sizeof buf,
                "# fit: %d MM iterations, the %zu (string, digit) features seen at least %u times among the legal "
                "moves (the rest keep weight 10), a prior of %g virtual wins at weight 10\n",
                iterations, fitted, min_count, prior);
  text += buf;
  std::snprintf(buf, sizeof buf,
                "# mean log-likelihood of the teacher's moves per decision: %.4f with every weight 10, %.4f fitted\n",
                fit.log_likelihood.front(), fit.log_likelihood.back());
  text += buf;
  text += binary::fit_to_text(fit);
  binary::PatternTable::parse(text, out);  // what we write must read back
  std::ofstream file(out, std::ios::binary);
  if (!(file << text) || !file.flush()) throw InputError("flag --out", "cannot write '" + out + "'");
  std::cout << text.substr(0, text.find("\n", text.find("# mean")) + 1);
  std::cout << "wrote " << out << " (" << fitted << " patterns)\n";
  return 0;
}

int binary_protocol(const GameEntry& /*game*/, const Args& args) {
  args.check_known({"seed"}, {});
  binary::Protocol protocol(std::cout, std::cerr, args.get_seed("seed", 1));
  protocol.run(std::cin);
  return 0;
}

void load_pattern_files(const Args& args) {
  for (const char* flag : {"agents", "first", "second", "agent", "teacher"}) {
    const std::string list = args.get(flag);
    size_t start = 0;
    while (start <= list.size()) {
      const size_t comma = std::min(list.find(',', start), list.size());
      const std::string spec = list.substr(start, comma - start);
      start = comma + 1;
      // patterns:PATH or mcts:N:PATH
      std::string path;
      if (spec.rfind("patterns:", 0) == 0) path = spec.substr(9);
      if (spec.rfind("mcts:", 0) == 0 && spec.find(':', 5) != std::string::npos)
        path = spec.substr(spec.find(':', 5) + 1);
      if (path.empty()) continue;
      std::error_code ec;
      if (!std::filesystem::is_regular_file(path, ec)) continue;  // a shipped file's name
      // Stored under the path itself, so the agent's spec stays the one given.
      binary::pattern_tables().store(path, std::make_shared<const binary::PatternTable>(binary::PatternTable::parse(
                                               read_file(path, "flag --" + std::string(flag)), path)));
    }
  }
}

}  // namespace pg::cli
