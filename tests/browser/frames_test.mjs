// What the page costs while nothing moves: an idle page and a page whose agent thinks in the worker draw no
// frames, and the reply is pushed in once (the page draws again only when it arrives). Prints the frames and
// the main thread's busy time per second (Chrome's Performance.getMetrics: TaskDuration); asserts only that
// no frame is drawn, never a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, open, framesSettled } from './helpers.mjs';

useSite();

// Read without a call that redraws (the API's calls ask for frames; this one does not).
const framesDrawn = (page) => page.evaluate(() => window.Module.ccall('pg_frames_drawn', 'number', [], []));

// Waits until the few frames a change asks for are drawn (framesSettled).
async function settled(page) {
  const start = Date.now();
  const changes = [start];  // when the count of frames was seen to change
  for (let last = await framesDrawn(page); Date.now() - start < 30000;) {
    await page.waitForTimeout(100);
    const count = await framesDrawn(page);
    if (count !== last) changes.push(Date.now());
    last = count;
    if (framesSettled(changes, Date.now())) return;
  }
  assert.fail('the page kept drawing frames for 30 s');
}

// Frames drawn and main-thread milliseconds per second over `ms` milliseconds.
async function measure(page, ms) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
  const [frames0, busy0, t0] = [await framesDrawn(page), await busy(), Date.now()];
  await page.waitForTimeout(ms);
  const [frames1, busy1, t1] = [await framesDrawn(page), await busy(), Date.now()];
  const seconds = (t1 - t0) / 1000;
  const m = { frames: frames1 - frames0, framesPerSecond: (frames1 - frames0) / seconds,
    busyMsPerSecond: (1000 * (busy1 - busy0)) / seconds };
  await cdp.detach();
  return m;
}
const show = (what, m) => console.log(`# ${what}: ${m.framesPerSecond.toFixed(1)} frames/s, main thread ` +
  `${m.busyMsPerSecond.toFixed(1)} ms/s`);

test('an idle page draws no frames', async () => {
  const { page, errors } = await open('?game=zuma&agents=human&seed=1');
  await settled(page);
  const idle = await measure(page, 2000);
  show('idle', idle);
  assert.equal(idle.frames, 0, 'an idle page draws no frames');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a page whose agent thinks in the worker draws no frames; the reply is taken when it arrives', async () => {
  // Zuma's expectimax three throws deep on a line of eight balls: about ten seconds of thinking in the worker
  // (the default line's twelve take a minute), which the page asks for as soon as it opens (the inspector shows
  // the decision).
  const options = encodeURIComponent(JSON.stringify({ line: [1, 2, 3, 3, 3, 4, 2, 1] }));
  const { page, errors } = await open(`?game=zuma&agents=expectimax:3&seed=1&options=${options}`);
  await page.evaluate(() => {
    window.decided = null;
    window.playground.policy().then((p) => { window.decided = p; });
  });
  await settled(page);
  const thinking = await measure(page, 2000);
  const stillThinking = await page.evaluate(() => window.decided === null);
  show(`thinking (still thinking at the end: ${stillThinking})`, thinking);
  if (stillThinking) assert.equal(thinking.frames, 0, 'no frame is drawn while the agent thinks');
  else console.log('# the agent decided within the measure: no claim about its frames');

  await page.waitForFunction(() => window.decided !== null, null, { timeout: 300000 });
  assert.ok(Array.isArray((await page.evaluate(() => window.decided)).distribution), 'the decision arrived');
  await settled(page);
  const after = await measure(page, 1500);
  show('after the reply', after);
  assert.equal(after.frames, 0, 'idle again once the reply is taken');
  assert.deepEqual(errors, []);
  await page.close();
});
