#include "tools/playground/websocket.h"

#include <array>
#include <cstdint>

namespace pg::cli::websocket {

namespace {

// The GUID RFC 6455 appends to the client's key before hashing it.
constexpr std::string_view kHandshakeGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
constexpr std::string_view kBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr size_t kMaxControlPayload = 125;

uint32_t rotated_left(uint32_t x, int bits) { return (x << bits) | (x >> (32 - bits)); }

// SHA-1 (FIPS 180-4): the handshake's hash. Not for anything secret: the handshake only proves the server read
// the client's key.
std::array<unsigned char, 20> sha1(std::string_view text) {
  uint32_t h[5] = {0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u};
  std::string message(text);
  const uint64_t bit_length = uint64_t(text.size()) * 8;
  message += char(0x80);
  while (message.size() % 64 != 56) message += char(0);
  for (int shift = 56; shift >= 0; shift -= 8) message += char((bit_length >> shift) & 0xff);
  for (size_t block = 0; block < message.size(); block += 64) {
    uint32_t w[80];
    for (int i = 0; i < 16; ++i) {
      const auto byte = [&](int k) { return uint32_t(static_cast<unsigned char>(message[block + size_t(4 * i + k)])); };
      w[i] = (byte(0) << 24) | (byte(1) << 16) | (byte(2) << 8) | byte(3);
    }
    for (int i = 16; i < 80; ++i) w[i] = rotated_left(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int i = 0; i < 80; ++i) {
      uint32_t f, k;
      if (i < 20) {
        f = (b & c) | (~b & d), k = 0x5A827999u;
      } else if (i < 40) {
        f = b ^ c ^ d, k = 0x6ED9EBA1u;
      } else if (i < 60) {
        f = (b & c) | (b & d) | (c & d), k = 0x8F1BBCDCu;
      } else {
        f = b ^ c ^ d, k = 0xCA62C1D6u;
      }
      const uint32_t next = rotated_left(a, 5) + f + e + k + w[i];
      e = d, d = c, c = rotated_left(b, 30), b = a, a = next;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
  }
  std::array<unsigned char, 20> digest{};
  for (size_t i = 0; i < 20; ++i) digest[i] = static_cast<unsigned char>((h[i / 4] >> (24 - 8 * (i % 4))) & 0xff);
  return digest;
}

template <size_t N>
std::string base64(const std::array<unsigned char, N>& bytes) {
  std::string out;
  for (size_t i = 0; i < N; i += 3) {
    const size_t left = N - i;
    const uint32_t group = (uint32_t(bytes[i]) << 16) | (left > 1 ? uint32_t(bytes[i + 1]) << 8 : 0u) |
                           (left > 2 ? uint32_t(bytes[i + 2]) : 0u);
    out += kBase64[(group >> 18) & 63];
    out += kBase64[(group >> 12) & 63];
    out += left > 1 ? kBase64[(group >> 6) & 63] : '=';
    out += left > 2 ? kBase64[group & 63] : '=';
  }
  return out;
}

Frame refused(int close_code, std::string problem) {
  Frame frame;
  frame.kind = Frame::kRefused;
  frame.close_code = close_code;
  frame.problem = std::move(problem);
  return frame;
}

bool is_control(int opcode) { return opcode >= 8; }

bool known_opcode(int opcode) {
  return opcode == kContinuation || opcode == kText || opcode == kBinary || opcode == kClose || opcode == kPing ||
         opcode == kPong;
}

}  // namespace

bool valid_client_key(std::string_view key) {
  if (key.size() != 24 || key.substr(22) != "==") return false;
  for (char c : key.substr(0, 22))
    if (kBase64.find(c) == std::string_view::npos) return false;
  return true;
}

std::string accept_key(std::string_view client_key) {
  std::string text(client_key);
  text += kHandshakeGuid;
  return base64(sha1(text));
}

Frame read_client_frame(std::string_view in, size_t max_payload) {
  if (in.size() < 2) return {};
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(in[i]); };
  Frame frame;
  frame.final = (byte(0) & 0x80) != 0;
  frame.opcode = byte(0) & 0x0f;
  if ((byte(0) & 0x70) != 0) return refused(kProtocolError, "a frame sets a reserved bit (no extension was agreed)");
  if (!known_opcode(frame.opcode)) return refused(kProtocolError, "a frame's opcode is not one WebSocket defines");
  if ((byte(1) & 0x80) == 0) return refused(kProtocolError, "a client's frame is not masked");
  uint64_t payload_length = byte(1) & 0x7f;
  size_t at = 2;
  if (payload_length >= 126) {
    const size_t extended = payload_length == 126 ? 2 : 8;
    if (in.size() < at + extended) return {};
    payload_length = 0;
    for (size_t i = 0; i < extended; ++i) payload_length = (payload_length << 8) | byte(at + i);
    at += extended;
  }
  if (is_control(frame.opcode) && (!frame.final || payload_length > kMaxControlPayload))
    return refused(kProtocolError, "a control frame is fragmented or longer than 125 bytes");
  if (payload_length > max_payload) return refused(kTooBig, "a message is longer than the bridge reads (1 MiB)");
  if (in.size() < at + 4 + payload_length) return {};
  const std::string_view mask = in.substr(at, 4);
  at += 4;
  frame.payload.resize(size_t(payload_length));
  for (size_t i = 0; i < frame.payload.size(); ++i) frame.payload[i] = char(in[at + i] ^ mask[i % 4]);
  frame.length = at + size_t(payload_length);
  frame.kind = Frame::kComplete;
  return frame;
}

std::string server_frame(Opcode opcode, std::string_view payload) {
  std::string out;
  out += char(0x80 | opcode);
  const uint64_t n = payload.size();
  if (n < 126) {
    out += char(n);
  } else if (n <= 0xffff) {
    out += char(126);
    out += char((n >> 8) & 0xff);
    out += char(n & 0xff);
  } else {
    out += char(127);
    for (int shift = 56; shift >= 0; shift -= 8) out += char((n >> shift) & 0xff);
  }
  out += payload;
  return out;
}

std::string close_frame(CloseCode code, std::string_view reason) {
  if (reason.size() > kMaxControlPayload - 2) {
    // Cut to fit, and never inside a UTF-8 character (its continuation bytes, then its lead byte, go too).
    size_t end = kMaxControlPayload - 2;
    while (end > 0 && (static_cast<unsigned char>(reason[end - 1]) & 0xC0) == 0x80) --end;
    if (end > 0 && (static_cast<unsigned char>(reason[end - 1]) & 0xC0) == 0xC0) --end;
    reason = reason.substr(0, end);
  }
  std::string payload;
  payload += char((code >> 8) & 0xff);
  payload += char(code & 0xff);
  payload += reason;
  return server_frame(kClose, payload);
}

}  // namespace pg::cli::websocket
