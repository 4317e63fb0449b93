// The replies of the functions behind window.playground (web/js_api.cc, web/js_api_introspection.cc): JSON text
// that stays valid until the next call, and the guard that turns anything unexpected into an error reply.
#pragma once

#include <exception>
#include <new>
#include <string>

#include "engine/core/json.h"

namespace pg::web::js {

// The reply to a call that may have changed what the page shows (the page draws again).
const char* reply(const Json& j);
// A reply to a question that changes nothing: the page stays idle (web/page/words.mjs asks for the words after every
// step and message).
const char* quiet_reply(const Json& j);
const char* error_reply(const std::string& message);
// The error reply to a call that threw: `e` is the exception, or null when memory ran out; also among the
// page's messages. One function for every call, so that each call's wrapper is only its try and catch.
[[gnu::noinline]] const char* unexpected(const char* name, const std::exception* e);

// Runs an API call; anything unexpected becomes an error reply (and a message on the page) instead of escaping
// into JavaScript: the page keeps running. The calls parse their input before changing anything, so running
// out of memory while parsing leaves the page as it was.
template <typename F>
const char* guarded(const char* name, F&& f) {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    return unexpected(name, nullptr);
  } catch (const std::exception& e) {
    return unexpected(name, &e);
  }
}

}  // namespace pg::web::js
