// Embedding across origins: the site (SITE_DIR) on http://127.0.0.1:<port>, the example course page
// (examples/course_page.html) on http://localhost:<another port>, another origin. The course page embeds four
// playgrounds and drives one through embed.js and the page's postMessage bridge (web/page/bridge.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import { useSite, env, root, drawn } from './helpers.mjs';

useSite();

let examples = null;
let courseOrigin = null;
before(async () => {
  examples = await startServer({ dir: path.join(root, 'examples'), port: 0 });
  courseOrigin = `http://localhost:${examples.address().port}`;
});
after(() => examples?.close());

// Opens the course page with the site as its playground, in a window tall enough to show the four playgrounds
// (a browser does not draw a frame of another origin out of view: see the last test); resolves once they are
// ready, unless `wait` is false.
async function openCourse({ height = 3400, wait = true } = {}) {
  const page = await env.browser.newPage({ viewport: { width: 1200, height } });
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error' || /^Aborted\(/.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${courseOrigin}/course_page.html?playground=${encodeURIComponent(env.base)}`);
  await page.waitForFunction(() => window.course && Object.keys(window.course.connections).length === 4);
  if (!wait) return { page, errors };
  const states = await page.evaluate(() => Promise.all(
    Object.entries(window.course.connections).map(([name, pg]) => pg.ready.then((s) => [name, s]))));
  return { page, errors, states: Object.fromEntries(states) };
}
// The playground frame of this game (its own window.playground, for checking what the bridge did).
const frameOf = (page, game) => page.frames().find((f) => f.url().includes(`game=${game}`));
const frameState = (page, game) => frameOf(page, game).evaluate(() => window.playground.state());
// Clicks a course page button and waits until its call is done (the buttons are enabled again).
async function click(page, id) {
  await page.click(`#${id}`);
  await page.waitForFunction((b) => !document.getElementById(b).disabled, id);
}

test('the course page: four playgrounds load (one a lesson); its buttons step the driven game, go back, and show the decision', async () => {
  const { page, errors, states } = await openCourse();
  assert.deepEqual(Object.keys(states).sort(), ['kalah', 'lesson', 'sokoban', 'tictactoe']);
  assert.equal(states.lesson.game, 'tictactoe');
  assert.equal(states.sokoban.game, 'sokoban');
  assert.equal(states.kalah.game, 'mancala');
  assert.equal(states.tictactoe.game, 'tictactoe');
  assert.equal(frameOf(page, 'tictactoe').url().startsWith(env.base), true, 'the playground is on its own origin');
  assert.notEqual(new URL(env.base).origin, courseOrigin);

  // The decision of the perfect agent at the start, in the course page's own HTML: nine moves, a draw.
  await page.waitForSelector('#ttt-decision-box tr[data-action]');
  assert.equal(await page.locator('#ttt-decision-box tr[data-action]').count(), 9);
  assert.match(await page.textContent('#ttt-decision-box'), /perfect decides/);
  assert.match(await page.textContent('#ttt-value'), /Value of the position for the mover: 0\./);

  await click(page, 'ttt-step');
  assert.equal((await frameState(page, 'tictactoe')).step, 1, 'the button stepped the game in the iframe');
  assert.match(await page.textContent('#tictactoe-status'), /Move 1: O \(random\) to play/);
  assert.equal(await page.locator('#ttt-decision-box tr[data-action]').count(), 8, "the random agent's decision");
  assert.match(await page.textContent('#ttt-decision-box'), /random decides/);

  await click(page, 'ttt-back');
  assert.equal((await frameState(page, 'tictactoe')).step, 0);
  assert.equal(await page.locator('#ttt-decision-box tr[data-action]').count(), 9);
  assert.equal(await page.isHidden('#tictactoe-error'), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('events: step and done reach the course page as the driven game is stepped to its end', async () => {
  const { page, errors } = await openCourse();
  for (let i = 0; i < 9 && !(await frameState(page, 'tictactoe')).done; ++i) await click(page, 'ttt-step');
  const end = await frameState(page, 'tictactoe');
  assert.equal(end.done, true);
  await page.waitForSelector('#ttt-events li[data-kind="done"]', { timeout: 30000 });
  const log = await page.$$eval('#ttt-events li', (items) => items.map((li) => [li.dataset.kind, li.textContent]));
  const steps = log.filter(([kind]) => kind === 'step').map(([, text]) => text);
  assert.ok(steps.includes(`step ${end.step} (done)`), `a step event for the last step: ${JSON.stringify(log)}`);
  assert.ok(steps.includes('step 1'), JSON.stringify(log));
  const done = log.find(([kind]) => kind === 'done')[1];
  assert.equal(done, `done: returns ${JSON.stringify(end.returns)}`);
  // The same events as DOM events in the playground's own window (for same-origin pages).
  const frame = frameOf(page, 'tictactoe');
  await frame.evaluate(() => {
    window.lastStepEvent = null;
    window.addEventListener('playground:step', (e) => { window.lastStepEvent = e.detail; });
  });
  await click(page, 'ttt-back');
  await frame.waitForFunction(() => window.lastStepEvent !== null, null, { timeout: 30000 });
  assert.equal((await frame.evaluate(() => window.lastStepEvent)).step, end.step - 1);
  assert.deepEqual(errors, []);
  await page.close();
});

// Adds an iframe of the playground with this query to the course page and connects to it; `work(pg)` runs in
// the course page and its result is returned.
async function withEmbed(page, query, work) {
  return page.evaluate(async ([src, body]) => {
    const iframe = document.createElement('iframe');
    iframe.src = src;
    // In view: browsers do not draw a playground out of view, which then shows no first frame (no ready).
    const placed = document.querySelectorAll('iframe.added').length;
    iframe.className = 'added';
    iframe.style.cssText = `position: fixed; top: 0; left: ${300 * placed}px; width: 300px; height: 300px; z-index: 9`;
    document.body.appendChild(iframe);
    const pg = window.Playground.connect(iframe);
    // eslint-disable-next-line no-new-func
    return new Function('pg', 'iframe', `return (${body})(pg, iframe);`)(pg, iframe);
  }, [env.base + query, work.toString()]);
}

test('origins: a playground that does not list the course page refuses its calls, naming `origins`; origins=* takes them', async () => {
  const { page, errors } = await openCourse();
  const listed = encodeURIComponent('http://example.org');
  // Listing another origin: this page may neither drive nor listen; embed.js rejects with the bridge's reason.
  const other = await withEmbed(page, `?game=tictactoe&embed=1&origins=${listed}`, async (pg) => {
    const settle = (p) => p.then((result) => ({ result }), (e) => ({ error: e.message }));
    return { ready: await settle(pg.ready), step: await settle(pg.step()) };
  });
  for (const r of [other.ready, other.step]) {
    assert.match(r.error, /URL parameter `origins` lists http:\/\/example\.org/);
    assert.ok(r.error.includes(courseOrigin), `names the refused origin: ${r.error}`);
  }
  // Without `origins`: this page listens (ready), its calls are refused.
  const unset = await withEmbed(page, '?game=tictactoe&embed=1', async (pg) => {
    const settle = (p) => p.then((result) => ({ result }), (e) => ({ error: e.message }));
    return { ready: await settle(pg.ready), step: await settle(pg.step()) };
  });
  assert.equal(unset.ready.result.game, 'tictactoe');
  assert.match(unset.step.error, /^step: the origin http:\/\/localhost:\d+ may not drive this playground: its URL parameter `origins` is not set/);
  // The same refusal in the bridge's own words, by a raw postMessage (no embed.js).
  const raw = await page.evaluate((origin) => new Promise((resolve) => {
    const iframe = [...document.querySelectorAll('iframe')].at(-1);
    window.addEventListener('message', (e) => {
      if (e.source === iframe.contentWindow && e.data && e.data.id === 'raw-1') resolve(e.data);
    });
    iframe.contentWindow.postMessage({ playground: 1, id: 'raw-1', method: 'state', args: [] }, origin);
  }), new URL(env.base).origin);
  assert.equal(raw.playground, 1);
  assert.equal('result' in raw, false);
  assert.match(raw.error, /`origins`/);
  assert.ok(raw.error.includes(courseOrigin));
  // origins=*: any origin drives it.
  const any = await withEmbed(page, '?game=tictactoe&embed=1&seed=4&origins=*', async (pg) => {
    await pg.ready;
    const stepped = await pg.step();
    const policy = await pg.policy();
    return { stepped, policy, seed: (await pg.state()).seed, link: await pg.call('link') };
  });
  assert.equal(any.stepped.step, 1);
  assert.equal(any.seed, 4);
  assert.equal(any.policy.distribution.length, 8);
  assert.match(any.link, /game=tictactoe/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('unrelated postMessages are ignored, by the playground and by embed.js', async () => {
  const { page, errors } = await openCourse();
  const before = await frameState(page, 'tictactoe');
  // Messages without the marker (or another protocol's) sent to the driven playground: no answer, no step.
  const answers = await page.evaluate((origin) => new Promise((resolve) => {
    const iframe = window.course.connections.tictactoe.iframe;
    const seen = [];
    const ids = ['u1', 'u2', 'u3', 'u4'];
    const listen = (e) => { if (e.source === iframe.contentWindow && e.data && ids.includes(e.data.id)) seen.push(e.data); };
    window.addEventListener('message', listen);
    for (const m of ['step', { id: 'u1', method: 'step', args: [] }, { playground: 2, id: 'u2', method: 'step' },
      { playground: 1, id: 'u3' }, { playground: '1', id: 'u4', method: 'step' }, null, 42, [1, 2]]) {
      iframe.contentWindow.postMessage(m, origin);
    }
    setTimeout(() => { window.removeEventListener('message', listen); resolve(seen); }, 1500);
  }), new URL(env.base).origin);
  assert.deepEqual(answers, []);
  assert.deepEqual(await frameState(page, 'tictactoe'), before);
  // Forged answers posted to the course page (not from the iframe) do not settle embed.js's calls.
  const state = await page.evaluate(() => {
    const pending = window.course.connections.tictactoe.state();
    for (let id = 0; id < 200; ++id) window.postMessage({ playground: 1, id, result: 'forged' }, '*');
    return pending;
  });
  assert.equal(state.game, 'tictactoe');
  assert.equal(state.step, before.step);
  // An unknown method is answered with an error that lists the known ones.
  const unknown = await page.evaluate(() => window.course.connections.tictactoe.call('nonesuch')
    .then(() => 'resolved', (e) => e.message));
  assert.match(unknown, /^unknown method 'nonesuch' \(known: state, step, back,/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a playground out of view starts once it is scrolled into view, or when the course page calls it (docs/embedding.md)', async () => {
  const { page, errors } = await openCourse({ height: 700, wait: false });
  await page.evaluate(() => window.course.connections.sokoban.ready);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  assert.equal(await page.getAttribute('#tictactoe-status', 'data-ready'), null, 'below the fold: not started');
  // A call from the course page starts it where it is, out of view: the step is taken and answered.
  const stepped = await page.evaluate(() => window.course.connections.tictactoe.step());
  assert.equal(stepped.step, 1);
  assert.equal((await page.evaluate(() => window.course.connections.tictactoe.ready)).game, 'tictactoe');
  // Scrolled into view, it goes on drawing at the browser's frames.
  await page.locator('#tictactoe iframe').scrollIntoViewIfNeeded();
  assert.equal((await page.evaluate(() => window.course.connections.tictactoe.state())).step, 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the course page served with the playground (examples/ in the site) finds it at ../ and drives it', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1200, height: 3400 } });
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${env.base}examples/course_page.html`);
  await page.waitForFunction(() => window.course && Object.keys(window.course.connections).length === 4);
  await page.evaluate(() => Promise.all(Object.values(window.course.connections).map((pg) => pg.ready)));
  await page.waitForFunction(() => !document.getElementById('ttt-step').disabled);
  await click(page, 'ttt-step');
  assert.equal((await frameState(page, 'tictactoe')).step, 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Copy link in an embed: a click inside the frame copies there, pg.copyLink() in the course page; the link names the level and embeds drivably again', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
  for (const origin of [courseOrigin, new URL(env.base).origin])
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${courseOrigin}/course_page.html?playground=${encodeURIComponent(env.base)}`);
  await page.waitForFunction(() => window.Playground);
  // A frame of its own (at the top of the course page, or at its end), driven through embed.js.
  const embed = (id, src, atTop) => page.evaluate(([i, s, top]) => {
    const frame = Object.assign(document.createElement('iframe'), { id: i, src: s });
    frame.setAttribute('allow', 'clipboard-write');
    frame.style.cssText = 'width:1000px;height:640px;border:0;display:block';
    if (top) document.body.prepend(frame);
    else document.body.append(frame);
    window[i] = window.Playground.connect(frame);
    return window[i].state().then((state) => state.game);  // a call starts a frame out of view
  }, [id, src, atTop]);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  // Sokoban's teaching level 3 with its Setup panel, where Copy link is.
  const src = `${env.base}?game=sokoban&level=teaching:3&agents=human&embed=1&panels=board,setup` +
    `&origins=${encodeURIComponent(courseOrigin)}`;
  assert.equal(await embed('copyframe', src, true), 'sokoban');

  // A reader's real click on Copy link inside the frame copies there (the frame takes the focus it needs).
  const frame = page.frames().find((f) => f.url().includes('level=teaching:3&agents=human'));
  // Where the button is once the page has settled: its help texts in, then frames the page drew after them (not
  // the browser's animation frames: a loaded machine draws the page's more slowly).
  await frame.evaluate(() => window.playground.textsReady());
  await drawn(frame);
  const button = (await frame.evaluate(() => window.playground.panels())).buttons.find((b) => b.name === 'Copy link');
  assert.ok(button, 'the Setup panel shows Copy link');
  const box = await page.locator('#copyframe').boundingBox();
  await page.mouse.click(box.x + button.x + button.width / 2, box.y + button.y + button.height / 2);
  for (let i = 0; i < 50 && (await clipboard()) === ''; ++i) await new Promise((resolve) => setTimeout(resolve, 200));
  const messages = await frame.evaluate(() => window.playground.messages());
  assert.ok(messages.some((m) => /^Link copied/.test(m.text)), JSON.stringify(messages));
  const inFrame = await clipboard();
  assert.equal(inFrame, await frame.evaluate(() => window.playground.link()));

  // The course page's copyLink: the same link, written to the clipboard by embed.js in the course page.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  const copied = await page.evaluate(() => window.copyframe.copyLink());
  assert.equal(copied.copied, true);
  assert.equal(copied.link, inFrame);
  assert.equal(await clipboard(), copied.link);
  for (const part of [/[?&]level=teaching:3(&|$)/, /[?&]embed=1(&|$)/, /[?&]panels=board(%2C|,)setup(&|$)/,
    new RegExp(`[?&]origins=${encodeURIComponent(courseOrigin)}(&|$)`)])
    assert.match(copied.link, part);
  assert.doesNotMatch(copied.link, /options=/);

  // Pasted back as an iframe, the link embeds a playground the course page may still drive.
  assert.equal(await embed('pasted', copied.link, false), 'sokoban');
  assert.equal((await page.evaluate(() => window.pasted.state())).options.index, 2);
  assert.equal((await page.evaluate(() => window.pasted.play('R'))).step, 1, 'the course page drives the pasted embed');
  assert.deepEqual(errors, []);
  await context.close();
});
