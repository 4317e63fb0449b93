"""The bridge (`playground connect`) end to end, as the page uses it: run by tests/cli/cli_test.sh as
    python3 tests/cli/connect_test.py path/to/playground
(the standard library only). Prints "ok   NAME" or "FAIL NAME: ..." per check; exits 1 if any failed.
"""
import http.client
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

PG = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PYTHON = sys.executable  # the Python running this test (the standard library is all it needs)
PAGE_ORIGIN = "http://127.0.0.1:8000"
failed = False


def check(name, expected, actual, holds=None):
    """ok when `holds(expected, actual)` (default: equal); else says what was compared."""
    global failed
    good = holds(expected, actual) if holds else expected == actual
    if good:
        print(f"ok   {name}")
    else:
        print(f"FAIL {name}: expected {expected!r}, got {actual!r}")
        failed = True
    return good


def contains(expected, actual):
    return isinstance(actual, str) and expected in actual


class Bridge:
    """A running `playground connect --port 0 ...`, its port and key read from what it prints."""

    def __init__(self, *words):
        self.process = subprocess.Popen([PG, "connect", "--port", "0", *words], cwd=ROOT, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        self.errors = []
        self.stdout_reader = threading.Thread(target=self._read, args=(self.process.stdout, self.lines.put), daemon=True)
        self.stdout_reader.start()
        threading.Thread(target=self._read, args=(self.process.stderr, self.errors.append), daemon=True).start()
        self.printed = []
        listening = self.wait_for_line("listening on 127.0.0.1:")
        self.port = int(listening.rsplit(":", 1)[1]) if listening else 0
        found = re.search(r"[?&]key=([0-9a-f]+)", "\n".join(self.printed))
        self.key = found.group(1) if found else ""

    @staticmethod
    def _read(stream, put):
        for line in stream:
            put(line.rstrip("\n"))

    def wait_for_line(self, start, seconds=10):
        """The next line printed that begins with `start` (None after `seconds`)."""
        end = time.time() + seconds
        while time.time() < end:
            try:
                line = self.lines.get(timeout=max(0.01, end - time.time()))
            except queue.Empty:
                break
            self.printed.append(line)
            if line.startswith(start):
                return line
        return None

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)

    def post(self, body, headers=None, connection=None, key=None):
        """(status, response headers, body as JSON or text) for POST /v1."""
        sent = {"Content-Type": "application/json", "X-Playground-Key": self.key if key is None else key}
        sent.update(headers or {})
        return request(connection or self.connection(), "POST", "/v1", json.dumps(body), sent)

    def interrupt(self):
        """SIGINT; the exit code (None if it did not end within 5 s) and its last stdout line."""
        self.process.send_signal(signal.SIGINT)
        try:
            code = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = None
        self.stdout_reader.join(timeout=5)  # its last lines are read once the stream ends, however busy the machine
        last = None
        while not self.lines.empty():
            last = self.lines.get()
        return code, last


def request(connection, method, path, body=None, headers=None):
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    text = response.read().decode()
    try:
        parsed = json.loads(text) if text else None
    except json.JSONDecodeError:
        parsed = text
    return response.status, {k.lower(): v for k, v in response.getheaders()}, parsed


def raw(port, data):
    """What the bridge answers to these bytes, up to its closing the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(data)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return answer.decode(errors="replace")


def recorded_messages(directory):
    """The start and decide messages the engine sends a program in a game of Kalah: a program seated with
    `playground mancala play` writes down each line it is sent and plays the first legal action."""
    log = os.path.join(directory, "messages.jsonl")
    recorder = os.path.join(directory, "recorder.py")
    with open(recorder, "w") as f:
        f.write("import json, sys\n"
                "log = open(sys.argv[1], 'a')\n"
                "for line in sys.stdin:\n"
                "    log.write(line); log.flush()\n"
                "    m = json.loads(line)\n"
                "    reply = {'type': 'ready'} if m['type'] == 'start' else {'type': 'action', 'action': m['legal_actions'][0]}\n"
                "    print(json.dumps(reply), flush=True)\n")
    subprocess.run([PG, "mancala", "play", "--agents", f"program:{PYTHON} {recorder} {log},random", "--seed", "5"],
                   check=True, stdout=subprocess.DEVNULL)
    with open(log) as f:
        return [json.loads(line) for line in f]


def test_welcome(bridge, agent):
    check("connect prints the program's command", f"Bridge for: {agent}", bridge.printed[0] if bridge.printed else None)
    link = next((l.strip() for l in bridge.printed if "key=" in l), "")
    check("connect prints the page's link with the bridge and its key",
          f"http://127.0.0.1:8000/?program=127.0.0.1:{bridge.port}&key=", link, contains)
    check("the key is 32 hex digits", 32, len(bridge.key))
    check("connect names the pages that may use it", "Pages from http://127.0.0.1:8000, http://localhost:8000 may use it",
          "\n".join(bridge.printed), contains)


def test_security(bridge, agent):
    status, _, body = bridge.post({"type": "hello"})
    check("hello answers the bridge's and protocol's versions and the command", (200, {"bridge": 1, "protocol": 1, "command": agent}),
          (status, body))
    status, _, body = bridge.post({"type": "hello"}, key="0" * 32)
    check("a wrong key is refused (403)", (403, "missing or wrong X-Playground-Key"), (status, body.get("error", "")),
          lambda e, a: a[0] == e[0] and e[1] in a[1])
    connection = bridge.connection()
    status, _, body = request(connection, "POST", "/v1", json.dumps({"type": "hello"}), {"Content-Type": "application/json"})
    check("no key is refused (403)", 403, status)
    status, _, body = bridge.post({"type": "hello"}, {"Host": f"attacker.example:{bridge.port}"})
    check("another Host is refused (403, DNS rebinding)", (403, "Host 'attacker.example"), (status, body.get("error", "")),
          lambda e, a: a[0] == e[0] and e[1] in a[1])
    status, headers, body = bridge.post({"type": "hello"}, {"Origin": "http://evil.example"})
    check("a foreign origin is refused (403) and named", (403, "origin 'http://evil.example' may not use this bridge"),
          (status, body.get("error", "")), lambda e, a: a[0] == e[0] and e[1] in a[1])
    check("a foreign origin gets no CORS header", None, headers.get("access-control-allow-origin"))
    status, headers, body = request(bridge.connection(), "OPTIONS", "/v1", None, {
        "Origin": PAGE_ORIGIN, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, x-playground-key",
        "Access-Control-Request-Private-Network": "true"})
    preflight = {k: headers.get(k) for k in ["access-control-allow-origin", "vary", "access-control-allow-methods",
                                             "access-control-allow-headers", "access-control-allow-private-network",
                                             "access-control-max-age"]}
    check("a preflight from the page is allowed (204) with the CORS and Private Network headers",
          (204, {"access-control-allow-origin": PAGE_ORIGIN, "vary": "Origin", "access-control-allow-methods": "POST",
                 "access-control-allow-headers": "content-type, x-playground-key",
                 "access-control-allow-private-network": "true", "access-control-max-age": "600"}),
          (status, preflight))
    status, headers, body = bridge.post({"type": "hello"}, {"Origin": "http://localhost:8000",
                                                            "Host": f"localhost:{bridge.port}"})
    check("the page's localhost twin may use it, with CORS headers", (200, "http://localhost:8000", "Origin"),
          (status, headers.get("access-control-allow-origin"), headers.get("vary")))


def test_requests(bridge):
    status, _, _ = request(bridge.connection(), "POST", "/v2", "{}", {"X-Playground-Key": bridge.key})
    check("an unknown path is 404", 404, status)
    status, headers, _ = request(bridge.connection(), "GET", "/v1", None, {"X-Playground-Key": bridge.key})
    check("another method is 405", (405, "POST, OPTIONS"), (status, headers.get("allow")))
    status, _, body = request(bridge.connection(), "POST", "/v1", "{not json", {"X-Playground-Key": bridge.key})
    check("a body that is not JSON is 400, named", (400, "the body: not valid JSON"), (status, body.get("error", "")),
          lambda e, a: a[0] == e[0] and e[1] in a[1])
    status, _, body = bridge.post([1, 2])
    check("a body that is not an object is 400", (400, "expected a JSON object"), (status, body.get("error", "")),
          lambda e, a: a[0] == e[0] and e[1] in a[1])
    status, _, body = bridge.post({"type": "dance"})
    check("an unknown type is 400, named", (400, "'dance' is not hello, start or decide"), (status, body.get("error", "")),
          lambda e, a: a[0] == e[0] and e[1] in a[1])
    status, _, body = bridge.post({"type": "decide", "time_limit": 1})
    check("decide before start is a failure", (200, {"failure": "no program is running: the page must send start first"}),
          (status, body))
    answer = raw(bridge.port, b"NOT HTTP\r\n\r\n")
    check("a malformed request is 400 and closed", ("HTTP/1.1 400 ", "Connection: close"), answer,
          lambda e, a: a.startswith(e[0]) and e[1] in a)
    answer = raw(bridge.port, f"POST /v1 HTTP/1.1\r\nHost: 127.0.0.1:{bridge.port}\r\nContent-Length: 2000000\r\n\r\n".encode())
    check("a body over 1 MiB is 413", "HTTP/1.1 413 ", answer, lambda e, a: a.startswith(e))
    answer = raw(bridge.port, f"POST /v1 HTTP/1.1\r\nHost: 127.0.0.1:{bridge.port}\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".encode())
    check("a chunked body is 411", "HTTP/1.1 411 ", answer, lambda e, a: a.startswith(e))
    answer = raw(bridge.port, b"GET /v1 HTTP/1.1\r\nX-Long: " + b"a" * 20000 + b"\r\n\r\n")
    check("a head over 16 KiB is 431", "HTTP/1.1 431 ", answer, lambda e, a: a.startswith(e))


def test_game(bridge, messages):
    start, decides = messages[0], [m for m in messages[1:] if m["type"] == "decide"]
    check("the recorded game has a start and several decides", ("start", True), (start["type"], len(decides) >= 5))
    connection = bridge.connection()
    status, headers, body = bridge.post(start, connection=connection)
    check("start answers the program's reply line", 200, status)
    ready = json.loads(body.get("reply", "null")) if isinstance(body, dict) else None
    check("the program's reply to start is ready", "ready", ready.get("type") if isinstance(ready, dict) else ready)
    check("start is shown to the student", "page connected: start game mancala seat 0",
          bridge.wait_for_line("page connected"))
    socket_name = connection.sock.getsockname()
    for i, decide in enumerate(decides):
        status, headers, body = bridge.post(decide, connection=connection)
        action = json.loads(body["reply"]) if status == 200 and "reply" in body else body
        if not check(f"decide {i + 1}: the reply is a legal action", (200, "action", True),
                     (status, action.get("type"), action.get("action") in decide["legal_actions"])):
            break
    check("the game went over one keep-alive connection", (socket_name, None),
          (connection.sock.getsockname() if connection.sock else None, headers.get("connection")))


def test_exiting_program():
    bridge = Bridge("--", "read line; echo about to exit >&2; exit 3")
    status, _, body = bridge.post({"type": "start", "protocol": 1, "game": "tictactoe", "seat": 0})
    check("a program that exits is a failure (200) naming its exit status and its stderr",
          (200, "program 'read line; echo about to exit >&2; exit 3' exited (exit status 3); the end of its stderr:\nabout to exit"),
          (status, body.get("failure")))
    time.sleep(0.2)
    check("the failure is shown on the bridge's stderr", "exited (exit status 3)", "\n".join(bridge.errors), contains)
    status, _, body = bridge.post({"type": "hello"})
    check("after a failure the bridge still answers", (200, 1), (status, body.get("bridge")))
    status, _, body = bridge.post({"type": "decide", "time_limit": 1})
    check("after a failure no program runs", "no program is running", body.get("failure"), contains)
    status, _, body = bridge.post({"type": "start", "protocol": 1, "game": "tictactoe", "seat": 1})
    check("the next start starts the program again", "exited (exit status 3)", body.get("failure"), contains)
    code, last = bridge.interrupt()
    check("SIGINT ends the bridge with exit code 0", (0, "bridge stopped"), (code, last))


def test_hanging_program():
    bridge = Bridge("--time-limit", "0.5", "--", "sleep 60")
    began = time.time()
    status, _, body = bridge.post({"type": "start", "protocol": 1, "game": "tictactoe", "seat": 0})
    took = time.time() - began
    check("a program that hangs is a failure naming the time limit",
          (200, "program 'sleep 60' did not answer within the time limit"), (status, body.get("failure")))
    check("the hanging program is given --time-limit (0.5 s)", True, 0.4 < took < 3, lambda e, a: a == e)
    status, _, body = bridge.post({"type": "hello"})
    check("after the hang the bridge still answers", (200, 1), (status, body.get("bridge")))
    code, _ = bridge.interrupt()
    check("SIGINT ends the bridge: exit code 0", 0, code)


def test_interrupted_while_waiting():
    bridge = Bridge("--time-limit", "60", "--", "sleep 60")
    s = socket.create_connection(("127.0.0.1", bridge.port))
    body = json.dumps({"type": "start", "protocol": 1, "game": "tictactoe", "seat": 0}).encode()
    s.sendall(f"POST /v1 HTTP/1.1\r\nHost: 127.0.0.1:{bridge.port}\r\nX-Playground-Key: {bridge.key}\r\n"
              f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    time.sleep(0.5)
    began = time.time()
    code, last = bridge.interrupt()
    check("SIGINT while the program thinks ends the bridge at once, exit code 0", (0, "bridge stopped", True),
          (code, last, time.time() - began < 3))
    s.close()


def test_flags(port_in_use):
    def run(*words):
        done = subprocess.run([PG, "connect", *words], cwd=ROOT, capture_output=True, text=True, timeout=10)
        return done.returncode, done.stderr

    code, err = run("--port", str(port_in_use), "--", "true")
    check("a busy port exits 2, named, suggesting --port",
          (2, f"flag --port: port {port_in_use} on 127.0.0.1 is in use"), (code, err),
          lambda e, a: a[0] == e[0] and e[1] in a[1] and "--port 0" in a[1])
    code, err = run("--origin", "*", "--", "true")
    check("--origin '*' is refused", (2, "flag --origin: '*' is not accepted"), (code, err),
          lambda e, a: a[0] == e[0] and e[1] in a[1])
    code, err = run("--origin", "http://localhost:3000,https://x.example/path", "--", "true")
    check("an --origin with a path is refused, named", (2, "'https://x.example/path' is not an origin"), (code, err),
          lambda e, a: a[0] == e[0] and e[1] in a[1])
    code, err = run("--port", "8421")
    check("a missing program is named", (2, "name your program after --"), (code, err),
          lambda e, a: a[0] == e[0] and e[1] in a[1])
    code, err = run("--time-limit", "0", "--", "true")
    check("a bad --time-limit is named", (2, "flag --time-limit: expected seconds"), (code, err),
          lambda e, a: a[0] == e[0] and e[1] in a[1])


def test_page_flag():
    bridge = Bridge("--page", "https://Example.org/play/?game=mancala#top", "--origin", "http://localhost:3000/", "--",
                    "true")
    printed = "\n".join(bridge.printed)
    check("--page with a query and a fragment: the link adds to the query",
          f"https://Example.org/play/?game=mancala&program=127.0.0.1:{bridge.port}&key={bridge.key}#top", printed,
          contains)
    check("--page and --origin name the pages allowed", "Pages from https://example.org, http://localhost:3000 may use it",
          printed, contains)
    status, headers, _ = bridge.post({"type": "hello"}, {"Origin": "http://localhost:3000"})
    check("an --origin may use the bridge", (200, "http://localhost:3000"),
          (status, headers.get("access-control-allow-origin")))
    status, _, _ = bridge.post({"type": "hello"}, {"Origin": "http://127.0.0.1:8000"})
    check("the default page's origin is not allowed when --page names another", 403, status)
    bridge.interrupt()


class WebSocket:
    """A client of the bridge's socket at /v1/socket (RFC 6455), written here with the standard library: it
    masks its frames as a browser does, unless told not to."""

    HANDSHAKE_KEY = "dGhlIHNhbXBsZSBub25jZQ=="  # RFC 6455's example: its accept key is given there

    def __init__(self, port, target, headers=None):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sent = {"Host": f"127.0.0.1:{port}", "Upgrade": "websocket", "Connection": "Upgrade",
                "Sec-WebSocket-Key": self.HANDSHAKE_KEY, "Sec-WebSocket-Version": "13", "Origin": PAGE_ORIGIN}
        sent.update(headers or {})
        head = f"GET {target} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in sent.items() if v is not None)
        self.sock.sendall((head + "\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                break
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        lines = head.decode(errors="replace").split("\r\n")
        self.status = int(lines[0].split(" ")[1]) if len(lines[0].split(" ")) > 1 else 0
        self.headers = {k.strip().lower(): v.strip() for k, _, v in (l.partition(":") for l in lines[1:])}
        self.body = self.buffer.decode(errors="replace") if self.status != 101 else ""

    def send(self, opcode, payload, mask=True, final=True):
        n = len(payload)
        length = bytes([n]) if n < 126 else bytes([126]) + n.to_bytes(2, "big") if n < 65536 else bytes([127]) + n.to_bytes(8, "big")
        key = os.urandom(4) if mask else b""
        masked = bytes(b ^ key[i % 4] for i, b in enumerate(payload)) if mask else payload
        self.sock.sendall(bytes([(0x80 if final else 0) | opcode, (0x80 if mask else 0) | length[0]]) + length[1:] + key + masked)

    def receive(self):
        """(opcode, payload) of the bridge's next frame; (None, b"") if it closed the connection."""
        def take(n):
            while len(self.buffer) < n:
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise EOFError
                self.buffer += chunk
            out, self.buffer = self.buffer[:n], self.buffer[n:]
            return out
        try:
            first, second = take(2)
            n = second & 0x7F
            if n >= 126:
                n = int.from_bytes(take(2 if n == 126 else 8), "big")
            return first & 0x0F, take(n)
        except (EOFError, ConnectionResetError):
            return None, b""

    def ask(self, message):
        self.send(1, json.dumps(message).encode())
        opcode, payload = self.receive()
        return json.loads(payload) if opcode == 1 else (opcode, payload)

    def close(self):
        self.sock.close()


def close_code(frame):
    opcode, payload = frame
    return (opcode, int.from_bytes(payload[:2], "big") if len(payload) >= 2 else None)


def test_socket(bridge, agent, messages):
    target = f"/v1/socket?key={bridge.key}"
    ws = WebSocket(bridge.port, target)
    check("the socket opens (101) with RFC 6455's accept key for its example key",
          (101, "websocket", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", PAGE_ORIGIN),
          (ws.status, ws.headers.get("upgrade"), ws.headers.get("sec-websocket-accept"),
           ws.headers.get("access-control-allow-origin")))
    check("hello on the socket answers as POST /v1 does", {"bridge": 1, "protocol": 1, "command": agent},
          ws.ask({"type": "hello"}))
    check("an unknown type on the socket is answered with the error, named", "'dance' is not hello, start or decide",
          ws.ask({"type": "dance"}).get("error", ""), contains)
    start, decides = messages[0], [m for m in messages[1:] if m["type"] == "decide"]
    ready = ws.ask(start)
    check("start on the socket answers the program's ready", "ready",
          json.loads(ready["reply"]).get("type") if "reply" in ready else ready)
    bridge.wait_for_line("page connected")
    for i, decide in enumerate(decides):
        answer = ws.ask(decide)
        action = json.loads(answer["reply"]) if "reply" in answer else answer
        if not check(f"socket decide {i + 1}: the reply is a legal action", ("action", True),
                     (action.get("type"), action.get("action") in decide["legal_actions"])):
            break
    ws.send(9, b"still there?")
    check("a ping is answered with a pong of the same payload", (10, b"still there?"), ws.receive())
    text = json.dumps({"type": "hello"}).encode()
    ws.send(1, text[:5], final=False)
    ws.send(0, text[5:])
    check("a message in two fragments is read whole", 1, ws.receive()[0])
    ws.send(2, b"\x00\x01")
    check("a binary message closes the socket (1003)", (8, 1003), close_code(ws.receive()))
    ws.close()

    ws = WebSocket(bridge.port, target)
    ws.send(1, text, mask=False)
    check("an unmasked frame closes the socket (1002)", (8, 1002), close_code(ws.receive()))
    ws.close()
    ws = WebSocket(bridge.port, target)
    ws.send(1, b" " * (1 << 20 + 1))
    check("a message over 1 MiB closes the socket (1009)", (8, 1009), close_code(ws.receive()))
    ws.close()
    ws = WebSocket(bridge.port, target)
    ws.send(8, (1000).to_bytes(2, "big"))
    check("a close is answered with a close, and the connection ends", ((8, 1000), (None, b"")),
          (close_code(ws.receive()), ws.receive()))
    ws.close()

    refusals = [
        ("a socket without the key is refused (403)", "/v1/socket", {}, 403, "missing or wrong key"),
        ("a socket with a wrong key is refused (403)", "/v1/socket?key=" + "0" * 32, {}, 403, "missing or wrong key"),
        ("a socket from a foreign origin is refused (403), named", target, {"Origin": "http://evil.example"}, 403,
         "origin 'http://evil.example' may not use this bridge"),
        ("a socket naming another Host is refused (403)", target, {"Host": f"attacker.example:{bridge.port}"}, 403,
         "is not this bridge"),
        ("another WebSocket version is 426", target, {"Sec-WebSocket-Version": "8"}, 426, "version 13"),
        ("a malformed Sec-WebSocket-Key is 400", target, {"Sec-WebSocket-Key": "short"}, 400, "Sec-WebSocket-Key"),
        ("a plain GET of the socket's path is 426", target, {"Upgrade": None, "Connection": None}, 426,
         "/v1/socket is a WebSocket"),
    ]
    for name, where, headers, status, problem in refusals:
        ws = WebSocket(bridge.port, where, headers)
        check(name, (status, problem), (ws.status, ws.body), lambda e, a: a[0] == e[0] and e[1] in a[1])
        ws.close()


def main():
    agent = f"{PYTHON} examples/agents/kalah_agent.py"
    with tempfile.TemporaryDirectory() as directory:
        messages = recorded_messages(directory)
    bridge = Bridge("--", *agent.split())
    if not check("the bridge starts and says where it listens", True, bridge.port > 0 and bool(bridge.key)):
        print("\n".join(bridge.printed + bridge.errors))
        sys.exit(1)
    test_welcome(bridge, agent)
    test_security(bridge, agent)
    test_requests(bridge)
    test_game(bridge, messages)
    test_socket(bridge, agent, messages)
    test_flags(bridge.port)
    code, last = bridge.interrupt()
    check("SIGINT stops the bridge and its program: exit code 0", (0, "bridge stopped"), (code, last))
    test_exiting_program()
    test_hanging_program()
    test_interrupted_while_waiting()
    test_page_flag()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
