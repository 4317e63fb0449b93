// The worker: the running game's module again, in a Web Worker (web/worker.js), where every agent but a human
// or a random one decides (engine/core/worker_agent.h): the page never waits on a search. The engine asks each
// question once, by its id, through Module.pgWorkerAsk: the reply if the page has it already, else null, and the
// reply is pushed into the engine when the worker gives it (pg_worker_reply). A new question while it thinks
// about another waits for that one (the latest question only); the engine stops the thinking when the user moves
// on (stepping back, seeking, a new episode, new agents or game: Module.pgCancelThinking), and the worker is then
// replaced. The JavaScript API's step and policy resolve once it has decided.
import { call, callPlain } from './engine.mjs';
import { policyFile } from './policies.mjs';
import { askProgram, isProgramQuestion } from './program.mjs';
import { asset } from './site.mjs';
import { page, running } from './state.mjs';
import { scheduleWords } from './words.mjs';

let worker = null;
let workerCode = null;   // the running module's compiled code, for its worker
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
  ++workerStarts;
  // A worker that could not start or stopped: another one asks the same question (the failure may be the
  // network's, for a moment), unless this was the last try; then the agent declines with the error.
  const workerStopped = (error) => {
    const request = question;
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
      answer(question, message.reply);
      question = null;
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
  const script = new URL(asset('playground-' + page.game + '.js'), document.baseURI).href;
  w.postMessage({ type: 'init', module: workerCode, script, factory: 'pg_module_' + page.game });
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
  answers.clear();
  engineIds.clear();
  decisionWaiters.forEach((w) => w.reject(new Error('another game was opened')));
  decisionWaiters = [];
}
