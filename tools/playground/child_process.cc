#include "tools/playground/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

namespace pg::cli {

namespace {

// One line longer than this (or no newline within it) is a flood.
constexpr size_t kMaxLine = size_t(16) << 20;
// The stderr kept for messages: its last bytes.
constexpr size_t kStderrKept = 2000;

// Reads what is there into `into`; false at end of file.
bool drain(int fd, std::string& into) {
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

}  // namespace

ChildProcess::ChildProcess(const std::string& command, bool own_group) : own_group_(own_group) {
  signal(SIGPIPE, SIG_IGN);  // a program that has exited is reported, not fatal
  int in[2], out[2], err[2];
  if (pipe(in) != 0 || pipe(out) != 0 || pipe(err) != 0) throw ProgramFailure{"could not make pipes"};
  pid_ = fork();
  if (pid_ < 0) throw ProgramFailure{"could not start a process"};
  if (pid_ == 0) {
    if (own_group) setpgid(0, 0);
    dup2(in[0], 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) close(fd);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  if (own_group) setpgid(pid_, pid_);  // as the child does: either may run first
  close(in[0]);
  close(out[1]);
  close(err[1]);
  stdin_ = in[1];
  stdout_ = out[0];
  stderr_ = err[0];
  for (int fd : {stdin_, stdout_, stderr_}) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

ChildProcess::~ChildProcess() {
  for (int fd : {stdin_, stdout_, stderr_})
    if (fd >= 0) close(fd);
  if (pid_ > 0) {
    kill(own_group_ ? -pid_ : pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

void ChildProcess::send(const std::string& text, Clock::time_point deadline) {
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
    if (n < 0 && errno != EAGAIN && errno != EINTR) throw ProgramFailure{"could not write to it"};
    wait_for(stdin_, POLLOUT, deadline, "did not read its input");
  }
}

std::string ChildProcess::receive(Clock::time_point deadline) {
  for (;;) {
    if (const size_t end = out_.find('\n'); end != std::string::npos) {
      std::string line = out_.substr(0, end);
      out_.erase(0, end + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (out_.size() > kMaxLine) throw ProgramFailure{"flooded its output (more than 16 MiB without a newline)"};
    const bool open = drain(stdout_, out_);
    if (out_.find('\n') != std::string::npos || out_.size() > kMaxLine) continue;
    if (!open) {
      const std::string status = exit_status();
      throw ProgramFailure{status.empty() ? "closed its output" : "exited " + status};
    }
    wait_for(stdout_, POLLIN, deadline, "did not answer");
  }
}

std::string ChildProcess::stderr_tail() {
  std::string chunk;
  drain(stderr_, chunk);
  keep_stderr(chunk);
  return err_;
}

void ChildProcess::keep_stderr(const std::string& chunk) {
  err_ += chunk;
  if (err_.size() > kStderrKept) err_.erase(0, err_.size() - kStderrKept);
}

// Waits until `fd` is ready for `events` (stderr read meanwhile), or throws `late` at the deadline.
void ChildProcess::wait_for(int fd, short events, Clock::time_point deadline, const char* late) {
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) throw ProgramFailure{std::string(late) + " within the time limit"};
    pollfd fds[2] = {{fd, events, 0}, {stderr_, POLLIN, 0}};
    const int ready = poll(fds, 2, int(left));
    if (ready < 0 && errno != EINTR) throw ProgramFailure{"could not wait for it"};
    if (fds[1].revents != 0) {
      std::string chunk;
      drain(stderr_, chunk);
      keep_stderr(chunk);
    }
    if (fds[0].revents != 0) return;
  }
}

// "(exit status 3)" or "(killed by signal 11)" once it has ended (waiting up to half a second), else "".
std::string ChildProcess::exit_status() {
  int status = 0;
  pid_t ended = 0;
  for (int i = 0; i < 50 && (ended = waitpid(pid_, &status, WNOHANG)) == 0; ++i) usleep(10000);
  if (ended != pid_) return "";
  pid_ = -1;
  if (WIFEXITED(status)) return "(exit status " + std::to_string(WEXITSTATUS(status)) + ")";
  if (WIFSIGNALED(status)) return "(killed by signal " + std::to_string(WTERMSIG(status)) + ")";
  return "";
}

std::string failure_note(const std::string& command, const std::string& what, ChildProcess* process) {
  std::string note = "program '" + command + "' " + what;
  if (process) {
    std::string tail = process->stderr_tail();
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.pop_back();
    if (!tail.empty()) note += "; the end of its stderr:\n" + tail;
  }
  return note;
}

}  // namespace pg::cli
