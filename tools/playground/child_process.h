// A child process under /bin/sh -c with its stdin, stdout and stderr piped, spoken to a line at a time with a
// deadline for each line: what program agents run (program:COMMAND, course-program:COMMAND). Every way the child
// can fail to answer is thrown as a ProgramFailure whose text completes "program 'COMMAND' ...".
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>

namespace pg::cli {

using Clock = std::chrono::steady_clock;

// Why a program stopped being an agent: the end of the note its seat declines with.
struct ProgramFailure {
  std::string what;
};

class ChildProcess {
 public:
  // With `own_group` the child and the processes it starts form a process group of their own, which is killed
  // as a whole (a program the shell started is stopped with it; a terminal's Ctrl+C reaches only the parent).
  explicit ChildProcess(const std::string& command, bool own_group = false);
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();

  // Writes the line and its newline by the deadline.
  void send(const std::string& text, Clock::time_point deadline);
  // The next line of stdout, without its newline, by the deadline.
  std::string receive(Clock::time_point deadline);
  // The last lines it wrote to stderr, for a message ("" when none).
  std::string stderr_tail();
  // Its process id (with own_group also its group's), or -1 once it has been seen to end.
  pid_t pid() const { return pid_; }

 private:
  void keep_stderr(const std::string& chunk);
  void wait_for(int fd, short events, Clock::time_point deadline, const char* late);
  std::string exit_status();

  pid_t pid_ = -1;
  bool own_group_ = false;
  int stdin_ = -1, stdout_ = -1, stderr_ = -1;
  std::string out_, err_;
};

// The note a program agent declines with: "program 'COMMAND' WHAT", and the end of its stderr when it wrote
// any (`process` may be null: it never started).
std::string failure_note(const std::string& command, const std::string& what, ChildProcess* process);

}  // namespace pg::cli
