// The page in headless Chromium, per game: the first frame (from navigation) on this machine's loopback and on
// a throttled connection (Chromium's network emulation: 1.6 Mbit/s down, 150 ms latency, no cache), the bytes
// its first frame fetched, and the longest task on the page's main thread while the game's strongest agents
// decide (agents decide in the page's worker: engine/core/worker_agent.h), and the CPU a drawn frame costs with
// software WebGL against a bare cleared canvas. Targets: a first frame within 3 s
// throttled; no main-thread task over 100 ms. Run by bench/run_benchmarks.mjs (scripts/bench.sh), or alone:
//   node bench/page_bench.mjs [--loads 3] [--site build/wasm/site] [--game morris]   (one game's rows only)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { launchChromium } = await import(path.join(root, 'tests/browser/chromium.mjs'));
const { startServer } = await import(path.join(root, 'scripts/serve.mjs'));

// The strongest agents of each game, on the positions that make them think longest.
const THINKERS = [
  { game: 'zuma', query: 'agents=expectimax:3', steps: 2 },
  { game: 'binary', query: 'agents=mcts:20000,mcts:20000&options=' + encodeURIComponent('{"width":8,"height":8}'), steps: 2 },
  { game: 'binary', query: 'agents=solver,solver&options=' + encodeURIComponent('{"width":5,"height":5}'), steps: 2 },
  { game: 'sokoban', query: 'agents=guided&options=' + encodeURIComponent('{"generate":{"width":12,"height":12,"boxes":4,"seed":1}}'), steps: 3 },
  { game: 'sokoban', query: 'agents=solver&options=' + encodeURIComponent('{"generate":{"width":12,"height":12,"boxes":4,"seed":1}}'), steps: 3 },
  { game: 'morris', query: 'agents=perfect,perfect', steps: 3 },
  { game: 'mancala', query: 'agents=ntuple:5,ntuple:5', steps: 3 },
  // The exact solver settles every position of 1 stone a pit within its budget (with 2 it declines the opening).
  { game: 'mancala', query: 'agents=perfect,perfect&options=' + encodeURIComponent('{"stones_per_pit":1}'), steps: 3 },
];
// What a student waits for, with each build of the engine thinking in the page's worker: the thinking module
// (built for speed, fetched after the first frame) and the page's own module (built for size; here its rival's
// download is refused). A Sokoban level the exact solver (fewest moves) takes about a second for natively, and
// MCTS with 20,000 playouts on the Binary Game's 8x8 board: one decision each, from a fresh worker.
const SOLVER_LEVEL = [
  '    #####', '    #   #', '    #   #', '  ###   ##', '  #  $ $ #', '### # ## #   ######',
  '#   # ## #####  ..#', '# $  $       $   .#', '##### ### #@##  ..#', '    #     #########', '    #######',
].join('\n');
const DECISIONS = [
  { label: 'Sokoban solver, fewest moves (a 19x11 level, 5 boxes)', game: 'sokoban',
    options: { level: SOLVER_LEVEL }, seats: ['solver'], native: 'solve' },
  { label: 'Binary Game mcts:20000 on 8x8 (playouts/s)', game: 'binary', options: { width: 8, height: 8 },
    seats: ['mcts:20000', 'human'], playouts: 20000 },
];
export const TARGET_FIRST_FRAME_MS = 3000;
export const TARGET_LONGEST_TASK_MS = 100;

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Loads `url` and returns {firstFrameMs, bytes} (bytes received over the network before the first frame).
async function firstFrame(browser, url, throttled) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
  }
  let bytes = 0;
  let counting = true;
  cdp.on('Network.loadingFinished', (e) => { if (counting) bytes += e.encodedDataLength; });
  await page.goto(url);
  await page.evaluate(() => window.playground.ready);
  counting = false;
  const ms = await page.evaluate(() => window.playground.firstFrameMs);
  await page.close();
  return { ms, bytes };
}

// Opens ?game=<from>, then switches to <to> with playground.load: what the switch fetched (files and bytes).
async function switchGame(browser, base, from, to) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(`${base}?game=${from}`);
  await page.evaluate(() => window.playground.ready);
  await page.waitForTimeout(500);  // what follows the first frame (help texts, the worker) has arrived
  const urls = new Map();
  const fetched = [];
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => fetched.push({ url: urls.get(e.requestId) || '?', bytes: e.encodedDataLength }));
  const started = Date.now();
  await page.evaluate((g) => window.playground.load(g, {}), to);
  const ms = Date.now() - started;
  await page.waitForTimeout(500);
  await page.close();
  const files = fetched.filter((f) => f.url !== '?').map((f) => new URL(f.url).pathname.replace(/^\//, ''));
  return { from, to, ms, bytes: fetched.reduce((s, f) => s + f.bytes, 0), files };
}

// Opens the thinker's page and steps it, recording the main thread's long tasks (over 50 ms) meanwhile.
async function longestTask(browser, base, { game, query, steps }) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  await page.goto(`${base}?game=${game}&seed=1&${query}`);
  await page.evaluate(() => window.playground.ready);
  // The URL's agents take their seats once their files have arrived (a stand-in plays until then).
  const agents = new URLSearchParams(query).get('agents');
  await page.evaluate((g) => window.playground.policiesReady(g), game);
  await page.waitForFunction((a) => window.playground.state().agents.join() === a, agents, { timeout: 120000 });
  await page.evaluate(() => {
    window.__tasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push(e.duration); })
      .observe({ type: 'longtask' });
  });
  const started = Date.now();
  const result = await page.evaluate(async (n) => {
    let last = null;
    for (let i = 0; i < n; i++) {
      last = await window.playground.step();
      if (last.done || last.result !== 'played') break;
    }
    return { step: last.step, result: last.result };
  }, steps);
  const seconds = (Date.now() - started) / 1000;
  await page.waitForTimeout(200);  // the last frames' tasks reach the observer
  const tasks = await page.evaluate(() => window.__tasks);
  await page.close();
  return { longest: tasks.length ? Math.max(...tasks) : 0, count: tasks.length, seconds, ...result };
}

// Seconds of one decision of `d` with `build` ('speed' or 'size') thinking: the page opens with humans seated
// (nothing thinks), the build is there (or the thinking module refused), then the agents are seated and step.
async function decisionSeconds(browser, base, d, build) {
  const page = await browser.newPage({ viewport: { width: 1024, height: 640 }, deviceScaleFactor: 0.5 });
  if (build === 'size') await page.route(/-think\.wasm$/, (r) => r.abort());
  const humans = d.seats.map(() => 'human').join(',');
  await page.goto(`${base}?game=${d.game}&seed=1&agents=${humans}&options=${encodeURIComponent(JSON.stringify(d.options))}`);
  await page.evaluate(() => window.playground.ready);
  if (build === 'speed') await page.waitForFunction(() => window.playground.thinkingModule() === 'speed', null, { timeout: 60000 });
  else await page.waitForTimeout(1000);  // the refused download has failed
  const r = await page.evaluate(async (seats) => {
    const api = window.playground;
    await api.setAgents(seats);
    const started = performance.now();
    const s = await api.step();
    return { seconds: (performance.now() - started) / 1000, result: s.result, thought: api.thinkingModule() };
  }, d.seats);
  await page.close();
  if (r.thought !== build) throw new Error(`${d.label}: the ${r.thought} build thought, not the ${build} one`);
  return r;
}

// The native figure beside it: the exact solver on the same level (the CLI's solve prints its seconds).
function nativeSolveSeconds() {
  const file = path.join(fs.mkdtempSync('/tmp/pg-level-'), 'level.txt');
  fs.writeFileSync(file, SOLVER_LEVEL + '\n');
  const out = execFileSync(path.join(root, 'build/native/bin/playground'),
                           ['sokoban', 'solve', '--level', file, '--optimise', 'moves']).toString();
  return Number(/seconds ([0-9.]+)/.exec(out)[1]);
}

async function thinkingSpeeds(browser, base) {
  const rows = [];
  for (const d of DECISIONS) {
    const size = await decisionSeconds(browser, base, d, 'size');
    const speed = await decisionSeconds(browser, base, d, 'speed');
    rows.push({ ...d, size, speed, nativeSeconds: d.native === 'solve' ? nativeSolveSeconds() : null });
  }
  return rows;
}

// The baseline: the longest main-thread task while the page only draws frames (autoplay, random against random,
// nobody thinking) for `ms` milliseconds. With software WebGL every frame is read back to the CPU on the main
// thread (Chromium's software compositing), so frames alone make tasks of tens of milliseconds here.
async function frameBaseline(browser, base, ms = 3000) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  await page.goto(`${base}?game=mancala&seed=1&agents=random,random&speed=20`);
  await page.evaluate(() => window.playground.ready);
  await page.evaluate(() => {
    window.__tasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push(e.duration); })
      .observe({ type: 'longtask' });
    window.playground.setPlaying(true);
  });
  await page.waitForTimeout(ms);
  const tasks = await page.evaluate(() => window.__tasks);
  await page.close();
  return { longest: tasks.length ? Math.max(...tasks) : 0, count: tasks.length, seconds: ms / 1000 };
}

// The machine's CPU time so far (every process: Chromium's GPU process, where software WebGL draws, included),
// in seconds. Meaningful on a quiet machine only.
function machineCpuSeconds() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (f[0] + f[1] + f[2] + f[5] + f[6]) / 100;
}

// The CPU one drawn frame costs at 1400x860 with software WebGL: `frames` steps of random agents, each drawn
// (two animation frames), per frame the page drew (pg_frames_drawn). The baseline: a bare WebGL2 canvas of the
// same size cleared once per animation frame, in the same browser.
async function frameCost(browser, base, game, frames = 60) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  const drawn = () => page.evaluate(() => window.Module.ccall('pg_frames_drawn', 'number', [], []));
  let cpu0, before;
  if (game === null) {
    await page.setContent('<canvas id=c width=1400 height=860 style="width:1400px;height:860px"></canvas>');
    cpu0 = machineCpuSeconds();
    await page.evaluate(async (n) => {
      const gl = document.getElementById('c').getContext('webgl2', { alpha: false, antialias: false });
      for (let i = 0; i < n; i++) {
        gl.clearColor(i % 2, 0.5, 0.2, 1);
        gl.clear(gl.COLOR_BUFFER_BIT);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    }, frames * 2);
    const ms = ((machineCpuSeconds() - cpu0) * 1000) / (frames * 2);
    await page.close();
    return ms;
  }
  await page.goto(`${base}?game=${game}&seed=1`);
  await page.evaluate(() => window.playground.ready);
  await page.evaluate(() => window.playground.setAgents(window.playground.state().agents.map(() => 'random').join(',')));
  await page.waitForTimeout(500);
  before = await drawn();
  cpu0 = machineCpuSeconds();
  for (let i = 0; i < frames; i++) {
    const s = await page.evaluate(async () => {
      const r = await window.playground.step();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return r;
    });
    if (s.done) await page.evaluate(() => window.playground.reset(window.playground.state().seed + 1));
  }
  const ms = ((machineCpuSeconds() - cpu0) * 1000) / Math.max(1, (await drawn()) - before);
  await page.close();
  return ms;
}

export async function pageBench({ site = path.join(root, 'build/wasm/site'), loads = 3, only = null } = {}) {
  const built = fs.readdirSync(site).map((f) => /^playground-([a-z_]+)\.wasm$/.exec(f)).filter(Boolean).map((m) => m[1]);
  if (only && !built.includes(only)) throw new Error(`--game ${only}: no playground-${only}.wasm in ${site}`);
  const games = only ? [only] : built;
  const server = await startServer({ dir: site, port: 0 });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const blankDir = fs.mkdtempSync('/tmp/pg-blank-');
  fs.writeFileSync(path.join(blankDir, 'index.html'), '<!doctype html><title>blank</title><p>blank</p>');
  const blank = await startServer({ dir: blankDir, port: 0 });
  const browser = await launchChromium();
  const frames = [];
  try {
    // The baseline: a blank page's load in the same browser.
    const blankLoads = [];
    for (let i = 0; i < loads; i++) {
      const b = await browser.newPage();
      await b.goto(`http://127.0.0.1:${blank.address().port}/`, { waitUntil: 'load' });
      blankLoads.push(await b.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd));
      await b.close();
    }
    for (const game of games) {
      const fast = [], slow = [];
      let bytes = 0;
      for (let i = 0; i < loads; i++) {
        fast.push((await firstFrame(browser, `${base}?game=${game}`, false)).ms);
        const s = await firstFrame(browser, `${base}?game=${game}`, true);
        slow.push(s.ms);
        bytes = s.bytes;
      }
      frames.push({ game, ms: median(fast), throttledMs: median(slow), bytes });
    }
    const switches = [];
    const from = built.find((g) => g !== games[0]) === undefined ? games[0] : (only ? built.find((g) => g !== only) : games[0]);
    for (const to of games.filter((g) => g !== from)) switches.push(await switchGame(browser, base, from, to));
    const clearMs = await frameCost(browser, base, null);
    const frameCosts = [];
    for (const game of games) frameCosts.push({ game, ms: await frameCost(browser, base, game) });
    const baseline = await frameBaseline(browser, base);
    const thinkers = [];
    for (const t of THINKERS.filter((x) => games.includes(x.game))) thinkers.push({ ...t, ...(await longestTask(browser, base, t)) });
    const speeds = only && !DECISIONS.some((d) => d.game === only) ? [] : await thinkingSpeeds(browser, base);
    return { frames, switches, baseline, thinkers, blankMs: median(blankLoads), clearMs, frameCosts, speeds };
  } finally {
    await browser.close();
    server.close();
    blank.close();
  }
}

export function printPageBench({ frames, switches, baseline, thinkers, blankMs, clearMs, frameCosts, speeds }, table) {
  console.log('\n# The first frame per game, headless Chromium with software WebGL (median; the server sends gzip)\n');
  table([['game', 'loopback ms', 'vs blank page', 'throttled ms', 'target', 'fetched (throttled run)'],
    ['blank page (baseline)', blankMs.toFixed(0), '1.0x', '', '', ''],
    ...frames.map((f) => [f.game, f.ms.toFixed(0), (f.ms / blankMs).toFixed(1) + 'x', f.throttledMs.toFixed(0),
      f.throttledMs <= TARGET_FIRST_FRAME_MS ? `met (<= ${TARGET_FIRST_FRAME_MS})` : `NOT met (> ${TARGET_FIRST_FRAME_MS})`,
      (f.bytes / 1024).toFixed(1) + ' KiB'])]);
  console.log('\nthrottled: 1.6 Mbit/s down, 150 ms latency, cache disabled (Chromium network emulation).');
  console.log('\n# Switching game in the page (playground.load): what the switch fetched\n');
  table([['from', 'to', 'ms', 'fetched', 'files'],
    ...switches.map((s) => [s.from, s.to, s.ms.toFixed(0), (s.bytes / 1024).toFixed(1) + ' KiB', s.files.join(' ')])]);
  console.log('\n# The CPU a drawn frame costs, 1400x860, software WebGL (every process of the machine: run it quiet)\n');
  table([['page', 'CPU ms per frame', 'vs a bare clear'],
    ['a WebGL2 canvas cleared each frame (baseline)', clearMs.toFixed(1), '1.0x'],
    ...frameCosts.map((f) => [f.game + ', random agents stepping', f.ms.toFixed(1), (f.ms / clearMs).toFixed(1) + 'x'])]);
  console.log('\n# The longest main-thread task while the strongest agents decide (long tasks: over 50 ms)\n');
  const ratio = (ms) => (baseline.longest ? (ms / baseline.longest).toFixed(1) + 'x' : '');
  table([['game', 'agents and position', 'steps', 'seconds', 'long tasks', 'longest ms', 'vs frames only', 'target'],
    ['mancala', 'agents=random,random&speed=20, autoplay (baseline: frames only)', '', baseline.seconds.toFixed(1),
      baseline.count, baseline.longest.toFixed(0), '1.0x', ''],
    ...thinkers.map((t) => [t.game, decodeURIComponent(t.query), `${t.step} (${t.result})`, t.seconds.toFixed(1), t.count,
      t.longest.toFixed(0), ratio(t.longest),
      t.result !== 'played' ? 'not measured: the agent ' + t.result
        : t.longest <= TARGET_LONGEST_TASK_MS ? `met (<= ${TARGET_LONGEST_TASK_MS})` : 'NOT met'])]);
  console.log('\nWith software WebGL each frame is read back to the CPU on the main thread: the baseline is the page');
  console.log('drawing frames with nobody thinking. Agents think in the worker; the page draws no frames meanwhile.');
  if (!speeds || speeds.length === 0) return;
  console.log('\n# One decision in the page\'s worker, with each build of the engine thinking (seconds; a fresh worker)\n');
  const per = (d, r) => (d.playouts ? `${r.seconds.toFixed(2)} (${(d.playouts / r.seconds / 1000).toFixed(1)}k/s)` : r.seconds.toFixed(2));
  table([['decision', 'page module (size)', 'thinking module (speed)', 'speed vs size', 'native'],
    ...speeds.map((d) => [d.label, per(d, d.size), per(d, d.speed), (d.size.seconds / d.speed.seconds).toFixed(1) + 'x',
      d.nativeSeconds === null ? '' : d.nativeSeconds.toFixed(2) + ` (thinking module: ${(d.nativeSeconds / d.speed.seconds).toFixed(2)}x native)`])]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => { const i = args.indexOf('--' + name); return i >= 0 ? args[i + 1] : fallback; };
  const table = (rows) => {
    const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
    for (const r of rows) console.log(r.map((cell, c) => String(cell).padEnd(widths[c])).join('  '));
  };
  printPageBench(await pageBench({ site: path.resolve(root, opt('site', 'build/wasm/site')), loads: Number(opt('loads', '3')),
                                    only: opt('game', null) }), table);
}
