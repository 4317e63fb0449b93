// Soak: one page load, SOAK_STEPS (5,000 by default) seeded pseudo-random actions across every game: agent
// steps (a human seat's turn is played as a click would), back, scrub, reset with a new seed, seat changes
// (agents, a few whose files are fetched when seated, human seats), game switches (each a module switch) with
// their option variants,
// trace export and import, and live training where a game has it (Zuma, Kalah). Checks: no console or page
// error; at every game switch, every 50 actions and every export/import, the state at the cursor is the one
// its exported trace records, importing that trace (the engine replays its actions in a fresh episode and
// checks each recorded state) gives the same state and the same trace back; the wasm heap and the JS heap
// after garbage collection stay within the bounds below from the end of the warm-up to the end; the wasm heap
// in use (allocated, not freed) at each game switch, compared between visits to the same game and options in
// the second half of the run, stays within a bound.
// SOAK_SEED picks another run; a failure names the seed and the action's number. See docs/reliability.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, open, api, seated, GAMES, defaultSeats } from './helpers.mjs';

useSite();

const SEED = Number(process.env.SOAK_SEED || 20261125);
const STEPS = Number(process.env.SOAK_STEPS || 5000);
// The warm-up opens every game of the registry (GAMES) once, 100 actions each, before memory is first measured.
const WARMUP = 100 * GAMES.length;
// Bounds on growth from the end of the warm-up to the end. A module's wasm memory only grows, and grows by 20%
// at a time (Emscripten's default MEMORY_GROWTH_GEOMETRIC_STEP), so it shows the highest peak, not what is in
// use; each game switch starts the game's module afresh. The largest memory any module reaches after the
// warm-up may exceed the warm-up's largest by one growth step (a new peak, e.g. a larger episode or search); a
// leak within a long visit would take more.
const wasmGrowthBound = (warm) => Math.ceil(warm * 0.2) + (1 << 20);
const JS_GROWTH_BOUND = 20 << 20;
// The heap in use after a game opens, at its visits in the second half of the run (by then every cache and
// the trainers' tables exist): the last may exceed the first by at most this. A leak of 200 bytes per action
// would exceed it. Training still grows Zuma's table a little (a seed-20261125 run: at most 0.2 MiB).
const IN_USE_GROWTH_BOUND = 1 << 20;
// Actions run in the page in batches (one round trip each: a frame is drawn between batches).
const BATCH = 50;

// mulberry32: a small PRNG of our own, so that a seed gives the same run everywhere.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Each game's option variants and the agents the driver seats without waiting; `module` is seated now and
// then with a wait for its files (a network or table fetched when it is first seated). A game not listed here
// plays its default options with random, human and its default seats (generic).
const generic = (game) => ({ options: [{}], agents: ['random', 'human', ...defaultSeats(game)], module: null });
const SETUPS = {
  zuma: {
    options: [{}, { scenario: 'grading', max_steps: 25 }, { scenario: 'chain_reaction' }],
    agents: ['trained', 'greedy', 'greedy:leftmost', 'random', 'human'],
    module: null,
  },
  sokoban: {
    options: [{ collection: 'seed', index: 0 }, { collection: 'seed', index: 1, max_steps: 30 },
      { collection: 'teaching', index: 3 }],
    agents: ['solver', 'random', 'human'],
    module: 'greedy',
  },
  morris: {
    options: [{}, { max_moves: 40 }, { max_moves: 30, threefold_repetition: false }],
    agents: ['learned', 'bonus', 'perfect', 'random', 'human'],
    module: 'smart',
  },
  mancala: {
    options: [{}, { stones_per_pit: 3, capture_empty_opposite: true, early_end: true }, { stones_per_pit: 1 }],
    agents: ['heuristic', 'greedy:1', 'greedy:3', 'theta:5', 'ntuple:5', 'random', 'human'],
    module: 'perfect',
  },
  binary: {
    options: [{}, { width: 5, height: 5 }, { width: 4, height: 4 }],
    agents: ['patterns', 'patterns:learned', 'patterns:nopattern', 'random', 'human'],
    module: null,
  },
};

// The actions run in the page and their weights.
const KINDS = [['step', 60], ['back', 10], ['scrub', 8], ['reset', 4], ['seats', 5], ['roundtrip', 3]];
const KIND_TOTAL = KINDS.reduce((n, [, w]) => n + w, 0);

// Installs the in-page executor: window.__soak(ops) runs a batch and returns the counts, or the first failure.
function install(page) {
  return page.evaluate(() => {
    const pg = window.playground;
    const text = (v) => JSON.stringify(v);
    const at = ({ length, result, ...rest }) => rest;
    // The state at the cursor is the one the trace records there; importing the trace (a replay of its
    // actions in a fresh episode, each recorded state checked by the engine) gives it back, and the trace.
    function verify() {
      const before = pg.state();
      const trace = pg.trace();
      const traceText = text(trace);
      const recorded = before.step === 0 ? trace.initial_state : trace.steps[before.step - 1].state;
      if (text(recorded) !== text(before.state))
        return `the state at step ${before.step} is not the one its trace records`;
      if (trace.steps.length !== before.length) return `the trace has ${trace.steps.length} steps, the episode ${before.length}`;
      pg.importTrace(traceText);
      pg.seek(before.step);
      const after = pg.state();
      if (text(at(after)) !== text(at(before)) || after.length !== before.length)
        return `after importing its trace the state differs:\n  before ${text(before)}\n  after  ${text(after)}`;
      if (text(pg.trace()) !== traceText) return 'the imported trace exports differently';
      return null;
    }
    window.__soakVerify = verify;
    window.__soak = async (ops, agents) => {
      const counts = {};
      const count = (k) => { counts[k] = (counts[k] || 0) + 1; };
      for (let i = 0; i < ops.length; i++) {
        const { kind, u, v } = ops[i];
        let failure = null;
        try {
          if (kind === 'step') {
            const s = await pg.step();
            count('step:' + s.result);
            if (s.result === 'waiting_human' || s.result === 'declined') {
              // A human seat, or an agent that declines this position (Kalah's perfect on a full board): a
              // legal action, as a click on the board.
              pg.play(s.legal[Math.floor(u * s.legal.length)]);
              count('play');
            } else if (s.result === 'game_over') {
              pg.reset(Math.floor(v * 1e6));
              count('reset');
            }
          } else if (kind === 'back') {
            pg.back();
            count('back');
          } else if (kind === 'scrub') {
            const to = Math.floor(u * (pg.state().length + 1));
            const s = pg.seek(to);
            if (s.step !== to) failure = `scrub to ${to} reached ${s.step}`;
            count('scrub');
          } else if (kind === 'reset') {
            const seed = Math.floor(u * 1e6);
            const s = pg.reset(seed);
            if (s.seed !== seed || s.step !== 0) failure = `reset to seed ${seed} gave ${text(s)}`;
            count('reset');
          } else if (kind === 'seats') {
            const n = pg.state().agents.length;
            const list = [];
            let r = u;
            for (let k = 0; k < n; k++) {
              r = (r * 7919 + v) % 1;
              list.push(agents[Math.floor(r * agents.length)]);
            }
            const s = await pg.setAgents(list);
            if (s.agents.join() !== list.join()) failure = `seated ${s.agents} instead of ${list}`;
            count('seats');
          } else if (kind === 'roundtrip') {
            failure = verify();
            count('roundtrip');
          }
        } catch (e) {
          failure = `${kind} threw: ${e.message}`;
        }
        if (failure) return { failedAt: i, kind, failure, counts };
      }
      return { counts, wasm: window.Module.HEAP8.length };
    };
  });
}

async function memory(page, cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const js = await cdp.send('Runtime.getHeapUsage');
  const wasm = await page.evaluate(() => window.Module.HEAP8.length);
  return { wasm, js: js.usedSize };
}

const mib = (b) => (b / 1048576).toFixed(1) + ' MiB';

test(`soak: ${STEPS} seeded actions across every game, states replayed from their traces, memory flat`, async (t) => {
  const started = Date.now();
  const random = prng(SEED);
  const pick = (list) => list[Math.floor(random() * list.length)];
  t.diagnostic(`soak seed ${SEED} (SOAK_SEED=${SEED} SOAK_STEPS=${STEPS} to repeat)`);
  const { page, errors } = await open('?game=zuma');
  const cdp = await page.context().newCDPSession(page);
  await install(page);
  const counts = {};
  const add = (c) => { for (const [k, n] of Object.entries(c)) counts[k] = (counts[k] || 0) + n; };
  let done = 0;
  let game = null;
  let warm = null;
  const where = () => `seed ${SEED}, action ${done}, ${game}`;
  const verify = async () => {
    const failure = await page.evaluate(() => window.__soakVerify());
    assert.equal(failure, null, `${where()}: ${failure}`);
    add({ verify: 1 });
  };

  // The warm-up visits every game in a shuffled order; after it a random game each time.
  const order = [...GAMES];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  let segment = 0;
  // Where a module's wasm memory went above any seen before (action, game, options).
  const growth = [];
  let wasmSeen = 0;
  const visits = [];
  while (done < STEPS) {
    // A game switch: another game, one of its option variants, a new seed, random seats.
    const next = segment < order.length ? order[segment] : pick(GAMES.filter((g) => g !== game));
    game = next;
    const setup = SETUPS[game] ?? generic(game);
    const options = pick(setup.options);
    await api(page, 'load', game, options);
    await page.evaluate((g) => window.playground.policiesReady(g), game);
    await api(page, 'reset', Math.floor(random() * 1e6));
    await verify();
    done++;
    add({ switch: 1 });
    // The wasm heap in use right after the game opened, by game and options.
    const inUse = await page.evaluate(() => window.Module.ccall('pg_heap_in_use', 'number', [], []));
    visits.push({ at: done, key: `${game} ${JSON.stringify(options)}`, inUse });
    // Now and then an agent whose files are fetched when it is seated (the first time, it waits for them).
    if (setup.module && (segment < order.length || random() < 0.3)) {
      const n = (await api(page, 'state')).agents.length;
      const list = Array.from({ length: n }, (_, k) => (k === 0 ? setup.module : pick(setup.agents)));
      await api(page, 'setAgents', list);  // resolves once its files have arrived
      await seated(page, list.join());
      done++;
      add({ 'seats:module': 1 });
    }
    const length = segment < order.length ? 100 : 100 + Math.floor(random() * 300);
    const end = Math.min(STEPS, done + length);
    while (done < end) {
      // Live training for a few hundred ms, where the game has a trainer.
      if ((game === 'zuma' || game === 'mancala') && random() < 0.15) {
        const settings = game === 'zuma' ? { episodes: 100000, seed: Math.floor(random() * 1000) }
          : { games: 100000, seed: Math.floor(random() * 1000), eval_every: 500, eval_games: 20 };
        const status = await api(page, 'train', { command: 'start', settings });
        assert.equal(status.running, true, `${where()}: training started`);
        await page.waitForTimeout(200 + Math.floor(random() * 300));
        const paused = await api(page, 'train', 'pause');
        assert.equal(paused.running, false, `${where()}: training paused`);
        const progress = game === 'zuma' ? paused.episodes_done : paused.games_done;
        assert.ok(progress > 0, `${where()}: training made progress (${JSON.stringify(paused)})`);
        add({ train: 1, [game === 'zuma' ? 'train:episodes' : 'train:games']: progress });
        if (random() < 0.5) {
          await api(page, 'train', game === 'zuma' ? 'use' : { command: 'use', depth: 2, seat: random() < 0.5 ? 0 : 1 });
          add({ 'train:use': 1 });
        }
        done++;
        continue;
      }
      const size = Math.min(BATCH, end - done);
      const ops = [];
      for (let i = 0; i < size; i++) {
        let r = random() * KIND_TOTAL;
        const kind = KINDS.find(([, w]) => (r -= w) < 0)[0];
        ops.push({ kind, u: random(), v: random() });
      }
      const result = await page.evaluate(([o, a]) => window.__soak(o, a), [ops, setup.agents]);
      add(result.counts);
      if (result.wasm > wasmSeen) {
        growth.push(`${done + size} ${game} ${JSON.stringify(options)} ${mib(wasmSeen)} -> ${mib(result.wasm)}`);
        wasmSeen = result.wasm;
      }
      if (result.failure) {
        assert.fail(`seed ${SEED}, action ${done + result.failedAt} (${result.kind}), ${game}: ${result.failure}`);
      }
      done += size;
      await verify();
      assert.deepEqual(errors, [], `${where()}: console errors`);
    }
    segment++;
    if (!warm && done >= WARMUP) {
      warm = await memory(page, cdp);
      warm.at = done;
      warm.high = wasmSeen;
    }
  }
  const last = await memory(page, cdp);
  const messages = (await api(page, 'messages')).filter((m) => m.error).map((m) => m.text);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const kinds = Object.entries(counts).sort().map(([k, n]) => `${k} ${n}`).join(', ');
  t.diagnostic(`soak: ${done} actions in ${seconds} s (seed ${SEED}): ${kinds}`);
  t.diagnostic(`soak memory after warm-up (action ${warm.at}) -> end: the largest wasm memory of any game's module ` +
               `${mib(warm.high)} -> ${mib(wasmSeen)}, JS heap ${mib(warm.js)} -> ${mib(last.js)}`);
  t.diagnostic(`soak wasm memory growth (action, game, options): ${growth.join('; ')}`);
  t.diagnostic(`soak heap in use at each game switch: ${visits.map((v) => `${v.at} ${v.key} ${mib(v.inUse)}`).join('; ')}`);
  const late = new Map();
  for (const v of visits.filter((x) => x.at >= STEPS / 2)) late.set(v.key, [...(late.get(v.key) || []), v]);
  const compared = [...late.values()].filter((list) => list.length >= 2);
  t.diagnostic(`soak heap in use, second half, first -> last visit: ${compared.map((list) =>
    `${list[0].key} ${mib(list[0].inUse)} -> ${mib(list.at(-1).inUse)}`).join('; ')}`);
  assert.deepEqual(errors, [], 'no console or page error');
  assert.deepEqual(messages, [], 'no error message on the page');
  // Each game runs in a module of its own, started afresh at each switch: the warm-up has seen every game's
  // module at work, and no module afterwards may need more memory than the largest then.
  assert.ok(wasmSeen - warm.high <= wasmGrowthBound(warm.high), `a module's wasm memory reached ${mib(wasmSeen)}, ` +
            `${mib(wasmSeen - warm.high)} above the warm-up's largest (bound: one growth step, ` +
            `${mib(wasmGrowthBound(warm.high))})`);
  assert.ok(compared.length > 0 || STEPS < 4000, 'some game and options were visited twice in the second half');
  for (const list of compared) {
    const grew = list.at(-1).inUse - list[0].inUse;
    assert.ok(grew <= IN_USE_GROWTH_BOUND, `the heap in use at ${list[0].key} grew ${mib(grew)} from action ` +
              `${list[0].at} to ${list.at(-1).at} (bound ${mib(IN_USE_GROWTH_BOUND)})`);
  }
  assert.ok(last.js - warm.js <= JS_GROWTH_BOUND,
            `the JS heap grew ${mib(last.js - warm.js)} after the warm-up (bound ${mib(JS_GROWTH_BOUND)})`);
  await page.close();
});
