// Kalah in the page: the features inspector of the linear players (each
// candidate afterstate's 40 features and weighted contributions, summing to
// the scores ThetaGreedy 1 gives), the exact values the solver puts on the
// pits (checked against the native solver), blunders, and the perfect agent
// declining where the solver does not reach, the live Train panel (the same
// weights as the native learner) and the search agents' principal variations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useSite, open, api, cli, artifacts, seated, drawn } from './helpers.mjs';

useSite();

const frame = (page) => drawn(page);  // the targets are those of the board drawn last

// The native solver's value of each legal move (player 0's view) for a state.
function nativeMoveValues(state) {
  const out = execFileSync(cli, ['mancala', 'solve', '--state', JSON.stringify(state), '--database-stones', '8']).toString();
  const values = {};
  for (const m of out.matchAll(/^ {2}pit (\d): ([+-]?\d+)/gm)) values[m[1]] = Number(m[2]);
  return { value: Number(/^value: ([+-]?\d+)/m.exec(out)[1]), moves: values };
}

test('the features inspector: 40 features per candidate afterstate, contributions summing to theta:1 scores', async () => {
  const { page, errors } = await open('?game=mancala&agents=theta:1:pool,theta:1:seed&seed=4');
  for (let step = 0; step < 6; step++) {
    const s = await api(page, 'state');
    const view = await api(page, 'view');
    const policy = await api(page, 'policy');
    const f = view.features;
    assert.ok(f, `step ${step}: a linear player is to move, so the inspector has features`);
    assert.equal(f.agent, s.agents[s.to_move]);
    assert.equal(f.names.length, 40);
    assert.equal(f.weights.length, 40);
    assert.ok(f.names.includes('player0.delta_store') && f.names.includes('Const'));
    assert.deepEqual(f.moves.map((m) => m.action), s.legal);
    for (const m of f.moves) {
      const score = policy.distribution.find((d) => d.action === m.action).score;
      if (m.terminal) {
        assert.equal(score, m.outcome * 99999, 'a move that ends the game scores as a decided end');
        continue;
      }
      assert.equal(m.features.length, 40);
      const sign = s.to_move === 0 ? 1 : -1;
      m.contributions.forEach((c, k) => assert.ok(Math.abs(c - sign * f.weights[k] * m.features[k]) < 1e-12));
      const sum = m.contributions.reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - m.value) < 1e-9);
      assert.ok(Math.abs(m.value - score) < 1e-9, `pit ${m.action}: ${m.value} is theta:1's score ${score}`);
      // Normalised: counts and flags in [0, 1], the store difference in [-1, 1].
      m.features.forEach((x, k) => assert.ok(x >= (f.names[k].endsWith('delta_store') ? -1 : 0) && x <= 1, f.names[k]));
    }
    await api(page, 'step');
  }
  await frame(page);
  await page.screenshot({ path: path.join(artifacts, 'mancala-features.png') });
  // Greedy is not a linear player: no features.
  await api(page, 'setAgents', 'greedy:3,random');
  assert.equal((await api(page, 'view')).features, null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('exact values on the pits match the native solver; blunders are the moves that change the value', async () => {
  const { page, errors } = await open('?game=mancala&agents=greedy:2,random&seed=5');
  let s;
  do { s = await api(page, 'step'); } while (!s.done);
  const trace = await api(page, 'trace');
  const states = [null, ...trace.steps.map((st) => st.state)];
  let checked = 0;
  for (let t = trace.steps.length - 1; t >= 1 && checked < 4; t--) {
    await api(page, 'seek', t);
    s = await api(page, 'state');
    const view = await api(page, 'view');
    if (!view.exact) continue;
    const native = nativeMoveValues(states[t]);
    const sign = s.to_move === 0 ? 1 : -1;
    assert.equal(view.exact.value, sign * native.value, `step ${t}: the position's value`);
    assert.deepEqual(Object.keys(view.exact.moves).sort(), s.legal.slice().sort());
    for (const [pit, v] of Object.entries(view.exact.moves)) assert.equal(v, sign * native.moves[pit], `step ${t}, pit ${pit}`);
    checked++;
  }
  assert.equal(checked, 4, 'the last positions of a game are within the solver\'s reach');
  await frame(page);
  await page.screenshot({ path: path.join(artifacts, 'mancala-exact.png') });
  // Blunders: each one is a move whose exact value differs from the position's.
  const blunders = (await api(page, 'view')).blunders;
  assert.ok(blunders.length > 0, 'a random player blunders');
  for (const b of blunders.slice(0, 3)) {
    const before = b.step === 1 ? null : states[b.step - 1];
    if (!before) continue;
    const native = nativeMoveValues(before);
    const sign = before.to_move === 0 ? 1 : -1;
    assert.equal(b.value, sign * native.value);
    assert.equal(b.after, sign * native.moves[b.action]);
    assert.notEqual(b.after, b.value);
  }
  // The text mirror says it too: the blunder after the step that played it, the solver's verdict on the pits.
  const signed = (v) => (v > 0 ? '+' : '') + v;
  const b = blunders[0];
  await api(page, 'seek', b.step);
  const words = await api(page, 'words');
  assert.ok(words.last.endsWith(`Blunder: ${signed(b.value)} to ${signed(b.after)}.`), words.last);
  assert.match(words.board, /^Player 0 \(bottom row, store on the right\): pit 1 \d+, .* store \d+\. Player 1 \(top row/);
  const view = await api(page, 'view');
  if (view.exact) {
    assert.ok(words.analysis.startsWith(`Solver: the position is worth ${signed(view.exact.value)} to the mover`),
              words.analysis);
    for (const [pit, v] of Object.entries(view.exact.moves))
      assert.ok(words.analysis.includes(v === view.exact.value ? `pit ${pit}` : `pit ${pit} ${signed(v)}`), words.analysis);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('the perfect agent declines where the solver does not reach, and the page waits for a move', async () => {
  const { page, errors } = await open('?game=mancala&agents=perfect,random&seed=1');
  await seated(page, 'perfect,random');
  let s = await api(page, 'step');
  assert.equal(s.result, 'declined');
  assert.equal(s.step, 0);
  const policy = await api(page, 'policy');
  assert.equal(policy.declined, true);
  assert.match(policy.note, /did not settle this position within 50k positions \(48 stones in the pits/);
  assert.match((await api(page, 'messages')).map((m) => m.text).join('\n'), /perfect declines to move/);
  // A click on the board plays for it.
  await frame(page);
  const target = (await api(page, 'targets')).find((t) => t.action === '6');
  await page.mouse.click(target.x, target.y);
  await page.waitForFunction(() => window.playground.state().step >= 1, null, { timeout: 30000 });
  s = await api(page, 'state');
  assert.equal((await api(page, 'trace')).steps[0].agent, 'override');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the Train panel learns live across frames, draws its curve against Greedy 1, matches the native learner', async () => {
  const { page, errors } = await open('?game=mancala&agents=greedy:1,random&seed=2');
  const settings = { games: 3000, seed: 5, eval_every: 1000, eval_games: 40 };
  let status = await api(page, 'train', { command: 'start', settings });
  assert.equal(status.running, true);
  // The page stays responsive while it trains: steps are taken between slices.
  const s = await api(page, 'step');
  assert.equal(s.step, 1);
  await page.waitForFunction(() => window.playground.train('status').games_done === 3000, null, { timeout: 120000 });
  status = await api(page, 'train', 'status');
  assert.equal(status.running, false);
  assert.deepEqual(status.curve.map((p) => p.games), [0, 1000, 2000, 3000]);
  for (const p of status.curve) {
    assert.equal(p.played, 40);
    assert.ok(p.wins + p.draws <= 40);
    assert.equal(p.win_rate, p.wins / 40);
  }
  // The same learner natively, same settings and seed: the same weights.
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pg-kalah-')), 'theta.json');
  execFileSync(cli, ['mancala', 'train', '--games', '3000', '--seed', '5', '--eval-games', '0', '--out', out]);
  const native = JSON.parse(fs.readFileSync(out, 'utf8'));
  const trained = await api(page, 'trainedPolicy');
  assert.equal(trained.format, 'rl-playground-kalah-theta');
  assert.deepEqual(trained.weights, native.weights, 'the page learned exactly the native weights');
  assert.equal(trained.info.learning_curve_vs_greedy1.length, 4);
  // Seat the weights as they are now and play with them.
  status = await api(page, 'train', { command: 'use', depth: 2, seat: 1 });
  assert.deepEqual((await api(page, 'state')).agents, ['greedy:1', 'theta:2:live']);
  let st = await api(page, 'state');
  while (st.to_move !== 1 && !st.done) st = await api(page, 'step');
  const policy = await api(page, 'policy');
  assert.match(policy.score_label, /learned value/);
  await assert.rejects(api(page, 'train', { command: 'use', depth: 9 }), /train\.depth/);
  await assert.rejects(api(page, 'train', { command: 'start', settings: { games: -1 } }), /settings\.games/);
  await frame(page);
  await page.screenshot({ path: path.join(artifacts, 'mancala-train.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the search agents show each move\'s principal variation in the inspector', async () => {
  const { page, errors } = await open('?game=mancala&agents=greedy:3,theta:4:pool&seed=3');
  for (let step = 0; step < 4; step++) {
    const s = await api(page, 'state');
    const policy = await api(page, 'policy');
    const mover = `P${s.to_move}`;
    for (const d of policy.distribution) {
      assert.ok(d.line.startsWith(`${mover} ${d.action}`), `${d.line} begins with the move ${d.action}`);
      const plies = d.line.replace(/ \(.*\)$/, '').split(', ');
      const depth = s.agents[s.to_move] === 'greedy:3' ? 3 : 4;
      assert.ok(plies.length <= depth && (plies.length === depth || / \((P[01] wins|draw)\)$/.test(d.line)), d.line);
    }
    await api(page, 'step');
  }
  await frame(page);
  await page.screenshot({ path: path.join(artifacts, 'mancala-lines.png') });
  assert.deepEqual(errors, []);
  await page.close();
});
