#include "web/views/board_view.h"

#include "engine/core/error.h"

namespace pg::web {

// What a game without these has: a message naming what it lacks.
Json BoardView::train(App& app, const Json& command) {
  if (LiveTrainer* t = trainer()) return t->command(app, command);
  throw InputError("train", "this game has no live trainer in the page");
}

Json BoardView::trained_policy() {
  if (LiveTrainer* t = trainer()) return t->policy_json();
  throw InputError("trained policy", "this game has no live trainer in the page");
}

Json BoardView::load_policy(App& /*app*/, std::string_view /*bytes*/) {
  throw InputError("load policy", "this game takes no policy file from the page");
}

Json BoardView::apply_editor_text(App& /*app*/, const std::string& /*text*/) {
  throw InputError("editor", "this game has no text editor in the page");
}

}  // namespace pg::web
