// Phones and tablets, by touch (Chromium's emulation: size, pixel ratio, touch events). The narrow layout puts
// the board first, the step controls under it and one of the inspector, setup and log one tap away, nothing
// overlapping; a tap plays a move in every game, where it landed; a finger scrolls the log; a tap shows what hover shows; a tap on
// a text field brings up the on-screen keyboard; an embedded board lets its course page scroll until the reader
// taps it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, open, api, env, GAMES, defaultSeats, DEVICES, drawn } from './helpers.mjs';

useSite();

const overlap = (a, b) => a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 &&
  b.y < a.y + a.height - 1;
const PANEL_WINDOWS = { inspector: 'Inspector', setup: 'Setup', log: 'Step log' };

// A finger's swipe: touch events as the screen sends them (the page may take them, else the browser scrolls).
// Where the engine scrolls (`engine`: its page), each move waits for a frame drawn: the engine scrolls by what
// the finger moved between frames while it is down, and a loaded machine's slow frames would see only a few.
async function swipe(page, x, y, dy, engine = null) {
  const cdp = await page.context().newCDPSession(page);
  const at = (py) => [{ x: Math.round(x), y: Math.round(py), id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(y) });
  if (engine) await drawn(engine, 1);
  for (let i = 1; i <= 10; ++i) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(y + (dy * i) / 10) });
    if (engine) await drawn(engine, 1);
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

for (const [name, device] of Object.entries(DEVICES)) {
  test(`${name}: the board first and largest, the steps under it, one panel a tap away, nothing overlapping`,
       async () => {
    const { page, errors } = await open('?game=mancala', { device });
    const { width, height } = device.viewport;
    let panels = await api(page, 'panels');
    assert.equal(panels.narrow, true);
    assert.deepEqual(panels.tabs.map((t) => t.panel), ['inspector', 'setup', 'log']);
    // Each tap changes the panel shown.
    assert.equal(panels.drawer, 'inspector');
    for (const tab of [...panels.tabs.slice(1), panels.tabs[0]]) {
      await page.touchscreen.tap(tab.x + tab.width / 2, tab.y + tab.height / 2);
      await page.waitForFunction((p) => window.playground.panels().drawer === p, tab.panel);
      panels = await api(page, 'panels');
      const shown = Object.entries(panels.windows);
      assert.deepEqual(shown.map(([n]) => n).sort(), ['Board', PANEL_WINDOWS[tab.panel], 'Timeline'].sort(),
                       `the ${tab.panel} tab shows its panel alone`);
      for (const [n, r] of shown) {
        assert.ok(r.x >= -1 && r.y >= 0 && r.x + r.width <= width + 1 && r.y + r.height <= height + 1,
                  `${n} is on screen: ${JSON.stringify(r)}`);
        assert.ok(r.width >= 100 && r.height >= 60, `${n} is large enough to use: ${JSON.stringify(r)}`);
      }
      for (let i = 0; i < shown.length; ++i) {
        for (let j = i + 1; j < shown.length; ++j) {
          assert.ok(!overlap(shown[i][1], shown[j][1]), `${shown[i][0]} and ${shown[j][0]} do not overlap`);
        }
      }
      const area = (r) => r.width * r.height;
      assert.ok(shown.every(([n, r]) => n === 'Board' || area(r) <= area(panels.windows.Board)),
                'the board is the largest');
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
}

for (const game of GAMES) {
  test(`${game}: a tap on the board plays a move (phone 390x844)`, async () => {
    const seats = defaultSeats(game);
    const agents = seats.length === 1 ? ['human'] : ['human', seats[seats.length - 1]];
    const { page, errors } = await open(`?game=${game}&agents=${agents.join(',')}`,
                                        { device: DEVICES['phone 390x844'] });
    await page.waitForFunction(() => window.playground.targets().length > 0);
    const [target] = await api(page, 'targets');
    await page.touchscreen.tap(target.x, target.y);
    // Binary's tap opens the digit chooser on the point: its button for the same move is the next target.
    if (game === 'binary') {
      await page.waitForFunction((t0) => window.playground.targets().some((t) => t.action === t0.action &&
        (t.x !== t0.x || t.y !== t0.y)), target, { timeout: 30000 });
      const button = (await api(page, 'targets')).find((t) => t.action === target.action);
      await page.touchscreen.tap(button.x, button.y);
    }
    await page.waitForFunction(() => window.playground.state().step >= 1, null, { timeout: 60000 });
    assert.equal((await api(page, 'trace')).steps[0].action, target.action);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

// The mouse events a browser makes of a tap, then the pointer elsewhere before the engine draws its next frame
// (a mouse that was over the page's own controls, or a slow frame): all in one task, so one frame sees them all.
test('a tap is played where it landed, though the pointer has left the board before the frame is drawn', async () => {
  const { page, errors } = await open('?game=tictactoe&agents=human,random');
  await drawn(page);
  const target = (await api(page, 'targets')).find((t) => t.action === 'b2');
  await page.evaluate(({ x, y }) => {
    const canvas = document.getElementById('canvas');
    const mouse = (type, cx, cy, buttons) => canvas.dispatchEvent(new MouseEvent(type, {
      clientX: cx, clientY: cy, button: 0, buttons, bubbles: true, cancelable: true, view: window }));
    mouse('mouseenter', x, y, 0);
    mouse('mousemove', x, y, 0);
    mouse('mousedown', x, y, 1);
    mouse('mouseup', x, y, 0);
    mouse('mouseleave', innerWidth + 50, innerHeight + 50, 0);
  }, target);
  await page.waitForFunction(() => window.playground.state().step >= 1, null, { timeout: 30000 });
  assert.equal((await api(page, 'trace')).steps[0].action, 'b2');
  assert.deepEqual(errors, []);
  await page.close();
});

test('two quick taps on two places before a frame is drawn are two moves, in order', async () => {
  const { page, errors } = await open('?game=tictactoe&agents=human,human');
  await drawn(page);
  const at = Object.fromEntries((await api(page, 'targets')).map((t) => [t.action, t]));
  await page.evaluate((taps) => {
    const canvas = document.getElementById('canvas');
    const mouse = (type, { x, y }, buttons) => canvas.dispatchEvent(new MouseEvent(type, {
      clientX: x, clientY: y, button: 0, buttons, bubbles: true, cancelable: true, view: window }));
    for (const tap of taps) {
      mouse('mousemove', tap, 0);
      mouse('mousedown', tap, 1);
      mouse('mouseup', tap, 0);
    }
  }, [at.b2, at.a1]);
  await page.waitForFunction(() => window.playground.state().step >= 2, null, { timeout: 30000 });
  assert.deepEqual((await api(page, 'trace')).steps.map((st) => st.action), ['b2', 'a1']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('phone 390x844: a finger scrolls the step log, and a tap shows a tooltip', async () => {
  const { page, errors } = await open('?game=mancala&agents=random,random', { device: DEVICES['phone 390x844'] });
  for (let i = 0; i < 40 && !(await api(page, 'state')).done; ++i) await api(page, 'step');
  let panels = await api(page, 'panels');
  const logTab = panels.tabs.find((t) => t.panel === 'log');
  await page.touchscreen.tap(logTab.x + logTab.width / 2, logTab.y + logTab.height / 2);
  await page.waitForFunction(() => window.playground.panels().windows['Step log'] !== undefined);
  await drawn(page);
  panels = await api(page, 'panels');
  const log = panels.windows['Step log'];
  assert.ok(log.scrollMaxY > 0, `the log is longer than its panel: ${JSON.stringify(log)}`);
  const before = log.scrollY;
  // The log follows the last step, so it is at its end: the finger pulls it back up.
  assert.ok(before > 0, 'the log shows its last step');
  const step = (await api(page, 'state')).step;
  await swipe(page, log.x + log.width / 2, log.y + log.height * 0.3, log.height * 0.5, page);
  await page.waitForFunction((y) => window.playground.panels().windows['Step log'].scrollY !== y, before,
                             { timeout: 30000 });
  await drawn(page);
  assert.equal((await api(page, 'state')).step, step, 'the row under the finger is not pressed by the swipe');

  // The timeline's first button (back to the start) explains itself on hover: a tap shows it too.
  const timeline = panels.windows.Timeline;
  const scale = (await api(page, 'look')).scale;
  await page.touchscreen.tap(timeline.x + 14 * scale, timeline.y + 16 * scale);
  await page.waitForFunction(() => window.playground.panels().tooltip === true, null, { timeout: 30000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('embedded: the course page scrolls through the board until the reader taps it', async () => {
  const page = await env.browser.newPage(DEVICES['phone 390x844']);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setContent(`<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">
    <body style="margin:0"><p style="height:200px">A course page</p>
    <iframe id="demo" src="${env.base}?game=mancala&embed=1" style="width:100%;height:420px;border:0"></iframe>
    <div style="height:2000px">More of the course</div></body>`);
  const frame = await (await page.waitForSelector('#demo')).contentFrame();
  await frame.waitForFunction(() => window.playground && window.playground.firstFrameMs !== null, null,
                              { timeout: 60000 });
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await swipe(page, 195, 400, -300);
  await page.waitForFunction(() => window.scrollY > 50, null, { timeout: 30000 });
  // A tap engages the board: a swipe on it no longer scrolls the course page. (The first swipe's fling may
  // still be scrolling the page: wait until it has come to rest, at the top, before the tap.)
  const scrolledTo = () => page.evaluate(() => new Promise((resolve) => {
    let last = window.scrollY;
    let still = 0;
    const look = () => {
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
      if (still >= 10) resolve(last); else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }));
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let tries = 0; tries < 10 && await scrolledTo() !== 0; ++tries) await page.evaluate(() => window.scrollTo(0, 0));
  assert.equal(await scrolledTo(), 0, 'the course page is back at its top');
  await page.touchscreen.tap(195, 400);
  await frame.waitForFunction(() => document.getElementById('canvas').hasAttribute('data-engaged'));
  const engagedAt = await scrolledTo();
  await swipe(page, 195, 400, -300);
  await page.waitForTimeout(300);
  assert.equal(await scrolledTo(), engagedAt, 'the engaged board keeps the swipe');
  assert.deepEqual(errors, []);
  await page.close();
});

test('phone 390x844: a tap on a text field brings up the on-screen keyboard, and what is typed reaches it', async () => {
  const { page, errors } = await open('?game=mancala&agents=human,random&seed=1', { device: DEVICES['phone 390x844'] });
  let panels = await api(page, 'panels');
  const setupTab = panels.tabs.find((t) => t.panel === 'setup');
  await page.touchscreen.tap(setupTab.x + setupTab.width / 2, setupTab.y + setupTab.height / 2);
  await page.waitForFunction(() => window.playground.panels().fields.some((f) => f.name === 'seed'));
  panels = await api(page, 'panels');
  let setup = panels.windows.Setup;
  // The seed is low in the panel: a finger brings it up.
  await swipe(page, setup.x + setup.width / 2, setup.y + setup.height * 0.9, -setup.height * 0.8, page);
  await page.waitForFunction(() => window.playground.panels().windows.Setup.scrollY > 0);
  await drawn(page);
  panels = await api(page, 'panels');
  setup = panels.windows.Setup;
  const seed = panels.fields.find((f) => f.name === 'seed');
  assert.ok(seed.y >= setup.y && seed.y + seed.height <= setup.y + setup.height,
            `the seed field is in sight: ${JSON.stringify({ seed, setup })}`);
  assert.equal(panels.typing, false);
  await page.touchscreen.tap(seed.x + seed.width / 2, seed.y + seed.height / 2);
  await page.waitForFunction(() => window.playground.panels().typing === true);
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'typing', null,
                             { timeout: 30000 });
  // The phone's keyboard: text as an input method sends it, Backspace, and Enter (the field applies the seed).
  await page.keyboard.insertText('427');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.playground.state().seed === 42, null, { timeout: 30000 });
  // A tap on the board puts the keyboard away.
  const board = (await api(page, 'panels')).windows.Board;
  await page.touchscreen.tap(board.x + board.width / 2, board.y + 8);
  await page.waitForFunction(() => window.playground.panels().typing === false);
  await page.waitForFunction(() => document.activeElement && document.activeElement.id !== 'typing');
  assert.deepEqual(errors, []);
  await page.close();
});
