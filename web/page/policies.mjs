// Policy files: fetched the first time an agent asks for one (the engine calls Module.pgRequestPolicy), or all
// of a game's at once for playground.policiesReady (policies/manifest.json lists each game's files and sizes).
// Their bytes are kept here, so that the module of another game, or this game's module opened again, gets them
// without a second download. A failed fetch or a refused file is among the page's messages, and the page keeps
// the agents it has; a file that failed is fetched again the next time it is asked for.
import { call, callPlain, callWithBytes, messageOf, report } from './engine.mjs';
import { fetchBytes } from './fetch_bytes.mjs';
import { agentsMaybeSeated } from './seating.mjs';
import { asset } from './site.mjs';
import { page } from './state.mjs';

const POLICIES = 'policies/';

// A game's files in the manifest ({games: {game: [{path, bytes}]}}): [] when it has none.
export const manifestFiles = (manifest, game) => (manifest && manifest.games && manifest.games[game]) || [];

// The figures the loading bar of a file of `total` bytes (0: unknown, no bar) shows: progress(loaded, total)
// at the start, after each chunk (never the whole before the end) and at the end. {start, onBytes, end}.
export function fileProgress(total, progress) {
  let loaded = 0;
  const show = (n) => { if (total) progress(n, total); };
  return {
    start: () => show(0),
    onBytes: (n) => { loaded += n; show(Math.min(loaded, total - 1)); },
    end: () => show(total),
  };
}

let manifestPromise = null;
const policyBytes = new Map();  // path -> Promise of Uint8Array (fetched once)
let handed = new Map();         // path -> Promise of {path, ok, error}: handing it to the running module

function policyManifest() {
  if (!manifestPromise) {
    manifestPromise = fetch(asset(POLICIES + 'manifest.json')).then((r) => {
      if (!r.ok) throw new Error(POLICIES + 'manifest.json: HTTP ' + r.status);
      return r.json();
    });
    manifestPromise.catch(() => { manifestPromise = null; });
  }
  return manifestPromise;
}

// Hands a fetched file to the running module: {path, ok, error}. The engine checks it and seats the agents
// that waited for it.
function providePolicy(path, bytes) {
  try {
    callWithBytes('pg_provide_policy', path, bytes, 'policy file ' + path + ': ');
    return { path, ok: true };
  } catch (e) {
    return { path, ok: false, error: messageOf(e) };  // refused: the page says why
  } finally {
    agentsMaybeSeated();
  }
}

function policyFailed(path, error) {
  try { call('pg_policy_failed', ['string', 'string'], [path, error]); } catch (e2) { /* shown */ }
  agentsMaybeSeated();
  return { path, ok: false, error };
}

// A file's bytes: fetched once (again after a failure), with the loading bar's figures.
export function policyFile(path) {
  let fetched = policyBytes.get(path);
  const brought = /^[a-z_]+\/loaded\/(.*)$/.exec(path);
  if (!fetched && brought) {  // a file the reader brought (the agent file:NAME): only they can give it again
    return Promise.reject(new Error(`the network file '${brought[1]}' is not in this page: pick it with File...`));
  }
  if (!fetched) {
    const game = path.split('/')[0];
    const progress = (loaded, total) => {
      // Another game's module starting shows its own bar; a module gone takes no figures.
      try {
        callPlain('pg_policy_progress', null, ['string', 'number', 'number'], [game, loaded, total]);
      } catch (e) { /* page gone */ }
    };
    fetched = policyManifest().then((manifest) => {
      const entry = manifestFiles(manifest, game).find((f) => f.path === path);
      const bar = fileProgress(entry ? entry.bytes : 0, progress);
      bar.start();
      return fetchBytes(asset(POLICIES + path), { onBytes: bar.onBytes }).finally(bar.end);
    });
    policyBytes.set(path, fetched);
    fetched.catch(() => policyBytes.delete(path));
  }
  return fetched;
}

// Fetches a file and hands it to the running module (unless another game's module started meanwhile), once:
// whoever asks again gets the same outcome, a refusal included. A failed fetch is forgotten, to be tried again.
function loadPolicyFile(path) {
  const outcomes = handed;
  let outcome = outcomes.get(path);
  if (outcome) return outcome;
  const module = page.module;
  outcome = policyFile(path).then(
    (bytes) => (page.module === module ? providePolicy(path, bytes) : { path, ok: true }),
    (e) => {
      if (outcomes.get(path) === outcome) outcomes.delete(path);
      const error = messageOf(e);
      return page.module === module ? policyFailed(path, error) : { path, ok: false, error };
    });
  outcomes.set(path, outcome);
  return outcome;
}

// A file handed to the page (providePolicyFile) in place of the site's: the worker, and the modules opened later,
// get these bytes when they ask for the path. Whether the page had the path's bytes before.
export function keepPolicyBytes(path, bytes) {
  const had = policyBytes.has(path);
  policyBytes.set(path, Promise.resolve(bytes));
  handed.set(path, Promise.resolve({ path, ok: true }));
  return had;
}

// Module.pgRequestPolicy: an agent needs this file.
export function requestPolicy(path) {
  loadPolicyFile(path);
}

// Every file of a game, fetched and handed over: {game, files: [{path, ok, error}]}.
export function loadPolicies(game) {
  game = String(game);
  return policyManifest().then((manifest) => {
    const files = manifestFiles(manifest, game);
    return Promise.all(files.map((f) => loadPolicyFile(f.path)))
      .then((results) => ({ game, files: results }));
  }, (e) => {
    const error = messageOf(e);
    try { report('policy files of ' + game + ': ' + error); } catch (e2) { /* shown */ }
    return { game, files: [], error };
  });
}

// Another game's module starts: it has none of the files yet.
export function forgetProvided() {
  handed = new Map();
}
