// Tic-tac-toe's rules, one test each, and the solved game against facts known about it.
#include <gtest/gtest.h>

#include <set>

#include "engine/core/agent.h"
#include "engine/core/error.h"
#include "engine/core/match.h"
#include "engine/core/registry.h"
#include "engine/games/tictactoe/perfect_agent.h"
#include "engine/games/tictactoe/solver.h"
#include "engine/games/tictactoe/tictactoe_game.h"

namespace pg::tictactoe {
namespace {

std::unique_ptr<State> play(const std::vector<std::string>& cells) {
  const auto game = make_game("tictactoe");
  auto state = game->initial_state(0);
  for (const auto& c : cells) state->apply(state->parse_action(c));
  return state;
}

TEST(TicTacToe, XMovesFirstOnAnEmptyGridOfNineCells) {
  const auto state = play({});
  EXPECT_EQ(state->current_player(), 0);
  EXPECT_EQ(state->legal_actions(), (std::vector<Action>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(state->to_text(), "3 . . .\n2 . . .\n1 . . .\n  a b c\nX to move\n");
}

TEST(TicTacToe, CellsAreNamedByColumnAndRowFromTheBottomLeft) {
  EXPECT_EQ(cell_name(0), "a3");
  EXPECT_EQ(cell_name(2), "c3");
  EXPECT_EQ(cell_name(6), "a1");
  EXPECT_EQ(cell_name(8), "c1");
  for (int cell = 0; cell < kCells; ++cell) EXPECT_EQ(cell_from_name(cell_name(cell)), cell);
  EXPECT_EQ(cell_from_name("d1"), -1);
  EXPECT_EQ(cell_from_name("a4"), -1);
  EXPECT_EQ(cell_from_name("a"), -1);
}

TEST(TicTacToe, PlayersAlternateAndAnOccupiedCellIsNotLegal) {
  const auto state = play({"b2"});
  EXPECT_EQ(state->current_player(), 1);
  EXPECT_FALSE(state->is_legal(4));
  EXPECT_EQ(state->legal_actions().size(), 8u);
  EXPECT_THROW(state->parse_action("b2"), InputError);
  EXPECT_THROW(state->parse_action("z9"), InputError);
  EXPECT_EQ(state->to_text(), "3 . . .\n2 . X .\n1 . . .\n  a b c\nO to move\n");
}

TEST(TicTacToe, EachOfTheEightLinesWins) {
  for (const auto& line : kLines) {
    // X fills the line; O answers on the first free cells off it that do not make a line of its own.
    const auto game = make_game("tictactoe");
    auto state = game->initial_state(0);
    Transition last;
    for (int k = 0; k < 3; ++k) {
      last = state->apply_with_details(line[size_t(k)]);
      if (k == 2) break;
      for (int cell = 0; cell < kCells; ++cell) {
        const bool on_line = cell == line[0] || cell == line[1] || cell == line[2];
        if (on_line || !state->is_legal(cell)) continue;
        auto trial = state->clone();
        trial->apply(cell);
        if (trial->is_terminal()) continue;
        state->apply(cell);
        break;
      }
    }
    ASSERT_TRUE(state->is_terminal()) << state->to_text();
    EXPECT_EQ(last.rewards, (std::vector<double>{1, -1}));
    EXPECT_TRUE(state->legal_actions().empty());
    ASSERT_TRUE(last.events.contains("line"));
    EXPECT_EQ(last.events["line"][0], cell_name(line[0]));
    EXPECT_EQ(game->describe_events(last.events).rfind("three in a row: ", 0), 0u);
  }
}

TEST(TicTacToe, OWinsToo) {
  const auto state = play({"a3", "b2", "c3", "b3", "a1", "b1"});
  ASSERT_TRUE(state->is_terminal());
  EXPECT_NE(state->to_text().find("O wins"), std::string::npos);
  auto before = play({"a3", "b2", "c3", "b3", "a1"});
  EXPECT_EQ(before->apply(before->parse_action("b1"))[1], 1.0);
}

TEST(TicTacToe, AFullGridWithoutALineIsADraw) {
  // X O X / X O O / O X X
  const std::vector<std::string> moves = {"a3", "b3", "c3", "b2", "a2", "c2", "b1", "a1", "c1"};
  const auto game = make_game("tictactoe");
  auto state = game->initial_state(0);
  Transition last;
  for (const auto& m : moves) {
    ASSERT_FALSE(state->is_terminal());
    last = state->apply_with_details(state->parse_action(m));
  }
  EXPECT_TRUE(state->is_terminal());
  EXPECT_EQ(last.rewards, (std::vector<double>{0, 0}));
  EXPECT_TRUE(last.events.value("draw", false));
  EXPECT_EQ(game->describe_events(last.events), "the board is full: a draw; ");
  EXPECT_NE(state->to_text().find("draw"), std::string::npos);
}

TEST(TicTacToe, TheObservationIsFromTheMoversSide) {
  const auto state = play({"a3"});
  const auto obs = state->observation();
  ASSERT_EQ(obs.size(), 9u);
  EXPECT_EQ(obs[0], -1.0f);  // X's mark, seen by O
  EXPECT_EQ(obs[4], 0.0f);
}

TEST(TicTacToe, JsonStatesAreCheckedAndBadOnesNamed) {
  const auto game = make_game("tictactoe");
  const auto state = play({"a3", "b2"});
  EXPECT_EQ(state->to_json(), Json::parse(R"({"board": ["X..", ".O.", "..."], "to_move": 0})"));
  auto refused = [&](const char* text, const std::string& where) {
    try {
      game->state_from_json(Json::parse(text));
      ADD_FAILURE() << text << " was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(where), std::string::npos) << e.what();
    }
  };
  refused(R"([1])", "state");
  refused(R"({"board": ["X.."], "to_move": 0})", "state.board");
  refused(R"({"board": ["X.Z", "...", "..."], "to_move": 1})", "state.board[0]");
  refused(R"({"board": ["XX.", "...", "..."], "to_move": 1})", "as many marks as O or one more");
  refused(R"({"board": ["X..", "...", "..."], "to_move": 0})", "state.to_move");
  refused(R"({"board": ["XXX", "OO.", "O.."], "to_move": 0})", "X has three in a row but is to move");
  EXPECT_TRUE(game->state_from_json(Json::parse(R"({"board": ["XXX", "OO.", "..."], "to_move": 1})"))->is_terminal());
}

TEST(TicTacToe, OptionsAreRefusedByName) {
  EXPECT_THROW(make_game("tictactoe", {{"size", 4}}), InputError);
  EXPECT_EQ(make_game("tictactoe")->options(), Json::object());
}

// --- the solved game ---

TEST(TicTacToeSolver, TheGameIsADrawAndEveryOpeningDraws) {
  EXPECT_EQ(solve(Board{}), Outcome{});
  const auto values = action_values(Board{});
  ASSERT_EQ(values.size(), 9u);
  for (const auto& [cell, o] : values) EXPECT_EQ(o.result, Outcome::kDraw) << cell_name(cell);
}

TEST(TicTacToeSolver, AgainstACornerOnlyTheCentreDraws) {
  const auto state = play({"a3"});
  const auto& board = dynamic_cast<const TicTacToeState&>(*state).board();
  for (const auto& [cell, o] : action_values(board))
    EXPECT_EQ(o.result, cell == 4 ? Outcome::kDraw : Outcome::kLoss) << cell_name(cell);
}

TEST(TicTacToeSolver, WinsAtOnceAndCountsPlies) {
  // X X . / O O . / . . .  with X to move: c3 wins in 1 ply; c2 blocks O; elsewhere O completes its row
  // (a loss in 2).
  Board b;
  for (int c : {0, 1}) b.cells[size_t(c)] = 0;
  for (int c : {3, 4}) b.cells[size_t(c)] = 1;
  const auto values = action_values(b);
  for (const auto& [cell, o] : values) {
    if (cell == 2)
      EXPECT_EQ(o, (Outcome{Outcome::kWin, 1}));
    else if (cell == 5)
      EXPECT_EQ(o.result, Outcome::kDraw);  // blocking O's row, and O then blocks X's: a draw
    else
      EXPECT_EQ(o, (Outcome{Outcome::kLoss, 2})) << cell_name(cell);
  }
  EXPECT_EQ((Outcome{Outcome::kWin, 1}).text(), "win in 1 ply");
  EXPECT_EQ((Outcome{Outcome::kLoss, 2}).short_text(), "L2");
  EXPECT_EQ(principal_line(b, 2), "c3");
}

TEST(TicTacToeSolver, CoversTheGamesFiveThousandFourHundredSeventyEightPositions) {
  std::set<uint32_t> seen;
  std::vector<Board> frontier = {Board{}};
  while (!frontier.empty()) {
    const Board b = frontier.back();
    frontier.pop_back();
    if (!seen.insert(b.key()).second || b.over()) continue;
    for (int cell = 0; cell < kCells; ++cell) {
      if (!b.empty_at(cell)) continue;
      Board next = b;
      next.place(cell);
      frontier.push_back(next);
    }
  }
  EXPECT_EQ(seen.size(), 5478u);
}

TEST(TicTacToePerfect, TakesTheQuickestWinAndShowsEachMovesResult) {
  const auto game = make_game("tictactoe");
  auto agent = make_agent(*game, "perfect");
  const auto state = play({"a3", "a2", "b3", "b2"});  // X: c3 wins at once
  Rng rng(1);
  const Decision d = agent->decide(*state, rng);
  EXPECT_EQ(d.chosen, 2);
  ASSERT_EQ(d.scores.size(), d.actions.size());
  ASSERT_EQ(d.lines.size(), d.actions.size());
  for (size_t k = 0; k < d.actions.size(); ++k) {
    EXPECT_EQ(d.probabilities[k], d.actions[k] == 2 ? 1.0 : 0.0);
    EXPECT_EQ(d.lines[k].rfind(cell_name(d.actions[k]), 0), 0u);
  }
  EXPECT_EQ(d.value, 1.0);
  EXPECT_THROW(make_agent(*game, "perfect:3"), InputError);
}

TEST(TicTacToePerfect, NeverLosesAndDrawsItself) {
  const auto game = make_game("tictactoe");
  const MatchResult self = play_match(*game, {"perfect", "perfect"}, 50, 1);
  EXPECT_EQ(self.draws, 50);
  const MatchResult first = play_match(*game, {"perfect", "random"}, 200, 1);
  const MatchResult second = play_match(*game, {"random", "perfect"}, 200, 1);
  EXPECT_EQ(first.losses, 0);
  EXPECT_EQ(second.wins, 0);
  EXPECT_GT(first.wins, 150);  // a random player loses most games to it
}

}  // namespace
}  // namespace pg::tictactoe
