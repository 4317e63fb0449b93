#include "tools/playground/program_agent.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <optional>
#include <utility>

#include "engine/core/agent_maker.h"
#include "engine/core/agent_protocol.h"
#include "engine/core/error.h"

namespace pg::cli {

namespace {

using Clock = std::chrono::steady_clock;

// One line longer than this (or no newline within it) is a flood.
constexpr size_t kMaxLine = size_t(16) << 20;
// The stderr kept for messages: its last bytes.
constexpr size_t kStderrKept = 2000;

// Why a program stopped being an agent: the note its seat declines with.
struct Failure {
  std::string what;
};

// A child process under /bin/sh -c, its stdin, stdout and stderr piped.
class Process {
 public:
  explicit Process(const std::string& command) {
    int in[2], out[2], err[2];
    if (pipe(in) != 0 || pipe(out) != 0 || pipe(err) != 0) throw Failure{"could not make pipes"};
    pid_ = fork();
    if (pid_ < 0) throw Failure{"could not start a process"};
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      dup2(err[1], 2);
      for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) close(fd);
      execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);
    stdin_ = in[1];
    stdout_ = out[0];
    stderr_ = err[0];
    for (int fd : {stdin_, stdout_, stderr_}) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  }
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;
  ~Process() {
    for (int fd : {stdin_, stdout_, stderr_})
      if (fd >= 0) close(fd);
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  // Writes the line and its newline by the deadline.
  void send(const std::string& text, Clock::time_point deadline) {
    const std::string line = text + "\n";
    size_t sent = 0;
    while (sent < line.size()) {
      const ssize_t n = write(stdin_, line.data() + sent, line.size() - sent);
      if (n > 0) {
        sent += size_t(n);
        continue;
      }
      // It no longer reads (it may have ended after writing its answer): what it wrote is read next.
      if (n < 0 && errno == EPIPE) return;
      if (n < 0 && errno != EAGAIN && errno != EINTR) throw Failure{"could not write to it"};
      wait_for(stdin_, POLLOUT, deadline, "did not read its input");
    }
  }

  // The next line of stdout, without its newline, by the deadline.
  std::string receive(Clock::time_point deadline) {
    for (;;) {
      if (const size_t end = out_.find('\n'); end != std::string::npos) {
        std::string line = out_.substr(0, end);
        out_.erase(0, end + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
      }
      if (out_.size() > kMaxLine) throw Failure{"flooded its output (more than 16 MiB without a newline)"};
      const bool open = drain(stdout_, out_);
      if (out_.find('\n') != std::string::npos || out_.size() > kMaxLine) continue;
      if (!open) {
        const std::string status = exit_status();
        throw Failure{status.empty() ? "closed its output" : "exited " + status};
      }
      wait_for(stdout_, POLLIN, deadline, "did not answer");
    }
  }

  // The last lines it wrote to stderr, for a message ("" when none).
  std::string stderr_tail() {
    std::string chunk;
    drain(stderr_, chunk);
    keep_stderr(chunk);
    return err_;
  }

 private:
  // Reads what is there into `into`; false at end of file.
  static bool drain(int fd, std::string& into) {
    char buffer[65536];
    for (;;) {
      const ssize_t n = read(fd, buffer, sizeof buffer);
      if (n > 0) {
        into.append(buffer, size_t(n));
        if (into.size() > kMaxLine) return true;
        continue;
      }
      if (n == 0) return false;
      return errno == EAGAIN || errno == EINTR;
    }
  }

  void keep_stderr(const std::string& chunk) {
    err_ += chunk;
    if (err_.size() > kStderrKept) err_.erase(0, err_.size() - kStderrKept);
  }

  // Waits until `fd` is ready for `events` (stderr read meanwhile), or throws `late` at the deadline.
  void wait_for(int fd, short events, Clock::time_point deadline, const char* late) {
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) throw Failure{std::string(late) + " within the time limit"};
      pollfd fds[2] = {{fd, events, 0}, {stderr_, POLLIN, 0}};
      const int ready = poll(fds, 2, int(left));
      if (ready < 0 && errno != EINTR) throw Failure{"could not wait for it"};
      if (fds[1].revents != 0) {
        std::string chunk;
        drain(stderr_, chunk);
        keep_stderr(chunk);
      }
      if (fds[0].revents != 0) return;
    }
  }

  // "(exit status 3)" or "(killed by signal 11)" once it has ended (waiting up to half a second), else "".
  std::string exit_status() {
    int status = 0;
    pid_t ended = 0;
    for (int i = 0; i < 50 && (ended = waitpid(pid_, &status, WNOHANG)) == 0; ++i) usleep(10000);
    if (ended != pid_) return "";
    pid_ = -1;
    if (WIFEXITED(status)) return "(exit status " + std::to_string(WEXITSTATUS(status)) + ")";
    if (WIFSIGNALED(status)) return "(killed by signal " + std::to_string(WTERMSIG(status)) + ")";
    return "";
  }

  pid_t pid_ = -1;
  int stdin_ = -1, stdout_ = -1, stderr_ = -1;
  std::string out_, err_;
};

class ProgramAgent : public Agent {
 public:
  ProgramAgent(const Game& game, std::string command) : game_(game), command_(std::move(command)) {}

  std::string spec() const override { return "program:" + command_; }

  Decision decide(const State& state, Rng& /*rng*/) override {
    if (failure_) return declined_decision(*failure_);
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(long(kProgramTimeLimit * 1000));
    std::string line;
    try {
      if (!process_) start(state.current_player(), deadline);
      process_->send(agent_protocol::decide_message(state, kProgramTimeLimit).dump(), deadline);
      line = process_->receive(deadline);
      return agent_protocol::decision_from_reply(parse(line), state);
    } catch (const Failure& f) {
      return fail(f.what);
    } catch (const InputError& e) {
      return fail("answered what the protocol does not allow: " + std::string(e.what()));
    }
  }

 private:
  void start(int seat, Clock::time_point deadline) {
    signal(SIGPIPE, SIG_IGN);  // a program that has exited is reported, not fatal
    process_ = std::make_unique<Process>(command_);
    process_->send(agent_protocol::start_message(game_, seat).dump(), deadline);
    try {
      agent_protocol::check_ready(parse(process_->receive(deadline)));
    } catch (const InputError& e) {
      throw Failure{"did not start as the protocol asks: " + std::string(e.what())};
    }
  }

  static Json parse(const std::string& line) {
    Json j = Json::parse(line, nullptr, false);
    if (j.is_discarded()) {
      const std::string shown = line.size() > 80 ? line.substr(0, 80) + "..." : line;
      throw Failure{"printed a line that is not JSON: '" + shown +
                    "' (the protocol is one JSON object per line on stdout; print anything else to stderr)"};
    }
    return j;
  }

  Decision fail(const std::string& what) {
    std::string note = "program '" + command_ + "' " + what;
    if (process_) {
      std::string tail = process_->stderr_tail();
      while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.pop_back();
      if (!tail.empty()) note += "; the end of its stderr:\n" + tail;
    }
    failure_ = note;
    process_.reset();
    return declined_decision(note);
  }

  const Game& game_;
  std::string command_;
  std::unique_ptr<Process> process_;
  std::optional<std::string> failure_;
};

}  // namespace

std::unique_ptr<Agent> make_program_agent(const Game& game, const std::string& command) {
  if (command.empty())
    throw InputError("agent 'program:'", "name the command after 'program:', e.g. program:python3 my_agent.py");
  return std::make_unique<ProgramAgent>(game, command);
}

void register_program_agents() { register_agent_maker("program", make_program_agent); }

}  // namespace pg::cli
