// Five Men's Morris: the position and its rules as a plain value type, for
// fast playouts, search and the solver. The generic State adapter (with the
// draw rules, which need the game's history) is in morris_game.h.
//
// The board (docs/experiments/morris.md): 16 points a..p on two concentric squares
// without centres, named in reading order:
//
//   a-----b-----c      outer square a b c / g . j / n o p
//   |     |     |      inner square d e f / h . i / k l m
//   |  d--e--f  |      connectors b-e, g-h, i-j, l-o
//   |  |     |  |
//   g--h     i--j      20 lines of adjacency; 8 mills, the sides of the
//   |  |     |  |      two squares: abc agn cjp nop def dhk fim klm
//   |  k--l--m  |
//   |     |     |
//   n-----o-----p
//
// Rules (the project's app, the standard ones): 5 pieces a side; seat 0 places
// first and the sides alternate until each has placed 5 (captured pieces are
// not replaced); then a turn moves one piece to an adjacent empty point, or
// to any empty point when its side has exactly 3 pieces (flying). A piece
// placed or moved onto a point that completes a mill of its side lets the
// mover remove one enemy piece: one not in a mill, or any if all are in
// mills; one removal per turn, even if two mills close. The removal is its
// own decision, taken by the same player (pending_removal). The side to move
// loses with fewer than 3 pieces, or with no legal move.
//
// Points are bits 0..15 (a..p) of a 16-bit mask per side.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

namespace pg::morris {

constexpr int kNumPoints = 16;
constexpr int kPiecesPerSide = 5;
constexpr int kNumMills = 8;
constexpr uint16_t kAllPoints = 0xFFFF;

// Actions: a placement is its point (0..15), a move 16 + from * 16 + to
// (16..271), a removal 272 + point (272..287). Within one decision all
// actions are of one kind, so point order gives increasing actions.
constexpr int kMoveBase = kNumPoints;
constexpr int kRemoveBase = kMoveBase + kNumPoints * kNumPoints;
constexpr int kNumActions = kRemoveBase + kNumPoints;

constexpr uint16_t bit(int point) { return uint16_t(1u << point); }
constexpr char point_name(int point) { return char('a' + point); }

// The 20 lines, as point pairs.
inline constexpr std::array<std::array<int, 2>, 20> kLines = {{
    {0, 1}, {1, 2}, {0, 6}, {6, 13},  {2, 9}, {9, 15}, {13, 14}, {14, 15},  // outer square
    {3, 4}, {4, 5}, {3, 7}, {7, 10},  {5, 8}, {8, 12}, {10, 11}, {11, 12},  // inner square
    {1, 4}, {6, 7}, {8, 9}, {11, 14},                                       // connectors b-e g-h i-j l-o
}};

namespace detail {
constexpr std::array<uint16_t, kNumPoints> neighbours() {
  std::array<uint16_t, kNumPoints> n{};
  for (const auto& [x, y] : kLines) {
    n[size_t(x)] = uint16_t(n[size_t(x)] | bit(y));
    n[size_t(y)] = uint16_t(n[size_t(y)] | bit(x));
  }
  return n;
}
}  // namespace detail

// The points adjacent to each point along a line.
inline constexpr std::array<uint16_t, kNumPoints> kNeighbours = detail::neighbours();
// The 8 mills, as masks: abc agn cjp nop def dhk fim klm.
inline constexpr std::array<uint16_t, kNumMills> kMills = {
    bit(0) | bit(1) | bit(2), bit(0) | bit(6) | bit(13), bit(2) | bit(9) | bit(15), bit(13) | bit(14) | bit(15),
    bit(3) | bit(4) | bit(5), bit(3) | bit(7) | bit(10), bit(5) | bit(8) | bit(12), bit(10) | bit(11) | bit(12),
};

enum class ActionKind : uint8_t { kPlace, kMove, kRemove };

struct Board {
  std::array<uint16_t, 2> pieces{};  // points held by seat 0 and seat 1
  std::array<uint8_t, 2> in_hand{};  // pieces each seat has yet to place
  uint8_t to_move = 0;               // the seat deciding (also during a pending removal)
  bool pending_removal = false;      // to_move closed a mill and now removes an enemy piece
  uint16_t moves = 0;                // turns completed, both seats (a removal is part of its turn)

  static Board initial() {
    Board b;
    b.in_hand = {kPiecesPerSide, kPiecesPerSide};
    return b;
  }

  uint16_t occupied() const { return uint16_t(pieces[0] | pieces[1]); }
  uint16_t empty() const { return uint16_t(~occupied()); }
  int on_board(int side) const { return std::popcount(pieces[size_t(side)]); }
  // Pieces on the board and in hand: a side with fewer than 3 has lost.
  int material(int side) const { return on_board(side) + in_hand[size_t(side)]; }
  // A side with exactly 3 pieces, all placed, moves to any empty point.
  bool flying(int side) const { return in_hand[size_t(side)] == 0 && on_board(side) == 3; }
  // The placement phase lasts 2 * 5 turns (seat 0 places first).
  bool placement_phase() const { return moves < 2 * kPiecesPerSide; }
  ActionKind next_kind() const {
    if (pending_removal) return ActionKind::kRemove;
    return in_hand[to_move] > 0 ? ActionKind::kPlace : ActionKind::kMove;
  }
  int owner(int point) const {
    if (pieces[0] & bit(point)) return 0;
    return (pieces[1] & bit(point)) ? 1 : -1;
  }

  // The points of `side` that lie in a complete mill of `side`.
  uint16_t in_mills(int side) const {
    uint16_t m = 0;
    for (uint16_t mill : kMills)
      if ((pieces[size_t(side)] & mill) == mill) m |= mill;
    return m;
  }
  // The threats of `side`: the empty points where its piece would close a mill (the third point of a mill
  // whose other two points hold its pieces).
  uint16_t threats(int side) const {
    uint16_t t = 0;
    for (uint16_t mill : kMills) {
      const uint16_t rest = uint16_t(mill & ~pieces[size_t(side)]);
      if (std::popcount(rest) == 1 && (rest & empty())) t |= rest;
    }
    return t;
  }
  // Whether a piece of `side` on `point` completes a mill through `point`.
  bool mill_at(int side, int point) const {
    for (uint16_t mill : kMills)
      if ((mill & bit(point)) && (pieces[size_t(side)] & mill) == mill) return true;
    return false;
  }
  // The enemy pieces the side to move may remove: those outside mills, or all
  // of them when every one is in a mill.
  uint16_t removable() const {
    const int victim = 1 - to_move;
    const uint16_t free = uint16_t(pieces[size_t(victim)] & ~in_mills(victim));
    return free ? free : pieces[size_t(victim)];
  }
  // Where the piece on `from` (of the side to move) may go.
  uint16_t targets(int from) const { return flying(to_move) ? empty() : uint16_t(kNeighbours[size_t(from)] & empty()); }
  bool has_legal_move() const;

  // Calls f(action) for every legal action, in increasing order. The caller
  // checks that the game is not over (see loser()).
  template <typename F>
  void for_each_legal(F&& f) const {
    switch (next_kind()) {
      case ActionKind::kRemove:
        for (uint16_t r = removable(); r; r &= uint16_t(r - 1)) f(kRemoveBase + std::countr_zero(r));
        break;
      case ActionKind::kPlace:
        for (uint16_t e = empty(); e; e &= uint16_t(e - 1)) f(std::countr_zero(e));
        break;
      case ActionKind::kMove:
        for (uint16_t own = pieces[to_move]; own; own &= uint16_t(own - 1)) {
          const int from = std::countr_zero(own);
          for (uint16_t t = targets(from); t; t &= uint16_t(t - 1))
            f(kMoveBase + from * kNumPoints + std::countr_zero(t));
        }
        break;
    }
  }

  // Applies a legal action. Returns true when the turn ends (to_move passes to
  // the other side and `moves` counts it), false when a mill closed and the
  // same side now removes.
  bool apply(int action) {
    const uint16_t mine = pieces[to_move];
    if (action >= kRemoveBase) {
      pieces[1 - to_move] &= uint16_t(~bit(action - kRemoveBase));
      pending_removal = false;
    } else {
      int to = action;
      if (action >= kMoveBase) {
        to = (action - kMoveBase) % kNumPoints;
        pieces[to_move] = uint16_t(mine & ~bit((action - kMoveBase) / kNumPoints));
      } else {
        --in_hand[to_move];
      }
      pieces[to_move] |= bit(to);
      if (mill_at(to_move, to)) {
        pending_removal = true;
        return false;
      }
    }
    to_move = uint8_t(1 - to_move);
    ++moves;
    return true;
  }

  // The seat that has lost at the start of its turn (fewer than 3 pieces, or
  // no legal move), else -1. Only meaningful between turns.
  int loser() const {
    if (pending_removal) return -1;
    if (material(to_move) < 3 || !has_legal_move()) return to_move;
    return -1;
  }

  // Repetition key: the points of both sides (to_move is not in it; equal
  // keys of a game alternate sides every turn, see MorrisState).
  uint32_t key() const { return uint32_t(pieces[0]) | (uint32_t(pieces[1]) << 16); }

  bool operator==(const Board&) const = default;
};

// The point of a placement or removal, or the destination of a move.
constexpr int action_point(int action) {
  if (action >= kRemoveBase) return action - kRemoveBase;
  if (action >= kMoveBase) return (action - kMoveBase) % kNumPoints;
  return action;
}
// The origin of a move, or -1.
constexpr int action_from(int action) {
  return action >= kMoveBase && action < kRemoveBase ? (action - kMoveBase) / kNumPoints : -1;
}
constexpr ActionKind action_kind(int action) {
  if (action >= kRemoveBase) return ActionKind::kRemove;
  return action >= kMoveBase ? ActionKind::kMove : ActionKind::kPlace;
}

// "place:e", "move:a-b", "remove:k".
std::string action_to_string(int action);
// The point named by a letter a..p, or -1.
int point_from_char(char c);

// The board as 16 characters a..p: 'O' seat 0, 'X' seat 1, '.' empty.
std::string points_string(const Board& board);
// Reads the 16 points from a string: the characters O, X and '.' in order,
// everything else (the drawing's lines, spaces, newlines) skipped, so both
// points_string and to_text's drawing parse. Hands are 0, seat 0 to move.
// Throws InputError if there are not exactly 16 points.
Board board_from_points(std::string_view text);
// The drawing above with the pieces in place, one line per row.
std::string drawing(const Board& board);

}  // namespace pg::morris
