#include "engine/games/binary/protocol.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>

#include "engine/core/error.h"

namespace pg::binary {

namespace {

// The course's program reads a line, strips it, lowercases it and splits it
// at single spaces (empty words dropped).
std::string strip(const std::string& s) {
  const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  size_t a = 0, b = s.size();
  while (a < b && space(s[a])) ++a;
  while (b > a && space(s[b - 1])) --b;
  return s.substr(a, b - a);
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == ' ') {
      if (i > start) out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

std::string joined(const std::vector<std::string>& args) {
  std::string s;
  for (size_t i = 0; i < args.size(); ++i) s += (i ? " " : "") + args[i];
  return s;
}

constexpr const char* kCommands[] = {"game",   "show",         "play",         "legal", "genmove",
                                     "winner", "loadpatterns", "policy_moves", "exit"};

}  // namespace

bool parse_python_int(const std::string& word, long long& value) {
  const std::string w = strip(word);
  size_t i = 0;
  bool negative = false;
  if (i < w.size() && (w[i] == '+' || w[i] == '-')) negative = w[i++] == '-';
  if (i == w.size()) return false;
  constexpr long long kMax = std::numeric_limits<long long>::max() / 10 - 10;
  long long v = 0;
  bool digit_before = false;
  for (; i < w.size(); ++i) {
    const char c = w[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      v = std::min(kMax, v * 10 + (c - '0'));
      digit_before = true;
    } else if (c == '_' && digit_before && i + 1 < w.size() && std::isdigit(static_cast<unsigned char>(w[i + 1]))) {
      digit_before = false;
    } else {
      return false;
    }
  }
  value = negative ? -v : v;
  return true;
}

Protocol::Protocol(std::ostream& out, std::ostream& err, uint64_t seed) : out_(out), err_(err), rng_(seed) {}

void Protocol::run(std::istream& in) {
  std::string line;
  while (std::getline(in, line))
    if (!execute(line)) return;
}

bool Protocol::execute(const std::string& line) {
  const std::string text = strip(line);
  const std::vector<std::string> original = words(text);
  const std::vector<std::string> all = words(lower(text));
  const std::string command = all.empty() ? "" : all[0];
  const Args args(all.begin() + (all.empty() ? 0 : 1), all.end());
  if (command == "exit") {
    out_ << "= 1\n\n" << std::flush;
    return false;
  }
  Outcome outcome = Outcome::kFailed;
  try {
    if (command == "game")
      outcome = game(args);
    else if (command == "show")
      outcome = show();
    else if (command == "play")
      outcome = play(args);
    else if (command == "legal")
      outcome = legal(args);
    else if (command == "genmove")
      outcome = genmove();
    else if (command == "winner")
      outcome = winner();
    else if (command == "loadpatterns")
      outcome = loadpatterns(Args(original.begin() + 1, original.end()));
    else if (command == "policy_moves")
      outcome = policy_moves();
    else if (command == "help")
      outcome = help();
    else
      err_ << "? unknown command '" << command << "': type 'help' to list the commands\n";
  } catch (const std::exception& e) {
    err_ << "command '" << text << "' failed: " << e.what() << "\n";
    outcome = Outcome::kFailed;
  }
  if (outcome == Outcome::kDone) out_ << "= 1\n\n";
  if (outcome == Outcome::kFailed) out_ << "= -1\n\n";
  out_ << std::flush;
  err_ << std::flush;
  return true;
}

bool Protocol::numbers(const Args& args, const std::string& names, std::vector<long long>& values) {
  const size_t wanted = words(names).size();
  if (args.size() < wanted) {
    err_ << "not enough arguments: expected '" << names << "', got '" << joined(args) << "'\n";
    return false;
  }
  values.clear();
  for (const auto& a : args) {
    long long v = 0;
    if (!parse_python_int(a, v)) {
      err_ << "argument '" << a << "' is not a number (expected '" << names << "')\n";
      return false;
    }
    values.push_back(v);
  }
  return true;
}

Protocol::Outcome Protocol::game(const Args& args) {
  std::vector<long long> v;
  if (!numbers(args, "n m", v)) return Outcome::kSilent;
  if (v[0] < 0 || v[1] < 0) {
    err_ << "invalid board size: " << v[0] << " " << v[1] << "\n";
    return Outcome::kSilent;
  }
  if (v[0] > kMaxSide || v[1] > kMaxSide) {
    err_ << "board size " << v[0] << " x " << v[1] << ": this engine plays boards up to " << kMaxSide << " x "
         << kMaxSide << "\n";
    return Outcome::kFailed;
  }
  board_ = Board::empty(int(v[0]), int(v[1]));
  return Outcome::kDone;
}

Protocol::Outcome Protocol::show() {
  out_ << to_text(board_);
  return Outcome::kDone;
}

Protocol::Outcome Protocol::play(const Args& args) {
  const auto illegal = [&](const std::string& reason) {
    out_ << "= illegal move: " << joined(args) << " " << reason << "\n\n";
    return Outcome::kSilent;
  };
  if (args.size() != 3) return illegal("wrong number of arguments");
  long long x = 0, y = 0;
  if (!parse_python_int(args[0], x) || !parse_python_int(args[1], y)) return illegal("wrong coordinate");
  if (!board_.on_board(int(std::clamp<long long>(x, -1, kMaxSide)), int(std::clamp<long long>(y, -1, kMaxSide))))
    return illegal("wrong coordinate");
  if (args[2] != "0" && args[2] != "1") return illegal("wrong number");
  const int d = args[2][0] - '0';
  const Verdict verdict = board_.check(int(x), int(y), d);
  if (verdict != Verdict::kLegal) return illegal(reason_text(verdict, d));
  board_.place(int(x), int(y), d);
  return Outcome::kDone;
}

Protocol::Outcome Protocol::legal(const Args& args) {
  std::vector<long long> v;
  if (!numbers(args, "x y number", v)) return Outcome::kSilent;
  const bool ok = v[0] >= 0 && v[0] < board_.width && v[1] >= 0 && v[1] < board_.height && (v[2] == 0 || v[2] == 1) &&
                  board_.is_legal(int(v[0]), int(v[1]), int(v[2]));
  out_ << (ok ? "yes" : "no") << "\n";
  return Outcome::kDone;
}

Protocol::Outcome Protocol::genmove() {
  // The course's starter plays uniformly at random; this draws from the
  // loaded patterns' policy, which is uniform when none are loaded.
  Move m{};
  if (!sample_move(board_, patterns_, rng_, scratch_, m)) {
    out_ << "resign\n";
    return Outcome::kDone;
  }
  board_.place(m.x, m.y, m.d);
  out_ << m.x << " " << m.y << " " << m.d << "\n";
  return Outcome::kDone;
}

Protocol::Outcome Protocol::winner() {
  if (board_.has_legal_move())
    out_ << "unfinished\n";
  else
    out_ << (board_.to_move() == 0 ? 2 : 1) << "\n";  // the course numbers the players 1 (first) and 2
  return Outcome::kDone;
}

Protocol::Outcome Protocol::loadpatterns(const Args& args) {
  if (args.empty()) {
    err_ << "not enough arguments: expected 'FILE'\n";
    return Outcome::kSilent;
  }
  std::ifstream file(args[0], std::ios::binary);
  if (!file) {
    err_ << "loadpatterns: cannot read '" << args[0] << "' (paths are relative to the working directory)\n";
    return Outcome::kFailed;
  }
  std::ostringstream text;
  text << file.rdbuf();
  try {
    patterns_ = PatternTable::parse(text.str(), args[0]);  // replaces the earlier patterns only if it parses
  } catch (const InputError& e) {
    err_ << "loadpatterns: " << e.what() << " (the patterns loaded before stay loaded)\n";
    return Outcome::kFailed;
  }
  return Outcome::kDone;
}

Protocol::Outcome Protocol::policy_moves() {
  out_ << policy_moves_line(board_, patterns_) << "\n";
  return Outcome::kDone;
}

Protocol::Outcome Protocol::help() {
  for (const char* c : kCommands) out_ << c << "\n";
  return Outcome::kDone;
}

}  // namespace pg::binary
