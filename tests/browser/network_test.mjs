// A network agent in the page: the Zuma DQN (policies/zuma/dqn.rlpg) seated,
// the inspector's view of its network (layers, observation, activations), and
// the temperature moving the probabilities; a Kalah network from PyTorch handed to the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useSite, open, api, root, artifacts, drawn } from './helpers.mjs';

useSite();

const GRADING = '?game=zuma&seed=3&options=' + encodeURIComponent('{"scenario":"grading"}');

test('the Zuma DQN: its network in the inspector, and the temperature moves the probabilities', async () => {
  const { page, errors } = await open(GRADING);
  // The file handed over through the JavaScript API, as if the page had fetched it.
  const bytes = [...fs.readFileSync(path.join(root, 'policies/zuma/dqn.rlpg'))];
  const provided = await page.evaluate((b) => window.playground.providePolicyFile('zuma/dqn.rlpg', new Uint8Array(b)), bytes);
  assert.equal(provided.bytes, bytes.length);
  await api(page, 'setAgents', 'dqn');
  const s = await api(page, 'state');
  assert.deepEqual(s.agents, ['dqn']);

  // The inspector's Network section, through the same engine call.
  const net = await api(page, 'network');
  assert.equal(net.kind, 'q-network');
  assert.equal(net.temperature, 0);
  assert.deepEqual(net.layers.map((l) => l.name), ['flatten', 'dense1', 'relu1', 'dense2', 'relu2', 'out']);
  assert.deepEqual(net.layers[0].input, [12, 4]);
  assert.deepEqual(net.layers.at(-1).output, [12], 'one Q-value per action -1..10');
  assert.deepEqual(net.observation.shape, [12, 4]);
  const obs = net.observation.values;
  const line = s.state.line;
  for (let slot = 0; slot < 10; ++slot)
    for (let c = 1; c <= 4; ++c)
      assert.equal(obs[slot * 4 + c - 1], slot < line.length && line[slot] === c ? 1 : 0, `slot ${slot} colour ${c}`);
  for (let c = 1; c <= 4; ++c) assert.equal(obs[40 + c - 1], s.state.ball === c ? 1 : 0, `ball colour ${c}`);
  assert.ok(obs.slice(44).every((v) => v === 1), 'all 50 steps left');
  assert.equal(net.activations[0].name, 'dense1');
  assert.equal(net.activations[0].values.length, net.layers[1].output[0], 'dense1 with its ReLU: one value per unit');
  assert.ok(net.activations[0].values.every((v) => v >= 0), 'ReLU fused into dense1');
  assert.ok(net.activations[0].values.some((v) => v > 0));

  // Greedy at temperature 0: all the probability on the best Q-value among the legal actions.
  const greedy = await api(page, 'policy');
  assert.equal(greedy.distribution.length, line.length + 2);
  const q = greedy.distribution.map((d) => d.score);
  const best = Math.max(...q);
  greedy.distribution.forEach((d) => assert.equal(d.p, d.score === best ? 1 / q.filter((x) => x === best).length : 0));

  // The slider's call: softmax of Q / T; the Q-values stay, the probabilities move.
  await api(page, 'setTemperature', 2);
  assert.deepEqual((await api(page, 'state')).agents, ['dqn:2']);
  assert.equal((await api(page, 'network')).temperature, 2);
  const warm = await api(page, 'policy');
  assert.deepEqual(warm.distribution.map((d) => d.score), q);
  const z = q.reduce((sum, x) => sum + Math.exp((x - best) / 2), 0);
  warm.distribution.forEach((d, i) => assert.ok(Math.abs(d.p - Math.exp((q[i] - best) / 2) / z) < 1e-9, `action ${d.action}`));
  assert.notDeepEqual(warm.distribution.map((d) => d.p), greedy.distribution.map((d) => d.p));
  await api(page, 'setTemperature', 20);
  const hot = await api(page, 'policy');
  const spread = (p) => Math.max(...p.distribution.map((d) => d.p)) - Math.min(...p.distribution.map((d) => d.p));
  assert.ok(spread(hot) < spread(warm), 'hotter is flatter');
  await page.screenshot({ path: path.join(artifacts, 'zuma-dqn-inspector.png') });

  // Back to greedy; the agent plays the episode to the end with legal moves.
  await api(page, 'setTemperature', 0);
  assert.deepEqual((await api(page, 'state')).agents, ['dqn']);
  let st;
  do {
    st = await api(page, 'step');
  } while (!st.done);
  assert.equal(st.state.done, true);
  // A temperature for an agent without a network is refused by name.
  await api(page, 'setAgents', 'greedy');
  await api(page, 'reset', 3);
  await assert.rejects(page.evaluate(() => window.playground.setTemperature(1)), /not a network agent/);
  assert.deepEqual(errors, []);
  await page.close();
});

// A Kalah policy network written in PyTorch whose logits favour pit `pit` (1..6) whatever the board, exported
// to `file` with rlplayground.export_torch (python/) as a student would.
function exportKalahPreferring(pit, file) {
  execFileSync('/usr/bin/python3', ['-c', [
    'import sys, torch, torch.nn as nn, rlplayground',
    'model = nn.Sequential(nn.Linear(14, 6))',
    'bias = [0.0] * 6',
    'bias[int(sys.argv[2]) - 1] = 9.0',
    'with torch.no_grad():',
    '    model[0].weight.zero_(); model[0].bias.copy_(torch.tensor(bias))',
    'rlplayground.export_torch(model, "mancala", sys.argv[1], kind="policy-network")'].join('\n'), file, String(pit)],
  { env: { ...process.env, PYTHONPATH: path.join(root, 'build/native/python') } });
}

// A network trained in PyTorch, into the page: exported with rlplayground.export_torch (python/), handed to the
// page with providePolicyFile in place of the shipped file, it is the one that decides (in the worker, which reads
// the new file) and whose probabilities the page shows. The shipped network (examples/python/train_kalah.py)
// then plays 200 games against random in the page, 100 in each seat: it wins at least 90% of them.
test('Kalah: a PyTorch network handed to the page decides there with its probabilities; the shipped one beats random', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pg-network-')), 'first_pit.policy');
  exportKalahPreferring(1, file);
  const { page, errors } = await open('?game=mancala&seed=4&agents=network:1,random');
  const shipped = await api(page, 'policy');
  const pFirst = (d) => d.distribution.find((x) => x.action === '1').p;
  assert.ok(pFirst(shipped) < 0.5, `the shipped network does not favour pit 1 here: ${JSON.stringify(shipped.distribution)}`);
  await page.evaluate((b) => window.playground.providePolicyFile('mancala/network.policy', new Uint8Array(b)),
                      [...fs.readFileSync(file)]);
  await page.waitForFunction(() => window.playground.state().agents.join() === 'network:1,random');
  const handed = await api(page, 'policy');
  assert.ok(pFirst(handed) > 0.99, `the handed network's probabilities are shown: ${JSON.stringify(handed.distribution)}`);
  assert.equal((await api(page, 'step')).result, 'played');
  assert.equal((await api(page, 'trace')).steps[0].action, '1', 'and it plays them (sampled at temperature 1)');
  await page.close();

  const games = { page: null, wins: 0, played: 0 };
  for (const seat of [0, 1]) {
    const agents = seat === 0 ? 'network,random' : 'random,network';
    ({ page: games.page } = await open(`?game=mancala&agents=${agents}`));
    const won = await games.page.evaluate(async ([n, s]) => {
      const pg = window.playground;
      let wins = 0;
      for (let g = 0; g < n; ++g) {
        pg.reset(1000 * s + g);
        let state = pg.state();
        while (!state.done) state = await pg.step();
        if (state.returns[s] > 0) ++wins;
      }
      return wins;
    }, [100, seat]);
    games.wins += won;
    games.played += 100;
    await games.page.close();
  }
  assert.ok(games.wins >= 180, `the shipped network won ${games.wins} of ${games.played} games against random`);
  console.log(`the shipped Kalah network won ${games.wins} of ${games.played} games against random in the page`);
  assert.deepEqual(errors, []);
});

// The reader's own network, the way a student brings it: File... beside a seat in Setup opens the file chooser;
// the file picked is seated as file:NAME (its name made safe for an agent list), decides in the worker with its
// probabilities shown, and a link to the moment names it. A file that is no network is refused with the reason,
// and the seat keeps its agent.
test('Kalah: File... beside a seat seats the network file the reader picks; a file that is not one is refused', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-network-'));
  const file = path.join(dir, 'last pit.policy');
  exportKalahPreferring(6, file);
  const notes = path.join(dir, 'notes.txt');
  fs.writeFileSync(notes, 'not a network');
  const { page, errors } = await open('?game=mancala&seed=4&agents=random,random');
  // The help texts change the Setup panel's layout when they arrive: the button is read after them, on a drawn frame.
  await page.evaluate(() => window.playground.textsReady());
  const pick = async (seat, chosen) => {
    // Listened for before the page is asked anything more: Playwright takes the chooser over only once the
    // browser has been told to (a round trip later).
    const chooser = page.waitForEvent('filechooser');
    await drawn(page);
    const button = (await api(page, 'panels')).buttons.find((b) => b.name === `Load a network for Player ${seat}`);
    assert.ok(button, 'File... is beside each seat of a game with a network encoding');
    await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
    await (await chooser).setFiles(chosen);
  };
  await pick(0, file);
  await page.waitForFunction(() => window.playground.state().agents.join() === 'file:last_pit.policy,random');
  const decision = await api(page, 'policy');
  const p6 = decision.distribution.find((x) => x.action === '6').p;
  assert.ok(p6 === 1, `the picked network decides, greedy: ${JSON.stringify(decision.distribution)}`);
  assert.equal((await api(page, 'step')).result, 'played');
  assert.equal((await api(page, 'trace')).steps[0].action, '6', 'and plays its choice (in the worker)');
  assert.match(await api(page, 'link'), /agents=file%3Alast_pit\.policy%2Crandom|agents=file:last_pit\.policy,random/);

  await pick(1, notes);
  await page.waitForFunction(() => window.playground.messages().some((m) => /notes\.txt/.test(m.text)));
  const refusal = (await api(page, 'messages')).find((m) => /notes\.txt/.test(m.text)).text;
  assert.match(refusal, /loaded\/notes\.txt: not a policy file/, refusal);
  assert.equal((await api(page, 'state')).agents.join(), 'file:last_pit.policy,random', 'the seat keeps its agent');
  await page.close();

  // Reopened from a link, the page has no such file: the seat says how to give it again.
  const { page: again } = await open('?game=mancala&seed=4&agents=file:last_pit.policy,random', { waitForPolicies: false });
  await again.waitForFunction(() => window.playground.messages().some((m) => /last_pit\.policy/.test(m.text)));
  const told = (await api(again, 'messages')).map((m) => m.text).join('\n');
  assert.match(told, /the network file 'last_pit\.policy' is not in this page: pick it with File\.\.\./, told);
  await again.close();
  assert.deepEqual(errors, []);
});
