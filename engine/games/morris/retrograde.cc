#include "engine/games/morris/retrograde.h"

#include <algorithm>
#include <chrono>

#include "engine/core/error.h"
#include "engine/games/morris/position_index.h"

namespace pg::morris {

namespace {

constexpr int kMovement = 2 * kPiecesPerSide;  // placements made when the movement phase starts

// The better of two outcomes for the side to move.
void keep_best(Outcome& best, bool& any, const Outcome& o) {
  if (!any || o.rank() > best.rank()) best = o;
  any = true;
}

}  // namespace

std::string Outcome::text() const {
  if (result == kDraw) return "draw";
  return std::string(result == kWin ? "win" : "loss") + " in " + std::to_string(plies);
}

Board canonical_board(int placements, uint16_t mine, uint16_t theirs) {
  Board b;
  b.pieces = {mine, theirs};
  b.in_hand = {uint8_t(mover_hand(placements)), uint8_t(other_hand(placements))};
  b.moves = uint16_t(placements);
  return b;
}

void Solution::layout(int max_material) {
  max_material_ = max_material;
  uint64_t total = 0;
  for (int h = 0; h < kPlacementStages; ++h)
    for (int m = 0; m <= kPiecesPerSide; ++m)
      for (int t = 0; t <= kPiecesPerSide; ++t) {
        const int mine_material = m + mover_hand(h), theirs_material = t + other_hand(h);
        // Pieces on the board are at most those placed; a side below 3 has lost (not stored).
        const bool stored = m <= kPiecesPerSide - mover_hand(h) && t <= kPiecesPerSide - other_hand(h) &&
                            mine_material >= 3 && theirs_material >= 3 &&
                            mine_material + theirs_material <= max_material;
        offset_[h][m][t] = stored ? int64_t(total) : -1;
        if (stored) total += class_size(m, t);
      }
  entries_.assign(size_t(total), 0);
}

bool Solution::key_of(const Board& board, Key& key) const {
  const int mover = board.to_move;
  const int h = kMovement - board.in_hand[0] - board.in_hand[1];
  if (h < 0 || board.in_hand[size_t(mover)] != mover_hand(h) || board.in_hand[size_t(1 - mover)] != other_hand(h))
    return false;
  const uint16_t mine = board.pieces[size_t(mover)], theirs = board.pieces[size_t(1 - mover)];
  key.placements = h;
  key.mine = std::popcount(mine);
  key.theirs = std::popcount(theirs);
  const int64_t offset = offset_[h][key.mine][key.theirs];
  if (offset < 0) return false;
  key.index = uint64_t(offset) + position_index(mine, theirs);
  return true;
}

bool Solution::covers(const Board& board) const {
  if (board.material(0) + board.material(1) > max_material_) return false;
  // After a pending removal the other side moves with the same hands.
  const int next = board.pending_removal ? 1 - board.to_move : board.to_move;
  const int h = kMovement - board.in_hand[0] - board.in_hand[1];
  return h >= 0 && board.in_hand[size_t(next)] == mover_hand(h) && board.in_hand[size_t(1 - next)] == other_hand(h);
}

Outcome Solution::stored(const Board& board) const {
  Key key;
  if (!key_of(board, key))
    throw InputError("morris table", "the position " + points_string(board) +
                                         " is outside the solved classes (material up to " +
                                         std::to_string(max_material_) + ")");
  return Outcome::from_code(entries_[size_t(key.index)]);
}

Outcome Solution::value(const Board& board) const {
  if (!board.pending_removal) {
    if (board.loser() == board.to_move) return Outcome::loss(0);
    return stored(board);
  }
  Outcome best;
  bool any = false;
  board.for_each_legal([&](int action) {
    Board child = board;
    child.apply(action);
    keep_best(best, any, value(child).before(false));
  });
  return best;
}

std::vector<std::pair<int, Outcome>> Solution::action_values(const Board& board) const {
  std::vector<std::pair<int, Outcome>> out;
  if (!board.pending_removal && board.loser() >= 0) return out;
  board.for_each_legal([&](int action) {
    Board child = board;
    const bool turn_ended = child.apply(action);
    out.emplace_back(action, value(child).before(!turn_ended));
  });
  return out;
}

Solution::Counts Solution::counts() const {
  Counts c;
  for (uint16_t code : entries_) {
    const Outcome o = Outcome::from_code(code);
    if (o.result == Outcome::kWin) {
      ++c.wins;
      c.longest_win = std::max(c.longest_win, int(o.plies));
    } else if (o.result == Outcome::kLoss) {
      ++c.losses;
      c.longest_loss = std::max(c.longest_loss, int(o.plies));
    } else {
      ++c.draws;
    }
  }
  return c;
}

void Solution::solve_placement(int h) {
  for (int m = 0; m <= kPiecesPerSide; ++m)
    for (int t = 0; t <= kPiecesPerSide; ++t) {
      const int64_t offset = offset_[h][m][t];
      if (offset < 0) continue;
      const uint64_t size = class_size(m, t);
      for (uint64_t i = 0; i < size; ++i) {
        uint16_t mine = 0, theirs = 0;
        position_from_index(i, m, t, mine, theirs);
        const Board b = canonical_board(h, mine, theirs);
        Outcome best = Outcome::loss(0);  // no legal move: lost
        bool any = false;
        if (b.loser() < 0)
          b.for_each_legal([&](int action) {
            Board child = b;
            const bool turn_ended = child.apply(action);
            keep_best(best, any, value(child).before(!turn_ended));
          });
        entries_[size_t(uint64_t(offset) + i)] = best.code();
      }
    }
}

void Solution::solve_movement_cycle(int a, int b) {
  // Local numbering: class (a, b) first, then (b, a) when it is another class.
  const uint64_t size_a = class_size(a, b);
  const uint64_t size_b = a == b ? 0 : class_size(b, a);
  const uint64_t offset_a = uint64_t(offset_[kMovement][a][b]);
  const uint64_t offset_b = a == b ? 0 : uint64_t(offset_[kMovement][b][a]);
  const uint64_t n = size_a + size_b;
  auto global = [&](uint64_t local) { return local < size_a ? offset_a + local : offset_b + (local - size_a); };
  auto local_of = [&](uint16_t mine, uint16_t theirs) {
    const uint64_t i = position_index(mine, theirs);
    return std::popcount(mine) == a ? i : size_a + i;
  };
  auto decode = [&](uint64_t local, uint16_t& mine, uint16_t& theirs) {
    if (local < size_a)
      position_from_index(local, a, b, mine, theirs);
    else
      position_from_index(local - size_a, b, a, mine, theirs);
  };
  // The best of a position's moves that close a mill (they leave the cycle
  // for solved positions); `any` false when it has none.
  auto best_exit = [&](const Board& board, bool& any) {
    Outcome best;
    any = false;
    board.for_each_legal([&](int action) {
      Board child = board;
      if (!child.apply(action)) keep_best(best, any, value(child).before(true));
    });
    return best;
  };

  // Positions to resolve, by distance: the local index, the top bit set for a loss.
  constexpr uint32_t kLossBit = 1u << 31;
  std::vector<std::vector<uint32_t>> buckets;
  auto push = [&](int plies, uint64_t local, bool loss) {
    if (buckets.size() <= size_t(plies)) buckets.resize(size_t(plies) + 1);
    buckets[size_t(plies)].push_back(uint32_t(local) | (loss ? kLossBit : 0));
  };
  // The moves of each position not yet known to be wins for the opponent.
  std::vector<uint8_t> open_moves(size_t(n), 0);
  for (uint64_t local = 0; local < n; ++local) {
    uint16_t mine = 0, theirs = 0;
    decode(local, mine, theirs);
    const Board board = canonical_board(kMovement, mine, theirs);
    int inside = 0;
    Outcome mill_move;
    bool any_exit = false;
    board.for_each_legal([&](int action) {
      Board child = board;
      if (child.apply(action))
        ++inside;
      else
        keep_best(mill_move, any_exit, value(child).before(true));
    });
    open_moves[size_t(local)] = uint8_t(inside);
    if (any_exit && mill_move.result == Outcome::kWin)
      push(mill_move.plies, local, false);
    else if (inside == 0 && (!any_exit || mill_move.result == Outcome::kLoss))
      push(any_exit ? mill_move.plies : 0, local, true);  // no move at all: lost now
  }
  for (size_t d = 0; d < buckets.size(); ++d) {
    for (size_t k = 0; k < buckets[d].size(); ++k) {
      const uint32_t entry = buckets[d][k];
      const uint64_t local = entry & ~kLossBit;
      const bool lost = entry & kLossBit;
      uint16_t& code = entries_[size_t(global(local))];
      if (code != 0) continue;  // resolved at a shorter distance
      code = (lost ? Outcome::loss(int(d)) : Outcome::win(int(d))).code();
      uint16_t mine = 0, theirs = 0;
      decode(local, mine, theirs);
      for_each_predecessor(mine, theirs, [&](uint16_t earlier_mine, uint16_t earlier_theirs) {
        const uint64_t earlier = local_of(earlier_mine, earlier_theirs);
        if (entries_[size_t(global(earlier))] != 0) return;
        if (lost) {
          push(int(d) + 1, earlier, false);
        } else if (--open_moves[size_t(earlier)] == 0) {
          bool any_exit = false;
          const Outcome mill_move = best_exit(canonical_board(kMovement, earlier_mine, earlier_theirs), any_exit);
          if (!any_exit || mill_move.result == Outcome::kLoss)
            push(std::max(int(d) + 1, any_exit ? int(mill_move.plies) : 0), earlier, true);
        }
      });
    }
    std::vector<uint32_t>().swap(buckets[d]);
  }
}

Solution Solution::solve(int max_material, const std::function<void(const SolveProgress&)>& progress) {
  if (max_material < 6 || max_material > 2 * kPiecesPerSide)
    throw InputError("max_material", "expected 6 to 10, got " + std::to_string(max_material));
  Solution s;
  s.layout(max_material);
  const auto start = std::chrono::steady_clock::now();
  uint64_t done = 0;
  auto report = [&](const std::string& stage, uint64_t positions) {
    done += positions;
    if (progress)
      progress({stage, done, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
  };
  // Movement cycles in order of material: a mill leads to less.
  for (int total = 6; total <= max_material; ++total)
    for (int a = kPiecesPerSide; a >= 3; --a) {
      const int b = total - a;
      if (b < 3 || b > a) continue;
      s.solve_movement_cycle(a, b);
      report("movement " + std::to_string(a) + " against " + std::to_string(b),
             class_size(a, b) + (a == b ? 0 : class_size(b, a)));
    }
  for (int h = kMovement - 1; h >= 0; --h) {
    s.solve_placement(h);
    uint64_t positions = 0;
    for (int m = 0; m <= kPiecesPerSide; ++m)
      for (int t = 0; t <= kPiecesPerSide; ++t)
        if (s.offset_[h][m][t] >= 0) positions += class_size(m, t);
    report("placement " + std::to_string(h) + " placements made", positions);
  }
  return s;
}

}  // namespace pg::morris
