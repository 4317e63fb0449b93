// Monte Carlo tree search for the Binary Game, as in the course: UCT (UCB1 on
// every node's children) with the assignment's pattern-weight policy in the
// playouts.
//
// Each playout descends the tree from the root by UCB1
//   win rate + c * sqrt(ln(parent visits) / visits)
// (an unvisited child first, in the course's move order), expands the leaf it
// reaches (all its legal moves become children), plays the pattern policy to
// the end of the game from there and counts the result for every node on the
// path, from the point of view of the player who made the node's move. The
// decision is the root child with the most visits (ties: the higher win rate,
// then the course's order). The search draws only from the Rng it is given, so
// a seed fixes it: the same decisions natively and in the page.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core/agent.h"
#include "engine/core/rng.h"
#include "engine/games/binary/patterns.h"

namespace pg::binary {

constexpr double kDefaultExploration = 0.4;  // c in UCB1

class Mcts {
 public:
  Mcts(std::shared_ptr<const PatternTable> table, int playouts, double exploration = kDefaultExploration)
      : table_(std::move(table)), playouts_(playouts), exploration_(exploration) {}

  // A root move with its statistics after the search.
  struct Child {
    Move move;
    int visits = 0;
    double wins = 0;  // for the player who makes the move
  };
  struct Result {
    std::vector<Child> children;  // every legal move, in the course's order
    size_t best = 0;              // index of the chosen move
    size_t nodes = 0;             // tree nodes at the end
  };
  // The tree stops growing at this many nodes (40 bytes each); playouts then
  // start from the leaves it has.
  static constexpr size_t kMaxNodes = 2000000;
  // Searches from `board`, which must have a legal move.
  Result search(const Board& board, Rng& rng);

 private:
  struct Node {
    Move move{};
    int parent = -1;
    int first_child = -1, num_children = 0;  // num_children < 0: not expanded yet
    int visits = 0;
    double wins = 0;  // for the player who made `move`
  };
  void expand(int node, const Board& board);
  int select_child(int node) const;

  std::shared_ptr<const PatternTable> table_;
  int playouts_;
  double exploration_;
  std::vector<Node> nodes_;
  std::vector<WeightedMove> scratch_;
};

// The agent `mcts[:PLAYOUTS[:FILE]]`: PLAYOUTS playouts per decision (default
// 1000, at most kMaxMctsPlayouts), the policy of pattern file FILE (default
// twopattern, as `patterns`).
constexpr int kDefaultMctsPlayouts = 1000;
constexpr int kMaxMctsPlayouts = 100000;

class MctsAgent : public Agent {
 public:
  MctsAgent(std::string spec, std::string file, std::shared_ptr<const PatternTable> table, int playouts)
      : spec_(std::move(spec)), file_(std::move(file)), mcts_(std::move(table), playouts), playouts_(playouts) {}
  std::string spec() const override { return spec_; }
  Decision decide(const State& state, Rng& rng) override;

 private:
  std::string spec_, file_;
  Mcts mcts_;
  int playouts_;
};

// nullptr unless `spec` is "mcts" or "mcts:...", throws InputError for a bad
// playout count or an unknown pattern file.
std::unique_ptr<Agent> make_mcts_agent(std::string_view spec);

}  // namespace pg::binary
