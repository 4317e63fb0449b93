#include "engine/core/game.h"

#include <algorithm>

#include "engine/core/error.h"

namespace pg {

bool State::is_legal(Action action) const {
  const auto legal = legal_actions();
  return std::binary_search(legal.begin(), legal.end(), action);
}

Transition State::apply_with_details(Action action) {
  Transition t;
  const Rewards r = apply_action(action, &t);
  t.rewards.assign(r.values.begin(), r.values.begin() + num_players());
  return t;
}

Action State::parse_action(std::string_view name) const {
  const auto legal = legal_actions();
  for (Action a : legal) {
    if (action_name(a) == name) return a;
  }
  std::string names;
  for (Action a : legal) names += (names.empty() ? "" : ",") + action_name(a);
  if (legal.empty()) throw InputError("", "the game is over, no action is legal");
  throw InputError("", "'" + std::string(name) + "' is not a legal action here (legal: " + names + ")");
}

}  // namespace pg
