// The bridge: a page of another origin (a course page with the playground in an iframe) calls the API by
// postMessage and listens to the page's events (docs/embedding.md; web/embed.js is its client).
// - A call {playground: 1, id, method, args} is answered to its sender with {playground: 1, id, result} or
//   {playground: 1, id, error} (the error's message). Calls run one at a time in the order they arrive, each
//   once the page is ready and the one before has settled (a promise is awaited), so that "step, step, back"
//   means that. `method` is any member of window.playground; "ready" answers the state once the page is ready.
// - Who may call: the origins listed by the URL parameter `origins` (comma-separated, `*` for any) and the
//   page's own origin (which could use window.playground directly). Without `origins`, no other origin.
// - Events {playground: 1, event, detail} go to the parent frame: `ready` (the state), and the engine's
//   `step`, `done` and `error` (Module.pgEvent). Without `origins`, or with `*`, to any parent (targetOrigin
//   '*': they hold what the page shows); when `origins` lists origins, only to a parent of one of them (its
//   origin from location.ancestorOrigins, or, in browsers without it, from its first call). Each event is
//   also dispatched on window as a CustomEvent `playground:<kind>` for same-origin pages.
// - The "ready" call may come from any origin the events may go to, so that a parent that only listens can
//   learn the state it missed before its listener was in place.
import { BRIDGE, answerMessage, callMember, isCall, originRules, refusal } from './bridge_rules.mjs';
import { messageOf } from './engine.mjs';
import { loading, runUnseen } from './modules.mjs';
import { page } from './state.mjs';

const rules = originRules(new URLSearchParams(window.location.search).get('origins'), window.location.origin);
const framed = window.parent !== window;
let parentOrigin = null;  // the parent's origin, where known
try {
  const ancestors = window.location.ancestorOrigins;
  if (framed && ancestors && ancestors.length) parentOrigin = ancestors[0];
} catch (e) { /* not offered */ }

export function publish(kind, detail) {
  window.dispatchEvent(new CustomEvent('playground:' + kind, { detail }));
  const target = rules.eventTarget(framed, parentOrigin);
  if (target !== null) window.parent.postMessage({ playground: BRIDGE, event: kind, detail }, target);
}

// Module.pgEvent's body: the engine's event with its detail as JSON text. Published once the engine's call has
// returned (a microtask), so that a listener calling the API does not re-enter the engine.
export function engineEvent(kind, detailText) {
  let detail;
  try { detail = JSON.parse(detailText); } catch (e) { detail = { text: String(detailText) }; }
  queueMicrotask(() => publish(String(kind), detail));
}

function answer(event, reply) {
  const target = event.origin && event.origin !== 'null' ? event.origin : '*';
  try {
    event.source.postMessage(answerMessage(reply), target);
  } catch (e) {  // a result that cannot be cloned
    const error = reply.method + ': the result cannot be sent: ' + messageOf(e);
    event.source.postMessage({ playground: BRIDGE, id: reply.id, error }, target);
  }
}

// Publishes `ready` (or the page's failure to start) and answers the calls of other pages.
export function installBridge(api, ready) {
  ready.then(() => {
    let state = null;
    try { state = api.state(); } catch (e) { /* another game's module is starting; its state comes with "ready" */ }
    publish('ready', state);
  }, (e) => publish('error', { message: messageOf(e), fatal: true }));

  // "ready" and "start" answer the state once the page is ready; "start" (from a page that may drive this one)
  // also starts a playground that waits to be scrolled into view, as any other call does.
  const waitsForReady = (method) => method === 'ready' || method === 'start';
  const bridgeCall = (method, args) =>
    (waitsForReady(method) ? ready.then(() => page.switching).then(() => api.state()) : callMember(api, method, args));
  let calls = Promise.resolve();  // the calls in order: each starts when the one before has settled
  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!isCall(m, event.source)) return;
    const { id, method } = m;
    const allowed = method === 'ready' ? rules.mayListen(event.origin) : rules.mayDrive(event.origin);
    if (!allowed) {
      answer(event, { id, method, error: refusal(rules.listed, event.origin, method) });
      return;
    }
    if (parentOrigin === null && event.source === window.parent) parentOrigin = event.origin;
    if (m.args !== undefined && !Array.isArray(m.args)) {
      answer(event, { id, method, error: method + ': args must be an array' });
      return;
    }
    const args = m.args || [];
    // A call (not the "ready" every embed.js sends) starts a playground that waits to be scrolled into view.
    if (method !== 'ready' && loading.firstFrameMs === null) runUnseen();
    const run = () => Promise.resolve().then(() => bridgeCall(method, args)).then(
      (result) => answer(event, { id, method, result }),
      (e) => answer(event, { id, method, error: messageOf(e) }));
    // "ready" and "start" wait for the page, not for the calls before them.
    if (waitsForReady(method)) run();
    else {
      calls = calls.then(() => ready).then(() => page.switching).then(run,
        (e) => answer(event, { id, method, error: method + ': the playground did not start: ' + messageOf(e) }));
    }
  });
}
