// Command-line flags: "--name value" or "--name=value". Every flag must be
// known to the command, so a typo is an error that names it.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/core/json.h"
#include "engine/core/registry.h"

namespace pg::cli {

class Args {
 public:
  // Parses argv[first..]; throws InputError for a malformed flag.
  Args(int argc, char** argv, int first);

  // The words given after the command, as typed (for the "command" a
  // shipped file records).
  const std::vector<std::string>& words() const { return words_; }
  bool has(const std::string& flag) const { return values_.count(flag) > 0; }
  std::string get(const std::string& flag, const std::string& fallback = "") const;
  uint64_t get_seed(const std::string& flag, uint64_t fallback) const;
  long get_long(const std::string& flag, long fallback, long lo, long hi) const;
  // --flag as a finite number, or the fallback when it is not given; throws InputError naming the flag.
  double get_number(const std::string& flag, double fallback) const;
  // Throws InputError naming the first flag that is neither allowed nor a game option.
  void check_known(const std::set<std::string>& allowed, const std::vector<OptionInfo>& options) const;
  // A flag every command of this run accepts besides its own (a game's, such as morris's --table).
  void also_accept(const std::string& flag) { also_accepted_.insert(flag); }
  // The game options given as --option-name VALUE flags or as --options JSON.
  Json game_options(const std::vector<OptionInfo>& options) const;

 private:
  std::string value_of(const std::string& flag) const;  // throws if given bare
  std::map<std::string, std::string> values_;
  std::set<std::string> bare_;  // flags given without a value
  std::set<std::string> also_accepted_;
  std::vector<std::string> words_;
};

// "stones_per_pit" <-> "stones-per-pit"
std::string flag_name(const std::string& option);
// A whole file; throws InputError naming `where` and the path.
std::string read_file(const std::string& path, const std::string& where);

}  // namespace pg::cli
