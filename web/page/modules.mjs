// The modules: one per game (playground-<game>.js and .wasm). The page starts the module of the URL's game;
// opening another game stops this module and starts that game's, on a new canvas, with the URL's other
// parameters. Each module's .wasm is fetched with the loading bar; the help texts (texts.txt: the rules, help
// markers, agent and option descriptions, not in the WebAssembly) are fetched once the first frame shows (the
// board comes first) and handed to each module.
import { call, report, messageOf } from './engine.mjs';
import { fetchBytes } from './fetch_bytes.mjs';
import { fail, hideOverlay, showDownload, showLoading, showStarting, showStatus } from './overlay.mjs';
import { asset, assetBytes } from './site.mjs';
import { page, running } from './state.mjs';

// The last module download's figures, {url, loaded, total} (raw bytes; total 0 if unknown), and when the
// first frame showed (milliseconds since navigation started): the API's download and firstFrameMs.
export const loading = { download: null, firstFrameMs: null };

// What the page gives each module (set once by main.mjs): the Module fields browser_library.js calls
// (pgRequestPolicy, pgWorkerAsk, ...); onEngineEvent(kind, detail), the running module's events;
// onCompiled(code), the running module's compiled code; onSwitch(), called as another module replaces it;
// onStarted(), at its first frame.
let hooks = { fields: {}, onEngineEvent: () => {}, onCompiled: () => {}, onSwitch: () => {}, onStarted: () => {} };
export function setModuleHooks(h) {
  hooks = Object.assign({}, hooks, h);
}

// The total the bar counts to: `size` from the site's map, else Content-Length when the response is not
// encoded, else unknown (0: the bar shows the bytes received only). A compressed response's Content-Length
// counts the bytes sent, not the decoded bytes the stream gives.
export const downloadTotal = (size, contentLength, contentEncoding) =>
  size || (contentEncoding ? 0 : Number(contentLength) || 0);

// A .wasm's bytes, with the loading bar.
function fetchWasm(url, size) {
  let download = null;
  return fetchBytes(url, {
    onResponse: (response) => {
      const total = downloadTotal(size, response.headers.get('Content-Length'), response.headers.get('Content-Encoding'));
      download = { url, loaded: 0, total };
      loading.download = download;
    },
    onBytes: (n) => {
      download.loaded += n;
      showDownload(download.loaded, download.total);
    },
  });
}

const scripts = new Map();  // game -> Promise of its module's factory
function moduleFactory(game) {
  if (!scripts.has(game)) {
    scripts.set(game, new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = asset('playground-' + game + '.js');
      script.onload = () => resolve(window['pg_module_' + game]);
      script.onerror = () => reject(new Error('playground-' + game + '.js could not be fetched'));
      document.body.appendChild(script);
    }));
    scripts.get(game).catch(() => scripts.delete(game));
  }
  return scripts.get(game);
}

let textsFetch = null;
function provideTexts() {
  textsFetch = textsFetch || fetch(asset('texts.txt')).then((r) => {
    if (!r.ok) throw new Error('texts.txt: HTTP ' + r.status);
    return r.text();
  });
  return textsFetch.then(
    (text) => {
      try { call('pg_provide_texts', ['string'], [text], 'texts.txt: '); return true; } catch (e) { return false; }  // shown
    },
    (e) => { try { report("the page's help texts could not be loaded: " + messageOf(e)); } catch (e2) { /* shown */ } return false; });
}

// The Module object of `game`'s module, started with this URL query; firstFrame() at its first frame,
// failed(error) if it cannot start.
function moduleInstance(game, query, firstFrame, failed) {
  const old = document.getElementById('canvas');
  const canvas = old.cloneNode(false);  // a new WebGL context for the new module
  old.replaceWith(canvas);
  const instance = Object.assign({
    canvas,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    pgQuery: query,
    instantiateWasm(imports, success) {
      const wasm = 'playground-' + game + '.wasm';
      fetchWasm(asset(wasm), assetBytes(wasm))
        .then((bytes) => { showStatus('Compiling…'); return WebAssembly.instantiate(bytes, imports); })
        .then((result) => {
          if (page.module === instance) hooks.onCompiled(result.module);
          success(result.instance, result.module);
        })
        .catch((err) => {
          fail('Could not load <code>playground-' + game + '.wasm</code>: ' + messageOf(err));
          failed(err);
        });
      return {};
    },
    pgRunning: false,  // true from the runtime's start: its functions may be called (never before)
    onRuntimeInitialized() {
      instance.pgRunning = true;
      if (instance.pgUnseen) instance.ccall('pg_run_unseen');
      showStarting();
    },
    onFirstFrame() {
      if (loading.firstFrameMs === null) loading.firstFrameMs = performance.now();
      hideOverlay();
      // The keys go to the page (the ring shows once Tab brings it back); embedded, the course page keeps them.
      if (!document.documentElement.hasAttribute('data-embed')) canvas.focus({ focusVisible: false, preventScroll: true });
      firstFrame();
    },
    pgEvent(kind, detail) { if (page.module === instance) hooks.onEngineEvent(kind, detail); },
    pgOpenGame(name, options) { setTimeout(() => openGame(name, options).catch(() => {}), 0); },
    onAbort(what) {
      fail('The engine stopped: <code>' + String(what) + '</code>. Reload the page to start again.');
      failed(new Error(String(what)));
    },
  }, hooks.fields);
  return instance;
}

// Starts the module of `game` with this URL query; resolves at its first frame.
export function startModule(game, query) {
  let firstFrame, failed;
  const shown = new Promise((res, rej) => { firstFrame = res; failed = rej; });
  showLoading('Downloading the engine…');
  const instance = moduleInstance(game, query, firstFrame, failed);
  if (running()) {
    try { page.module.ccall('pg_shutdown'); } catch (e) { /* it stopped already */ }
    page.module.pgRunning = false;
  }
  page.module = instance;
  page.game = game;
  hooks.onSwitch();
  moduleFactory(game).then((factory) => factory(instance)).catch((err) => {
    fail('Could not load <code>playground-' + game + '.js</code>: ' + messageOf(err));
    failed(err);
  });
  page.textsReady = shown.then(provideTexts);
  shown.then(() => { if (page.module === instance) hooks.onStarted(); }, () => {});
  return shown;
}

// Opens a game of another module with these options (a JSON object's text): the URL's other parameters carry
// over, its seed, agents and options are the new game's defaults. Resolves with the new game's state.
export function openGame(game, optionsText) {
  const params = new URLSearchParams(window.location.search);
  ['seed', 'agents', 'options'].forEach((k) => params.delete(k));
  params.set('game', game);
  const query = '?' + params.toString();
  try { window.history.replaceState(null, '', query); } catch (e) { /* e.g. a sandboxed frame */ }
  page.switching = startModule(game, query);
  return page.switching.then(() => (optionsText && optionsText !== '{}'
    ? call('pg_load', ['string', 'string'], [game, optionsText], 'load: ')
    : call('pg_state')));
}

// A playground out of view (a frame of another origin below the course page's fold) gets no animation frames,
// so it starts only when scrolled to. A call from the course page starts it anyway: the engine's loop runs on
// timers until the page is seen (its first animation frame), then on the browser's frames again.
export function runUnseen() {
  const m = page.module;
  if (!m || m.pgUnseen) return;
  m.pgUnseen = true;
  if (m.pgRunning) m.ccall('pg_run_unseen');
  requestAnimationFrame(() => {
    m.pgUnseen = false;
    if (page.module === m && m.pgRunning) m.ccall('pg_run_seen');
  });
}
