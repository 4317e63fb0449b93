// A student's program deciding in the page: Kalah decisions per second of Python's random starter in seat 0
// through `playground connect` (the page's worker asks the bridge over HTTP on 127.0.0.1, the bridge asks the
// program over its pipes), against the built-in random agent in seat 0 of the same page, in the same browser and
// run; whole steps as `playground.step()` takes them, the page's frame included. Goal: at least 200 decisions a
// second through the bridge. Run by bench/run_benchmarks.mjs (scripts/bench.sh), or alone:
//   node bench/program_page_bench.mjs [--site build/wasm/site] [--games 20]
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { launchChromium } = await import(path.join(root, 'tests/browser/chromium.mjs'));
const { startServer } = await import(path.join(root, 'scripts/serve.mjs'));
export const TARGET_PAGE_DECISIONS_PER_SECOND = 200;
const STARTER = 'python3 examples/agents/random_agent.py';

// Starts `playground connect` for the page at `base`; resolves with the link's query (program=...&key=...).
function connect(base) {
  const child = spawn(path.join(root, 'build/native/bin/playground'),
                      ['connect', '--port', '0', '--page', base, '--', STARTER], { cwd: root });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const link = /(http:\/\/\S*[?&]program=\S+)/.exec(out);
      if (link && /listening on 127\.0\.0\.1:\d+/.test(out)) resolve({ child, params: new URL(link[1]).search.slice(1) });
    });
    child.on('exit', (code) => reject(new Error(`playground connect exited (${code}): ${out}`)));
  });
}

// Seat 0's decisions per second over `games` whole games of Kalah stepped through the page's API: the time of the
// steps seat 0 played, so the other seat's agent does not count.
async function rate(browser, url, games) {
  const page = await browser.newPage({ viewport: { width: 1024, height: 640 } });
  await page.goto(url);
  await page.evaluate(() => window.playground.ready);
  const result = await page.evaluate(async (n) => {
    const api = window.playground;
    let decisions = 0;
    let ms = 0;
    await api.step();  // the program's start, before the clock
    for (let g = 0; g < n; ++g) {
      api.reset(g + 1);
      for (;;) {
        const seat = api.state().to_move;
        const started = performance.now();
        const s = await api.step();
        if (s.result !== 'played') throw new Error(`step ${s.step}: ${s.result} ${s.note || ''}`);
        if (seat === 0) ms += performance.now() - started, ++decisions;
        if (s.done) break;
      }
    }
    return { decisions, seconds: ms / 1000 };
  }, games);
  await page.close();
  return { ...result, per_second: result.decisions / result.seconds };
}

export async function programPageBench({ site = path.join(root, 'build/wasm/site'), games = 20 } = {}) {
  const server = await startServer({ dir: site, port: 0 });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const bridge = await connect(base);
  const browser = await launchChromium();
  try {
    const builtIn = await rate(browser, `${base}?game=mancala&agents=random,random`, games);
    const program = await rate(browser, `${base}?game=mancala&agents=program,random&${bridge.params}`, games);
    return [{ agent: 'random (built in, the page)', ...builtIn }, { agent: `program:${STARTER} (the bridge)`, ...program }];
  } finally {
    await browser.close();
    bridge.child.kill('SIGINT');
    server.close();
  }
}

export function printProgramPageBench(rows, table, fmt) {
  table([['agent', 'decisions', 'decisions/s', 'vs random'],
         ...rows.map((r) => [r.agent, String(r.decisions), fmt(r.per_second),
                             (r.per_second / rows[0].per_second).toFixed(3) + 'x'])]);
  const program = rows[1];
  console.log(`${program.agent}: ${fmt(program.per_second)} decisions/s in the page (goal >= ` +
              `${TARGET_PAGE_DECISIONS_PER_SECOND}/s): ` +
              (program.per_second >= TARGET_PAGE_DECISIONS_PER_SECOND ? 'met' : 'NOT met'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const fmt = (n) => (n >= 1e3 ? (n / 1e3).toFixed(1) + 'k' : n.toFixed(0));
  const table = (rows) => rows.forEach((r) => console.log(r.join('  |  ')));
  printProgramPageBench(await programPageBench({ site: path.resolve(arg('--site', path.join(root, 'build/wasm/site'))),
                                                 games: Number(arg('--games', 20)) }), table, fmt);
}
