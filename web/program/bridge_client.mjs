// The bridge's client, fetched (as playground-program.js) only when the page's URL names a bridge: the page's
// own web/page/program.mjs reads the URL and hands the program seat's questions here. It talks to
// `playground connect` on its WebSocket and answers {"ready", "reply"} with the program's lines, or {"failure"}
// naming what went wrong. It sends nothing else and reads nothing but those lines: the engine checks them.
let callPlain, messageOf, report, running;
const BRIDGE_VERSION = 1;  // the bridge's `hello` says which it speaks

// {base, key} from the URL's `program` and `key`; {problem} naming what is wrong; null without `program`.
export function bridgeFromUrl(search) {
  const params = new URLSearchParams(search);
  const where = params.get('program');
  if (where === null) return null;
  const key = params.get('key') || '';
  const m = /^(127\.0\.0\.1|localhost):(\d{1,5})$/.exec(where.trim());
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) {
    return { problem: `URL parameter 'program': expected 127.0.0.1:PORT as playground connect prints it, got '${where}'` };
  }
  if (!/^[0-9a-f]{32}$/.test(key)) {
    return { problem: "URL parameter 'key': expected the 32 hex digits playground connect prints" +
                      (key ? `, got '${key.slice(0, 40)}'` : ' (it is missing)') };
  }
  return { base: `http://${m[1]}:${m[2]}`, key };
}

let bridge = null;     // {base, key, command, error, reported}
let connecting = null;  // the hello's promise
let started = null;    // the start message last sent (its text): sent again for another game, seat or program
let socket = null;     // the open WebSocket to the bridge: {ws, pending}, pending the exchange awaiting its answer

// The bridge's WebSocket at /v1/socket (the key in its address: a browser's WebSocket sends no headers of its
// own): a message there costs a fraction of a millisecond, where a fetch costs a few, so a student's program
// plays hundreds of moves a second. Resolves once open; rejects if it does not open.
function openSocket() {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${bridge.base.replace(/^http/, 'ws')}/v1/socket?key=${bridge.key}`);
    const s = { ws, pending: null, opened: false };
    ws.onopen = () => {
      s.opened = true;
      resolve(s);
    };
    ws.onclose = (event) => {
      if (!s.opened) whyNoSocket().then(reject, reject);
      if (socket === s) socket = null;
      if (s.pending) s.pending.reject(new Error(`the bridge closed the connection (${event.code} ${event.reason})`));
      s.pending = null;
    };
    ws.onmessage = (event) => {
      const pending = s.pending;
      s.pending = null;
      if (pending) pending.resolve(String(event.data));
    };
  });
}

// Why the socket did not open: a browser does not tell, so the bridge is asked over HTTP, which says what it
// refused (a wrong key: the link of an earlier run). A TypeError when the bridge cannot be reached at all.
async function whyNoSocket() {
  const response = await fetch(bridge.base + '/v1', {
    method: 'POST', headers: { 'x-playground-key': bridge.key }, body: '{"type":"hello"}',
  });
  if (response.ok) return new Error('it answers, but has no socket: it is an older `playground`, update it');
  const text = await response.text();
  let refusal = text;
  try { refusal = JSON.parse(text).error || text; } catch (e) { /* the text as it came */ }
  return new Error(`its socket did not open (HTTP ${response.status}: ${refusal})`);
}

// A message to the bridge and its answer (an object). A socket that closed (a sleeping laptop) is opened again.
async function post(message) {
  if (socket === null) socket = await openSocket();
  const text = await new Promise((resolve, reject) => {
    socket.pending = { resolve, reject };
    socket.ws.send(JSON.stringify(message));
  });
  let body;
  try { body = JSON.parse(text); } catch (e) { body = null; }
  if (body === null || typeof body !== 'object') throw new Error('the bridge answered what is not a JSON object');
  if ('error' in body) throw new Error(`the bridge refused: ${body.error}`);
  return body;
}

// Tells the running module which program the bridge runs (the Agents panel's "program"), or why none is there.
function announceProgram() {
  if (!bridge || !running()) return;
  if (bridge.error && !bridge.reported) {
    bridge.reported = true;
    try { report(bridge.error); } catch (e) { /* shown in the seat's note too */ }
  }
  if (bridge.command) callPlain('pg_program_bridge', null, ['string'], [bridge.command]);
}

// Connects to the bridge the URL names: its hello says which program it runs.
function connectProgram(search) {
  const found = bridgeFromUrl(search);
  if (found.problem) {
    bridge = { error: found.problem, reported: false };
    return;
  }
  bridge = { ...found, command: null, error: null, reported: false };
  connecting = post({ type: 'hello' }).then((hello) => {
    if (hello.bridge !== BRIDGE_VERSION) {
      throw new Error(`it speaks bridge version ${hello.bridge}, this page ${BRIDGE_VERSION}: update one of them`);
    }
    bridge.command = String(hello.command);
  }).catch((e) => {
    bridge.error = `your program's bridge at ${bridge.base}: ${messageOf(e)}` +
      (e instanceof TypeError ? ' (is `playground connect` running, and was it told this page\'s origin?)' : '');
  }).then(announceProgram);
}

const failure = (text) => JSON.stringify({ failure: text });

async function exchange(requestText) {
  if (connecting) await connecting;
  if (bridge.error) return failure(bridge.error);
  try {
    const { program } = JSON.parse(requestText);
    const reply = {};
    const startText = JSON.stringify(program.start);
    if (started !== startText) {
      started = null;
      const ready = await post(program.start);
      if ('failure' in ready) return failure(String(ready.failure));
      reply.ready = ready.reply;
      started = startText;
    }
    const decided = await post(program.decide);
    if ('failure' in decided) {
      started = null;  // the bridge stopped the program: the next question starts it again
      return failure(String(decided.failure));
    }
    reply.reply = decided.reply;
    return JSON.stringify(reply);
  } catch (e) {
    started = null;
    return failure(`your program's bridge at ${bridge.base} did not answer: ${messageOf(e)}` +
                   ' (is `playground connect` still running?)');
  }
}

let queue = Promise.resolve();  // one exchange at a time: a start and its decide go together

globalThis.pgProgram = {  // window.pgProgram in the page
  // page: {callPlain, messageOf, report, running}: the page's calls into the engine.
  connect(search, page) {
    ({ callPlain, messageOf, report, running } = page);
    connectProgram(search);
    return {
      announce: announceProgram,
      ask(requestText) {
        const reply = queue.then(() => exchange(requestText));
        queue = reply.then(() => {}, () => {});
        return reply;
      },
    };
  },
};
