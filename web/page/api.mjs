// The JavaScript API (window.playground), for embedding pages (through the bridge) and tests. Most calls go
// straight to the engine (pg_*: web/js_api.cc); a step or a policy waits for the agent thinking in the worker;
// opening a game or a trace of another module starts that module first.
import { MAX_INPUT_BYTES, call, callWithBytes, jsonText, messageOf, refuse, tooLargeMessage } from './engine.mjs';
import { copyLink, keepOrigins } from './links.mjs';
import { loading, openGame, startModule } from './modules.mjs';
import { keepPolicyBytes, loadPolicies } from './policies.mjs';
import { setAgents } from './seating.mjs';
import { games } from './site.mjs';
import { nextOpened, page, running } from './state.mjs';
import { forgetWorkerReplies, thinkingBuild, whenDecided } from './worker.mjs';

const IMPORT = 'Import failed, nothing changed. trace: ';
const POLICY = 'policy file: ';

// The game a trace names (its "game" field), read without parsing a large text: null when not found.
export function traceGame(trace, text) {
  if (trace && typeof trace === 'object' && typeof trace.game === 'string') return trace.game;
  const m = /"game"\s*:\s*"([a-z_]+)"/.exec(String(text).slice(0, 4096));
  return m ? m[1] : null;
}

// Bytes for the engine: a Uint8Array over an ArrayBuffer or any view's bytes.
export const asBytes = (data) => (data instanceof ArrayBuffer ? new Uint8Array(data)
  : new Uint8Array(data.buffer, data.byteOffset, data.byteLength));

// Whether `game` is another module's (opening it starts that module).
const otherModule = (game) => games().includes(game) && game !== page.game;

// The API; `ready` resolves once the first module shows its first frame.
export function createApi(ready) {
  const api = {
    ready,
    get firstFrameMs() { return loading.firstFrameMs; },
    get download() { return loading.download; },  // the last module download's {url, loaded, total}
    state: () => call('pg_state'),
    // A promise of the state after the step (once the agent to move has decided).
    step: () => whenDecided(() => call('pg_step'), (r) => r.result === 'thinking'),
    back: () => call('pg_back'),
    seek: (t) => call('pg_seek', ['number'], [t]),
    reset: (seed) => call('pg_reset', ['number'], [seed === undefined ? api.state().seed : seed]),
    // Opens a game: its state, or for a game of another module a promise of it, resolved once that module
    // shows its first frame (the episode of the old game is left, as when switching games in Setup).
    load: (game, options) => {
      const text = jsonText(options || {}, 'load: ');
      // Named against the page's games (this module carries one).
      if (!games().includes(String(game))) throw refuse(`load: game '${game}': unknown game (known: ${games().join(', ')})`);
      if (otherModule(String(game))) return openGame(String(game), text);
      return call('pg_load', ['string', 'string'], [game, text], 'load: ');
    },
    // Seats agents: a promise of the state, resolved once they are seated (an agent whose file is on its way
    // takes its seat when the file arrives), rejected with the reason if they cannot be.
    setAgents,
    play: (action) => call('pg_play', ['string'], [String(action)], 'play: '),
    // Opens the moment of a link's query ("game=mancala&agents=...&actions=...&step=4") as the page opens its
    // URL: a promise of the state once its agents are seated and have played to its step. With hideAnalysis, the
    // board shows no solver marks or values until another moment opens (a student choosing a move).
    openMoment: (query, hideAnalysis) => page.switching.then(() => {
      const q = String(query).replace(/^\?/, '');
      const game = new URLSearchParams(q).get('game');
      const opened = nextOpened();
      if (game && otherModule(game)) page.switching = startModule(game, '?' + q);
      else call('pg_open', ['string', 'number'], [q, hideAnalysis ? 1 : 0], 'open: ');
      return page.switching.then(() => opened).then(() => call('pg_state'));
    }),

    // Which build of the game decides for the agents: 'speed' (the thinking module, once it has arrived) or
    // 'size' (the page's own module, until then or when it cannot be had).
    thinkingModule: () => thinkingBuild(),
    // A promise of the decision of the agent to move (once it has decided), or null.
    policy: () => whenDecided(() => call('pg_policy'), (r) => r !== null && r.thinking === true),
    view: () => call('pg_view'),
    trace: () => call('pg_trace'),
    // Imports a trace: its state, or a promise of it when the trace is another module's game (that module is
    // opened first).
    importTrace: (trace) => {
      const text = jsonText(trace, IMPORT);
      const game = traceGame(trace, text);
      if (game && otherModule(game)) return openGame(game, '{}').then(() => call('pg_import_trace', ['string'], [text], IMPORT));
      return call('pg_import_trace', ['string'], [text], IMPORT);
    },
    link: () => keepOrigins(window.location.origin + window.location.pathname + call('pg_link'), window.location.search),
    // {embed, shown: ['board', 'timeline', ...]}: the panels on screen.
    panels: () => call('pg_panels'),
    messages: () => call('pg_messages'),
    // Where each legal action can be clicked on the board (CSS pixels).
    targets: () => call('pg_targets'),
    places: () => call('pg_places'),
    setPlaying: (on) => {
      if (!running()) throw new Error('setPlaying: the engine is starting; call again once it shows its first frame');
      page.module.ccall('pg_set_playing', null, ['number'], [on ? 1 : 0]);
    },
    // The open game's live trainer (Zuma, Kalah): train({command: 'start', settings: {...}}), 'pause', 'use', 'status'.
    train: (command) => call('pg_train', ['string'],
                             [jsonText(typeof command === 'string' ? { command } : command, 'train: ')], 'train: '),
    trainedPolicy: () => call('pg_trained_policy'),
    // A Zuma Q-table: its JSON (text or object) or a policy file's bytes (ArrayBuffer or Uint8Array).
    loadPolicy: (policy) => (policy instanceof ArrayBuffer || ArrayBuffer.isView(policy)
      ? callWithBytes('pg_load_policy_bytes', '', asBytes(policy), POLICY)
      : call('pg_load_policy', ['string'], [jsonText(policy, POLICY)], POLICY)),
    // Resolves when the game's policy files have arrived or failed (fetching them if the game was never
    // opened): {game, files: [{path, ok, error}]}.
    policiesReady: (game) => ready.then(() => page.switching).then(() => loadPolicies(game)),
    // The open game's text editor's Apply (the Binary Game's pattern editor): {applied, errors}, each error
    // naming its line. binaryPatterns is the same call.
    applyEditorText: (text) => call('pg_apply_editor_text', ['string'], [String(text)], 'editor: '),
    binaryPatterns: (text) => api.applyEditorText(text),
    // A policy file's bytes (ArrayBuffer or Uint8Array) for its path under policies/ ("zuma/dqn.rlpg"), as if
    // the page had fetched it: checked, stored, and the agents waiting for it seated.
    // A file that replaces one the agents have read is theirs from now on: the worker reads it, and the seated
    // agents are seated again, so the decision on screen is the new file's.
    providePolicyFile: (path, bytes) => {
      const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
      const r = callWithBytes('pg_provide_policy', String(path), data, 'providePolicyFile: ');
      if (keepPolicyBytes(String(path), data)) {
        forgetWorkerReplies();
        setAgents(api.state().agents).catch(() => { /* the page shows why */ });
      }
      return r;
    },
    setTemperature: (t) => call('pg_set_temperature', ['number'], [Number(t)]),
    network: () => call('pg_network'),
    // The open game's rules and its options' and agents' descriptions, as the page shows them.
    help: () => call('pg_help'),
    // Resolves (true, or false if they failed) once the help texts are in.
    textsReady: () => ready.then(() => page.switching).then(() => page.textsReady).catch(() => false),
    // The largest text (UTF-8 bytes) the calls above accept.
    maxInputBytes: MAX_INPUT_BYTES,
    // Copy link: a promise of {copied, link} (links.mjs).
    copyLink: () => copyLink(api.link()),
    // The game in words, as the text mirror shows it.
    words: () => call('pg_words'),
    // The reader's look: {theme, scale}, and setLook({theme, scale}).
    look: () => call('pg_look'),
    setLook: (look) => call('pg_set_look', ['string'], [jsonText(look, 'setLook: ')], 'setLook: '),
  };
  return api;
}

// The name a network file the reader picked plays under (the agent file:NAME): its file name, with what an
// agent list or spec would split on (commas, colons) and anything else unusual replaced.
export const networkName = (fileName) => String(fileName).replace(/[^A-Za-z0-9._-]/g, '_') || 'network';

// A network file for seat `seat` (the Setup panel's File... button): kept under its name for the open game, in
// the page and its worker, and seated as file:NAME. A refused file is among the page's messages.
function seatNetworkFile(api, seat, name, bytes) {
  const game = api.state().game;
  try {
    api.providePolicyFile(`${game}/loaded/${name}`, bytes);
  } catch (e) {
    return;  // the page shows why
  }
  const agents = api.state().agents.slice();
  agents[seat] = `file:${name}`;
  setAgents(agents).catch((e) => refuse(messageOf(e)));  // a file that is no network for this game: why
}

// A file from the file chooser (Module.pgOpenFile): the trace to import, ("policy") the policy file to load, or
// ("network:SEAT") a network file to seat. A file over the limit is refused before it is read; any failure is
// among the page's messages.
export function openFile(api, kind, file) {
  const seat = /^network:(\d+)$/.exec(kind);
  const prefix = kind === 'policy' || seat ? POLICY : IMPORT;
  if (file.size > MAX_INPUT_BYTES) {
    refuse(tooLargeMessage(prefix, file.size, 'file'));
    return;
  }
  (kind === 'policy' || seat ? file.arrayBuffer() : file.text()).then((content) => {
    try {
      if (seat) seatNetworkFile(api, Number(seat[1]), networkName(file.name), new Uint8Array(content));
      else if (kind === 'policy') api.loadPolicy(content);
      else api.importTrace(content);
    } catch (e) { /* the page shows the message */ }
  }, (e) => refuse(prefix + 'could not read ' + file.name + ': ' + messageOf(e)));
}
