// The Binary Game in the browser: a human plays a whole game by clicking a
// point and choosing a digit against the pattern policy; the page's policy is
// the assignment's; states match the native engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { useSite, open, api, cli, artifacts, drawn } from './helpers.mjs';

useSite();

const native = (...args) => JSON.parse(execFileSync(cli, ['binary', ...args]));
const options = (o) => 'options=' + encodeURIComponent(JSON.stringify(o));
const frame = (page) => drawn(page);  // the targets are those of the board drawn last

// Clicks the point of `action` ("x,y,d"), then the digit in the chooser.
async function clickMove(page, action) {
  const step = (await api(page, 'state')).step;
  const onPoint = (await api(page, 'targets')).find((t) => t.action === action);
  assert.ok(onPoint, `${action} is a click target`);
  await page.mouse.click(onPoint.x, onPoint.y);
  await frame(page);
  const onDigit = (await api(page, 'targets')).find((t) => t.action === action);
  assert.notDeepEqual([onDigit.x, onDigit.y], [onPoint.x, onPoint.y], 'the chooser shows the digit as a button');
  await page.mouse.click(onDigit.x, onDigit.y);
  await page.waitForFunction((t) => window.playground.state().step > t, step, { timeout: 30000 });
}

test('a human plays a whole game by clicking points and digits; the pattern agent answers', async () => {
  const { page, errors } = await open('?game=binary&agents=human,patterns&seed=3&' + options({ width: 4, height: 4 }));
  let s = await api(page, 'state');
  assert.equal(s.game, 'binary');
  assert.deepEqual(s.state.grid, ['....', '....', '....', '....']);
  await frame(page);
  assert.equal((await api(page, 'targets')).length, 32, 'every point takes either digit');
  await clickMove(page, '1,2,0');
  await page.waitForFunction(() => window.playground.state().to_move === 0, null, { timeout: 30000 });
  s = await api(page, 'state');
  assert.equal(s.state.grid[2][1], '0');
  assert.equal(s.step, 2, 'the pattern agent answered on its own');
  while (!(s = await api(page, 'state')).done) {
    await frame(page);
    if (s.to_move === 0) await clickMove(page, s.legal[0]);
    else await page.waitForFunction((t) => window.playground.state().step > t, s.step, { timeout: 30000 });
  }
  const trace = await api(page, 'trace');
  trace.steps.forEach((st, i) => assert.equal(st.agent, i % 2 === 0 ? 'human' : 'patterns', `step ${i + 1}`));
  assert.equal(s.state.winner, (trace.steps.length - 1) % 2, 'whoever made the last move wins');
  const replay = native('replay', '--width', '4', '--height', '4', '--seed', '3', '--actions',
    trace.steps.map((st) => st.action).join(';'));
  replay.steps.forEach((st, i) => assert.deepEqual(st.state, trace.steps[i].state, `step ${i + 1}`));
  await page.screenshot({ path: path.join(artifacts, 'binary-game-over.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the chooser offers only the legal digits', async () => {
  const { page, errors } = await open('?game=binary&agents=human,human&' + options({ width: 5, height: 1 }));
  for (const a of ['0,0,0', '1,0,0']) await api(page, 'play', a);  // 00...: a 0 at 2 would be three in a row
  await frame(page);
  const point = (await api(page, 'targets')).find((t) => t.action === '2,0,1');
  await page.mouse.click(point.x, point.y);
  await frame(page);
  const offered = (await api(page, 'targets')).filter((t) => t.action.startsWith('2,0,'));
  assert.deepEqual(offered.map((t) => t.action), ['2,0,1']);
  assert.notDeepEqual([offered[0].x, offered[0].y], [point.x, point.y]);
  await page.keyboard.press('Escape');
  assert.deepEqual(errors, []);
  await page.close();
});

// ..1..
// 10..1   the assignment's 5x2 board: the page's pattern agent gives the
// probabilities `policy_moves` prints after `loadpatterns twopattern.txt`.
test("the pattern agent's distribution in the page is the assignment's policy", async () => {
  const { page, errors } = await open('?game=binary&agents=human,human&' + options({ width: 5, height: 2 }));
  for (const a of ['2,0,1', '0,1,1', '1,1,0', '4,1,1']) await api(page, 'play', a);
  // In one call: seated, the agent to move would answer at the next frame.
  const [step, policy] = await page.evaluate(async () => {
    await window.playground.setAgents('patterns:twopattern,patterns:twopattern');
    return [window.playground.state().step, await window.playground.policy()];
  });
  assert.equal(step, 4);
  const p = Object.fromEntries(policy.distribution.map((d) => [d.action, d.p]));
  assert.deepEqual(Object.keys(p), ['0,0,0', '1,0,1', '2,1,0', '3,0,0', '3,0,1', '3,1,0', '3,1,1', '4,0,0']);
  assert.ok(Math.abs(p['2,1,0'] - 30 / 170) < 1e-12);
  assert.ok(Math.abs(p['0,0,0'] - 20 / 170) < 1e-12);
  // Hover the matched point: the tooltip lists the weights (kept as the docs' screenshot).
  await frame(page);
  const t = (await api(page, 'targets')).find((x) => x.action === '2,1,0');
  await page.mouse.move(t.x, t.y);
  await frame(page);
  await page.screenshot({ path: path.join(artifacts, 'binary-twopattern.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the solver agent plays the same game in the page as natively; the solver marks the moves', async () => {
  const query = '?game=binary&agents=solver,patterns&seed=5&' + options({ width: 3, height: 3 });
  const { page, errors } = await open(query);
  let s;
  do { s = await api(page, 'step'); } while (!s.done);
  const expected = native('play', '--agents', 'solver,patterns', '--width', '3', '--height', '3', '--seed', '5');
  assert.deepEqual(await api(page, 'trace'), expected);
  assert.equal(expected.steps[0].decision.value, 1, '3x3: the first player wins, and the solver knows it');
  assert.equal((await api(page, 'state')).state.winner, 0);
  await page.close();

  // A 5x5 game in the middle: the view shows the solver's verdicts.
  const mid = await open('?game=binary&agents=patterns,patterns&seed=2&' + options({ width: 5, height: 5 }));
  for (let i = 0; i < 9; ++i) await api(mid.page, 'step');
  await mid.page.waitForTimeout(2500);  // the solver thinks for up to 2 s, a slice of each frame
  // On a slow machine, its first verdicts may come later still.
  await mid.page.waitForFunction(() => window.playground.words().analysis !== '', null, { timeout: 30000 });
  await mid.page.screenshot({ path: path.join(artifacts, 'binary-solver.png') });
  // The text mirror says what the line above the board says, and which moves the solver found winning.
  const analysis = (await api(mid.page, 'words')).analysis;
  assert.match(analysis, /^Solver: (player 1 wins with perfect play \(\d+ winning moves?\)\. Winning moves: \d,\d,[01]|player 1 loses against perfect play\.|\d+ of \d+ moves lose; )/, analysis);
  assert.deepEqual([...errors, ...mid.errors], []);
  await mid.page.close();
});

test('a bad board size is refused with a message and the page keeps working', async () => {
  const { page, errors } = await open('?game=binary&' + options({ width: 0, height: 3 }));
  const messages = (await api(page, 'messages')).map((m) => m.text).join('\n');
  assert.match(messages, /URL parameter 'options': option 'width': must be an integer from 1 to 32/);
  const s = await api(page, 'state');
  assert.equal(s.game, 'binary');
  assert.equal(s.options.width, 6);
  await api(page, 'step');
  assert.equal((await api(page, 'state')).step, 1);
  assert.deepEqual(errors, []);
  await page.close();
});

// The pattern editor's Apply (the page's button calls the same function as
// playground.binaryPatterns): every bad line is listed with its number and the
// patterns applied before stay.
test('the pattern editor lists each bad line and keeps the earlier patterns on error', async () => {
  const { page, errors } = await open('?game=binary&agents=human,human&' + options({ width: 5, height: 2 }));
  for (const a of ['2,0,1', '0,1,1', '1,1,0', '4,1,1']) await api(page, 'play', a);
  const policyOf = (spec) => page.evaluate(async (s) => {
    await window.playground.setAgents(s + ',' + s);
    const p = await window.playground.policy();
    await window.playground.setAgents('human,human');
    return Object.fromEntries(p.distribution.map((d) => [d.action, d.p]));
  }, spec);
  assert.deepEqual(await api(page, 'binaryPatterns', '# the assignment\n10..1 0 20\n10..1 1 12\n'),
    { applied: true, errors: [] });
  const twopattern = await policyOf('patterns:twopattern');
  assert.deepEqual(await policyOf('patterns:edited'), twopattern);
  const bad = await api(page, 'binaryPatterns', '10..1 0 99\n10.1 0 5\n\n1...1 2 3\n');
  assert.equal(bad.applied, false);
  assert.deepEqual(bad.errors, [
    "pattern editor, line 2: pattern '10.1' has 4 points; a pattern has 5",
    "pattern editor, line 4: digit '2' must be 0 or 1",
  ]);
  assert.deepEqual(await policyOf('patterns:edited'), twopattern, 'the earlier patterns stay');
  const messages = (await api(page, 'messages')).map((m) => m.text).join('\n');
  assert.match(messages, /Pattern editor: pattern editor, line 2: pattern '10.1' has 4 points/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('MCTS and the learned weights play the same game in the page as natively', async () => {
  const query = '?game=binary&agents=mcts:200,patterns:learned&seed=4&' + options({ width: 4, height: 4 });
  const { page, errors } = await open(query);
  let s;
  do { s = await api(page, 'step'); } while (!s.done);
  const expected = native('play', '--agents', 'mcts:200,patterns:learned', '--width', '4', '--height', '4',
    '--seed', '4');
  assert.deepEqual(await api(page, 'trace'), expected);
  assert.match(expected.steps[0].decision.note, /most visited \(\d+ of 200 playouts/);
  assert.deepEqual(errors, []);
  await page.close();
});
