// The page's worker: the game's module (its thinking module playground-<game>-think once the page has it, until
// then the page's own module, instantiated without its interface: its main() does not run), decides
// for the agents seated in the page (engine/core/worker_agent.h), so that the page never waits on a search.
// The page (web/page/worker.mjs) sends it the module's compiled code, each request, and the policy files it asks for.
'use strict';
let engine = null;
const queue = [];     // requests not yet answered, in the order they came
let waiting = false;  // the first of them waits for a policy file

function callWithText(name, text) {
  const size = engine.lengthBytesUTF8(text) + 1;
  const p = engine._malloc(size);
  engine.stringToUTF8(text, p, size);
  try {
    return engine.ccall(name, 'string', ['number'], [p]);
  } finally {
    engine._free(p);
  }
}

// Answers the queued requests in order. One whose agent needs a policy file waits for it (asked of the page),
// and the others wait behind it: an agent's memory follows the order of its questions.
function answerQueued() {
  while (engine && !waiting && queue.length > 0) {
    const message = queue[0];
    const reply = callWithText('pg_worker_decide', message.request);
    const unavailable = reply.startsWith('{"unavailable"') && JSON.parse(reply);
    if (unavailable && unavailable.loading) {
      waiting = true;
      postMessage({ type: 'need', path: unavailable.unavailable });
      return;
    }
    queue.shift();
    postMessage({ type: 'reply', id: message.id, reply });
  }
}

onmessage = (event) => {
  const message = event.data;
  if (message.type === 'init') {
    // A start that fails (the script not fetched, the module not instantiated) is told to the page.
    const failed = (e) => postMessage({ type: 'failed', error: String((e && e.message) || e) });
    try {
      importScripts(message.script);
      self[message.factory]({
        noInitialRun: true,
        print: (text) => console.log(text),
        printErr: (text) => console.warn(text),
        instantiateWasm(imports, success) {
          WebAssembly.instantiate(message.module, imports).then((instance) => success(instance, message.module), failed);
          return {};
        },
      }).then((module) => {
        engine = module;
        answerQueued();
      }, failed);
    } catch (e) {
      failed(e);
    }
  } else if (message.type === 'decide') {
    queue.push(message);
    answerQueued();
  } else if (message.type === 'policy') {
    if (message.bytes) {
      const p = engine._malloc(message.bytes.length || 1);
      engine.HEAPU8.set(message.bytes, p);
      engine.ccall('pg_worker_provide_policy', null, ['string', 'number', 'number'], [message.path, p, message.bytes.length]);
      engine._free(p);
    } else {
      engine.ccall('pg_worker_policy_failed', null, ['string', 'string'], [message.path, message.error]);
    }
    waiting = false;
    answerQueued();
  }
};
