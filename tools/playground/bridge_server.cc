#include "tools/playground/bridge_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <exception>

#include "engine/core/error.h"
#include "engine/core/json.h"
#include "tools/playground/websocket.h"

namespace pg::cli {

namespace {

using Clock = std::chrono::steady_clock;

constexpr size_t kMaxHead = size_t(16) << 10;
constexpr size_t kMaxBody = size_t(1) << 20;
// A request must arrive whole within this once its first byte has; an answer must be taken within kWriteTime.
constexpr auto kRequestTime = std::chrono::seconds(10);
constexpr auto kWriteTime = std::chrono::seconds(30);
// After its last answer a connection is read (and what comes discarded) for this long before it is closed, so
// that unread input does not make the system reset the connection before the client has read the answer.
constexpr auto kLingerTime = std::chrono::seconds(1);
// A stop asked for between two checks is seen within this.
constexpr int kMaxWaitMs = 500;
// Open connections at most (a browser opens a few); past this the longest idle one is closed.
constexpr size_t kMaxConnections = 32;

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// RFC 9110's token characters (method and header names).
bool is_token(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || std::strchr("!#$%&'*+-.^_`|~", c))) return false;
  return true;
}

// Visible characters, spaces and tabs: what a header's value or the request target may hold.
bool is_printable(std::string_view text, bool spaces) {
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u == 0x7f || (u < 0x20 && !(spaces && c == '\t')) || (!spaces && c == ' ')) return false;
  }
  return true;
}

// The headers a request may give only once: the checks read them.
bool single(std::string_view name) {
  return name == "host" || name == "origin" || name == "content-length" || name == "x-playground-key" ||
         name == "sec-websocket-key" || name == "sec-websocket-version";
}

// Reads "METHOD TARGET HTTP/1.x"; returns what is wrong, or "".
std::string parse_request_line(std::string_view line, HttpRequest& request) {
  const size_t a = line.find(' '), b = line.find(' ', a == line.npos ? a : a + 1);
  if (a == line.npos || b == line.npos || line.find(' ', b + 1) != line.npos)
    return "the request line is not 'METHOD TARGET HTTP/1.1'";
  request.method = line.substr(0, a);
  request.target = line.substr(a + 1, b - a - 1);
  request.version = line.substr(b + 1);
  if (!is_token(request.method)) return "the method is not a word";
  if (request.target.empty() || !is_printable(request.target, false)) return "the target is empty or not printable";
  if (request.version != "HTTP/1.1" && request.version != "HTTP/1.0") return "only HTTP/1.1 and HTTP/1.0 are spoken";
  return "";
}

// Reads "Name: value"; returns what is wrong, or "".
std::string parse_header(std::string_view line, HttpRequest& request) {
  const size_t colon = line.find(':');
  if (colon == line.npos || !is_token(line.substr(0, colon))) return "a header line is not 'Name: value'";
  const std::string name = ascii_lower(line.substr(0, colon));
  const std::string_view value = trimmed(line.substr(colon + 1));
  if (!is_printable(value, true)) return "the header " + name + " holds control characters";
  if (single(name) && request.header(name)) return "the header " + name + " is given twice";
  request.headers.emplace_back(name, std::string(value));
  return "";
}

// Reads the head (without its final empty line) into `request`; returns what is wrong, or "".
std::string parse_head(std::string_view head, HttpRequest& request) {
  request = HttpRequest{};
  size_t end = head.find("\r\n");
  if (std::string problem = parse_request_line(head.substr(0, end), request); !problem.empty()) return problem;
  while (end != head.npos) {
    const size_t start = end + 2;
    end = head.find("\r\n", start);
    if (std::string problem = parse_header(head.substr(start, end - start), request); !problem.empty()) return problem;
  }
  return "";
}

// What the bytes read on a connection hold: not yet a request, a request of `length` bytes, or one refused.
struct Framed {
  enum Kind { kIncomplete, kComplete, kRefused } kind = kIncomplete;
  size_t length = 0;
  int status = 0;
  std::string problem;
};

Framed refused(int status, std::string problem) { return {Framed::kRefused, 0, status, std::move(problem)}; }

// The body's length from Content-Length, or a refusal.
Framed body_length(const HttpRequest& request) {
  if (request.header("transfer-encoding")) return refused(411, "send the body with Content-Length, not chunked");
  const std::string* text = request.header("content-length");
  if (!text) {
    if (request.method == "POST") return refused(411, "a POST needs a Content-Length");
    return {Framed::kComplete, 0, 0, ""};
  }
  if (text->empty() || text->size() > 12 || text->find_first_not_of("0123456789") != std::string::npos)
    return refused(400, "Content-Length is not a number");
  const size_t length = std::stoull(*text);
  if (length > kMaxBody) return refused(413, "the body is longer than 1 MiB");
  return {Framed::kComplete, length, 0, ""};
}

// Whether the header's comma-separated list holds `token` (in lowercase), whatever the case.
bool lists_token(const HttpRequest& request, std::string_view name, std::string_view token) {
  const std::string* value = request.header(name);
  if (!value) return false;
  const std::string tokens = ascii_lower(*value);
  size_t start = 0;
  for (size_t end = 0; end != tokens.npos; start = end + 1) {
    end = tokens.find(',', start);
    if (trimmed(std::string_view(tokens).substr(start, end - start)) == token) return true;
  }
  return false;
}

// Whether the connection stays open after answering: HTTP/1.1 unless "Connection: close"; HTTP/1.0 closes.
bool keeps_alive(const HttpRequest& request) {
  return request.version == "HTTP/1.1" && !lists_token(request, "connection", "close");
}

// A request asking to become a WebSocket: checked as RFC 6455 (4.2.1) asks, marked `websocket`, or refused.
Framed checked_upgrade(HttpRequest& request) {
  const Framed whole{Framed::kComplete, 0, 0, ""};
  if (!lists_token(request, "upgrade", "websocket")) return whole;
  if (request.method != "GET" || request.version != "HTTP/1.1" || !lists_token(request, "connection", "upgrade"))
    return refused(400, "a WebSocket opens with GET over HTTP/1.1 and 'Connection: Upgrade'");
  const std::string* version = request.header("sec-websocket-version");
  if (!version || *version != "13") return refused(426, "the bridge speaks WebSocket version 13");
  const std::string* key = request.header("sec-websocket-key");
  if (!key || !websocket::valid_client_key(*key)) return refused(400, "Sec-WebSocket-Key is missing or malformed");
  request.websocket = true;
  return whole;
}

// Frames the request at the start of `in` into `request`.
Framed frame_request(const std::string& in, HttpRequest& request) {
  const size_t head_end = in.find("\r\n\r\n");
  if (head_end == in.npos) {
    if (in.size() > kMaxHead) return refused(431, "the request's head is longer than 16 KiB");
    return {};
  }
  if (head_end + 4 > kMaxHead) return refused(431, "the request's head is longer than 16 KiB");
  if (std::string problem = parse_head(std::string_view(in).substr(0, head_end), request); !problem.empty())
    return refused(400, problem);
  Framed framed = body_length(request);
  if (framed.kind != Framed::kComplete) return framed;
  if (Framed upgrade = checked_upgrade(request); upgrade.kind != Framed::kComplete) return upgrade;
  if (in.size() < head_end + 4 + framed.length) return {};
  request.body = in.substr(head_end + 4, framed.length);
  framed.length += head_end + 4;
  return framed;
}

const char* reason(int status) {
  switch (status) {
    case 200: return "OK";
    case 101: return "Switching Protocols";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 426: return "Upgrade Required";
    case 431: return "Request Header Fields Too Large";
    default: return "Internal Server Error";
  }
}

std::string serialized(const HttpResponse& response, bool close) {
  std::string text = "HTTP/1.1 " + std::to_string(response.status) + " " + reason(response.status) + "\r\n";
  if (!response.body.empty()) text += "Content-Type: application/json\r\n";
  if (response.status != 204 && response.status != 101)
    text += "Content-Length: " + std::to_string(response.body.size()) + "\r\n";
  if (response.status != 101) text += "Cache-Control: no-store\r\n";
  for (const auto& [name, value] : response.headers) text += name + ": " + value + "\r\n";
  if (close) text += "Connection: close\r\n";
  return text + "\r\n" + response.body;
}

HttpResponse error_response(int status, const std::string& problem) {
  Json body = Json::object();
  body["error"] = problem;
  return {status, {}, body.dump(-1, ' ', false, Json::error_handler_t::replace)};
}

struct Connection {
  int fd = -1;
  std::string in, out;         // read and not yet answered; the answers not yet sent whole
  size_t sent = 0;             // the bytes of `out` sent
  Clock::time_point deadline;  // of the request begun in `in`, of the answer in `out`, or of the lingering
  Clock::time_point last_used;
  bool close_after = false;  // closes once `out` is sent
  bool ended = false;        // the client sent all it will send
  bool lingering = false;    // answered for the last time; reading until the client closes
  bool dead = false;
  bool socket = false;      // a WebSocket: `in` holds frames, not requests
  std::string message;      // a fragmented message's payload so far
  bool fragmented = false;  // a message has begun and its final frame has not come
  bool busy() const { return !in.empty() || !out.empty() || lingering; }
};

// The connections and what happens on them: reading, framing, answering, sending, closing.
class Loop {
 public:
  Loop(int listener, HttpHandler& handler) : listener_(listener), handler_(handler) {}
  ~Loop() {
    for (auto& c : connections_) close(c.fd);
  }

  void run(const volatile std::sig_atomic_t& stop) {
    while (!stop) {
      std::vector<pollfd> fds = poll_set();
      if (poll(fds.data(), fds.size(), wait_ms()) < 0) continue;  // interrupted: `stop` is looked at again
      // Connections accepted below are polled from the next round.
      for (size_t i = 0; i + 1 < fds.size(); ++i)
        if (fds[i + 1].revents != 0) on_ready(connections_[i], fds[i + 1].revents);
      if (fds[0].revents & POLLIN) accept_all();
      const Clock::time_point now = Clock::now();
      for (auto& c : connections_)
        if (c.busy() && now >= c.deadline) expire(c);
      remove_dead();
    }
  }

 private:
  std::vector<pollfd> poll_set() const {
    std::vector<pollfd> fds{{listener_, POLLIN, 0}};
    for (const auto& c : connections_) fds.push_back({c.fd, short(c.out.empty() ? POLLIN : POLLOUT), 0});
    return fds;
  }

  int wait_ms() const {
    auto wait = std::chrono::milliseconds(kMaxWaitMs);
    const Clock::time_point now = Clock::now();
    for (const auto& c : connections_)
      if (c.busy()) wait = std::min(wait, std::chrono::ceil<std::chrono::milliseconds>(c.deadline - now));
    return int(std::max<long>(0, long(wait.count())));
  }

  void on_ready(Connection& c, short events) {
    if (!c.out.empty()) {
      if (events & (POLLOUT | POLLERR | POLLHUP)) send_out(c);
      return;
    }
    read_in(c);
    if (c.lingering) {
      if (c.ended) c.dead = true;
      return;
    }
    answer_framed(c);
    if (c.ended && c.out.empty()) c.dead = true;
  }

  void read_in(Connection& c) {
    char buffer[65536];
    for (;;) {
      const ssize_t n = read(c.fd, buffer, sizeof buffer);
      if (n > 0) {
        if (c.lingering) continue;
        if (c.in.empty()) c.deadline = Clock::now() + kRequestTime;
        c.in.append(buffer, size_t(n));
        if (c.in.size() > kMaxHead + kMaxBody) return;  // framing refuses it; the rest stays unread
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) c.ended = true;
      return;
    }
  }

  // Answers the requests read whole, in order, while their answers are sent at once.
  void answer_framed(Connection& c) {
    while (c.out.empty() && !c.close_after && !c.in.empty()) {
      if (c.socket) {
        if (!answer_socket_frame(c)) return;
        continue;
      }
      HttpRequest request;
      const Framed framed = frame_request(c.in, request);
      if (framed.kind == Framed::kIncomplete) return;
      if (framed.kind == Framed::kRefused) {
        c.in.clear();
        HttpResponse refusal = error_response(framed.status, framed.problem);
        if (framed.status == 426) refusal.headers.emplace_back("Sec-WebSocket-Version", "13");
        respond(c, request, std::move(refusal), true);
        return;
      }
      c.in.erase(0, framed.length);
      if (!c.in.empty()) c.deadline = Clock::now() + kRequestTime;
      HttpResponse response = answered(request);
      if (response.status == 101) {
        if (!request.websocket) {
          respond(c, request, error_response(500, "the bridge accepted a WebSocket nobody asked for"), true);
          return;
        }
        response.body.clear();
        response.headers.emplace_back("Upgrade", "websocket");
        response.headers.emplace_back("Connection", "Upgrade");
        response.headers.emplace_back("Sec-WebSocket-Accept",
                                      websocket::accept_key(*request.header("sec-websocket-key")));
        c.socket = true;
        respond(c, request, std::move(response), false);
        continue;
      }
      respond(c, request, std::move(response), !keeps_alive(request) || c.ended);
    }
  }

  // Answers the frame at the start of a WebSocket's input; false when it has not arrived whole.
  bool answer_socket_frame(Connection& c) {
    websocket::Frame frame = websocket::read_client_frame(c.in, kMaxBody - c.message.size());
    if (frame.kind == websocket::Frame::kIncomplete) return false;
    if (frame.kind == websocket::Frame::kRefused) {
      close_socket(c, websocket::CloseCode(frame.close_code), frame.problem);
      return false;
    }
    c.in.erase(0, frame.length);
    if (!c.in.empty()) c.deadline = Clock::now() + kRequestTime;
    switch (frame.opcode) {
      case websocket::kPing: send_frame(c, websocket::server_frame(websocket::kPong, frame.payload)); return true;
      case websocket::kPong: return true;
      case websocket::kClose: close_socket(c, websocket::kNormal, ""); return false;
      case websocket::kBinary:
        close_socket(c, websocket::kUnsupportedData, "the bridge reads text messages (JSON), not binary ones");
        return false;
      default: break;
    }
    // Text, or a piece of it: a message may come in fragments (a text frame, then continuations).
    if ((frame.opcode == websocket::kContinuation) != c.fragmented) {
      close_socket(c, websocket::kProtocolError, "a continuation frame without a message begun, or the reverse");
      return false;
    }
    c.message += frame.payload;
    c.fragmented = !frame.final;
    if (!frame.final) return true;
    std::string text = std::move(c.message);
    c.message.clear();
    send_frame(c, websocket::server_frame(websocket::kText, socket_answer(text)));
    return true;
  }

  std::string socket_answer(const std::string& text) {
    try {
      return handler_.socket_message(text);
    } catch (const std::exception& e) {
      return error_response(500, std::string("the bridge failed: ") + e.what()).body;
    }
  }

  void send_frame(Connection& c, const std::string& frame) {
    c.out += frame;
    c.last_used = Clock::now();
    c.deadline = c.last_used + kWriteTime;
    send_out(c);
  }

  // Ends a WebSocket: a close frame with the code and reason, then no more is read.
  void close_socket(Connection& c, websocket::CloseCode code, const std::string& reason) {
    c.in.clear();
    c.close_after = true;
    send_frame(c, websocket::close_frame(code, reason));
  }

  HttpResponse answered(const HttpRequest& request) {
    try {
      return handler_.answer(request);
    } catch (const std::exception& e) {
      return error_response(500, std::string("the bridge failed: ") + e.what());
    }
  }

  void respond(Connection& c, const HttpRequest& request, HttpResponse response, bool close_after) {
    for (auto& header : handler_.common_headers(request)) response.headers.push_back(std::move(header));
    c.out += serialized(response, close_after);
    c.close_after = close_after;
    c.last_used = Clock::now();
    c.deadline = c.last_used + kWriteTime;
    send_out(c);
  }

  void send_out(Connection& c) {
    while (c.sent < c.out.size()) {
      const ssize_t n = send(c.fd, c.out.data() + c.sent, c.out.size() - c.sent, MSG_NOSIGNAL);
      if (n > 0) {
        c.sent += size_t(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      c.dead = true;
      return;
    }
    c.out.clear();
    c.sent = 0;
    if (c.close_after) linger(c);
  }

  // After the last answer: no more is sent, and what the client still sends is read until it closes.
  void linger(Connection& c) {
    shutdown(c.fd, SHUT_WR);
    c.in.clear();
    c.lingering = true;
    c.deadline = Clock::now() + kLingerTime;
  }

  // A request not sent whole in time is refused; an answer not taken, or a lingering connection, is closed.
  void expire(Connection& c) {
    if (c.lingering || !c.out.empty()) {
      c.dead = true;
      return;
    }
    on_ready(c, POLLIN);  // the rest may have arrived while another request was answered
    if (c.dead || c.in.empty() || !c.out.empty() || Clock::now() < c.deadline) return;
    if (c.socket) {
      close_socket(c, websocket::kPolicyViolation, "the frame did not arrive whole within 10 s");
      return;
    }
    c.in.clear();
    respond(c, HttpRequest{}, error_response(408, "the request did not arrive whole within 10 s"), true);
  }

  void accept_all() {
    for (;;) {
      const int fd = accept4(listener_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) return;
      if (connections_.size() >= kMaxConnections && !close_longest_idle()) {
        close(fd);
        continue;
      }
      Connection c;
      c.fd = fd;
      c.last_used = Clock::now();
      connections_.push_back(std::move(c));
    }
  }

  bool close_longest_idle() {
    Connection* oldest = nullptr;
    for (auto& c : connections_)
      if (!c.busy() && !c.dead && (!oldest || c.last_used < oldest->last_used)) oldest = &c;
    if (!oldest) return false;
    close(oldest->fd);
    connections_.erase(connections_.begin() + (oldest - connections_.data()));
    return true;
  }

  void remove_dead() {
    for (auto& c : connections_)
      if (c.dead) close(c.fd);
    connections_.erase(
        std::remove_if(connections_.begin(), connections_.end(), [](const Connection& c) { return c.dead; }),
        connections_.end());
  }

  int listener_;
  HttpHandler& handler_;
  std::vector<Connection> connections_;
};

}  // namespace

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

const std::string* HttpRequest::header(std::string_view name) const {
  for (const auto& [key, value] : headers)
    if (key == name) return &value;
  return nullptr;
}

HttpServer::HttpServer(int port) {
  const std::string where = "flag --port";
  listener_ = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (listener_ < 0) throw InputError(where, std::string("cannot make a socket: ") + std::strerror(errno));
  const int on = 1;
  setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);  // a bridge restarted at once may listen again
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(uint16_t(port));
  if (bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || listen(listener_, 16) != 0) {
    const int error = errno;
    close(listener_);
    listener_ = -1;
    if (error == EADDRINUSE)
      throw InputError(where, "port " + std::to_string(port) +
                                  " on 127.0.0.1 is in use (another bridge?); choose another with --port N, or "
                                  "--port 0 for any free port");
    throw InputError(where, "cannot listen on 127.0.0.1:" + std::to_string(port) + ": " + std::strerror(error));
  }
  socklen_t length = sizeof address;
  getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
  port_ = ntohs(address.sin_port);
}

HttpServer::~HttpServer() {
  if (listener_ >= 0) close(listener_);
}

void HttpServer::serve(HttpHandler& handler, const volatile std::sig_atomic_t& stop) {
  Loop loop(listener_, handler);
  loop.run(stop);
}

}  // namespace pg::cli
