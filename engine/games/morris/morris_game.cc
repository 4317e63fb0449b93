#include "engine/games/morris/morris_game.h"

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/games/morris/bonus_agent.h"
#include "engine/games/morris/learned_agent.h"
#include "engine/games/morris/perfect_agent.h"
#include "engine/games/morris/project_agents.h"

namespace pg::morris {

namespace {

constexpr char kSideChar[2] = {'O', 'X'};

std::string side_name(int seat) { return std::string("seat ") + char('0' + seat) + " (" + kSideChar[seat] + ")"; }

}  // namespace

MorrisState::MorrisState(const Board& board, const Rules& rules, const uint32_t* history, int history_length)
    : board_(board), rules_(rules), history_length_(uint16_t(history_length)) {
  for (int i = 0; i < history_length; ++i) history_[size_t(i)] = history[i];
  decide_outcome();
}

int MorrisState::occurrences() const {
  // Entries two, four, ... turns back had the same side to move.
  const uint32_t key = board_.key();
  int n = 1;
  for (int i = history_length_ - 2; i >= 0; i -= 2) n += history_[size_t(i)] == key;
  return n;
}

void MorrisState::decide_outcome() {
  done_ = false;
  winner_ = -1;
  ending_ = Ending::kNone;
  if (board_.pending_removal) return;
  if (const int loser = board_.loser(); loser >= 0) {
    done_ = true;
    winner_ = int8_t(1 - loser);
    ending_ = board_.material(loser) < 3 ? Ending::kFewerThanThree : Ending::kNoLegalMove;
  } else if (board_.moves >= rules_.max_moves) {
    done_ = true;
    ending_ = Ending::kMoveCap;
  } else if (rules_.threefold_repetition && history_length_ >= 4 && occurrences() >= 3) {
    done_ = true;
    ending_ = Ending::kRepetition;
  }
}

void MorrisState::append_legal_actions(std::vector<Action>& out) const {
  if (done_) return;
  board_.for_each_legal([&](int a) { out.push_back(a); });
}

Rewards MorrisState::apply_action(Action action, Transition* details) {
  const int mover = board_.to_move;
  const uint32_t key_before = board_.key();
  const bool turn_ended = board_.apply(action);
  Rewards rewards;
  if (turn_ended) {
    // Only a move without a capture can be undone; placements and captures
    // change the material, so no earlier position can come back.
    if (action_kind(action) == ActionKind::kMove)
      history_[history_length_++] = key_before;
    else
      history_length_ = 0;
    decide_outcome();
    if (winner_ >= 0) {
      rewards[winner_] = 1;
      rewards[1 - winner_] = -1;
    }
  }
  if (details) {
    Json& ev = details->events;
    ev[events::kMover] = mover;
    ev[events::kAction] = action_to_string(action);
    ev[events::kPoint] = std::string(1, point_name(action_point(action)));
    if (const int from = action_from(action); from >= 0) ev[events::kFrom] = std::string(1, point_name(from));
    ev[events::kMill] = !turn_ended;
    if (done_) {
      ev[events::kWinner] = winner_ >= 0 ? Json(int(winner_)) : Json();
      ev[events::kEnding] = ending_text(*this);
    }
  }
  return rewards;
}

std::vector<float> MorrisState::observation() const {
  // The project's encoding, from the deciding seat's side: +1 its pieces, -1 the
  // enemy's, 0 empty, points a..p. For seat 0 it is the project's network input.
  std::vector<float> obs(kNumPoints, 0.0f);
  const int me = board_.to_move;
  for (int p = 0; p < kNumPoints; ++p) {
    const int o = board_.owner(p);
    if (o >= 0) obs[size_t(p)] = o == me ? 1.0f : -1.0f;
  }
  return obs;
}

std::vector<State::ObservationTensor> MorrisState::source_encodings() const {
  return {{kGeniusEncoding, {kNumPoints}}};
}

void MorrisState::fill_source_encoding(size_t /*index*/, std::span<float> out) const {
  encode_board(sides_of(board_, board_.to_move), out);
}

std::string ending_text(const MorrisState& state) {
  const int loser = 1 - state.winner();
  switch (state.ending()) {
    case Ending::kNone: return "";
    case Ending::kFewerThanThree:
      return side_name(loser) + " has only " + std::to_string(state.board().material(loser)) + " pieces";
    case Ending::kNoLegalMove: return side_name(loser) + " has no legal move";
    case Ending::kMoveCap: return "draw: " + std::to_string(state.rules().max_moves) + " turns played (max_moves)";
    case Ending::kRepetition: return "draw: the position occurred a third time";
  }
  return "";
}

std::string MorrisState::to_text() const {
  const Board& b = board_;
  std::string text = drawing(b);
  text += "in hand: O " + std::to_string(b.in_hand[0]) + ", X " + std::to_string(b.in_hand[1]) + "; turn " +
          std::to_string(b.moves + 1) + " of " + std::to_string(rules_.max_moves) + "\n";
  if (done_) {
    text += (winner_ >= 0 ? side_name(winner_) + " wins: " : std::string()) + ending_text(*this) + "\n";
    return text;
  }
  text += side_name(b.to_move);
  switch (b.next_kind()) {
    case ActionKind::kPlace: text += " to place"; break;
    case ActionKind::kMove: text += b.flying(b.to_move) ? " to move (flying: 3 pieces)" : " to move"; break;
    case ActionKind::kRemove:
      text += " closed a mill: remove a piece of ";
      text += kSideChar[1 - b.to_move];
      break;
  }
  return text + "\n";
}

// The points by their letters (a to x, as the board and the actions name them) and the last line of to_text.
std::string MorrisState::to_words() const {
  std::string pieces[2];
  for (int p = 0; p < kNumPoints; ++p) {
    const int o = board_.owner(p);
    if (o >= 0) pieces[o] += (pieces[o].empty() ? "" : ", ") + std::string(1, point_name(p));
  }
  std::string text;
  for (int seat = 0; seat < 2; ++seat)
    text += side_name(seat) + " on " + (pieces[seat].empty() ? "no point" : pieces[seat]) + ". ";
  const std::string drawn = to_text();
  const size_t hands = drawn.find("in hand:");
  if (hands != std::string::npos) text += drawn.substr(hands);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  for (char& ch : text)
    if (ch == '\n') ch = ' ';
  return text;
}

std::vector<std::string> MorrisState::place_names() const {
  std::vector<std::string> names;
  for (int point = 0; point < kNumPoints; ++point) names.emplace_back(1, point_name(point));
  return names;
}

Json MorrisState::to_json() const {
  Json j = Json::object();
  j.get_ref<Json::object_t&>().reserve(10);
  j["board"] = points_string(board_);
  j["in_hand"] = Json::array({int(board_.in_hand[0]), int(board_.in_hand[1])});
  j["to_move"] = int(board_.to_move);
  j["phase"] = board_.placement_phase() ? "placement" : "movement";
  j["pending_removal"] = board_.pending_removal;
  j["moves"] = int(board_.moves);
  // One string, not an array: the generic tests and the page build this JSON
  // at every step, and the history can hold a few hundred boards.
  std::string history;
  history.reserve(size_t(history_length_) * (kNumPoints + 1));
  for (int i = 0; i < history_length_; ++i) {
    Board earlier;
    earlier.pieces = {uint16_t(history_[size_t(i)]), uint16_t(history_[size_t(i)] >> 16)};
    if (i > 0) history += ' ';
    history += points_string(earlier);
  }
  j["history"] = std::move(history);
  j["done"] = done_;
  j["winner"] = winner_ >= 0 ? Json(int(winner_)) : Json();
  return j;
}

namespace {

const std::vector<OptionInfo>& option_infos() {
  static const std::vector<OptionInfo> infos = {
      {"max_moves", 200,
       PG_TEXT("a draw once this many turns (placements and moves of both seats) are played, 10 to 1000 (the project "
               "has no "
               "draw rule)")},
      {"threefold_repetition", true,
       PG_TEXT("a draw when a position (the same points, the same side to move) occurs a third time")},
  };
  return infos;
}

const Json& field(const Json& j, const char* name) {
  if (!j.contains(name)) throw InputError(std::string("state.") + name, "missing");
  return j[name];
}

int int_field(const Json& j, const char* name, int lo, int hi) {
  const Json& v = field(j, name);
  if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
    throw InputError(std::string("state.") + name,
                     "expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
  return v.get<int>();
}

uint16_t points_field(const Json& v, const std::string& where, Board& board) {
  if (!v.is_string() || v.get<std::string>().size() != kNumPoints)
    throw InputError(where, "expected a string of 16 points a..p ('O' seat 0, 'X' seat 1, '.' empty)");
  const std::string s = v.get<std::string>();
  board.pieces = {0, 0};
  for (int p = 0; p < kNumPoints; ++p) {
    const char c = s[size_t(p)];
    if (c == 'O')
      board.pieces[0] |= bit(p);
    else if (c == 'X')
      board.pieces[1] |= bit(p);
    else if (c != '.')
      throw InputError(where, std::string("point ") + point_name(p) + " is '" + c +
                                  "'; expected 'O' (seat 0), 'X' (seat 1) or '.' (empty)");
  }
  return board.occupied();
}

}  // namespace

Rules rules_from_options(const Json& options) {
  if (!options.is_object()) throw InputError("options", "expected a JSON object");
  reject_unknown_options(options, option_infos());
  Rules r;
  r.max_moves = int_option(options, "max_moves", r.max_moves, 2 * kPiecesPerSide, kMaxMovesLimit);
  r.threefold_repetition = bool_option(options, "threefold_repetition", r.threefold_repetition);
  return r;
}

Json MorrisGame::options() const {
  return {{"max_moves", rules_.max_moves}, {"threefold_repetition", rules_.threefold_repetition}};
}

std::unique_ptr<State> MorrisGame::initial_state(uint64_t /*seed: the game has no chance*/) const {
  return std::make_unique<MorrisState>(Board::initial(), rules_);
}

std::unique_ptr<State> MorrisGame::state_from_json(const Json& j) const {
  if (!j.is_object()) throw InputError("state", "expected a JSON object");
  Board b;
  points_field(field(j, "board"), "state.board", b);
  b.moves = uint16_t(int_field(j, "moves", 0, rules_.max_moves));
  b.to_move = uint8_t(int_field(j, "to_move", 0, 1));
  if (b.to_move != b.moves % 2)
    throw InputError("state.to_move", "expected " + std::to_string(b.moves % 2) + ": seat 0 starts and " +
                                          std::to_string(b.moves) + " turns were played");
  const Json& pending = field(j, "pending_removal");
  if (!pending.is_boolean()) throw InputError("state.pending_removal", "expected true or false");
  b.pending_removal = pending.get<bool>();
  const Json& hands = field(j, "in_hand");
  if (!hands.is_array() || hands.size() != 2) throw InputError("state.in_hand", "expected [seat 0, seat 1]");
  for (int s = 0; s < 2; ++s) {
    // Seat 0 places on turns 0, 2, .., 8 and seat 1 on 1, 3, .., 9; a
    // pending removal follows a placement already made in this turn.
    int placed = b.moves < 2 * kPiecesPerSide ? (b.moves + 1 - s) / 2 : kPiecesPerSide;
    if (b.pending_removal && b.to_move == s && b.moves < 2 * kPiecesPerSide) ++placed;
    const Json& h = hands[size_t(s)];
    const std::string where = "state.in_hand[" + std::to_string(s) + "]";
    if (!h.is_number_integer() || h.get<long long>() != kPiecesPerSide - placed)
      throw InputError(where, "expected " + std::to_string(kPiecesPerSide - placed) + ": after " +
                                  std::to_string(b.moves) + " turns seat " + std::to_string(s) + " has placed " +
                                  std::to_string(placed) + " pieces");
    b.in_hand[size_t(s)] = uint8_t(kPiecesPerSide - placed);
    if (b.material(s) > kPiecesPerSide)
      throw InputError("state.board", "seat " + std::to_string(s) + " has " + std::to_string(b.on_board(s)) +
                                          " pieces on the board and " + std::to_string(b.in_hand[size_t(s)]) +
                                          " in hand, more than 5");
    if (b.material(s) < 2 || (b.material(s) == 2 && (s != b.to_move || b.pending_removal)))
      throw InputError("state.board", "seat " + std::to_string(s) + " has " + std::to_string(b.material(s)) +
                                          " pieces: the game ends when a side is left with 2, on its turn");
  }
  if (b.pending_removal && b.in_mills(b.to_move) == 0)
    throw InputError("state.pending_removal", "true, but seat " + std::to_string(b.to_move) + " has no mill");
  if (b.pending_removal && b.pieces[1 - b.to_move] == 0)
    throw InputError("state.pending_removal", "true, but there is no enemy piece to remove");

  std::array<uint32_t, kMaxMovesLimit> history{};
  int history_length = 0;
  if (j.contains("history")) {
    const Json& h = j["history"];
    const int most = b.placement_phase() ? 0 : b.moves - 2 * kPiecesPerSide;
    if (!h.is_string())
      throw InputError("state.history",
                       "expected a string: the boards since the last placement or capture, oldest "
                       "first, separated by spaces");
    const std::string& text = h.get_ref<const std::string&>();
    for (size_t start = 0; start < text.size();) {
      size_t end = text.find(' ', start);
      if (end == std::string::npos) end = text.size();
      const std::string where = "state.history, board " + std::to_string(history_length + 1);
      if (history_length == most)
        throw InputError("state.history", "more than " + std::to_string(most) +
                                              " boards (the turns since the last placement or capture)");
      Board earlier;
      points_field(Json(text.substr(start, end - start)), where, earlier);
      if (earlier.on_board(0) != b.on_board(0) || earlier.on_board(1) != b.on_board(1))
        throw InputError(where, "the pieces on the board differ from state.board's; a capture clears the history");
      history[size_t(history_length++)] = earlier.key();
      start = end + 1;
    }
  }
  auto state = std::make_unique<MorrisState>(b, rules_, history.data(), history_length);
  const Json& done = field(j, "done");
  if (!done.is_boolean() || done.get<bool>() != state->is_terminal())
    throw InputError("state.done", state->is_terminal() ? "expected true: " + ending_text(*state)
                                                        : "expected false: the game goes on");
  const Json& winner = field(j, "winner");
  if (state->winner() >= 0 ? winner != Json(state->winner()) : !winner.is_null())
    throw InputError("state.winner",
                     state->winner() >= 0 ? "expected " + std::to_string(state->winner()) : "expected null");
  return state;
}

std::unique_ptr<Agent> MorrisGame::make_agent(std::string_view spec) const {
  const auto [name, arg] = split_spec(spec);
  if (name == "bonus") {
    if (!arg.empty()) throw InputError("agent '" + std::string(spec) + "'", "'bonus' takes no parameter");
    return std::make_unique<BonusAgent>();
  }
  if (name == "learned") {
    if (!arg.empty() && arg != "1" && arg != "2")
      throw InputError("agent '" + std::string(spec) + "'",
                       "expected learned, learned:1 or learned:2 (the turns searched; learned: one, checked by two)");
    const auto mode = arg.empty()  ? LearnedAgent::Mode::kChecked
                      : arg == "1" ? LearnedAgent::Mode::kOneTurn
                                   : LearnedAgent::Mode::kTwoTurns;
    return std::make_unique<LearnedAgent>(shipped_value_network(), mode);
  }
  if (name == "perfect") {
    if (!arg.empty()) throw InputError("agent '" + std::string(spec) + "'", "'perfect' takes no parameter");
    // In the page, while the shipped table is still being fetched, say so: the page seats the agent when it
    // arrives. A table that is missing or refused is not an error here: the agent declines, saying why.
    if (!solution_at_hand()) {
      try {
        require_policy_file(kShippedSolution);
      } catch (const PolicyUnavailable& e) {
        if (e.loading()) throw;
      }
    }
    return std::make_unique<PerfectAgent>();
  }
  if (name == "smart" || name == "genius") {
    return make_project_agent(*this, spec);
  }
  return nullptr;
}

std::vector<AgentInfo> MorrisGame::agents() const {
  return {
      {"learned",
       PG_TEXT("a small value network trained on the solved game's exact values (policies/morris/value.policy): the "
               "action it values most, among those a two-turn search does not find worse (learned:1 one turn, "
               "learned:2 two); never reads the table")},
      {"bonus",
       PG_TEXT(
           "the project's Smart/Genius move rule without its tables or networks: +200 if the move closes a mill, +100 "
           "if it blocks an enemy two-in-a-mill, the best score played (ties at random); removals at random")},
      {"perfect",
       PG_TEXT("plays from the exact solution (playground morris solve, --table FILE): keeps the value; the shortest "
               "win, else the action after which most of the opponent's replies give value away; declines without a "
               "table")},
      {"smart", PG_TEXT("the project's Smart agent: bonus + the value of the board after in its five stage tables")},
      {"genius", PG_TEXT("the project's Genius agent: bonus + the ln(score) of its five value networks")},
  };
}

GameEntry registry_entry() {
  return {
      kInfo.name,
      kInfo.title,
      PG_TEXT("Two squares of 16 points: place your 5 pieces, then move them along the lines; three in a row on a side "
              "of a square (a mill) removes an enemy piece."),
      PG_TEXT("Seat 0 (O) and seat 1 (X) take turns placing one piece on an empty point until each has placed 5; then "
              "a turn moves one of your pieces along a line to an adjacent empty point (with exactly 3 pieces, to any "
              "empty point: flying). Placing or moving a piece so that it completes a mill, three of your pieces along "
              "a side of one square, lets you remove an enemy piece that is not in a mill (any piece if all are in "
              "mills). You lose when you are left with 2 pieces or have no legal move on your turn. Draws: a cap on "
              "the turns, and a position occurring a third time. Points are a..p row by row: a b c / d e f / g h i "
              "j / k l m / n o p."),
      option_infos(),
      [](const Json& options) -> std::shared_ptr<const Game> {
        return std::make_shared<MorrisGame>(rules_from_options(options));
      }};
}

std::string MorrisGame::describe_events(const Json& events) const {
  std::string out;
  if (events.value(events::kMill, false)) out += "mill closed: the same seat removes a piece; ";
  if (events.contains(events::kEnding)) out += events[events::kEnding].get<std::string>() + "; ";
  return out;
}

}  // namespace pg::morris
