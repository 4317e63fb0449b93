#include "engine/core/moment_words.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <numeric>
#include <utility>

namespace pg {

namespace {

std::string number(double v, const char* format) {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string last_step(const Session& s) {
  const Episode& e = s.episode();
  if (e.cursor() == 0) return "";
  const EpisodeStep& st = e.step(e.cursor() - 1);
  std::string text = "Step " + std::to_string(e.cursor()) + ": player " + std::to_string(st.player) + " (" + st.agent +
                     ") played " + st.action_name + ".";
  // The step's events and draws as a sentence (the step log lists them joined by "; ").
  std::string what = describe_step(s.game(), st);
  while (!what.empty() && (what.back() == ' ' || what.back() == ';')) what.pop_back();
  if (!what.empty())
    text += " " + std::string(1, char(std::toupper(static_cast<unsigned char>(what[0])))) + what.substr(1) + ".";
  const auto& rewards = st.transition.rewards;
  if (rewards.size() == 1 && rewards[0] != 0) text += " Reward " + number(rewards[0], "%+g") + ".";
  return text;
}

std::string turn(const Session& s) {
  const State& state = s.state();
  if (state.is_terminal()) {
    const auto returns = s.episode().returns(s.episode().cursor());
    std::string text = "The game is over. Returns:";
    for (size_t p = 0; p < returns.size(); ++p)
      text += " player " + std::to_string(p) + " " + number(returns[p], "%+g");
    return text + ".";
  }
  const int p = state.current_player();
  if (p < 0) return "";
  return "Player " + std::to_string(p) + " to move: " + s.agent_specs()[size_t(p)] + ".";
}

// The agent's most likely actions, at most five, most likely first, and the one it chose (as the inspector
// marks it: among tied actions the agent draws one); `chosen` gets that one alone, with its probability.
std::string decision(Session& s, std::string& chosen) {
  if (s.state().is_terminal() || s.state().current_player() < 0) return "";
  const std::string who = s.agent_specs()[size_t(s.state().current_player())];
  if (s.thinking()) return who + " is thinking.";
  const Decision* d = s.decision();
  if (!d) return "";
  if (d->declined) return who + " declines to move: " + d->note;
  std::vector<size_t> order(d->actions.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return d->probabilities[a] > d->probabilities[b]; });
  std::string text = who + "'s decision:";
  for (size_t k = 0; k < std::min<size_t>(order.size(), 5); ++k) {
    const size_t i = order[k];
    const std::string name = s.state().action_name(d->actions[i]);
    const std::string share = number(100 * d->probabilities[i], "%.0f%%");
    text += (k ? ", " : " ") + name + " " + share;
    if (i < d->scores.size()) text += " (" + number(d->scores[i], "%+.3g") + ")";
  }
  if (order.size() > 5) text += ", and " + std::to_string(order.size() - 5) + " more";
  text += ".";
  // What the bracketed numbers are, said once.
  if (!d->scores.empty()) text += " In brackets: " + (d->score_label.empty() ? "its scores" : d->score_label) + ".";
  for (size_t i = 0; i < d->actions.size(); ++i)
    if (d->actions[i] == d->chosen)
      chosen = s.state().action_name(d->chosen) + " (" + number(100 * d->probabilities[i], "%.0f%%") + ")";
  if (!chosen.empty()) text += " It chooses " + chosen + ".";
  if (d->value) text += " Its value of the position: " + number(*d->value, "%+.3g") + ".";
  if (!d->note.empty()) text += " Its note: " + d->note + (d->note.back() == '.' ? "" : ".");
  if (!d->drawings.empty()) text += " It draws " + drawings_in_words(d->drawings, s.state()) + ".";
  return text;
}

}  // namespace

std::string describe_step(const Game& game, const EpisodeStep& step) {
  std::string out = game.describe_events(step.transition.events);
  for (const auto& d : step.transition.draws) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s: u=%.4f -> %s; ", d.what.c_str(), d.value, d.outcome.c_str());
    out += buf;
  }
  return out;
}

Json moment_in_words(Session& session) {
  const Episode& e = session.episode();
  std::string chosen;
  const std::string last = last_step(session), now = turn(session), decided = decision(session, chosen);
  std::string announcement = last.empty() ? "Start of the episode." : last;
  announcement += " " + now;
  if (!chosen.empty()) announcement += " It chooses " + chosen + ".";
  Json moves = Json::array();
  if (!session.state().is_terminal() && session.awaiting_move()) {
    for (const Action a : session.state().legal_actions()) moves.push_back(session.state().action_name(a));
  }
  // Built field by field: nlohmann's nested initialiser lists cost the page's first download far more code.
  Json j = Json::object();
  j["title"] = session.game().title();
  j["position"] = "Step " + std::to_string(e.cursor()) + " of " + std::to_string(e.length());
  j["turn"] = now;
  const std::string in_words = session.state().to_words();
  j["board"] = in_words.empty() ? session.state().to_text() : in_words;
  j["last"] = last;
  j["decision"] = decided;
  j["announcement"] = announcement;
  j["moves"] = std::move(moves);
  return j;
}

}  // namespace pg
