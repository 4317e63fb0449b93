// What the page costs while nothing moves: an idle page and a page whose agent thinks in the worker draw no
// frames, and the reply is pushed in once (the page draws again only when it arrives). Prints the frames and
// the main thread's busy time per second (Chrome's Performance.getMetrics: TaskDuration); asserts only that
// no frame is drawn, never a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, open } from './helpers.mjs';

useSite();

const options = (o) => 'options=' + encodeURIComponent(JSON.stringify(o));
// Read without a call that redraws (the API's calls ask for frames; these two do not).
const framesDrawn = (page) => page.evaluate(() => window.Module.ccall('pg_frames_drawn', 'number', [], []));

// Frames drawn and main-thread seconds over `ms` milliseconds.
async function measure(page, cdp, ms) {
  const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
  const [frames0, busy0, t0] = [await framesDrawn(page), await busy(), Date.now()];
  await page.waitForTimeout(ms);
  const [frames1, busy1, t1] = [await framesDrawn(page), await busy(), Date.now()];
  const seconds = (t1 - t0) / 1000;
  return { frames: frames1 - frames0, framesPerSecond: (frames1 - frames0) / seconds,
    busyMsPerSecond: (1000 * (busy1 - busy0)) / seconds };
}

test('an idle page and a page whose agent thinks draw no frames; the reply is taken when it arrives', async () => {
  // Monte Carlo tree search with the most playouts on a 7x7 Binary board: seconds of thinking in the worker.
  const { page, errors } = await open('?game=binary&agents=human,mcts:100000&seed=2&' + options({ width: 7, height: 7 }));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.waitForTimeout(500);  // the frames the start asked for
  const idle = await measure(page, cdp, 2000);
  console.log(`idle: ${idle.framesPerSecond.toFixed(1)} frames/s, main thread ${idle.busyMsPerSecond.toFixed(1)} ms/s`);
  assert.equal(idle.frames, 0, 'an idle page draws no frames');

  // A human's move: the agent answers, thinking in the worker; the step's promise resolves when it has.
  const move = await page.evaluate(() => window.playground.state().legal[0]);
  await page.evaluate((m) => {
    window.decided = null;
    window.playground.play(m);
    window.playground.policy().then((p) => { window.decided = p; });
  }, move);
  await page.waitForTimeout(300);  // the frames the move asked for
  const thinking = await measure(page, cdp, 2000);
  const stillThinking = await page.evaluate(() => window.decided === null);
  console.log(`thinking: ${thinking.framesPerSecond.toFixed(1)} frames/s, main thread ` +
    `${thinking.busyMsPerSecond.toFixed(1)} ms/s (still thinking at the end: ${stillThinking})`);
  if (stillThinking) assert.equal(thinking.frames, 0, 'no frame is drawn while the agent thinks');
  else console.log('the agent decided within the measure: no claim about its frames');

  await page.waitForFunction(() => window.decided !== null, null, { timeout: 120000 });
  await page.waitForFunction(() => window.playground.state().step === 2, null, { timeout: 10000 });
  await page.waitForTimeout(300);  // the frames the last call asked for
  const after = await measure(page, cdp, 1500);
  assert.equal(after.frames, 0, 'idle again once the reply is taken');
  assert.deepEqual(errors, []);
  await page.close();
});
