// The WebSocket protocol (RFC 6455), as much of it as the bridge speaks: the handshake's accept key and the
// frames of text messages between a browser and a server. A page's fetch to 127.0.0.1 costs a few milliseconds
// in the browser; a message on an open socket a fraction of one, which is what lets a student's program play
// hundreds of moves a second in the page.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pg::cli::websocket {

// The opcodes the bridge reads or sends.
enum Opcode : int { kContinuation = 0, kText = 1, kBinary = 2, kClose = 8, kPing = 9, kPong = 10 };

// Close codes (RFC 6455, section 7.4.1).
enum CloseCode : int {
  kNormal = 1000,
  kProtocolError = 1002,
  kUnsupportedData = 1003,
  kPolicyViolation = 1008,
  kTooBig = 1009,
};

// Whether `key` is a Sec-WebSocket-Key: 16 bytes in base64 (24 characters, the last two '=').
bool valid_client_key(std::string_view key);

// The Sec-WebSocket-Accept answering a client's Sec-WebSocket-Key: base64(SHA-1(key + the protocol's GUID)).
std::string accept_key(std::string_view client_key);

// A frame at the start of the bytes a client sent: not whole yet, whole (its `length` in bytes, its opcode,
// `final`, its unmasked payload), or refused (a close code and what is wrong).
struct Frame {
  enum Kind { kIncomplete, kComplete, kRefused } kind = kIncomplete;
  size_t length = 0;
  int opcode = 0;
  bool final = true;
  std::string payload;
  int close_code = 0;
  std::string problem;
};

// Reads the client's frame at the start of `in`: a client masks every frame (RFC 6455, 5.1), sets no reserved
// bit, and sends control frames whole and at most 125 bytes long; a payload over `max_payload` is refused.
Frame read_client_frame(std::string_view in, size_t max_payload);

// A server's frame: final, unmasked.
std::string server_frame(Opcode opcode, std::string_view payload);

// A close frame with its code and a reason (cut to fit a control frame).
std::string close_frame(CloseCode code, std::string_view reason);

}  // namespace pg::cli::websocket
