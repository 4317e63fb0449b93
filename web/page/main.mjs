// The page's script (bundled into index.html by scripts/write_index.mjs): checks what the page needs from the
// browser, puts the API in place (window.playground), wires the page's parts to each game's module and starts
// the module of the URL's game (the first of GAMES when the URL names none, or one that does not exist: the
// module then says so).
import { createApi, openFile } from './api.mjs';
import { engineEvent, installBridge } from './bridge.mjs';
import { originProblems } from './bridge_rules.mjs';
import { report, stringToHeap } from './engine.mjs';
import {
  embedRequested, focusOnPress, installEmbeddedBoard, installKeyboard, keepBrowserKeys, skipImpossibleTouchCancels,
  textInput,
} from './input.mjs';
import { lessonApi } from './lessons.mjs';
import { copyLink, installLinkBox, keepOrigins, showFullView } from './links.mjs';
import { applyTheme, preference, setPreference } from './look.mjs';
import { setModuleHooks, startModule } from './modules.mjs';
import { fail } from './overlay.mjs';
import { forgetProvided, requestPolicy } from './policies.mjs';
import { announceProgram, connectProgram } from './program.mjs';
import { abandonSeating } from './seating.mjs';
import { games } from './site.mjs';
import { momentOpened, page } from './state.mjs';
import { installWords } from './words.mjs';
import { cancelThinking, loadSpeedModule, resetWorker, setWorkerCode, workerAsk } from './worker.mjs';

// What the page needs from the browser, checked before downloading anything: null, or why it cannot start.
function missingFeatures() {
  const hasWasm = typeof WebAssembly === 'object' && typeof WebAssembly.instantiate === 'function';
  let hasWebGL2 = false;
  try { hasWebGL2 = !!document.createElement('canvas').getContext('webgl2'); } catch (e) { hasWebGL2 = false; }
  if (hasWasm && hasWebGL2) return null;
  return (!hasWasm ? 'This browser does not run <b>WebAssembly</b>. ' : '') +
         (!hasWebGL2 ? 'This browser (or its settings) offers no <b>WebGL2</b>: enable hardware acceleration, ' +
                       'or try a current Chrome, Firefox, Edge or Safari. ' : '');
}

// The URL's moment is on screen: its agents seated and its step reached (the engine says so once, App::update).
let opened;
const openedMoment = new Promise((resolve) => { opened = resolve; });

// The Module fields browser_library.js calls, and what changes as another game's module starts.
function wireModules(api) {
  setModuleHooks({
    fields: {
      pgRequestPolicy: requestPolicy,
      pgWorkerAsk: workerAsk,
      pgCancelThinking: cancelThinking,
      pgCopyText: (text) => { copyLink(keepOrigins(text, window.location.search)); },
      pgPreference: preference,
      pgSetPreference: setPreference,
      pgTextInput: textInput,
      // The URL's text for the engine (a heap pointer the engine frees; 0, read as an empty query, if refused:
      // browsers cap URLs at a few MB, far under the limit).
      pgStringToHeap(text) {
        try { return stringToHeap(text, 'URL: '); } catch (e) { return 0; }
      },
      pgOpenFile: (kind, file) => openFile(api, kind, file),
      pgReserve: page.reserve,  // the same array, changed in place
    },
    onEngineEvent(kind, detail) {
      if (kind === 'opened') { opened(); momentOpened(); }  // the page's own: `ready` and openMoment wait for it
      else if (kind === 'write_lesson') api.writeLesson().catch(() => { /* the page says why */ });  // the menu's Lesson
      else engineEvent(kind, detail);
    },
    onCompiled: setWorkerCode,
    onStarted() {
      announceProgram();  // each game's module learns which program the bridge runs
      loadSpeedModule();  // the worker's faster build, after the first frame
    },
    onSwitch() {
      forgetProvided();
      abandonSeating();
      resetWorker();
    },
  });
}

function start() {
  const missing = missingFeatures();
  if (missing !== null) {
    fail(missing);
    window.playground = { ready: Promise.reject(new Error('WebAssembly or WebGL2 missing')) };
    window.playground.ready.catch(() => {});
    return;
  }
  let resolveReady, rejectReady;
  const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
  const api = createApi(ready);
  Object.assign(api, lessonApi(api));  // the lessons' calls, their script fetched at the first
  window.playground = api;
  installLinkBox();
  installWords(api);
  keepBrowserKeys();
  installKeyboard();
  skipImpossibleTouchCancels();
  focusOnPress();
  applyTheme();
  if (embedRequested(window.location.search)) {
    installEmbeddedBoard();
    showFullView(() => api.link());
  }
  installBridge(api, ready);
  Object.defineProperty(window, 'Module', { get: () => page.module, configurable: true });
  wireModules(api);
  connectProgram(window.location.search);
  const urlGame = new URLSearchParams(window.location.search).get('game');
  const first = startModule(games().includes(urlGame) ? urlGame : games()[0], window.location.search || '');
  // `ready` means the moment the URL asked for: after the first frame, once its agents' files have arrived (or
  // failed) and the agents have played to its step.
  first.then(() => openedMoment).then(() => resolveReady(api), rejectReady);
  const lesson = new URLSearchParams(window.location.search).get('lesson');
  if (lesson !== null) ready.then(() => api.openLesson(lesson)).catch(() => { /* the page says why */ });
  // The page's own URL parameter, named as the engine names the others.
  first.then(() => originProblems(new URLSearchParams(window.location.search).get('origins')).forEach(report),
    () => {});
  ready.catch(() => {});
}

start();
