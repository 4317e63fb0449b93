// Zuma in the browser: the page's episodes against the native engine, the
// scenario by URL, a human throw, and the live trainer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useSite, open, at, api, cli, artifacts, drawn, DOCS_DESKTOP } from './helpers.mjs';

useSite();

const native = (...args) => JSON.parse(execFileSync(cli, ['zuma', ...args]));
const playToEnd = async (page) => { let s; do { s = await api(page, 'step'); } while (!s.done); return s; };

test('Zuma by URL: the episode matches the native engine step by step, decisions included', async () => {
  const { page, errors } = await open('?game=zuma&seed=42');
  let s = await api(page, 'state');
  assert.equal(s.game, 'zuma');
  assert.deepEqual(s.agents, ['trained'], 'the trained agent is the default');
  assert.deepEqual(s.state.line, [1, 2, 3, 3, 3, 4, 2, 1, 2, 3, 4, 4], 'the homework\'s example is the default scenario');
  assert.equal(s.state.ball, 2, 'Python random.seed(42): random() = 0.639..., the blue band of next_color_dist');
  const policy = await api(page, 'policy');
  assert.equal(policy.distribution.length, 12 + 2, 'n + 2 actions: skip and 13 gaps');
  assert.ok(policy.distribution.every((d) => typeof d.score === 'number'), 'the Q-values are shown');
  const states = [s];
  for (;;) {
    s = await api(page, 'step');
    states.push(await api(page, 'state'));
    if (s.done) break;
  }
  assert.equal(states.at(-1).state.steps, 20);
  // Going back and forward is exact.
  while ((await api(page, 'state')).step > 0) {
    const b = await api(page, 'back');
    assert.deepEqual(at(b), at(states[b.step]));
  }
  const trace = (await playToEnd(page), await api(page, 'trace'));
  const actions = trace.steps.map((st) => st.action).join(',');
  const replay = native('replay', '--seed', '42', '--actions', actions);
  replay.steps.forEach((st, i) => assert.deepEqual(st.state, trace.steps[i].state, `step ${i + 1}`));
  assert.deepEqual(replay.returns, trace.returns);
  assert.deepEqual(trace, native('play', '--seed', '42'), 'the whole trace, decisions and draws included');
  // The step log's draws: every step threw once and drew the next ball.
  for (const st of trace.steps) {
    assert.ok(st.chance.some((d) => d.what === 'throw'));
    assert.equal(st.chance.at(-1).what, 'next ball colour');
  }
  await page.screenshot({ path: path.join(artifacts, 'zuma-seed-example.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the grading scenario by URL plays like `playground zuma play` for several seeds and agents', async () => {
  const { page, errors } = await open('?game=zuma&seed=7&options=' + encodeURIComponent('{"scenario":"grading"}'));
  for (const [seed, agent] of [[7, 'trained'], [8, 'greedy'], [9, 'random'], [10, 'expectimax:1']]) {
    await api(page, 'setAgents', agent);
    await api(page, 'reset', seed);
    const first = await api(page, 'state');
    assert.equal(first.state.max_steps, 50);
    assert.ok(first.state.line.length >= 1 && first.state.line.length <= 10, 'a random line of 1 to 10 balls');
    await playToEnd(page);
    const expected = native('play', '--seed', String(seed), '--scenario', 'grading', '--agents', agent);
    assert.deepEqual(await api(page, 'trace'), expected, `seed ${seed}, ${agent}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('scenarios by URL: the Python dict literal is accepted; a bad one is refused naming the field', async () => {
  const model = "{'chosen_action_prob': {1: 1.0, 2: 1.0, 3: 1.0, 4: 1.0}, 'next_color_dist': {1: 0.1, 2: 0.6, " +
                "3: 0.15, 4: 0.15}, 'color_pop_prob': {1: 0.6, 2: 0.7, 3: 0.4, 4: 0.9}, 'color_pop_reward': " +
                "{'3_pop': {1: 3, 2: 1, 3: 2, 4: 2}, 'extra_pop': {1: 1, 2: 2, 3: 3, 4: 1}}, " +
                "'color_not_finished_punishment': {1: 2, 2: 3, 3: 5, 4: 1}, 'finished_reward': 150, 'seed': 42}";
  let { page, errors } = await open('?game=zuma&options=' + encodeURIComponent(JSON.stringify({ scenario: model })));
  let s = await api(page, 'state');
  assert.equal(s.options.scenario.model.chosen_action_prob['1'], 1.0);
  assert.deepEqual(s.state.line, [1, 2, 3, 3, 3, 4, 2, 1, 2, 3, 4, 4], 'a bare model keeps the default line');
  assert.deepEqual(await api(page, 'messages'), []);
  await page.close();

  const bad = JSON.stringify({ scenario: model.replace('2: 0.6', '2: 0.5') });
  ({ page, errors } = await open('?game=zuma&options=' + encodeURIComponent(bad)));
  const messages = await api(page, 'messages');
  assert.ok(messages.some((m) => m.error && /next_color_dist/.test(m.text)), JSON.stringify(messages));
  s = await api(page, 'state');
  assert.equal(s.game, 'zuma');
  assert.equal(s.options.scenario.model.next_color_dist['2'], 0.6, 'the default scenario instead');
  // Through the API: an action out of range is refused and nothing changes.
  await assert.rejects(api(page, 'play', '99'), /not a legal action/);
  assert.equal((await api(page, 'state')).step, 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a human throws by clicking a gap on the track', async () => {
  const { page, errors } = await open('?game=zuma&agents=human&seed=42');
  await drawn(page);  // the targets are those of the drawn board
  const targets = await api(page, 'targets');
  assert.deepEqual(targets.map((t) => t.action), ['-1', ...Array.from({ length: 13 }, (_, i) => String(i))]);
  const gap5 = targets.find((t) => t.action === '5');
  await page.mouse.click(gap5.x, gap5.y);
  await page.waitForFunction(() => window.playground.state().step === 1, null, { timeout: 30000 });
  const trace = await api(page, 'trace');
  assert.deepEqual([trace.steps[0].agent, trace.steps[0].action], ['human', '5']);
  const replay = native('replay', '--seed', '42', '--actions', '5');
  assert.deepEqual(replay.steps[0].state, trace.steps[0].state);
  await page.screenshot({ path: path.join(artifacts, 'zuma-human.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test("the agent's gaps by number on the board, and hovering a gap shows its probability and score", async () => {
  const { page, errors } = await open('?game=zuma&seed=3&options=' + encodeURIComponent('{"scenario":"grading"}'));
  const decision = await api(page, 'policy');
  await drawn(page);  // a frame drawn after the agent decided (it thinks in the worker), so its bars are on the board
  const chosen = decision.distribution.find((d) => d.action === decision.chosen);
  // The chosen gap's bar is labelled with its number, as the inspector's action column names it.
  const labels = (await api(page, 'panels')).boardText.map((t) => t.text);
  assert.ok(labels.includes(`${decision.chosen}: ${Math.round(chosen.p * 100)}%`), JSON.stringify(labels));
  // Hovering a gap while the agent is to move names it with the agent's numbers for it.
  const targets = await api(page, 'targets');
  const other = decision.distribution.find((d) => d.action !== decision.chosen && d.action !== '-1');
  const gap = targets.find((t) => t.action === other.action);
  await page.mouse.move(gap.x, gap.y);
  await drawn(page);
  assert.equal((await api(page, 'panels')).tooltip, true, 'a tooltip shows on the hovered gap');
  assert.equal((await api(page, 'state')).step, 0, 'hovering plays nothing');
  assert.deepEqual(errors, []);
  await page.close();
});

// Two boxes overlap when they share more than a sliver (half a pixel: text boxes that merely touch are apart).
const overlaps = (a, b) => Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

// Every label the board draws, at the docs' desktop and at a small laptop's size (where the board is narrow and
// the gaps at the top of the track meet the header): during the step's animation (the chain stage by stage, its
// words under the header) and after it (the probabilities, the pop chances, the ball that fell off).
for (const [size, device, seeds] of [['1400x860', DOCS_DESKTOP, [5, 8, 13]],
                                     ['1024x640', { viewport: { width: 1024, height: 640 } }, [1, 2, 3, 4, 5, 6]]]) {
  test(`the board's labels stay on the board and never cover one another, through episodes (${size})`, async () => {
    const { page, errors } = await open('?game=zuma&seed=5&options=' + encodeURIComponent('{"scenario":"grading"}'),
                                        { device });
    const problems = [];
    const check = async (where) => {
      await drawn(page);
      const panels = await api(page, 'panels');
      const board = panels.windows.Board;
      const texts = panels.boardText;
      if (texts.length === 0) problems.push(`${where}: no text on the board`);
      for (const t of texts) {
        if (t.x < board.x - 0.5 || t.y < board.y - 0.5 || t.x + t.width > board.x + board.width + 0.5 ||
            t.y + t.height > board.y + board.height + 0.5) {
          problems.push(`${where}: "${t.text}" leaves the board (${JSON.stringify(t)} in ${JSON.stringify(board)})`);
        }
      }
      for (let i = 0; i < texts.length; ++i) {
        for (let j = i + 1; j < texts.length; ++j) {
          if (overlaps(texts[i], texts[j])) problems.push(`${where}: "${texts[i].text}" covers "${texts[j].text}"`);
        }
      }
    };
    for (const seed of seeds) {
      await api(page, 'reset', seed);
      for (let step = 0; step < 12 && !(await api(page, 'state')).done; ++step) {
        await api(page, 'step');
        await check(`seed ${seed}, step ${step + 1}, its chain on show`);
        // The chain's stages take 0.45 s each; after the last the board shows the next decision.
        await page.waitForFunction(() => !window.playground.panels().animating, null, { timeout: 30000 });
        await check(`seed ${seed}, step ${step + 1}`);
      }
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('live training runs across frames, draws its curve, matches the native learner, and seats its table', async () => {
  const { page, errors } = await open('?game=zuma&seed=3&options=' + encodeURIComponent('{"scenario":"grading"}'));
  const settings = { episodes: 6000, curve_every: 1000, seed: 3, alpha: 0.05 };
  let status = await api(page, 'train', { command: 'start', settings });
  assert.equal(status.running, true);
  // The page stays responsive while it trains: steps are taken between slices.
  const s = await api(page, 'step');
  assert.equal(s.step, 1);
  await page.waitForFunction(() => window.playground.train('status').episodes_done === 6000, null, { timeout: 60000 });
  status = await api(page, 'train', 'status');
  assert.equal(status.running, false);
  assert.equal(status.curve.length, 6);
  // The same learner natively, same settings and seed: the same learning curve.
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pg-zuma-')), 'policy.json');
  execFileSync(cli, ['zuma', 'train', '--scenario', 'grading', '--episodes', '6000', '--curve-every', '1000',
                     '--seed', '3', '--alpha', '0.05', '--eval-episodes', '0', '--out', out]);
  const nativePolicy = JSON.parse(fs.readFileSync(out, 'utf8'));
  assert.deepEqual(status.curve, nativePolicy.info.learning_curve);
  // Seat the table being trained; download and load it back.
  await api(page, 'train', 'use');
  assert.deepEqual((await api(page, 'state')).agents, ['trained:live']);
  const policy = await api(page, 'trainedPolicy');
  assert.equal(policy.format, 'rl-playground-zuma-qtable');
  assert.deepEqual(policy.entries, nativePolicy.entries, 'the table itself is the same as natively');
  await api(page, 'loadPolicy', policy);
  assert.deepEqual((await api(page, 'state')).agents, ['trained:uploaded']);
  await assert.rejects(api(page, 'loadPolicy', '{"format": "nope"}'), /policy\.format/);
  const decision = await api(page, 'policy');
  assert.ok(decision.note.includes('table: uploaded'));
  await page.screenshot({ path: path.join(artifacts, 'zuma-trained-live.png') });
  assert.deepEqual(errors, []);
  await page.close();
});
