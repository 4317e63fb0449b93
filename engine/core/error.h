// Errors for bad input (files, options, traces, URL parameters, CLI arguments).
// The message always names what is wrong and where, so the UI and the CLI can
// show it as is.
#pragma once

#include <stdexcept>
#include <string>

namespace pg {

class InputError : public std::runtime_error {
 public:
  // `where` names the place (a field, a position, a parameter); `what` the problem.
  InputError(const std::string& where, const std::string& problem)
      : std::runtime_error(where.empty() ? problem : where + ": " + problem), where_(where), problem_(problem) {}
  const std::string& where() const { return where_; }
  const std::string& problem() const { return problem_; }
  // The message for a caller that names the place itself: the problem alone when the error is already at
  // `place` ("agents"), else the whole message.
  std::string within(const std::string& place) const { return where_ == place ? problem_ : what(); }

 private:
  std::string where_;
  std::string problem_;
};

// Throws the same error placed in a file (a schema error names a field, not the file it came from):
// "mancala/x.json, ntuple.version: ...". An empty path leaves it as it is.
[[noreturn]] void throw_in_file(const std::string& path, const InputError& e);

// read() (a file's reader), with its InputError placed in the file by throw_in_file.
template <class Read>
auto read_in_file(const std::string& path, Read read) -> decltype(read()) {
  try {
    return read();
  } catch (const InputError& e) {
    throw_in_file(path, e);
  }
}

}  // namespace pg
