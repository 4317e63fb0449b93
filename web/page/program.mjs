// The student's own program in the page. `playground connect -- COMMAND` (docs/your-agent.md) runs it on the
// student's machine behind a bridge on 127.0.0.1 and prints a link with the URL parameters `program` (where the
// bridge listens) and `key` (its secret). The engine's `program` seat (engine/core/bridged_program.h) asks its
// questions through the page as the worker's go (worker.mjs): {"program": {"start", "decide"}}, the agent
// protocol's messages. When the URL names a bridge, this file fetches the bridge's client
// (web/program/bridge_client.mjs, built into playground-program.js: a page without a program never downloads
// it), which carries the questions to the bridge and answers them.
import { callPlain, messageOf, report } from './engine.mjs';
import { asset } from './site.mjs';
import { running } from './state.mjs';

const NO_BRIDGE = 'no program is connected: run `playground connect -- python3 my_agent.py` on your machine and ' +
  'open the link it prints (docs/your-agent.md)';

let client = null;  // a promise of the bridge's client: {announce(), ask(requestText)}

const failure = (text) => JSON.stringify({ failure: text });

function loadClient(search) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = asset('playground-program.js');
    script.onload = () => resolve(window.pgProgram.connect(search, { callPlain, messageOf, report, running }));
    script.onerror = () => reject(new Error('playground-program.js could not be fetched'));
    document.body.appendChild(script);
  });
}

// Tells the running module which program the bridge runs (the Agents panel's "program"), or why none is there.
export function announceProgram() {
  if (client) client.then((c) => c.announce(), () => {});
}

// Connects to the bridge the URL names (`program`), if any.
export function connectProgram(search) {
  if (!new URLSearchParams(search).has('program')) return;
  client = loadClient(search);
  client.then(announceProgram, (e) => { try { report(`your program's bridge: ${messageOf(e)}`); } catch (e2) { /* starting */ } });
}

// Whether an engine's question is the program seat's (its request's only key is "program").
export const isProgramQuestion = (request) => request.startsWith('{"program":');

// The reply to the program seat's question, once the bridge has answered (or failed).
export function askProgram(requestText) {
  if (!client) return Promise.resolve(failure(NO_BRIDGE));
  return client.then((c) => c.ask(requestText), (e) => failure(`your program's bridge: ${messageOf(e)}`));
}
