#include "tools/playground/bridge.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>

#include "engine/core/agent_protocol.h"
#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "tools/playground/program_agent.h"

namespace pg::cli {

namespace {

// No wait is longer: a page asking for more waits a day.
constexpr double kLongestWait = 86400;

// A JSON body, whatever bytes its strings hold (a program's line need not be UTF-8).
std::string dumped(const Json& body) { return body.dump(-1, ' ', false, Json::error_handler_t::replace); }

HttpResponse json_response(int status, const char* field, const std::string& text) {
  Json body = Json::object();
  body[field] = text;
  return {status, {}, dumped(body)};
}

HttpResponse error(int status, const std::string& problem) { return json_response(status, "error", problem); }

// The path without its query: "/v1?x=1" is "/v1".
std::string path_of(const std::string& target) { return target.substr(0, target.find('?')); }

// Equal, in a time that does not tell how much of the key was right.
bool same_key(const std::string& given, const std::string& key) {
  if (given.size() != key.size()) return false;
  unsigned char differ = 0;
  for (size_t i = 0; i < key.size(); ++i) differ |= static_cast<unsigned char>(given[i] ^ key[i]);
  return differ == 0;
}

// What the start message names, for the line the student sees: "mancala", 0.
std::string shown(const Json& message, const char* field) {
  if (!message.contains(field)) return "?";
  const Json& value = message[field];
  return value.is_string() ? value.get<std::string>() : dumped(value);
}

}  // namespace

// The query's value for `name` ("" when absent): "/v1/socket?key=ab" has key "ab".
std::string query_value(const std::string& target, const std::string& name) {
  const size_t query = target.find('?');
  if (query == std::string::npos) return "";
  size_t start = query + 1;
  while (start <= target.size()) {
    size_t end = target.find('&', start);
    if (end == std::string::npos) end = target.size();
    const std::string pair = target.substr(start, end - start);
    if (pair.compare(0, name.size() + 1, name + "=") == 0) return pair.substr(name.size() + 1);
    start = end + 1;
  }
  return "";
}

HttpResponse Bridge::answer(const HttpRequest& request) {
  if (std::string problem = refusal(request); !problem.empty()) return error(403, problem);
  if (path_of(request.target) == "/v1/socket") return open_socket(request);
  if (path_of(request.target) != "/v1")
    return error(404, "no such path: the bridge answers POST /v1 and a WebSocket at /v1/socket");
  if (request.method == "OPTIONS")
    return {204,
            {{"Access-Control-Allow-Methods", "POST"},
             {"Access-Control-Allow-Headers", "content-type, x-playground-key"},
             {"Access-Control-Allow-Private-Network", "true"},
             {"Access-Control-Max-Age", "600"}},
            ""};
  if (request.method != "POST") {
    HttpResponse response = error(405, "method " + request.method + " not allowed: the bridge answers POST /v1");
    response.headers.emplace_back("Allow", "POST, OPTIONS");
    return response;
  }
  if (!has_key(request))
    return error(403, "missing or wrong X-Playground-Key: open the link the bridge printed, which holds the key");
  return message(request.body);
}

// A WebSocket at /v1/socket: the key in its query (a browser's WebSocket cannot send headers of its own), then
// each text message is a body POST /v1 would take, answered with the body it would answer.
HttpResponse Bridge::open_socket(const HttpRequest& request) {
  if (request.method != "GET") return error(405, "the socket at /v1/socket opens with GET (a WebSocket)");
  if (!request.websocket) {
    HttpResponse response = error(426, "/v1/socket is a WebSocket: open it with one, or POST to /v1");
    response.headers.emplace_back("Upgrade", "websocket");
    return response;
  }
  if (!same_key(query_value(request.target, "key"), settings_.key))
    return error(403,
                 "missing or wrong key in the socket's address (/v1/socket?key=KEY): open the link the bridge "
                 "printed, which holds the key");
  return {101, {}, ""};
}

std::string Bridge::socket_message(const std::string& text) { return message(text).body; }

HttpHeaders Bridge::common_headers(const HttpRequest& request) const {
  const std::string* origin = request.header("origin");
  if (!origin || !allowed_origin(*origin)) return {};
  return {{"Access-Control-Allow-Origin", *origin}, {"Vary", "Origin"}};
}

void Bridge::stop_program() {
  stop_.program = 0;
  program_.reset();
}

// Why the request may not use the bridge at all ("" when it may): it names another host (a page reaching the
// bridge by DNS rebinding does), or comes from a page not allowed.
std::string Bridge::refusal(const HttpRequest& request) const {
  const std::string port = std::to_string(settings_.port);
  const std::string* host = request.header("host");
  if (!host) return "the request names no Host (the bridge is 127.0.0.1:" + port + ")";
  const std::string host_name = ascii_lower(*host);
  if (host_name != "127.0.0.1:" + port && host_name != "localhost:" + port)
    return "Host '" + *host + "' is not this bridge (127.0.0.1:" + port + " or localhost:" + port + ")";
  const std::string* origin = request.header("origin");
  if (origin && !allowed_origin(*origin)) {
    std::string allowed;
    for (const auto& o : settings_.origins) allowed += (allowed.empty() ? "" : ", ") + o;
    return "origin '" + *origin + "' may not use this bridge (allowed: " + allowed +
           "; start the bridge with --origin to add one)";
  }
  return "";
}

bool Bridge::allowed_origin(const std::string& origin) const {
  const std::string o = ascii_lower(origin);
  return std::find(settings_.origins.begin(), settings_.origins.end(), o) != settings_.origins.end();
}

bool Bridge::has_key(const HttpRequest& request) const {
  const std::string* key = request.header("x-playground-key");
  return key && same_key(*key, settings_.key);
}

HttpResponse Bridge::message(const std::string& body) {
  Json m;
  try {
    m = parse_json_input(body, "the body");
  } catch (const InputError& e) {
    return error(400, e.what());
  }
  if (!m.is_object()) return error(400, "the body: expected a JSON object (an agent protocol message)");
  if (!m.contains("type") || !m["type"].is_string()) return error(400, "the body's type: missing or not a string");
  const std::string type = m["type"].get<std::string>();
  if (type == "hello") return hello();
  if (type == "start") return start(m);
  if (type == "decide") return decide(m);
  return error(400, "the body's type: '" + type + "' is not hello, start or decide");
}

HttpResponse Bridge::hello() const {
  Json body = Json::object();
  body["bridge"] = kBridgeVersion;
  body["protocol"] = agent_protocol::kVersion;
  body["command"] = settings_.command;
  return {200, {}, dumped(body)};
}

// Starts the program afresh (stopping the one before) and relays the start message.
HttpResponse Bridge::start(const Json& message) {
  stop_program();
  std::cout << "page connected: start game " << shown(message, "game") << " seat " << shown(message, "seat")
            << std::endl;
  try {
    program_ = std::make_unique<ChildProcess>(settings_.command, /*own_group=*/true);
  } catch (const ProgramFailure& f) {
    return failed(f.what);
  }
  stop_.program = program_->pid();
  return relay(message, settings_.time_limit.value_or(kProgramTimeLimit));
}

// Relays a decide message to the running program, which has the message's time_limit to answer, as program:
// agents have (program_agent.cc), unless --time-limit says otherwise.
HttpResponse Bridge::decide(const Json& message) {
  if (!program_) return json_response(200, "failure", "no program is running: the page must send start first");
  if (settings_.time_limit) return relay(message, *settings_.time_limit);
  const Json limit = message.contains("time_limit") ? message["time_limit"] : Json();
  if (!limit.is_number() || !(limit.get<double>() > 0))
    return error(400, "the body's time_limit: expected a positive number of seconds");
  return relay(message, limit.get<double>());
}

// Sends the message as a line and answers the program's reply line, or its failure.
HttpResponse Bridge::relay(const Json& message, double seconds) {
  const auto wait = std::chrono::duration<double>(std::min(seconds, kLongestWait));
  const Clock::time_point deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(wait);
  try {
    program_->send(dumped(message), deadline);
    return json_response(200, "reply", program_->receive(deadline));
  } catch (const ProgramFailure& f) {
    return failed(f.what);
  }
}

// The page is told what happened to the program, and so is the student, on stderr; the next start starts it
// again.
HttpResponse Bridge::failed(const std::string& what) {
  const std::string note = failure_note(settings_.command, what, program_.get());
  stop_program();
  if (!stop_.requested) std::cerr << "playground connect: " << note << std::endl;
  return json_response(200, "failure", note);
}

}  // namespace pg::cli
