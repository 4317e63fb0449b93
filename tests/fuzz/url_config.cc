// The page's URL parameters (engine/core/url_config.h), used as the page's start does (web/app.cc, App::App):
// parse_url_config, then the game opened with the URL's options, the seed set and the URL's agents seated.
#include "engine/core/url_config.h"

#include "engine/core/error.h"
#include "engine/core/session.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view query = pg::fuzz::as_text(data, size);
  PG_FUZZ_CHECK(pg::url_decode(pg::url_encode(query)) == query);
  const pg::UrlConfig config = pg::parse_url_config(query);
  PG_FUZZ_CHECK(config.speed >= pg::kMinSpeed && config.speed <= pg::kMaxSpeed);
  pg::Session session;
  if (config.game || !config.options.empty()) {
    const std::string name = config.game.value_or(session.entry().name);
    try {
      session.load(name, config.options);
    } catch (const pg::InputError&) {
      session.load(name);  // the page falls back to the default options: this must not throw
    }
  }
  if (config.seed) session.reset(*config.seed);
  if (config.agents) {
    try {
      session.set_agents(*config.agents);
    } catch (const pg::InputError&) {
    }
  }
  (void)session.summary();
  return 0;
}
