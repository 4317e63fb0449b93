// What several embedded playgrounds on one page cost in memory (docs/embedding.md): a page of another origin
// with 1, 3 and 6 playgrounds in iframes, each driven through embed.js until it is ready, its agents are
// seated (the policy files they need are in) and the agent to move has decided (its worker started), in
// headless Chromium (software WebGL: SwiftShader, in the GPU process). The browser's memory is summed over its
// processes (the browser, the GPU and utility processes, a renderer per site; /proc/PID/smaps_rollup): its
// anonymous and shared memory (Pss_Anon + Pss_Shmem: heaps, WebAssembly memories, buffers shared with the GPU
// process, each shared page split among the processes that map it), measured with the host page empty and
// again with the playgrounds in it, each once it has settled (two readings a second apart within 1%), in a
// fresh browser for each run; each row is the run of median growth of --runs. File-backed pages (Chromium's
// code) are left out of the growth: their Pss is split with every other Chromium on the machine (another test
// run), so it moves with them; Pss with them and VmRSS are printed too.
//   node bench/embed_memory.mjs [--site build/wasm/site] [--counts 1,3,6] [--runs 3]
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { launchChromium } = await import(path.join(root, 'tests/browser/chromium.mjs'));
const { startServer } = await import(path.join(root, 'scripts/serve.mjs'));

const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf('--' + name); return i >= 0 ? args[i + 1] : fallback; };
const site = path.resolve(root, opt('site', 'build/wasm/site'));
const counts = opt('counts', '1,3,6').split(',').map(Number);
const runs = Number(opt('runs', 3));

// The embeds: docs/embedding.md's examples in order (the first N of them), or N times tic-tac-toe (the smallest).
const DOCS_SET = [
  'game=sokoban&level=teaching:3&agents=solver',
  'game=mancala&agents=ntuple:5,greedy:5&step=12',
  'game=zuma&options=' + encodeURIComponent('{"scenario":"grading"}') + '&agents=trained',
  'game=morris&agents=perfect,learned',
  'game=binary&options=' + encodeURIComponent('{"width":5,"height":5}') + '&agents=solver,patterns',
  'game=tictactoe&agents=perfect,human',
];
const SETS = {
  'tic-tac-toe': (n) => Array(n).fill('game=tictactoe&agents=perfect,random'),
  'docs examples': (n) => DOCS_SET.slice(0, n),
};
const EMBED = '&embed=1&panels=board,inspector,timeline&origins=*';
const FRAME = { width: 480, height: 360 };

// The host page: the playgrounds in a grid, all in view (a browser does not draw a frame of another origin
// out of view, and the playground starts at its first frame); window.embedsDone once each is settled.
function hostPage(playground, queries) {
  const frames = queries.map((q) => `<iframe src="${playground}?${q}${EMBED}" width="${FRAME.width}" height="${FRAME.height}"` +
    ' allow="clipboard-write" sandbox="allow-scripts allow-same-origin allow-downloads allow-popups"></iframe>').join('\n');
  return `<!doctype html><meta charset="utf-8"><title>embeds</title>
<style>body { margin: 0; display: flex; flex-wrap: wrap; width: ${3 * FRAME.width}px } iframe { border: 0 }</style>
${frames}
<script src="${playground}embed.js"></script>
<script>
window.embedsDone = Promise.all([...document.querySelectorAll('iframe')].map(async (iframe) => {
  const pg = Playground.connect(iframe, { timeout: 120000 });
  const state = await pg.ready;
  await pg.setAgents(new URL(iframe.src).searchParams.get('agents'));  // resolved once their files are in
  await pg.policy();
  return state.game;
}));
</script>`;
}

// The browser's processes: it and every process below it.
function processTree(rootPid) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch (e) { /* gone meanwhile */ }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; ++i) {
    for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  }
  return tree;
}
const kbField = (text, name) => Number((new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text) || [0, 0])[1]);
// {processes, memMB (Pss_Anon + Pss_Shmem), pssMB, rssMB} summed over the browser's processes.
async function browserMemory(browser) {
  // The browser process's id, as Chromium reports it (DevTools' SystemInfo domain).
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  await cdp.detach();
  const browserPid = processInfo.find((p) => p.type === 'browser').id;
  let rss = 0;
  let pss = 0;
  let mem = 0;
  let processes = 0;
  for (const pid of processTree(browserPid)) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rss += kbField(status, 'VmRSS');
      pss += kbField(rollup, 'Pss');
      mem += kbField(rollup, 'Pss_Anon') + kbField(rollup, 'Pss_Shmem');
      processes += 1;
    } catch (e) { /* gone meanwhile */ }
  }
  return { processes, memMB: mem / 1024, pssMB: pss / 1024, rssMB: rss / 1024 };
}
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// The memory once it has settled: read each second until two readings in a row are within 1% (at most
// 30 s; processes start and caches fill after a page's load).
async function settledMemory(browser) {
  let last = await browserMemory(browser);
  for (let i = 0; i < 30; ++i) {
    await pause(1000);
    const now = await browserMemory(browser);
    if (Math.abs(now.memMB - last.memMB) < 0.01 * last.memMB && now.processes === last.processes) return now;
    last = now;
  }
  return last;
}

async function measure(playground, hostBase, setName, n) {
  const browser = await launchChromium();
  try {
    const viewport = { width: 3 * FRAME.width, height: 2 * FRAME.height };
    const blank = await browser.newPage({ viewport });
    await blank.goto(`${hostBase}host?set=${encodeURIComponent(setName)}&n=0`);
    const before = await settledMemory(browser);
    const page = await browser.newPage({ viewport });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${hostBase}host?set=${encodeURIComponent(setName)}&n=${n}`);
    const games = await page.evaluate(() => window.embedsDone);
    const after = await settledMemory(browser);
    // The WebAssembly memory of the playgrounds' page modules (their workers' are not visible from here).
    let wasm = 0;
    for (const frame of page.frames().slice(1)) {
      wasm += await frame.evaluate(() => (window.Module && window.Module.HEAPU8 ? window.Module.HEAPU8.length : 0));
    }
    if (errors.length) throw new Error(`the host page failed: ${errors.join('; ')}`);
    return { setName, n, games, before, after, wasmMB: wasm / 1048576 };
  } finally {
    await browser.close();
  }
}

const siteServer = await startServer({ dir: site, port: 0 });
const playground = `http://127.0.0.1:${siteServer.address().port}/`;
// The host pages, from another origin (localhost: another site, so the playgrounds run in a renderer of their own).
const hostServer = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const make = SETS[url.searchParams.get('set')];
  if (url.pathname !== '/host' || !make) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(hostPage(playground, make(Number(url.searchParams.get('n')))));
});
await new Promise((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
const hostBase = `http://localhost:${hostServer.address().port}/`;

const mb = (x) => x.toFixed(0).padStart(7);
console.log(`Embedded playgrounds' memory in headless Chromium (${path.relative(root, site)}; ` +
            "summed over the browser's processes, MB; median of " + runs + ' runs)');
// memory: Pss_Anon + Pss_Shmem; growth: with the playgrounds minus empty; "each after the first": (growth - the
// growth of the set's first row) / (embeds - that row's embeds): the first playground also brings the renderer
// process of the playground's site.
console.log('set            embeds  processes  memory empty  memory with  growth  each after the first' +
            '  Pss with  RSS with  wasm heaps');
try {
  for (const setName of Object.keys(SETS)) {
    let first = null;
    for (const n of counts) {
      const all = [];
      for (let i = 0; i < runs; ++i) all.push(await measure(playground, hostBase, setName, n));
      const deltaOf = (x) => x.after.memMB - x.before.memMB;
      all.sort((a, b) => deltaOf(a) - deltaOf(b));
      const r = all[Math.floor(all.length / 2)];
      const delta = deltaOf(r);
      first = first || { n, delta };
      const each = n > first.n ? mb((delta - first.delta) / (n - first.n)) : '      -';
      console.log(`${setName.padEnd(14)} ${String(n).padStart(6)}  ${String(r.after.processes).padStart(9)}  ` +
                  `${mb(r.before.memMB).padStart(12)}  ${mb(r.after.memMB).padStart(11)}  ${mb(delta).padStart(6)}  ` +
                  `${each.padStart(20)}  ${mb(r.after.pssMB).padStart(8)}  ${mb(r.after.rssMB).padStart(8)}  ` +
                  `${mb(r.wasmMB).padStart(10)}` +
                  (setName === 'docs examples' ? `   (${r.games.join(', ')})` : ''));
    }
  }
} finally {
  hostServer.close();
  siteServer.close();
}
