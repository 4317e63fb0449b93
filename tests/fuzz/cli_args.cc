// The CLI's arguments (tools/playground/args.h): the input split at NUL bytes is argv after "playground". The
// game name and the flags are parsed and checked for every command, and the game built from its options; the
// cheap commands (show, replay) run, their output discarded. Commands that train, solve or read files named
// by flags (--policy, --table, patterns:FILE) are not run here.
#include <iostream>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/registry.h"
#include "tests/fuzz/fuzz_input.h"
#include "tools/playground/args.h"
#include "tools/playground/commands.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string> words = {"playground"};
  std::string word;
  for (char c : pg::fuzz::as_text(data, size)) {
    if (c == '\0') {
      words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  words.push_back(word);
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  const int argc = int(words.size());
  if (argc < 3) return 0;

  static pg::fuzz::NullBuffer discard;
  std::streambuf* const saved = std::cout.rdbuf(&discard);
  try {
    const pg::GameEntry& game = pg::find_game(words[1]);
    const pg::cli::Args args(argc, argv.data(), 3);
    if (words[2] == "show")
      pg::cli::show(game, args);
    else if (words[2] == "replay")
      pg::cli::replay(game, args);
    else
      (void)game.create(args.game_options(game.options));
  } catch (const pg::InputError&) {
  }
  std::cout.rdbuf(saved);
  return 0;
}
