#include "web/js_reply.h"

#include "web/app.h"
#include "web/platform.h"

namespace pg::web::js {

namespace {
std::string g_result;
}  // namespace

const char* reply(const Json& j) {
  request_frames();  // the call may have changed what the page shows
  g_result = j.dump();
  return g_result.c_str();
}

const char* quiet_reply(const Json& j) {
  g_result = j.dump();
  return g_result.c_str();
}

const char* error_reply(const std::string& message) {
  Json j = Json::object();
  j["error"] = message;
  return reply(j);
}

const char* unexpected(const char* name, const std::exception* e) {
  const std::string message = e ? std::string(name) + ": unexpected error: " + e->what()
                                : std::string(name) + ": not enough memory, nothing changed";
  if (auto* app = current_app()) app->error(message);
  return error_reply(message);
}

}  // namespace pg::web::js
