// A small HTTP/1.1 server on 127.0.0.1 for the bridge (`playground connect`): POSIX sockets and poll(), several
// keep-alive connections, requests answered one at a time as they arrive. It frames requests (Content-Length
// bodies only) and refuses what it will not read: a head over 16 KiB (431), a body over 1 MiB (413), a chunked
// or unsized body (411), a malformed request (400) and a request not sent in full within 10 s (408), each then
// closing its connection. What a well-formed request gets is the handler's business. A request to upgrade to a
// WebSocket (RFC 6455) is checked as the protocol asks and then given to the handler, which may accept it
// (status 101): the connection then carries text messages, each answered by the handler's socket_message.
#pragma once

#include <csignal>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pg::cli {

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

// ASCII letters in lowercase: header names, host names and origins compare without case.
std::string ascii_lower(std::string_view text);

struct HttpRequest {
  std::string method, target, version;  // version: "HTTP/1.1" or "HTTP/1.0"
  HttpHeaders headers;                  // names in lowercase, values without surrounding spaces
  std::string body;
  bool websocket = false;  // a well-formed request to upgrade to a WebSocket
  // The header's value, or nullptr when the request has none (`name` in lowercase).
  const std::string* header(std::string_view name) const;
};

struct HttpResponse {
  int status = 200;
  HttpHeaders headers;
  std::string body;  // JSON, or empty
};

class HttpHandler {
 public:
  virtual ~HttpHandler() = default;
  // The answer to a well-formed request; 101 (no body) accepts a request to upgrade to a WebSocket.
  virtual HttpResponse answer(const HttpRequest& request) = 0;
  // The answer to a text message on a WebSocket the handler accepted.
  virtual std::string socket_message(const std::string& text) = 0;
  // Headers every response to the request carries, the server's own refusals included (for those `request`
  // holds what was read of it: its headers only when its head was read whole).
  virtual HttpHeaders common_headers(const HttpRequest& request) const = 0;
};

class HttpServer {
 public:
  // Listens on 127.0.0.1:port (0: a free port the system picks); throws InputError naming the port when it
  // cannot (in use, not allowed).
  explicit HttpServer(int port);
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;
  ~HttpServer();

  int port() const { return port_; }
  // Answers requests with `handler` until `stop` is set (by a signal handler; seen within half a second).
  void serve(HttpHandler& handler, const volatile std::sig_atomic_t& stop);

 private:
  int listener_ = -1;
  int port_ = 0;
};

}  // namespace pg::cli
