// The bridge (`playground connect`): the page's way to a student's program. The page sends the agent protocol's
// messages (docs/agent-protocol.md) on a WebSocket at /v1/socket (or posts them to POST /v1) and gets the
// program's reply lines back; the bridge runs the
// program as program: agents do (child_process.h) and reads nothing of its replies but the line (the page's
// engine checks them). Only pages from the allowed origins, on a request naming the bridge's own host and
// carrying the secret key, may use it: a web page elsewhere, or one reaching it by DNS rebinding, cannot run the
// program.
#pragma once

#include <csignal>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/json.h"
#include "tools/playground/bridge_server.h"
#include "tools/playground/child_process.h"

namespace pg::cli {

// What `hello` answers as "bridge": the version of this interface (POST /v1 and the socket at /v1/socket).
inline constexpr int kBridgeVersion = 1;

// What a signal handler may touch (connect_command.cc): it sets `requested`, and kills `program`'s process group
// so that a wait for the program's answer ends at once. (The program runs in a group of its own, so that stopping
// it stops what its shell started too, and the terminal's Ctrl+C reaches the bridge alone.)
struct StopSignal {
  volatile std::sig_atomic_t requested = 0;
  volatile std::sig_atomic_t program = 0;  // the running program's process id (and group's), 0 when none
};

struct BridgeSettings {
  std::string command;               // the program's command line, run under /bin/sh
  std::string key;                   // the secret: in X-Playground-Key, or the socket address's query
  std::vector<std::string> origins;  // the pages that may use the bridge, in lowercase: "http://127.0.0.1:8000"
  std::optional<double> time_limit;  // seconds for every answer (--time-limit); else as program: agents have
  int port = 0;                      // where the bridge listens: the Host header must name it
};

class Bridge : public HttpHandler {
 public:
  Bridge(BridgeSettings settings, StopSignal& stop) : settings_(std::move(settings)), stop_(stop) {}
  ~Bridge() override { stop_program(); }

  HttpResponse answer(const HttpRequest& request) override;
  std::string socket_message(const std::string& text) override;
  HttpHeaders common_headers(const HttpRequest& request) const override;
  void stop_program();

 private:
  std::string refusal(const HttpRequest& request) const;
  bool allowed_origin(const std::string& origin) const;
  bool has_key(const HttpRequest& request) const;
  HttpResponse open_socket(const HttpRequest& request);
  HttpResponse message(const std::string& body);
  HttpResponse hello() const;
  HttpResponse start(const Json& message);
  HttpResponse decide(const Json& message);
  HttpResponse relay(const Json& message, double seconds);
  HttpResponse failed(const std::string& what);

  BridgeSettings settings_;
  StopSignal& stop_;
  std::unique_ptr<ChildProcess> program_;
};

}  // namespace pg::cli
