// embed.js: drives a playground shown in an iframe from the page around it (a course page), on any origin,
// through the page's postMessage bridge (web/page/bridge.mjs; docs/embedding.md). No dependencies.
//
//   <iframe id="game"
//           src="https://your.host/playground/?game=tictactoe&embed=1&origins=https%3A%2F%2Fcourse.example"></iframe>
//   <script src="https://your.host/playground/embed.js"></script>
//   const pg = Playground.connect(document.getElementById('game'));
//   await pg.ready;                       // the state, once the playground shows its first frame
//   const state = await pg.step();        // any method of window.playground: pg.call('step') is the same
//   pg.on('done', (detail) => ...);       // events: ready, step, done, error ('*': every event, (kind, detail))
//
// Each connection talks to its own iframe only (messages are matched by their source window), so several
// playgrounds on one page each get their own.
(function (global) {
  'use strict';

  const PROTOCOL = 1;  // the bridge's marker: messages carry {playground: 1}
  // The methods of window.playground offered as methods of a connection (pg.step() is pg.call('step')).
  const METHODS = ['state', 'step', 'back', 'seek', 'reset', 'load', 'setAgents', 'play', 'policy', 'view',
    'trace', 'importTrace', 'link', 'copyLink', 'panels', 'messages', 'targets', 'help', 'policiesReady',
    'textsReady', 'setPlaying', 'train', 'trainedPolicy', 'loadPolicy', 'providePolicyFile', 'setTemperature',
    'network', 'applyEditorText'];

  const seconds = (ms) => (ms / 1000).toFixed(ms % 1000 ? 1 : 0) + ' s';

  // Connects to the playground in `iframe` (an <iframe> element in the document). Options:
  //   timeout:      milliseconds a call may wait for its answer once sent (default 30000; 0: no limit). An
  //                 agent's step or policy waits for its decision: a slow searcher may need more.
  //   readyTimeout: milliseconds for the playground to show its first frame (default 120000; 0: no limit).
  //   origin:       the playground's origin, when the iframe's src does not give it.
  function connect(iframe, options) {
    if (!iframe || iframe.tagName !== 'IFRAME' || !iframe.contentWindow) {
      throw new TypeError('Playground.connect: expected an <iframe> element that is in the document');
    }
    options = options || {};
    const timeout = options.timeout === undefined ? 30000 : Number(options.timeout);
    const readyTimeout = options.readyTimeout === undefined ? 120000 : Number(options.readyTimeout);
    const src = () => iframe.src || iframe.getAttribute('src') || '(no src)';
    // Where calls are sent: the origin of the iframe's document as its src names it.
    function playgroundOrigin() {
      if (options.origin) return options.origin;
      try { return new URL(iframe.src, document.baseURI).origin; } catch (e) { return 'null'; }
    }

    const listeners = new Map();  // event kind ('*' for all) -> Set of functions
    const pending = new Map();    // call id -> {resolve, reject, timer}
    let lastId = 0;
    let closed = false;

    let readyDone = false;
    let resolveReady, rejectReady;
    const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
    ready.catch(() => {});  // a caller that never looks at it sees the error in the calls that wait for it
    const readyTimer = readyTimeout > 0 ? setTimeout(() => settleReady(null, new Error(
      'Playground: the playground at ' + src() + ' did not start within ' + seconds(readyTimeout) +
      ' (is the iframe the playground? is WebGL2 available? Playground.connect(iframe, {readyTimeout}) waits longer)')),
    readyTimeout) : null;
    function settleReady(state, error) {
      if (readyDone) return;
      readyDone = true;
      if (readyTimer) clearTimeout(readyTimer);
      // The "ready" calls sent to earlier documents of the iframe (before a reload) will never be answered.
      for (const [id, call] of pending) {
        if (call.method === 'ready') pending.delete(id);
      }
      if (error) rejectReady(error); else resolveReady(state);
    }

    function emit(kind, detail) {
      const call = (fn, args) => {
        try { fn.apply(null, args); } catch (e) { setTimeout(() => { throw e; }, 0); }  // reported, others still run
      };
      for (const fn of Array.from(listeners.get(kind) || [])) call(fn, [detail]);
      for (const fn of Array.from(listeners.get('*') || [])) call(fn, [kind, detail]);
    }

    function onMessage(event) {
      if (event.source !== iframe.contentWindow) return;
      const m = event.data;
      if (!m || typeof m !== 'object' || m.playground !== PROTOCOL) return;
      const origin = playgroundOrigin();
      if (origin !== 'null' && origin !== '*' && event.origin !== origin) return;
      if (typeof m.event === 'string') {
        if (m.event === 'ready' && m.detail) settleReady(m.detail, null);
        if (m.event === 'error' && m.detail && m.detail.fatal) {
          const message = 'Playground: the playground at ' + src() + ' could not start: ' + m.detail.message;
          settleReady(null, new Error(message));
        }
        emit(m.event, m.detail);
        return;
      }
      const call = pending.get(m.id);
      if (!call || !('result' in m || 'error' in m)) return;
      pending.delete(m.id);
      if (call.timer) clearTimeout(call.timer);
      if ('error' in m) {
        const error = new Error(String(m.error));
        error.method = call.method;
        call.reject(error);
      } else {
        call.resolve(m.result);
      }
    }
    window.addEventListener('message', onMessage);

    // Posts a call now; its promise settles with the answer, or with an error after `ms` (0: never).
    function send(method, args, ms) {
      return new Promise((resolve, reject) => {
        if (closed) throw new Error('Playground: ' + method + '(): the connection is closed');
        const id = ++lastId;
        const entry = { method, resolve, reject, timer: null };
        if (ms > 0) {
          entry.timer = setTimeout(() => {
            pending.delete(id);
            reject(new Error('Playground: ' + method + '() got no answer within ' + seconds(ms) + ' from the ' +
                             'playground at ' + src() + ' (an agent may still be deciding: ' +
                             'Playground.connect(iframe, {timeout}) waits longer)'));
          }, ms);
        }
        pending.set(id, entry);
        try {
          iframe.contentWindow.postMessage({ playground: PROTOCOL, id, method, args }, playgroundOrigin());
        } catch (e) {  // arguments that cannot be cloned, or an iframe no longer in the document
          pending.delete(id);
          if (entry.timer) clearTimeout(entry.timer);
          throw new Error('Playground: ' + method + '(): ' + (e && e.message ? e.message : e));
        }
      });
    }

    // Whether the iframe holds its document (not the empty one it starts with): a message posted to the empty
    // one would not reach the playground, and the browser would report the mismatched origin.
    function documentLoaded() {
      try {
        return iframe.contentWindow.location.href !== 'about:blank' && iframe.contentDocument.readyState === 'complete';
      } catch (e) {
        return true;  // another origin's document: it is there
      }
    }
    // Asks for the state once the playground is ready: the answer resolves `ready` if its event was missed
    // (sent before this listener was in place). Asked again after each load of the iframe (a reload).
    function askReady() {
      if (readyDone || closed) return;
      send('ready', [], 0).then((state) => settleReady(state, null), (e) => settleReady(null, e));
    }
    let documentArrived;
    const arrived = new Promise((resolve) => { documentArrived = resolve; });
    const onLoad = () => { documentArrived(); askReady(); };
    iframe.addEventListener('load', onLoad);
    if (documentLoaded()) onLoad();
    // A playground out of view waits to be scrolled to before it starts; the first call starts it ("start").
    let startAsked = false;
    function start() {
      if (startAsked || readyDone) return;
      startAsked = true;
      arrived.then(() => send('start', [], 0)).catch(() => {});
    }

    const connection = {
      iframe,
      // A promise of the playground's state once it shows its first frame (rejected if it cannot start, or may
      // not be listened to from this origin, or after readyTimeout).
      ready,
      // Calls a method of window.playground in the iframe: a promise of its result (awaited there when it is a
      // promise), rejected with the playground's error message.
      call(method) {
        const args = Array.prototype.slice.call(arguments, 1);
        start();
        return ready.then(() => send(String(method), args, timeout));
      },
      // Calls `fn(detail)` on each event of this kind ('ready', 'step', 'done', 'error'), or `fn(kind, detail)`
      // on every event for '*'. Returns a function that stops it.
      on(kind, fn) {
        if (typeof fn !== 'function') throw new TypeError('Playground: on(kind, fn) needs a function');
        if (!listeners.has(kind)) listeners.set(kind, new Set());
        listeners.get(kind).add(fn);
        return () => connection.off(kind, fn);
      },
      off(kind, fn) {
        const set = listeners.get(kind);
        if (set) set.delete(fn);
      },
      // Stops listening; calls still waiting are rejected.
      close() {
        if (closed) return;
        closed = true;
        window.removeEventListener('message', onMessage);
        iframe.removeEventListener('load', onLoad);
        settleReady(null, new Error('Playground: the connection was closed'));
        for (const call of pending.values()) {
          if (call.timer) clearTimeout(call.timer);
          call.reject(new Error('Playground: ' + call.method + '(): the connection was closed'));
        }
        pending.clear();
        listeners.clear();
      },
    };
    for (const name of METHODS) {
      connection[name] = function () {
        return connection.call.apply(null, [name].concat(Array.prototype.slice.call(arguments)));
      };
    }
    // Copy link from the course page: the playground's link, written to the clipboard here. A frame of another
    // origin may not write it (its document has no focus when the course page's button is pressed), and a
    // course page's button press lets the course page do it. A promise of {copied, link}; copied is false when
    // this page's browser refuses too (the caller can then show the link).
    connection.copyLink = function () {
      return connection.call('link').then((link) => {
        const clipboard = typeof navigator !== 'undefined' && navigator.clipboard;
        if (!clipboard || !clipboard.writeText) return { copied: false, link };
        return clipboard.writeText(link).then(() => ({ copied: true, link }), () => ({ copied: false, link }));
      });
    };
    return connection;
  }

  const Playground = { connect, protocol: PROTOCOL, methods: METHODS.slice() };
  if (typeof module === 'object' && module.exports) module.exports = Playground;
  else global.Playground = Playground;
})(typeof window !== 'undefined' ? window : this);
