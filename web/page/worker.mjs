// The worker: the running game's module again, in a Web Worker (web/worker.js), where every agent but a human
// or a random one decides (engine/core/worker_agent.h): the page never waits on a search. The engine asks each
// question once, by its id, through Module.pgWorkerAsk: the reply if the page has it already, else null, and the
// reply is pushed into the engine when the worker gives it (pg_worker_reply). A new question while it thinks
// about another waits for that one (the latest question only); the engine stops the thinking when the user moves
// on (stepping back, seeking, a new episode, new agents or game: Module.pgCancelThinking), and the worker is then
// replaced. The JavaScript API's step and policy resolve once it has decided.
// Two builds of the game can think: the page's own module (built for size: the first download), and the thinking
// module, playground-<game>-think.wasm (the engine alone, built for speed), fetched once the first frame shows.
// Until it has arrived the page's module thinks; a worker started after it runs the thinking module, and an
// idle worker of the page's module is replaced by one. Their decisions are the same, bit for bit.
import { call, callPlain } from './engine.mjs';
import { fetchBytes } from './fetch_bytes.mjs';
import { policyFile } from './policies.mjs';
import { askProgram, isProgramQuestion } from './program.mjs';
import { asset } from './site.mjs';
import { page, running } from './state.mjs';
import { scheduleWords } from './words.mjs';

let worker = null;
let workerCode = null;   // the running module's compiled code, for its worker
let speedModule = null;  // {game, code}: the thinking module, once compiled
let workerBuild = null;  // 'speed' or 'size': which module the running worker runs
let answered = [];       // the requests the running worker has answered, in order: what its agents remember
// A worker of the page's module that has answered at most this many questions is replaced by the thinking
// module's, which is asked them again first (its replies ignored), so that its agents remember what the old
// one's did (a solver's plan, a search's tree) and decide as they would have.
const REPLAY_LIMIT = 32;
let question = null;     // the request the worker thinks about
let nextQuestion = null; // the latest request asked meanwhile
let questionId = 0;
const engineIds = new Map();  // request -> the engine's id of the question waiting for its reply
const answers = new Map();  // request -> reply, the latest few
let decisionWaiters = [];   // the API's calls waiting for a decision: {attempt, reject}
const WORKER_STARTS = 3;    // a worker that stops before it answers is started again: this many starts a question
let workerStarts = 0;       // starts since the last answer

function stopWorker() {
  if (worker) worker.terminate();
  worker = null;
  question = nextQuestion = null;
}

// The worker answered (or stopped): the page draws, and the API's waiting calls try again.
function decided() {
  if (running()) {
    try { callPlain('pg_agents_changed'); } catch (e) { /* page gone */ }
    scheduleWords();  // the text mirror's decision
  }
  const waiters = decisionWaiters;
  decisionWaiters = [];
  for (const w of waiters) w.attempt();
}

function startWorker() {
  const w = new Worker(asset('worker.js'));
  worker = w;
  workerBuild = speedModule && speedModule.game === page.game ? 'speed' : 'size';
  answered = [];
  ++workerStarts;
  // A worker that could not start or stopped: another one asks the same question (the failure may be the
  // network's, for a moment), unless this was the last try; then the agent declines with the error.
  const workerStopped = (error) => {
    const request = question;
    if (workerBuild === 'speed') speedModule = null;  // the page's own module thinks instead
    stopWorker();
    if (request !== null && workerStarts < WORKER_STARTS) {
      setTimeout(() => { if (worker === null && question === null) ask(request); }, 250 * workerStarts);
      return;
    }
    if (request !== null) answer(request, JSON.stringify({ error: 'the worker stopped: ' + error }));
    decided();
  };
  // A replaced worker's late messages and errors are not the current question's.
  w.onmessage = (event) => {
    if (worker !== w) return;
    const message = event.data;
    if (message.type === 'failed') {
      workerStopped(message.error);
    } else if (message.type === 'reply' && message.id === questionId && question !== null) {
      workerStarts = 0;
      answered.push(question);
      answer(question, message.reply);
      question = null;
      switchToSpeedModule();
      if (nextQuestion !== null && !answers.has(nextQuestion)) ask(nextQuestion);
      nextQuestion = null;
      decided();
    } else if (message.type === 'need') {
      policyFile(message.path).then((bytes) => w.postMessage({ type: 'policy', path: message.path, bytes }),
        (e) => w.postMessage({ type: 'policy', path: message.path, error: String((e && e.message) || e) }));
    }
  };
  w.onerror = (event) => {
    if (worker !== w) return;
    workerStopped(event.message || 'unknown error');
  };
  // The worker imports the module's script by this URL (absolute: a worker resolves relative URLs against its own).
  const speed = workerBuild === 'speed';
  const name = 'playground-' + page.game + (speed ? '-think' : '');
  const script = new URL(asset(name + '.js'), document.baseURI).href;
  w.postMessage({ type: 'init', module: speed ? speedModule.code : workerCode, script,
                  factory: (speed ? 'pg_think_' : 'pg_module_') + page.game });
}

// The thinking module of the running game, fetched and compiled once the first frame shows. A worker of the
// page's module that is idle is replaced now (switchToSpeedModule), a thinking one once it has answered. If it
// cannot be had, the page's module goes on thinking (it decides the same, more slowly).
export function loadSpeedModule() {
  const game = page.game;
  const wasm = 'playground-' + game + '-think.wasm';
  return fetchBytes(asset(wasm)).then((bytes) => WebAssembly.compile(bytes)).then((code) => {
    if (page.game !== game) return;
    speedModule = { game, code };
    switchToSpeedModule();
  }, (e) => console.warn(wasm, e));  // the page's module goes on thinking
}

// The idle worker of the page's module replaced by the thinking module's, once that has arrived, with the
// questions the old one answered asked again first (REPLAY_LIMIT).
function switchToSpeedModule() {
  if (!worker || workerBuild !== 'size' || question !== null) return;
  if (!speedModule || speedModule.game !== page.game || answered.length > REPLAY_LIMIT) return;
  const history = answered;
  worker.terminate();
  worker = null;
  startWorker();
  for (const request of history) worker.postMessage({ type: 'decide', id: 0, request });  // no question's id
  answered = history.slice();
}

// Which build answers the next question: 'speed' (the thinking module) or 'size' (the page's own).
export function thinkingBuild() {
  if (worker) return workerBuild;
  return speedModule && speedModule.game === page.game ? 'speed' : 'size';
}

function ask(request) {
  if (!worker) startWorker();
  question = request;
  worker.postMessage({ type: 'decide', id: ++questionId, request });
}

// Keeps the reply and pushes it into the engine once, if it waits for it.
function answer(request, reply) {
  answers.set(request, reply);
  if (answers.size > 32) answers.delete(answers.keys().next().value);
  deliver(request, reply);
}

function deliver(request, reply) {
  const id = engineIds.get(request);
  engineIds.delete(request);
  if (id !== undefined && running()) {
    try { call('pg_worker_reply', ['number', 'string'], [id, reply]); } catch (e) { /* page gone, or refused */ }
  }
}

// Module.pgWorkerAsk: the reply to the engine's question `id` (its `request`) if the page has it, else null
// (it is pushed in when the worker answers).
export function workerAsk(id, request) {
  // The program seat's questions go to its bridge (program.mjs), and its replies are not kept: the student's
  // program may answer otherwise next time (fixed, or drawing at random).
  if (isProgramQuestion(request)) {
    engineIds.set(request, id);
    askProgram(request).then((reply) => { deliver(request, reply); decided(); });
    return null;
  }
  if (answers.has(request)) return answers.get(request);
  if (!workerCode) return JSON.stringify({ error: 'the worker has no code to run' });
  engineIds.set(request, id);
  if (question === null) ask(request);
  else if (question !== request) nextQuestion = request;
  return null;
}

// Module.pgCancelThinking.
export function cancelThinking() {
  engineIds.clear();
  if (question !== null) stopWorker();
  workerStarts = 0;
  setTimeout(decided, 0);
}

// A policy file was replaced under the agents (providePolicyFile): the worker, which keeps the files it has
// read, is replaced too, and the replies it gave with the old file are forgotten.
export function forgetWorkerReplies() {
  answers.clear();
  stopWorker();
}

// A promise of `ask()`'s reply once it no longer says the agent is thinking.
export function whenDecided(ask, thinking) {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      try {
        const r = ask();
        if (thinking(r)) decisionWaiters.push({ attempt, reject });
        else resolve(r);
      } catch (e) {
        reject(e);
      }
    };
    attempt();
  });
}

// The running module's compiled code, which its worker runs too.
export function setWorkerCode(code) {
  workerCode = code;
}

// Another game's module starts: its worker is a new one, and the calls waiting for the old game's decisions
// are rejected.
export function resetWorker() {
  stopWorker();
  workerCode = null;
  speedModule = null;
  answers.clear();
  engineIds.clear();
  decisionWaiters.forEach((w) => w.reject(new Error('another game was opened')));
  decisionWaiters = [];
}
