#include "tools/playground/course_program_agent.h"

#include <chrono>
#include <optional>
#include <sstream>
#include <utility>
#include <vector>

#include "engine/core/agent_maker.h"
#include "engine/core/error.h"
#include "engine/games/binary/binary_game.h"
#include "tools/playground/child_process.h"
#include "tools/playground/program_agent.h"

namespace pg::cli {

namespace {

// A command's answer: the lines before its status line, and the status line ("= 1", "= -1", "= illegal move: ...").
struct Answer {
  std::vector<std::string> lines;
  std::string status;
};

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

class CourseProgramAgent : public Agent {
 public:
  explicit CourseProgramAgent(std::string command) : command_(std::move(command)) {}

  std::string spec() const override { return "course-program:" + command_; }

  Decision decide(const State& state, Rng& /*rng*/) override {
    if (failure_) return declined_decision(*failure_);
    const auto& binary = dynamic_cast<const binary::BinaryState&>(state);
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(long(kProgramTimeLimit * 1000));
    try {
      if (!process_) process_ = std::make_unique<ChildProcess>(command_);
      set_up(binary.board(), deadline);
      Decision d;
      d.actions = state.legal_actions();
      const std::optional<std::vector<double>> policy = policy_moves(binary, d.actions, deadline);
      const Answer move = ask("genmove", deadline);
      if (move.status != "= 1" || move.lines.empty()) return fail("answered 'genmove' with '" + move.status + "'");
      const std::string said = move.lines.back();
      if (words(said) == std::vector<std::string>{"resign"}) return resign(binary);
      d.chosen = action_of(binary, said, "genmove");
      d.probabilities = policy ? *policy : std::vector<double>(d.actions.size(), 0.0);
      if (!policy)
        for (size_t i = 0; i < d.actions.size(); ++i) d.probabilities[i] = d.actions[i] == d.chosen ? 1.0 : 0.0;
      d.note = "genmove: " + said + (policy ? "; probabilities from policy_moves" : "; no policy_moves");
      return d;
    } catch (const ProgramFailure& f) {
      return fail(f.what);
    }
  }

 private:
  // `game n m`, then every filled point as `play x y d` (any order is legal: the rules only forbid what more
  // points would make), sent at once and answered in order.
  void set_up(const binary::Board& board, Clock::time_point deadline) {
    std::vector<std::string> commands = {"game " + std::to_string(board.width) + " " + std::to_string(board.height)};
    for (int x = 0; x < board.width; ++x)
      for (int y = 0; y < board.height; ++y)
        if (const int d = board.at(x, y); d != binary::kEmpty)
          commands.push_back("play " + std::to_string(x) + " " + std::to_string(y) + " " + std::to_string(d));
    std::string all;
    for (const auto& c : commands) all += (all.empty() ? "" : "\n") + c;
    process_->send(all, deadline);
    for (const auto& c : commands) {
      const Answer a = read_answer(deadline);
      if (a.status != "= 1") throw ProgramFailure{"answered '" + c + "' with '" + a.status + "'"};
    }
  }

  // The program's probabilities for the legal actions, normalised (it prints them to 3 decimals); nothing when
  // it does not know the command.
  std::optional<std::vector<double>> policy_moves(const binary::BinaryState& state, const std::vector<Action>& legal,
                                                  Clock::time_point deadline) {
    const Answer a = ask("policy_moves", deadline);
    if (a.status != "= 1") return std::nullopt;
    const std::vector<std::string> w = words(a.lines.empty() ? "" : a.lines.back());
    if (w.size() % 4 != 0)
      throw ProgramFailure{"answered 'policy_moves' with " + std::to_string(w.size()) +
                           " words, not 'x y d p' for each move"};
    std::vector<double> p(legal.size(), 0.0);
    double sum = 0;
    for (size_t i = 0; i < w.size(); i += 4) {
      const Action action = action_of(state, w[i] + " " + w[i + 1] + " " + w[i + 2], "policy_moves");
      double probability = 0;
      try {
        probability = std::stod(w[i + 3]);
      } catch (const std::exception&) {
        throw ProgramFailure{"answered 'policy_moves' with '" + w[i + 3] + "' as a probability"};
      }
      if (!(probability >= 0)) throw ProgramFailure{"answered 'policy_moves' with a negative probability"};
      for (size_t k = 0; k < legal.size(); ++k)
        if (legal[k] == action) p[k] = probability;
      sum += probability;
    }
    if (sum <= 0) return std::nullopt;
    for (double& x : p) x /= sum;
    return p;
  }

  Answer ask(const std::string& command, Clock::time_point deadline) {
    process_->send(command, deadline);
    return read_answer(deadline);
  }

  // Lines up to the status line ("= ..."), and the empty line after it.
  Answer read_answer(Clock::time_point deadline) {
    Answer a;
    for (std::string line = process_->receive(deadline);; line = process_->receive(deadline)) {
      if (line.starts_with("=")) {
        a.status = line;
        break;
      }
      a.lines.push_back(line);
    }
    if (const std::string blank = process_->receive(deadline); !blank.empty())
      throw ProgramFailure{"printed '" + blank + "' after '" + a.status +
                           "' (the protocol ends an answer with an empty line)"};
    return a;
  }

  // "x y d" as the legal action it names, else a failure naming the command that said it.
  static Action action_of(const binary::BinaryState& state, const std::string& said, const std::string& command) {
    const std::vector<std::string> w = words(said);
    const binary::Board& b = state.board();
    if (w.size() == 3) {
      try {
        const int x = std::stoi(w[0]), y = std::stoi(w[1]), d = std::stoi(w[2]);
        if (b.on_board(x, y) && (d == 0 || d == 1) && b.is_legal(x, y, d)) return binary::encode_action(b, x, y, d);
      } catch (const std::exception&) {
      }
    }
    throw ProgramFailure{"answered '" + command + "' with '" + said + "', which is not a legal move 'x y d' here"};
  }

  Decision resign(const binary::BinaryState& state) {
    return fail("resigned (genmove answered 'resign') with " + std::to_string(state.board().count_legal()) +
                " legal moves");
  }

  Decision fail(const std::string& what) {
    const std::string note = failure_note(command_, what, process_.get());
    failure_ = note;
    process_.reset();
    return declined_decision(note);
  }

  std::string command_;
  std::unique_ptr<ChildProcess> process_;
  std::optional<std::string> failure_;
};

}  // namespace

std::unique_ptr<Agent> make_course_program_agent(const Game& game, const std::string& command) {
  if (game.name() != binary::kInfo.name)
    throw InputError("agent 'course-program:" + command + "'",
                     "the course's text protocol is the Binary Game's; for " + game.name() +
                         " seat your program as program:COMMAND (docs/agent-protocol.md)");
  if (command.empty())
    throw InputError("agent 'course-program:'",
                     "name the command after 'course-program:', e.g. course-program:python3 a3.py");
  return std::make_unique<CourseProgramAgent>(command);
}

void register_course_program_agents() { register_agent_maker("course-program", make_course_program_agent); }

}  // namespace pg::cli
