#include "engine/games/binary/mcts.h"

#include <cmath>
#include <cstdio>

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/games/binary/binary_game.h"
#include "engine/games/binary/pattern_files.h"
#include "engine/nn/det_math.h"

namespace pg::binary {

void Mcts::expand(int node, const Board& board) {
  Node& n = nodes_[size_t(node)];
  n.first_child = int(nodes_.size());
  int count = 0;
  board.for_each_legal([&](int x, int y, int d) {
    Node child;
    child.move = {x, y, d};
    child.parent = node;
    child.num_children = -1;
    nodes_.push_back(child);
    ++count;
  });
  nodes_[size_t(node)].num_children = count;  // `n` may dangle: push_back can move the nodes
}

int Mcts::select_child(int node) const {
  const Node& n = nodes_[size_t(node)];
  // det_log, not std::log: glibc and musl (the page's C library) may round a logarithm differently in the
  // last bit, and a tie broken differently would change the move; det_log gives the same bits everywhere.
  const double log_visits = nn::det_log(double(n.visits));
  int best = -1;
  double best_value = -1;
  for (int i = 0; i < n.num_children; ++i) {
    const int c = n.first_child + i;
    const Node& child = nodes_[size_t(c)];
    if (child.visits == 0) return c;  // every child once, in the course's order
    const double value =
        child.wins / double(child.visits) + exploration_ * std::sqrt(log_visits / double(child.visits));
    if (value > best_value) best_value = value, best = c;
  }
  return best;
}

Mcts::Result Mcts::search(const Board& root, Rng& rng) {
  nodes_.clear();
  Node r;
  r.num_children = -1;
  nodes_.push_back(r);
  expand(0, root);
  if (nodes_[0].num_children == 0) throw InputError("mcts", "the game is over: no legal move to search");
  for (int p = 0; p < playouts_; ++p) {
    Board board = root;
    int node = 0;
    // Selection: down the expanded nodes (an unvisited child first).
    while (nodes_[size_t(node)].num_children > 0) {
      node = select_child(node);
      const Move& m = nodes_[size_t(node)].move;
      board.place(m.x, m.y, m.d);
    }
    // Expansion of a leaf visited before: its first move is played.
    if (nodes_[size_t(node)].num_children < 0 && nodes_[size_t(node)].visits > 0 && nodes_.size() < kMaxNodes) {
      expand(node, board);
      if (nodes_[size_t(node)].num_children > 0) {
        node = nodes_[size_t(node)].first_child;
        const Move& m = nodes_[size_t(node)].move;
        board.place(m.x, m.y, m.d);
      }
    }
    // Simulation with the pattern policy, then backpropagation. A node's move
    // was made by the player not to move after it.
    const int winner = playout(board, *table_, rng, scratch_);
    int mover = 1 - board.to_move();
    for (int i = node; i >= 0; i = nodes_[size_t(i)].parent) {
      Node& n = nodes_[size_t(i)];
      ++n.visits;
      if (winner == mover) n.wins += 1;
      mover = 1 - mover;
    }
  }
  Result result;
  result.nodes = nodes_.size();
  const Node& rn = nodes_[0];
  for (int i = 0; i < rn.num_children; ++i) {
    const Node& c = nodes_[size_t(rn.first_child + i)];
    result.children.push_back({c.move, c.visits, c.wins});
  }
  for (size_t i = 1; i < result.children.size(); ++i) {
    const Child& a = result.children[i];
    const Child& b = result.children[result.best];
    const double ra = a.visits ? a.wins / a.visits : 0, rb = b.visits ? b.wins / b.visits : 0;
    if (a.visits > b.visits || (a.visits == b.visits && ra > rb)) result.best = i;
  }
  return result;
}

Decision MctsAgent::decide(const State& state, Rng& rng) {
  const Board& board = dynamic_cast<const BinaryState&>(state).board();
  const Mcts::Result r = mcts_.search(board, rng);
  Decision d;
  for (size_t i = 0; i < r.children.size(); ++i) {
    const Mcts::Child& c = r.children[i];
    d.actions.push_back(encode_action(board, c.move.x, c.move.y, c.move.d));
    d.probabilities.push_back(i == r.best ? 1.0 : 0.0);
    d.scores.push_back(c.visits ? c.wins / c.visits : 0.0);
  }
  const Mcts::Child& best = r.children[r.best];
  d.chosen = d.actions[r.best];
  d.score_label = "MCTS: the move's win rate in its playouts (for the player making it)";
  d.value = best.visits ? 2 * best.wins / best.visits - 1 : 0;
  d.debug = {{"playouts", double(playouts_)}, {"tree nodes", double(r.nodes)}, {"visits of the move", best.visits}};
  char note[160];
  std::snprintf(note, sizeof note, "%d,%d,%d: most visited (%d of %d playouts, wins %.1f%%) [%s]", best.move.x,
                best.move.y, best.move.d, best.visits, playouts_, best.visits ? 100.0 * best.wins / best.visits : 0.0,
                file_.c_str());
  d.note = note;
  return d;
}

std::unique_ptr<Agent> make_mcts_agent(std::string_view spec) {
  const auto [name, arg] = split_spec(spec);
  if (name != "mcts") return nullptr;
  int playouts = kDefaultMctsPlayouts;
  std::string file = kDefaultPatterns;
  if (!arg.empty()) {
    const size_t colon = arg.find(':');
    playouts = parse_int_param(spec, std::string_view(arg).substr(0, colon), 1, kMaxMctsPlayouts);
    if (colon != std::string::npos) file = arg.substr(colon + 1);
  }
  // A shipped file the page is still fetching throws "still loading": the session seats a stand-in until it arrives.
  auto table = pattern_tables().need(file);
  if (!table)
    throw InputError("agent '" + std::string(spec) + "'",
                     "no pattern file named '" + file + "' (the CLI also takes a path to a file)");
  return std::make_unique<MctsAgent>(std::string(spec), file, std::move(table), playouts);
}

}  // namespace pg::binary
