// Five Men's Morris in the page: a human plays both seats by clicking (a
// placement is one click; a move selects a piece, then its target; closing a
// mill leaves the same seat to click the piece to remove), and the page's
// trace is the native engine's replay of the same actions. The agents'
// distribution is drawn on the board (the docs' screenshot).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { useSite, open, api, seated, cli, artifacts, drawn } from './helpers.mjs';

useSite();

const native = (...args) => JSON.parse(execFileSync(cli, ['morris', ...args]));
const options = (o) => 'options=' + encodeURIComponent(JSON.stringify(o));
const frame = (page) => drawn(page);  // the targets are those of the board drawn last

// Plays `action` by clicking: its point, and for a move then its target.
async function clickAction(page, action) {
  const step = (await api(page, 'state')).step;
  await frame(page);
  const first = (await api(page, 'targets')).find((t) => t.action === action);
  assert.ok(first, `${action} is a click target`);
  await page.mouse.click(first.x, first.y);
  if (action.startsWith('move:')) {
    await frame(page);
    assert.equal((await api(page, 'view')).selected, action[5], 'the first click selects the piece');
    const second = (await api(page, 'targets')).find((t) => t.action === action);
    assert.notDeepEqual([second.x, second.y], [first.x, first.y], 'after the selection the target is the destination');
    await page.mouse.click(second.x, second.y);
  }
  await page.waitForFunction((t) => window.playground.state().step > t, step, { timeout: 30000 });
}

test('a human game by clicking, with a mill and its removal, is the native replay', async () => {
  const { page, errors } = await open('?game=morris&agents=human,human&' + options({ max_moves: 40 }));
  let s = await api(page, 'state');
  assert.equal(s.game, 'morris');
  assert.equal(s.state.board, '................');
  await frame(page);
  assert.equal((await api(page, 'targets')).length, 16, 'every point takes the first piece');
  for (const a of ['place:a', 'place:d', 'place:b', 'place:e']) await clickAction(page, a);
  await clickAction(page, 'place:c');  // closes the mill abc
  s = await api(page, 'state');
  assert.equal(s.to_move, 0, 'the same seat removes');
  assert.equal(s.state.pending_removal, true);
  assert.deepEqual(s.legal, ['remove:d', 'remove:e']);
  assert.deepEqual((await api(page, 'view')).mills, [['a', 'b', 'c'], []]);
  await clickAction(page, 'remove:d');
  s = await api(page, 'state');
  assert.equal(s.to_move, 1);
  assert.equal(s.state.board, 'OOO.X...........');
  // Both seats play on by clicking their first legal action to the end (the move cap is 40 turns).
  while (!(s = await api(page, 'state')).done) await clickAction(page, s.legal[0]);
  const trace = await api(page, 'trace');
  assert.ok(trace.steps.some((st) => st.action.startsWith('move:')), 'the game reached the movement phase');
  trace.steps.forEach((st) => assert.equal(st.agent, 'human'));
  const replay = native('replay', '--max-moves', '40', '--actions', trace.steps.map((st) => st.action).join(','));
  assert.equal(replay.steps.length, trace.steps.length);
  replay.steps.forEach((st, i) => assert.deepEqual(st.state, trace.steps[i].state, `step ${i + 1}`));
  assert.deepEqual(replay.returns, trace.returns);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the agents' distribution on the board; the bonus agent plays the native game", async () => {
  const { page, errors } = await open('?game=morris&agents=bonus,random&seed=4');
  let s;
  do { s = await api(page, 'step'); } while (!s.done);
  const expected = native('play', '--agents', 'bonus,random', '--seed', '4');
  assert.deepEqual(await api(page, 'trace'), expected);
  // A position in the movement phase, for the docs' screenshot: arrows for the moves.
  const movement = expected.steps.findIndex((st) => st.state.phase === 'movement' && !st.state.done);
  await api(page, 'seek', movement + 1);
  await frame(page);
  const view = await api(page, 'view');
  assert.equal(view.mills.length, 2);
  await page.screenshot({ path: path.join(artifacts, 'morris.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the exact values from the solved game, fetched on demand, beside the perfect agent', async () => {
  const { page, errors } = await open('?game=morris&agents=perfect,bonus&seed=2');
  // The table (policies/morris/solution.pgmt) arrives after the first frame; then every value is shown.
  await page.waitForFunction(() => window.playground.view().exact !== null, null, { timeout: 20000 });
  let view = await api(page, 'view');
  assert.equal(view.exact.value, 'draw', 'Five Men\'s Morris is a draw');
  assert.equal(Object.keys(view.exact.actions).length, 16);
  Object.values(view.exact.actions).forEach((v) => assert.equal(v, 'draw'));
  // The text mirror says the verdict too, without the board's Exact values ticked.
  const words = await api(page, 'words');
  assert.match(words.analysis, /^Solved game: for the side to move, the position is a draw\. Keeping it: place:a, /,
               words.analysis);
  // Play on; at each position the page's values are the native command's.
  const valueText = (state) => execFileSync(cli, ['morris', 'value', '--state', JSON.stringify(state)]).toString();
  for (let k = 0; k < 14; ++k) {
    const s = await api(page, 'state');
    if (s.done) break;
    view = await api(page, 'view');
    const text = valueText(s.state);
    assert.ok(text.includes(`value: ${view.exact.value} for seat ${s.to_move}`), `step ${k}: ${text}`);
    for (const [action, v] of Object.entries(view.exact.actions))
      assert.match(text, new RegExp(`\\n  ${action} +${v} `), `step ${k}, ${action}`);
    await api(page, 'step');
  }
  let s;
  do { s = await api(page, 'step'); } while (!s.done);
  assert.deepEqual(await api(page, 'trace'), native('play', '--agents', 'perfect,bonus', '--seed', '2'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the learned agent is the default opponent, seated once its network arrives; its values beside the exact ones', async () => {
  // Before its file (policies/morris/value.policy) arrives the bonus agent stands in; then learned takes seat 0.
  const { page, errors } = await open('?game=morris&seed=2', { waitForPolicies: false });
  await page.waitForFunction(() => window.playground.state().agents[0] === 'learned', null, { timeout: 20000 });
  assert.deepEqual((await api(page, 'state')).agents, ['learned', 'random']);
  // The solved table is fetched when first needed: here by the inspector's exact-value column, on its own.
  await page.waitForFunction(() => window.playground.view().exact !== null, null, { timeout: 20000 });
  let seen = 0;
  for (let k = 0; k < 30; ++k) {
    const s = await api(page, 'state');
    if (s.done) break;
    // The view shows the agent's values once it has decided (in the worker): the policy first.
    const policy = await api(page, 'policy');
    const view = await api(page, 'view');
    if (s.agents[s.to_move] === 'learned') {
      // The network's value of each legal action, as its decision scores it, beside each action's exact value.
      assert.deepEqual(Object.keys(view.agent_values).sort(), [...s.legal].sort(), `step ${k}`);
      assert.deepEqual(Object.keys(view.exact.actions).sort(), [...s.legal].sort(), `step ${k}`);
      for (const d of policy.distribution) assert.equal(view.agent_values[d.action], d.score, `step ${k}, ${d.action}`);
      ++seen;
    } else {
      assert.equal(view.agent_values, null, 'random has no values');
    }
    await api(page, 'step');
  }
  assert.ok(seen >= 10, `the learned agent decided ${seen} times`);
  await frame(page);
  await page.screenshot({ path: path.join(artifacts, 'morris-learned.png') });
  let s;
  do { s = await api(page, 'step'); } while (!s.done);
  // The same game, values included, as the native engine plays it.
  assert.deepEqual(await api(page, 'trace'), native('play', '--agents', 'learned,random', '--seed', '2'));
  assert.deepEqual(errors, []);
  await page.close();
});

test("the project's smart and genius agents: seated once their files arrive, the game is the native one", async () => {
  const { page, errors } = await open('?game=morris&agents=smart,genius&seed=3');
  // The page fetches the tables and networks they ask for when they are seated.
  await seated(page, 'smart,genius');
  let s;
  do { s = await api(page, 'step'); } while (!s.done);
  assert.deepEqual(await api(page, 'trace'), native('play', '--agents', 'smart,genius', '--seed', '3'));
  assert.deepEqual(errors, []);
  await page.close();
});
