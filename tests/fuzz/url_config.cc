// The page's URL parameters (engine/core/url_config.h), used as the page's start does (web/app.cc, App::App):
// parse_url_config, then open_url_config (url_opening.h): the game with the URL's options and level, the seed,
// the agents, the actions replayed and the step shown. Every problem is a message naming its parameter.
#include "engine/core/url_config.h"

#include "engine/core/error.h"
#include "engine/core/session.h"
#include "engine/core/url_opening.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view query = pg::fuzz::as_text(data, size);
  PG_FUZZ_CHECK(pg::url_decode(pg::url_encode(query)) == query);
  const pg::UrlConfig config = pg::parse_url_config(query);
  PG_FUZZ_CHECK(config.speed >= pg::kMinSpeed && config.speed <= pg::kMaxSpeed);
  pg::Session session;
  const pg::UrlOpening opening = pg::open_url_config(session, config, config.game.value_or(""));
  for (const auto& m : opening.messages) PG_FUZZ_CHECK(m.text.rfind("URL parameter '", 0) == 0 || !m.error);
  if (opening.play_to_step) PG_FUZZ_CHECK(session.episode().length() == 0);
  (void)session.summary();
  return 0;
}
