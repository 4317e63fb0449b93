// Browser tests: the built site served on loopback, driven by playwright-core
// in Debian's Chromium (headless, software WebGL). Run: node --test tests/browser/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { useSite, open, at, press, api, cli, artifacts, env, GAMES, drawn, framesSettled } from './helpers.mjs';

useSite();

test('the page opens Kalah with ntuple:5 against random, ready to step', async () => {
  const { page, errors } = await open();
  const s = await api(page, 'state');
  assert.equal(s.game, 'mancala');
  assert.deepEqual(s.agents, ['ntuple:5', 'random'], 'the n-tuple player, once its value file arrived');
  assert.equal(s.step, 0);
  assert.deepEqual(s.state.board, [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0]);
  const policy = await api(page, 'policy');
  assert.equal(policy.distribution.length, 6);
  const total = policy.distribution.reduce((a, d) => a + d.p, 0);
  assert.ok(Math.abs(total - 1) < 1e-9);
  assert.ok(policy.distribution.every((d) => typeof d.score === 'number'), 'the search shows its scores');
  assert.ok(await page.evaluate(() => window.playground.firstFrameMs > 0));
  await page.screenshot({ path: path.join(artifacts, 'start.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a whole game stepped with the keyboard; back and forward reproduce every state', async () => {
  const { page, errors } = await open('?seed=5');
  const states = [await api(page, 'state')];
  for (let i = 0; i < 400 && !states.at(-1).done; i++) {
    await press(page, 'ArrowRight', states.length);  // each Right arrow takes one step
    states.push(await api(page, 'state'));
  }
  const last = states.at(-1);
  assert.ok(last.done, 'the game ends');
  assert.equal(last.returns[0] + last.returns[1], 0);
  assert.equal(last.state.board.reduce((a, b) => a + b, 0), 48);
  await page.screenshot({ path: path.join(artifacts, 'kalah-game-over.png') });
  for (let t = states.length - 2; t >= 0; t--) {
    await press(page, 'ArrowLeft', t);
    assert.deepEqual(at(await api(page, 'state')), at(states[t]));
  }
  for (let t = 1; t < states.length; t++) {
    await press(page, 'ArrowRight', t);
    assert.deepEqual(at(await api(page, 'state')), at(states[t]));
  }
  await press(page, 'r', 0);
  await page.keyboard.press('n');
  await page.waitForFunction(() => window.playground.state().seed === 6, null, { timeout: 30000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the JavaScript API steps, goes back and resets exactly, and matches the native engine', async () => {
  const { page, errors } = await open();
  await api(page, 'reset', 7);
  const states = [await api(page, 'state')];
  let s;
  do {
    s = await api(page, 'step');
    if (s.result !== 'played') {  // the reply and the page's messages say why (an agent's note, the worker's error)
      const messages = await api(page, 'messages');
      assert.fail(`step ${states.length}: ${JSON.stringify(s)}; messages: ${JSON.stringify(messages)}`);
    }
    states.push(await api(page, 'state'));
  } while (!s.done);
  assert.equal((await api(page, 'step')).result, 'game_over');
  while ((await api(page, 'state')).step > 0) {
    const b = await api(page, 'back');
    assert.deepEqual(at(b), at(states[b.step]));
  }
  for (let t = 1; t < states.length; t++) {
    const f = await api(page, 'step');
    assert.equal(f.result, 'replayed');
    assert.deepEqual(at(f), at(states[t]));
  }
  // Same seed and actions natively: the CLI's replay gives the same states.
  const trace = await api(page, 'trace');
  assert.equal(trace.format, 'rl-playground-trace');
  assert.equal(trace.seed, 7);
  const actions = trace.steps.map((st) => st.action).join(',');
  const native = JSON.parse(execFileSync(cli, ['mancala', 'replay', '--seed', '7', '--actions', actions]));
  assert.equal(native.steps.length, trace.steps.length);
  native.steps.forEach((st, i) => assert.deepEqual(st.state, trace.steps[i].state, `step ${i + 1}`));
  assert.deepEqual(native.returns, trace.returns);
  // A second episode with the same seed is the same episode.
  await api(page, 'reset', 7);
  let again;
  do { again = await api(page, 'step'); } while (!again.done);
  assert.deepEqual((await api(page, 'trace')).steps.map((st) => st.action), trace.steps.map((st) => st.action));
  // Importing the trace restores it; a bad one is refused and changes nothing.
  await api(page, 'reset', 99);
  await api(page, 'importTrace', trace);
  assert.equal((await api(page, 'state')).seed, 7);
  const bad = structuredClone(trace);
  bad.steps[3].state.board[0] = 40;
  await assert.rejects(api(page, 'importTrace', bad), /steps\[3\]\.state/);
  assert.equal((await api(page, 'trace')).steps.length, trace.steps.length);
  assert.deepEqual(errors, []);
  await page.close();
});

test('agents play the same episodes in the page as natively, decisions included', async () => {
  const { page, errors } = await open();
  const cases = [[1, 'greedy:5,random'], [2, 'random,greedy:4'], [3, 'heuristic,greedy:2'], [4, 'random,random'],
                 [5, 'greedy:1,heuristic']];
  for (const [seed, agents] of cases) {
    await api(page, 'setAgents', agents);
    await api(page, 'reset', seed);
    let s;
    do { s = await api(page, 'step'); } while (!s.done);
    const inPage = await api(page, 'trace');
    const native = JSON.parse(execFileSync(cli, ['mancala', 'play', '--seed', String(seed), '--agents', agents]));
    assert.deepEqual(inPage, native, `seed ${seed}, agents ${agents}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('URL parameters choose the game, seed, agents and view; bad values fall back with a message', async () => {
  let { page, errors } = await open('?game=mancala&seed=3&agents=greedy:2,heuristic&embed=1&speed=8&options=' +
                                    encodeURIComponent('{"stones_per_pit":6}'));
  let s = await api(page, 'state');
  assert.equal(s.seed, 3);
  assert.deepEqual(s.agents, ['greedy:2', 'heuristic']);
  assert.equal(s.state.board[0], 6);
  assert.deepEqual(await api(page, 'messages'), []);
  assert.match(await api(page, 'link'), /seed=3&agents=greedy:2,heuristic&options=.*&embed=1&speed=8/);
  await page.screenshot({ path: path.join(artifacts, 'embed.png') });
  assert.deepEqual(errors, []);
  await page.close();

  ({ page, errors } = await open('?game=chess&seed=abc&agents=greedy:9,random&speed=0'));
  s = await api(page, 'state');
  assert.equal(s.game, 'mancala');
  assert.equal(s.seed, 1);
  assert.deepEqual(s.agents, ['ntuple:5', 'random']);
  const messages = (await api(page, 'messages')).map((m) => m.text).join('\n');
  assert.match(messages, /URL parameter 'game': unknown game 'chess'/);
  assert.match(messages, /URL parameter 'seed'/);
  assert.match(messages, /URL parameter 'agents'.*greedy:9/);
  assert.match(messages, /URL parameter 'speed'/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('autoplay plays a whole game by itself', async () => {
  const { page, errors } = await open('?autoplay=1&speed=60&seed=11');
  await page.waitForFunction(() => window.playground.state().done, null, { timeout: 30000 });
  assert.ok((await api(page, 'state')).step > 10);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a human plays by clicking a pit; the agent answers', async () => {
  const { page, errors } = await open('?agents=human,greedy:3&seed=2');
  await drawn(page);  // the targets are those of the drawn board
  const targets = await api(page, 'targets');
  assert.deepEqual(targets.map((t) => t.action), ['1', '2', '3', '4', '5', '6']);
  const pit3 = targets.find((t) => t.action === '3');
  await page.mouse.click(pit3.x, pit3.y);  // four stones: the last lands in the store, an extra turn
  await page.waitForFunction(() => window.playground.state().step === 1, null, { timeout: 30000 });
  let s = await api(page, 'state');
  assert.equal(s.step, 1);
  assert.deepEqual(s.state.board.slice(0, 7), [4, 4, 0, 5, 5, 5, 1]);
  assert.equal(s.to_move, 0);
  await drawn(page);
  const pit1 = (await api(page, 'targets')).find((t) => t.action === '1');
  await page.mouse.click(pit1.x, pit1.y);  // the click is played on the next frame: wait for it, then the answer
  await page.waitForFunction(() => window.playground.state().step >= 2, null, { timeout: 30000 });
  await page.waitForFunction(() => window.playground.state().to_move === 0, null, { timeout: 30000 });
  s = await api(page, 'state');
  assert.ok(s.step >= 3, 'greedy:3 answered on its own');
  const trace = await api(page, 'trace');
  assert.deepEqual(trace.steps.slice(0, 2).map((st) => [st.agent, st.action]), [['human', '3'], ['human', '1']]);
  assert.equal(trace.steps[2].agent, 'greedy:3');
  await page.screenshot({ path: path.join(artifacts, 'human-vs-greedy.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a moment opened right after a human\'s move stays at its step: the agents answer only the move of their moment', async () => {
  const { page, errors } = await open('?game=tictactoe&agents=perfect,human&actions=a1&step=1');
  // O, the human, plays; at once (no frame between) a link's moment is opened where X, an agent, is to move (as
  // a lesson does when a student has answered).
  const opened = await page.evaluate(() => {
    window.playground.play('b2');
    return window.playground.openMoment('game=tictactoe&agents=perfect,perfect&actions=a1,b2&step=2');
  });
  assert.deepEqual([opened.step, opened.length], [2, 2]);
  // Autoplay answers a human's move half a second on (2 steps a second): well past it, nothing was played.
  await page.waitForTimeout(1500);
  await drawn(page, 5);
  const s = await api(page, 'state');
  assert.deepEqual([s.step, s.length], [2, 2], 'the moment as the link left it');
  assert.equal((await api(page, 'step')).result, 'played', 'a step asked is taken');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the page tells the user when WebGL2 is missing', async () => {
  const page = await env.browser.newPage();
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      return kind === 'webgl2' ? null : original.call(this, kind, ...rest);
    };
  });
  await page.goto(env.base);
  await assert.rejects(page.evaluate(() => window.playground.ready), /WebGL2/);
  assert.match(await page.textContent('#problem'), /WebGL2/);
  await page.close();
});

// The page's first `failures` workers cannot start: the first throws (the worker's error event), the others say
// so (worker.js's 'failed' message, as when its script cannot be fetched).
function failingWorkers(failures) {
  return (p) => p.addInitScript((n) => {
    const Real = window.Worker;
    let made = 0;
    window.Worker = function (url, options) {
      made++;
      if (made <= n) {
        const body = made === 1 ? "onmessage = () => { throw new Error('no start (test)'); };"
                                : "onmessage = () => postMessage({ type: 'failed', error: 'no start (test)' });";
        url = URL.createObjectURL(new Blob([body], { type: 'text/javascript' }));
      }
      return new Real(url, options);
    };
    window.workersMade = () => made;
  }, failures);
}

test('a worker that cannot start is started again; after three tries the agent declines and says why', async () => {
  let { page } = await open('?agents=greedy:3,greedy:3', { prepare: failingWorkers(2) });
  let s = await api(page, 'step');
  assert.equal(s.result, 'played', `the third worker decided: ${JSON.stringify(s)}`);
  assert.equal(await page.evaluate(() => window.workersMade()), 3);
  await page.close();

  ({ page } = await open('?agents=greedy:3,greedy:3', { prepare: failingWorkers(3) }));
  s = await api(page, 'step');
  assert.equal(s.result, 'declined');
  assert.match(s.note, /the worker stopped: no start \(test\)/);
  assert.equal(await page.evaluate(() => window.workersMade()), 3, 'no fourth start for the same question');
  await page.close();
});

test('the canvas follows the window size', async () => {
  const { page, errors } = await open();
  await page.setViewportSize({ width: 800, height: 600 });
  await page.waitForFunction(() => document.getElementById('canvas').clientWidth === 800, null, { timeout: 30000 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(artifacts, 'narrow.png') });
  assert.equal(await page.evaluate(() => document.getElementById('canvas').clientHeight), 600);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a human seat waits for its move; the agent answers', async () => {
  const { page, errors } = await open('?agents=human,greedy:3');
  assert.equal((await api(page, 'step')).result, 'waiting_human');
  assert.equal(await api(page, 'policy'), null);
  await assert.rejects(api(page, 'play', '9'), /not a legal action/);
  await page.evaluate(() => {
    window.stepEvents = [];
    window.addEventListener('playground:step', (e) => window.stepEvents.push(e.detail));
  });
  await api(page, 'play', '3');  // extra turn: still the human's move
  // The state play() returns is the one right after the move: a state() asked next may already hold the
  // agent's reply, which comes at the next frame.
  const s = await api(page, 'play', '6');
  assert.equal(s.step, 2);
  assert.equal(s.to_move, 1);
  // The agents reply on their own after a human move (the page's reply mode): each reply is a step event with
  // the agent's decision, so a course page shows it without racing the reply.
  await page.waitForFunction(() => window.playground.state().to_move !== 1, null, { timeout: 30000 });
  const events = await page.evaluate(() => window.stepEvents);
  const human = events.find((d) => d.last_player === 0);
  assert.equal(human.last_agent, 'human');
  assert.equal(human.last_decision, undefined);
  const reply = events.find((d) => d.last_player === 1);
  assert.ok(reply, JSON.stringify(events));
  assert.equal(reply.last_agent, 'greedy:3');
  assert.equal(reply.last_decision.chosen, reply.last_action);
  assert.ok(reply.last_decision.distribution.some((d) => d.action === reply.last_action && d.p > 0));
  assert.deepEqual(errors, []);
  await page.close();
});

test('ready is the moment the URL asked for: its agents seated after their file arrives, at its step', async () => {
  // The value file arrives a second after the first frame: ready waits for it, then for the agents' 6 steps.
  const late = (page) => page.route('**/policies/mancala/**', async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  const { page, errors } = await open('?game=mancala&agents=ntuple:5,greedy:2&step=6',
    { waitForPolicies: false, prepare: late });
  const s = await api(page, 'state');
  assert.deepEqual(s.agents, ['ntuple:5', 'greedy:2']);
  assert.equal(s.step, 6);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the API\'s refusals name the page\'s games, the agents once, and the trace\'s decision field', async () => {
  const { page, errors } = await open('?game=mancala&agents=human,human');
  const known = `known: ${GAMES.join(', ')}`;
  await assert.rejects(api(page, 'load', 'chess'), (e) => e.message.includes(`game 'chess': unknown game (${known})`));
  await assert.rejects(api(page, 'setAgents', ['random', 'random', 'random']),
    (e) => /agents: mancala takes 2 agents, got 3\b/.test(e.message) && !/agents: agents/.test(e.message));
  await api(page, 'play', '3');
  const played = await api(page, 'trace');
  played.steps[0].decision = { chosen: '9' };
  await assert.rejects(api(page, 'importTrace', JSON.stringify(played)), /trace\.steps\[0\]\.decision\.chosen: '9' is not a legal action/);
  assert.deepEqual(errors, []);
  await page.close();
});

// An idle page draws nothing: a message on show needs no frames, one frame takes an information message away
// after its 6 s, and an error stays until closed.
test('an idle page draws no frames while a message shows; information goes after 6 s, errors stay', async () => {
  const { page, errors } = await open('?agents=human,human', {
    prepare: (p) => p.addInitScript(() => {
      // A frame clears the canvas and each panel's background: the clears of one task are one frame.
      window.__frames = 0;
      window.__frameTimes = [];
      window.__drawMs = 0;  // the longest frame's drawing
      let inFrame = false;
      const clear = WebGL2RenderingContext.prototype.clear;
      WebGL2RenderingContext.prototype.clear = function (...args) {
        if (!inFrame) {
          inFrame = true;
          window.__frames++;
          const start = performance.now();
          window.__frameTimes.push(start);
          queueMicrotask(() => {
            inFrame = false;
            window.__drawMs = Math.max(window.__drawMs, performance.now() - start);
          });
        }
        return clear.apply(this, args);
      };
    }),
  });
  const frames = () => page.evaluate(() => window.__frames);
  // Waits until the frames of a change have come and all been drawn (framesSettled); `since`: the page's time
  // before the change.
  const now = () => page.evaluate(() => performance.now());
  const settled = async (since) => {
    for (let i = 0; i < 60; ++i) {
      await page.waitForTimeout(300);
      const { times, clock, drawMs } = await page.evaluate((from) =>
        ({ times: window.__frameTimes.filter((t) => t > from), clock: performance.now(), drawMs: window.__drawMs }),
      since);
      if (times.length > 0 && framesSettled(times, clock, drawMs)) return;
    }
    assert.fail('no frame came, or the page kept drawing frames, for 18 s');
  };
  const imported = await now();
  await api(page, 'importTrace', await api(page, 'trace'));
  assert.match((await api(page, 'messages')).at(-1).text, /^Trace imported: 0 steps/);
  const shown = Date.now();
  await settled(imported);  // the frames that show it
  let before = await frames();
  await page.waitForTimeout(2000);
  assert.ok(await frames() - before <= 1, `frames drawn in 2 s with a message on show: ${await frames() - before}`);
  // Past the message's 6 s, the page draws a frame by itself that takes it away (no call asks for frames
  // meanwhile: window.__frames is read, not the page's API).
  before = await frames();
  await page.waitForTimeout(Math.max(0, 6000 - (Date.now() - shown)));
  await page.waitForFunction((n) => window.__frames > n, before, { timeout: 30000 });
  assert.deepEqual(await api(page, 'messages'), [], 'a frame took the information message away');
  // An error stays (and needs no frames either).
  const failed = await now();
  await assert.rejects(api(page, 'importTrace', '{'), /Import failed, nothing changed/);
  const error = (await api(page, 'messages')).at(-1);
  assert.equal(error.error, true);
  assert.match(error.text, /^Import failed, nothing changed/);
  await settled(failed);
  before = await frames();
  await page.waitForTimeout(7000);
  assert.ok(await frames() - before <= 1, `frames drawn in 7 s with an error on show: ${await frames() - before}`);
  assert.deepEqual((await api(page, 'messages')).at(-1), error, 'the error stays until closed');
  assert.deepEqual(errors, []);
  await page.close();
});

// The help texts are not in the WebAssembly (engine/core/text.h): the page fetches texts.txt after it starts.
// What it shows must be what the native CLI prints from the same sources (`playground list`).
test('the help texts arrive after the page starts and read as the CLI prints them', async () => {
  const { page, errors } = await open();
  assert.equal(await api(page, 'textsReady'), true);
  const listing = execFileSync(cli, ['list']).toString();
  assert.ok(GAMES.length >= 5, `the registry's games: ${GAMES}`);
  for (const game of GAMES) {
    await api(page, 'load', game, {});
    const help = await api(page, 'help');
    assert.equal(help.texts_loaded, true);
    assert.ok(help.rules.length > 100, game + ': the rules are shown');
    const section = listing.slice(listing.indexOf(game + ': '));
    for (const a of help.agents) {
      assert.ok(a.help.length > 0, game + ' agent ' + a.spec + ' has its description');
      assert.ok(section.includes('    ' + a.spec + ': ' + a.help + '\n'), game + ' agent ' + a.spec + ': ' + a.help);
    }
    for (const o of help.options) assert.ok(o.help.length > 0, game + ' option ' + o.name + ' has its description');
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('without texts.txt the page says so and goes on without its help texts', async () => {
  const { page } = await open('', {
    prepare: (p) => p.route('**/texts.txt', (route) => route.fulfill({ status: 404, body: 'gone' })),
  });
  assert.equal(await api(page, 'textsReady'), false);
  const messages = await api(page, 'messages');
  assert.ok(messages.some((m) => m.error && /help texts could not be loaded: texts\.txt: HTTP 404/.test(m.text)),
            JSON.stringify(messages));
  const help = await api(page, 'help');
  assert.equal(help.texts_loaded, false);
  assert.equal(help.rules, '');
  await api(page, 'step');
  assert.equal((await api(page, 'state')).step, 1, 'the page plays on');
  await page.close();
});
