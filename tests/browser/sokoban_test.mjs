// Sokoban in the browser: a human plays the project's maps with the arrow keys
// and WASD to the solution; the page's trace (states and the project's rewards)
// is the native engine's; the agent's arrows and the level picker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { useSite, open, api, press, seated, cli, artifacts, root, drawn } from './helpers.mjs';

useSite();

const native = (...args) => JSON.parse(execFileSync(cli, ['sokoban', ...args]));
const options = (o) => 'options=' + encodeURIComponent(JSON.stringify(o));
const frame = (page) => drawn(page);  // the targets are those of the board drawn last
const keyOf = { U: 'ArrowUp', D: 'ArrowDown', L: 'ArrowLeft', R: 'ArrowRight' };
const wasdOf = { U: 'w', D: 's', L: 'a', R: 'd' };

// Plays the moves with the keys, one step each; returns the page's trace.
async function playKeys(page, keys) {
  let step = (await api(page, 'state')).step;
  for (const key of keys) await press(page, key, ++step);
  return api(page, 'trace');
}

// The page's trace equals `playground sokoban replay` of the same moves.
function assertSameAsNative(trace, moves, ...optionArgs) {
  const replay = native('replay', ...optionArgs, '--actions', moves.split('').join(','));
  assert.equal(trace.steps.length, replay.steps.length);
  replay.steps.forEach((st, i) => {
    assert.deepEqual(trace.steps[i].state, st.state, `state after step ${i + 1}`);
    assert.deepEqual(trace.steps[i].rewards, st.rewards, `reward of step ${i + 1}`);
    assert.equal(trace.steps[i].action, st.action);
  });
  assert.deepEqual(trace.returns, replay.returns);
}

test("the project's one-box map, played with the arrow keys in 8 moves, as the native engine plays it", async () => {
  const { page, errors } = await open('?game=sokoban&agents=human');
  let s = await api(page, 'state');
  assert.equal(s.game, 'sokoban');
  assert.deepEqual(s.state.player, [6, 4]);
  assert.deepEqual(s.state.boxes, [[5, 4]]);
  await frame(page);
  assert.equal((await api(page, 'targets')).length, 4, 'a click target beside the player for each move');
  const moves = 'UUULURRR';
  const trace = await playKeys(page, moves.split('').map((m) => keyOf[m]));
  s = await api(page, 'state');
  assert.equal(s.done, true);
  assert.equal(s.state.outcome, 'solved');
  assert.deepEqual(trace.steps.map((st) => st.rewards[0]), [4.9, 4.9, 4.9, -0.1, -0.1, 4.9, 4.9, 124.9]);
  assertSameAsNative(trace, moves, '--collection', 'seed', '--index', '0');
  await frame(page);
  await page.screenshot({ path: path.join(artifacts, 'sokoban-solved.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test("the two-box map with WASD, a bump into a wall counted as a step, undo by stepping back", async () => {
  const { page, errors } = await open('?game=sokoban&agents=human&' + options({ collection: 'seed', index: 1 }));
  // A wasted bump first: three steps left from (4,4), the fourth into the wall.
  let trace = await playKeys(page, ['a', 'a', 'a', 'a']);
  const bump = trace.steps[3];
  assert.equal(bump.events.kind, 'wall');
  assert.equal(bump.state.steps, 4, 'the bump counts as a step');
  assert.deepEqual(bump.state.player, trace.steps[2].state.player, 'and moves nothing');
  // Undo the four steps with the timeline (the arrow keys move the player while a human is to move).
  for (let i = 0; i < 4; i++) await api(page, 'back');
  assert.equal((await api(page, 'state')).step, 0);
  const moves = 'ULURDDDRRRDL';
  trace = await playKeys(page, moves.split('').map((m) => wasdOf[m]));
  const s = await api(page, 'state');
  assert.equal(s.state.outcome, 'solved');
  assert.equal(Math.round(trace.returns[0] * 10) / 10, 143.8);
  assertSameAsNative(trace, moves, '--collection', 'seed', '--index', '1');
  assert.deepEqual(errors, []);
  await page.close();
});

test("the agent steps with the arrow keys; the project's corner test flags a box on a target", async () => {
  const { page, errors } = await open('?game=sokoban&agents=greedy&seed=2&' + options({ collection: 'teaching', index: 5 }));
  await seated(page, 'greedy');  // seated once its network has arrived
  let s = await api(page, 'state');
  assert.equal(s.state.rows.length, 6);
  // No human is to move: the arrow keys step the episode as on every page.
  for (let step = 1; step <= 3; step++) await press(page, 'ArrowRight', step);
  const trace = await api(page, 'trace');
  trace.steps.forEach((st) => assert.equal(st.agent, 'greedy'));
  // The box starts on its target between two walls, with a box below it: the project's test flags it, so
  // the first step costs -50 (the teaching levels do not end there, corner_ends is the rule on the project's maps).
  assert.deepEqual(trace.steps[0].events.corner_box, [2, 3]);
  assert.equal(trace.steps[0].rewards[0], -50.1);
  assertSameAsNative(trace, trace.steps.map((st) => st.action).join(''), '--collection', 'teaching', '--index', '5');
  s = await api(page, 'state');
  assert.equal(s.done, false);
  await frame(page);
  await page.screenshot({ path: path.join(artifacts, 'sokoban-greedy.png') });  // docs/sokoban.png
  assert.deepEqual(errors, []);
  await page.close();
});

test("the solver's plan, the dead squares and a deadlock, as the native solver sees them", async () => {
  const { page, errors } = await open('?game=sokoban&agents=human');
  await frame(page);
  let view = await api(page, 'view');
  // The native solver's plan for the project's first map (its first output line).
  const nativePlan = execFileSync(cli, ['sokoban', 'solve', '--level', path.join(root, 'assets', 'sokoban', 'seed.txt'),
    '--index', '0', '--optimise', 'moves']).toString().split('\n')[0].trim();
  assert.equal(view.plan.status, 'solved');
  assert.equal(view.plan.lurd, nativePlan);
  assert.equal(view.plan.moves, 8, "the optimum of the project's first map");
  assert.equal(view.deadlocked, false);
  assert.ok(view.dead_squares.length > 0);
  assert.ok(view.lower_bound >= 1 && view.lower_bound <= 6, "the bound is at most the plan's 6 pushes");
  // The text mirror: the position and the analysis in words, the squares named as the inspector names them.
  let words = await api(page, 'words');
  assert.match(words.board, /^The player is at \(\d+, \d+\)\. Boxes: \(\d+, \d+\)/);
  assert.match(words.analysis, new RegExp(`^Solver: 8 moves \\(${view.plan.pushes} pushes\\) from here at best; 0 steps ` +
    `played\\. ${view.dead_squares.length} dead squares [^:]*: \\(${view.dead_squares[0].join(', ')}\\)`));
  // Stepping along the plan keeps the rest of it.
  let step = 0;
  for (const letter of nativePlan.slice(0, 3)) {
    await press(page, keyOf[letter.toUpperCase()], ++step);
    view = await api(page, 'view');
    assert.equal(view.plan.lurd, nativePlan.slice(step));
    assert.equal(view.plan.reused, true);
  }
  await page.close();

  // A room where pushing the box up puts it against the wall, off the target's line.
  const room = '######\n#    #\n# $  #\n# @ .#\n######\n';
  const second = await open('?game=sokoban&agents=human&' + options({ level: room }));
  await frame(second.page);
  view = await api(second.page, 'view');
  assert.equal(view.plan.status, 'solved');
  assert.ok(view.dead_squares.some(([r, c]) => r === 1 && c === 2), 'the square above the box is dead');
  await press(second.page, 'ArrowUp', 1);
  await frame(second.page);
  view = await api(second.page, 'view');
  assert.equal(view.deadlocked, true);
  assert.deepEqual(view.deadlocked_boxes, [[1, 2]]);
  assert.equal(view.plan.status, 'unsolvable');
  words = await api(second.page, 'words');
  assert.match(words.analysis, /^Deadlock: no sequence of moves can solve the level from here\. Deadlocked boxes: \(1, 2\)\./);
  assert.match(words.last, /Reward -?\d/, 'the step\'s reward is in the mirror');
  assert.equal(view.lower_bound, null);
  await second.page.screenshot({ path: path.join(artifacts, 'sokoban-deadlock.png') });
  await api(second.page, 'back');
  view = await api(second.page, 'view');
  assert.equal(view.deadlocked, false);
  assert.equal(view.plan.status, 'solved');
  assert.deepEqual(errors, []);
  assert.deepEqual(second.errors, []);
  await second.page.close();
});

test('a generated level from the URL is the native generator\'s level', async () => {
  const generate = { width: 9, height: 8, boxes: 3, seed: 17 };
  const { page, errors } = await open('?game=sokoban&agents=solver&' + options({ generate }));
  const s = await api(page, 'state');
  const shown = execFileSync(cli, ['sokoban', 'show', '--options', JSON.stringify({ generate })]).toString();
  const nativeState = JSON.parse(shown.trim().split('\n').pop());
  assert.deepEqual(s.state.rows, nativeState.rows);
  // The solver plays it to the end: a generated level is solvable.
  for (let step = 1; step <= 120 && !(await api(page, 'state')).done; step++) await api(page, 'step');
  assert.equal((await api(page, 'state')).state.outcome, 'solved');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the level editor: walls drawn by dragging, floor by right-click, then the level played at once', async () => {
  const { page, errors } = await open('?game=sokoban&agents=human');
  await frame(page);
  let editor = (await api(page, 'view')).editor;
  assert.equal(editor.open, false);
  const [hx, hy, hw, hh] = editor.open_button;
  await page.mouse.click(hx + hw / 2, hy + hh / 2);
  await frame(page);
  await frame(page);
  editor = (await api(page, 'view')).editor;
  assert.equal(editor.open, true, 'the button opens the editor');
  const [sx, sy] = editor.squares;
  const cell = editor.square_size;
  const at = (r, c) => [sx + (c + 0.5) * cell, sy + (r + 0.5) * cell];
  // Drag the wall brush (the default) along row 7 from column 1 to 3.
  await page.mouse.move(...at(7, 1));
  await page.mouse.down();
  for (const c of [1, 2, 3]) {
    await page.mouse.move(...at(7, c), { steps: 2 });
    await frame(page);
  }
  await page.mouse.up();
  await frame(page);
  let rows = (await api(page, 'view')).editor.text.trim().split('\n').filter((l) => !l.startsWith(';'));
  assert.equal(rows[7], '####      #');
  // Right-click paints floor back.
  await page.mouse.click(...at(7, 2), { button: 'right' });
  await frame(page);
  editor = (await api(page, 'view')).editor;
  rows = editor.text.trim().split('\n').filter((l) => !l.startsWith(';'));
  assert.equal(rows[7], '## #      #');
  await page.screenshot({ path: path.join(artifacts, 'sokoban-editor.png') });
  const [px, py, pw, ph] = editor.play_button;
  await page.mouse.click(px + pw / 2, py + ph / 2);
  await frame(page);
  const s = await api(page, 'state');
  assert.equal(s.state.rows[7], '## #      #', 'the drawn level is the one being played');
  assert.equal(s.step, 0);
  // The native engine reads the same text as the same level.
  const shown = execFileSync(cli, ['sokoban', 'show', '--options', JSON.stringify({ level: editor.text })]).toString();
  assert.deepEqual(JSON.parse(shown.trim().split('\n').pop()).rows, s.state.rows);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the general policy, the search it guides and the project\'s DQN play in the page as natively', async () => {
  for (const [agents, o] of [['policy', { collection: 'teaching', index: 2 }], ['guided', { collection: 'teaching', index: 4 }],
    ['dqn', { collection: 'seed', index: 0 }]]) {
    const { page, errors } = await open('?game=sokoban&seed=3&agents=' + agents + '&' + options(o));
    await seated(page, agents);
    if (agents === 'dqn') {
      // The Q-values in blue under the arrows' probabilities (docs/sokoban_dqn.png).
      assert.equal((await api(page, 'policy')).score_label !== undefined, true);
      await frame(page);
      await page.screenshot({ path: path.join(artifacts, 'sokoban-dqn.png') });
    }
    let s;
    do { s = await api(page, 'step'); } while (!s.done);
    const expected = native('play', '--agents', agents, '--seed', '3', '--collection', o.collection, '--index', String(o.index));
    assert.deepEqual(await api(page, 'trace'), expected, agents);
    assert.equal(expected.steps.at(-1).state.done, true);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("the Boxoban subset is a built-in collection: its level 7 from the URL, played with the keys, is the CLI's", async () => {
  const { page, errors } = await open('?game=sokoban&agents=human&' + options({ collection: 'boxoban', index: 7 }));
  const s = await api(page, 'state');
  assert.equal(s.state.rows.length, 10);
  assert.equal(s.options.collection, 'boxoban');
  const trace = await playKeys(page, ['ArrowLeft', 'ArrowUp', 'ArrowUp', 'ArrowLeft']);
  assertSameAsNative(trace, 'LUUL', '--collection', 'boxoban', '--index', '7');
  assert.deepEqual(errors, []);
  await page.close();
});
