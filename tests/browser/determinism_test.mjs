// Determinism: for every game, the same seed and agents give the same trace in the page as natively, byte for
// byte, on a fixed table of (options, agents, seeds) covering the agents the page seats (learned policies,
// search, solvers, random ones, all deciding in the page's worker); and the same actions given to
// `playground <game> replay` and played in the page give the same trace. See docs/reliability.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { useSite, open, api, seated, cli, artifacts, GAMES, defaultSeats } from './helpers.mjs';

useSite();

const SEEDS = [1, 42];

// Each game's lineups: its options (as `--options` natively, `load` in the page) and its seats. A game of the
// registry (GAMES) not listed here plays its default seats and random players on its default options.
const TABLE = {
  zuma: [
    [{}, 'trained'],
    [{}, 'expectimax:1'],
    [{ scenario: 'grading', max_steps: 25 }, 'dqn'],
    [{ scenario: 'grading', max_steps: 25 }, 'dqn:0.5'],
    [{ scenario: 'grading', random_lines: true, max_steps: 25 }, 'greedy'],
    [{ scenario: 'chain_reaction' }, 'greedy:leftmost'],
    [{ scenario: 'grading', max_steps: 25 }, 'random'],
  ],
  sokoban: [
    [{ collection: 'seed', index: 0 }, 'solver'],
    [{ collection: 'seed', index: 1 }, 'dqn:0.5'],
    [{ collection: 'teaching', index: 3 }, 'policy:0.7'],
    [{ collection: 'teaching', index: 6 }, 'guided'],
    [{ collection: 'teaching', index: 5, max_steps: 40 }, 'greedy'],
    [{ collection: 'seed', index: 1, max_steps: 30 }, 'random'],
    [{ generate: { width: 8, height: 8, boxes: 2, seed: 1 } }, 'solver:pushes'],
  ],
  morris: [
    [{ max_moves: 40 }, 'learned,random'],
    [{ max_moves: 40 }, 'smart,genius'],
    [{ max_moves: 40 }, 'perfect,bonus'],
    [{ max_moves: 30, threefold_repetition: false }, 'bonus,learned:1'],
  ],
  mancala: [
    [{}, 'ntuple:5,random'],
    [{}, 'theta:5:pool,greedy:3'],
    [{}, 'heuristic,ntuple:5:ntuple_bootstrap'],
    [{ stones_per_pit: 1 }, 'perfect,greedy:2'],
    [{ stones_per_pit: 3, capture_empty_opposite: true, early_end: true }, 'theta:2:seed,greedy:1'],
  ],
  binary: [
    [{}, 'mcts,patterns'],
    [{ width: 5, height: 5 }, 'mcts:300:learned,patterns:nopattern'],
    [{ width: 4, height: 4 }, 'solver,patterns:learned'],
    [{ width: 7, height: 5 }, 'random,patterns'],
  ],
};

// The replays: random actions (the native random agent's, seed 5) given to `replay` and played in the page.
const REPLAYS = {
  zuma: [{ scenario: 'grading', max_steps: 25 }, 'random'],
  sokoban: [{ collection: 'teaching', index: 2, max_steps: 40 }, 'random'],
  morris: [{ max_moves: 40 }, 'random,random'],
  mancala: [{}, 'random,random'],
  binary: [{ width: 5, height: 4 }, 'random,random'],
};
const REPLAY_SEED = 5;

// Random players in every seat of `game` on its default options (the page tells how many seats it has).
async function randomLineup(page, game) {
  await api(page, 'load', game, {});
  return [{}, (await api(page, 'state')).agents.map(() => 'random').join(',')];
}

const execFileAsync = promisify(execFile);
// The CLI runs beside the page, two processes at a time (the machine's cores).
let running = 0;
const queue = [];
async function run(...args) {
  if (running >= 2) await new Promise((resolve) => queue.push(resolve));
  running++;
  try {
    return await execFileAsync(...args);
  } finally {
    running--;
    queue.shift()?.();
  }
}
const optionArgs = (options) => (Object.keys(options).length ? ['--options', JSON.stringify(options)] : []);
const nativePlay = async (game, options, agents, seed) =>
  (await run(cli, [game, 'play', '--agents', agents, '--seed', String(seed), ...optionArgs(options)])).stdout;
// Action names holding commas (the Binary Game's x,y,d) are separated by semicolons.
const nativeReplay = async (game, options, seed, actions) =>
  (await run(cli, [game, 'replay', '--seed', String(seed), ...optionArgs(options), '--actions',
    actions.join(actions.some((a) => a.includes(',')) ? ';' : ',')])).stdout;

// The CLI prints the trace indented (nlohmann's dump(2)), the page exports it compact (dump()): the same
// serializer, so the CLI's text without the whitespace between tokens is the page's byte for byte.
function compact(text) {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i];
      else if (c === '"') inString = false;
    } else if (c === '"') {
      out += c;
      inString = true;
    } else if (!' \n\r\t'.includes(c)) {
      out += c;
    }
  }
  return out;
}

// The page's trace as the engine wrote it (not parsed and re-written by JavaScript).
const pageTrace = (page) => page.evaluate(() => window.Module.ccall('pg_trace', 'string', [], []));

// Byte equality, or a failure naming the first difference (both texts kept in artifacts/).
function assertSameText(pageText, nativeText, label) {
  if (pageText === nativeText) return;
  let i = 0;
  while (i < pageText.length && pageText[i] === nativeText[i]) i++;
  const name = label.replace(/[^a-z0-9]+/gi, '_');
  fs.writeFileSync(path.join(artifacts, `determinism-${name}-page.json`), pageText);
  fs.writeFileSync(path.join(artifacts, `determinism-${name}-native.json`), nativeText);
  assert.fail(`${label}: the page's trace differs from the native one at byte ${i}:\n` +
              `  page:   ...${pageText.slice(Math.max(0, i - 120), i + 80)}\n` +
              `  native: ...${nativeText.slice(Math.max(0, i - 120), i + 80)}`);
}

// Opens `game` with `options`, seed and agents as the CLI's play does (reset, then seat: setAgents resolves
// once the agents' files have arrived).
async function setUp(page, game, options, agents, seed) {
  await api(page, 'load', game, options);
  await api(page, 'reset', seed);
  await api(page, 'setAgents', agents);
  await seated(page, agents);
}

// Steps to the end inside the page (each step resolves once the page's worker has decided).
const playOut = (page) => page.evaluate(async () => {
  let s;
  do { s = await window.playground.step(); } while (s.result === 'played' && !s.done);
  return s;
});

for (const game of GAMES) {
  test(`${game}: every lineup's trace is the native one, byte for byte, on seeds ${SEEDS.join(', ')}`, async (t) => {
    const { page, errors } = await open(`?game=${game}`);
    const rows = TABLE[game] ?? [[{}, defaultSeats(game).join(',')], await randomLineup(page, game)];
    const cases = rows.flatMap(([options, agents]) => SEEDS.map((seed) => ({ options, agents, seed })));
    for (const c of cases) {
      c.native = nativePlay(game, c.options, c.agents, c.seed);
      c.native.catch(() => {});  // awaited below
    }
    let steps = 0;
    let bytes = 0;
    for (const { options, agents, seed, native } of cases) {
      const label = `${game} ${JSON.stringify(options)} ${agents} seed ${seed}`;
      await setUp(page, game, options, agents, seed);
      const end = await playOut(page);
      assert.equal(end.done, true, `${label}: the page's episode ended (${end.result}${end.note ? ': ' + end.note : ''})${errors.length ? '; the page said: ' + errors.join(' | ') : ''}`);
      assert.ok(end.step > 0, `${label}: steps were played`);
      const text = await pageTrace(page);
      assertSameText(text, compact(await native), label);
      steps += end.step;
      bytes += text.length;
    }
    t.diagnostic(`${game}: ${cases.length} episodes, ${steps} steps, ${bytes} bytes of trace identical`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

// The two builds that can think in the worker: the thinking module (built for speed, fetched after the first
// frame) and the page's own module (built for size), which thinks until the other has arrived or when it cannot
// be had (here: its download refused). Each decides the native episode, and an episode begun by the page's
// module and continued by the thinking module is the native one too (the new worker is asked the old one's
// questions first).
const BOTH_BUILDS = [
  ['sokoban', { collection: 'seed', index: 0 }, 'solver', 1],
  ['binary', { width: 5, height: 5 }, 'mcts:300:learned,patterns:nopattern', 42],
  ['mancala', {}, 'theta:5:pool,greedy:3', 1],
  ['zuma', {}, 'expectimax:1', 42],
];
test('both builds of the engine think the native episode: the thinking module, the page\'s own, and a switch between them', async () => {
  const cases = BOTH_BUILDS.map(([game, options, agents, seed]) => {
    const native = nativePlay(game, options, agents, seed);
    native.catch(() => {});  // awaited below
    return { game, options, agents, seed, native };
  });
  const refused = await open('?game=binary', { prepare: (p) => p.route(/-think\.wasm$/, (r) => r.abort()) });
  const held = [];  // the thinking module's downloads, let through after an episode's first steps
  const speedy = await open('?game=binary', {
    prepare: (p) => p.route(/-think\.wasm$/, (r) => new Promise((go) => held.push(go)).then(() => r.continue())),
  });
  for (const { game, options, agents, seed, native } of cases) {
    const label = `${game} ${JSON.stringify(options)} ${agents} seed ${seed}`;
    for (const [{ page }, build] of [[refused, 'size'], [speedy, 'speed']]) {
      await setUp(page, game, options, agents, seed);
      if (build === 'speed') {
        // Two steps by the page's module, then the rest by the thinking module once it has arrived.
        await page.evaluate(async () => { await window.playground.step(); await window.playground.step(); });
        assert.equal(await page.evaluate(() => window.playground.thinkingModule()), 'size', `${label}: before it arrived`);
        held.splice(0).forEach((go) => go());
        await page.waitForFunction(() => window.playground.thinkingModule() === 'speed', null, { timeout: 60000 });
      }
      const end = await playOut(page);
      assert.equal(end.done, true, `${label} (${build}): the episode ended (${end.result})`);
      assert.equal(await page.evaluate(() => window.playground.thinkingModule()), build, `${label}: the build that thought`);
      assertSameText(await pageTrace(page), compact(await native), `${label} (${build} build)`);
    }
  }
  for (const { page, errors } of [refused, speedy]) {
    assert.deepEqual(errors.filter((e) => !/think\.wasm|ERR_FAILED/.test(e)), []);
    await page.close();
  }
});

test('replay: the same actions natively and played in the page give the same trace, for every game', async () => {
  // The native games and their replays first, beside the page's start.
  const { page, errors } = await open('?game=binary');
  const lineups = [];
  for (const game of GAMES) lineups.push([game, REPLAYS[game] ?? (await randomLineup(page, game))]);
  const cases = lineups.map(([game, [options, agents]]) => {
    const actions = nativePlay(game, options, agents, REPLAY_SEED)
      .then((text) => JSON.parse(text).steps.map((st) => st.action));
    const native = actions.then((a) => nativeReplay(game, options, REPLAY_SEED, a));
    actions.catch(() => {});  // awaited below
    native.catch(() => {});
    return { game, options, agents, actions, native };
  });
  for (const { game, options, agents, actions: played, native } of cases) {
    const actions = await played;
    assert.ok(actions.length >= 5, `${game}: a game of ${actions.length} actions`);
    const humans = agents.split(',').map(() => 'human').join(',');
    await setUp(page, game, options, humans, REPLAY_SEED);
    await page.evaluate((list) => { for (const a of list) window.playground.play(a); }, actions);
    // The only difference the seats make: the page names its human seats, the replay names no seats and
    // marks its steps "replay".
    const pageText = (await pageTrace(page))
      .replace(`"agents":${JSON.stringify(humans.split(','))},`, '')
      .replaceAll('"agent":"human"', '"agent":"replay"');
    assertSameText(pageText, compact(await native), `${game} replay`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
