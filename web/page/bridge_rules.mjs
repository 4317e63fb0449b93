// The embedding bridge's rules, apart from the page: who may call, where events go, which messages are calls.
// (bridge.mjs applies them; docs/embedding.md describes the protocol.)
export const BRIDGE = 1;  // every message of the protocol carries `playground: 1`

// An origin as the browser writes it ("http://localhost:9000/" -> "http://localhost:9000"); "*" stays; null for
// a text that is not an http(s) origin ("localhost:9000" would parse as the opaque origin "null", which a
// sandboxed frame's messages carry: it must match no sender). The engine names such entries on the page.
export const normalOrigin = (text) => {
  if (text === '*') return text;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch (e) { return null; }
};

// What the page names of the URL parameter `origins` (comma-separated origins, or `*`): each entry that is not
// an http(s) origin (ignored) or has a path after its origin (taken without it).
export function originProblems(originsParam) {
  if (originsParam === null) return [];
  const entries = originsParam.split(',').map((o) => o.trim()).filter(Boolean);
  const named = (problem) => "URL parameter 'origins': " + problem;
  const example = ' (expected an origin such as https://course.example.edu, or *)';
  if (entries.length === 0) return [named('lists no origin' + example)];
  const problems = [];
  for (const entry of entries) {
    if (entry === '*') continue;
    const origin = normalOrigin(entry);
    if (origin === null || !/^https?:\/\//.test(entry)) problems.push(named(`'${entry}' is not an origin${example}; ignored`));
    else if (entry !== origin) {
      problems.push(named(`'${entry}' is taken as ${origin} (an origin is scheme://host[:port], nothing after it)`));
    }
  }
  return problems;
}

// The origins that may call and listen, from the URL parameter `origins` (comma-separated, `*` for any; null
// when absent) and the page's own origin ("null" when opaque): {listed, mayDrive(origin), mayListen(origin),
// eventTarget(framed, parentOrigin)}.
export function originRules(originsParam, pageOrigin) {
  const listed = (originsParam || '').split(',').map((o) => o.trim()).filter(Boolean).map(normalOrigin)
    .filter((o) => o !== null);
  const anyOrigin = listed.includes('*');
  const ownOrigin = pageOrigin !== 'null' ? pageOrigin : null;  // opaque: none
  const mayDrive = (origin) => anyOrigin || origin === ownOrigin || listed.includes(origin);
  const mayListen = (origin) => listed.length === 0 || mayDrive(origin);
  // The targetOrigin of events for the parent, or null when they are not for it (or not yet known to be).
  const eventTarget = (framed, parentOrigin) => {
    if (!framed) return null;
    if (listed.length === 0 || anyOrigin) return '*';
    return parentOrigin !== null && mayListen(parentOrigin) ? parentOrigin : null;
  };
  return { listed, mayDrive, mayListen, eventTarget };
}

// Whether a message is a call of the protocol ({playground: 1, method: '...'} from a window); any other
// message is ignored.
export const isCall = (m, source) =>
  Boolean(m && typeof m === 'object' && m.playground === BRIDGE && typeof m.method === 'string' && source);

// Why an origin may not make a call.
export function refusal(listed, origin, method) {
  const what = method === 'ready' ? 'listen to' : 'drive';
  return method + ': the origin ' + origin + ' may not ' + what + ' this playground: its URL parameter `origins` ' +
    (listed.length ? 'lists ' + listed.join(', ') : 'is not set (no other origin may call it)') +
    '; add ' + origin + ' to it (origins=' + encodeURIComponent(origin) + '), or origins=* for any origin';
}

// The answer to a call as sent ({playground: 1, id, result} or {..., error}); an undefined result is null.
export function answerMessage(reply) {
  const message = Object.assign({ playground: BRIDGE }, reply);
  if ('result' in message && message.result === undefined) message.result = null;
  return message;
}

// The member `method` of the API called with `args`, or its value when it is not a function; an unknown
// method throws, naming the API's functions.
export function callMember(api, method, args) {
  if (!Object.prototype.hasOwnProperty.call(api, method)) {
    throw new Error("unknown method '" + method + "' (known: " +
                    Object.keys(api).filter((k) => typeof api[k] === 'function').join(', ') + ')');
  }
  const member = api[method];
  return typeof member === 'function' ? member.apply(api, args) : member;
}
