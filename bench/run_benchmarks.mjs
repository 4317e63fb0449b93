// Runs every benchmark and prints the figures with their ratios:
//   - the engine kernels natively and in WebAssembly (node), each against its
//     game's own fast path in the same process, and wasm against native;
//   - the neural-network forward pass (batch size 1) of the sources' nets,
//     natively and in WebAssembly, against libtorch's single-threaded native
//     forward measured in this same run (build/native/bin/bench_torch);
//   - a student's program as an agent (program:COMMAND, Python's random starter): decisions per second
//     through its pipes, against the built-in random agent in the same process, and in the page through
//     `playground connect` against the built-in random agent in the same page (bench/program_page_bench.mjs);
//   - the size of the static site, raw and gzip;
//   - per game, the time from navigation to the first rendered frame in
//     headless Chromium (on loopback, against a blank page's load in the same
//     browser, and on a throttled connection), and the longest main-thread
//     task while its strongest agents decide (bench/page_bench.mjs).
// Usage: node bench/run_benchmarks.mjs [--seconds 1] [--loads 5]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf('--' + name); return i >= 0 ? args[i + 1] : fallback; };
const seconds = opt('seconds', '1');
const loads = Number(opt('loads', '5'));

function fmt(n) { return n >= 1e6 ? (n / 1e6).toFixed(2) + 'M' : n >= 1e3 ? (n / 1e3).toFixed(1) + 'k' : n.toFixed(0); }
function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  for (const r of rows) console.log(r.map((cell, c) => String(cell).padEnd(widths[c])).join('  '));
}

// --- engine kernels ----------------------------------------------------------
console.log(`\n# Engine kernels (${seconds} s each; ratios are against the game's own fast path in the same process)\n`);
const native = JSON.parse(execFileSync(path.join(root, 'build/native/bin/bench_harness_native'), ['--seconds', seconds]));
const wasm = JSON.parse(execFileSync('node', [path.join(root, 'build/wasm/bin/bench_wasm.js'), '--seconds', seconds]));
const rows = [['kernel', 'baseline', 'native/s', 'vs baseline', 'wasm/s', 'vs baseline', 'wasm/native', 'wasm = native', 'same games']];
let sameEverywhere = true;
for (const n of native.filter((k) => k.baseline !== 'libtorch')) {
  const w = wasm.find((k) => k.kernel === n.kernel);
  const same = n.reference_checksum === w.reference_checksum;
  const games = !n.same_games_as ? '-' : n.same_games && w.same_games ? 'as ' + n.same_games_as : 'NO';
  sameEverywhere = sameEverywhere && same && games !== 'NO';
  rows.push([n.kernel, n.baseline, fmt(n.per_second), n.vs_baseline.toFixed(3) + 'x', fmt(w.per_second),
             w.vs_baseline.toFixed(3) + 'x', (w.per_second / n.per_second).toFixed(2), same ? 'yes' : 'NO', games]);
}
table(rows);
console.log('\n"same games": the kernel played the games of the kernel named, move for move (equal checksums); ' +
            '"wasm = native": the same result in both builds.');
if (!sameEverywhere) console.log('WARNING: a kernel disagrees with its baseline or with the other build (see NO above).');
// Issue 14's targets for the generic interface.
for (const [generic, target] of [['kalah_random_moves_generic', 0.25], ['zuma_random_steps_generic', 0.25]]) {
  for (const [build, list] of [['native', native], ['wasm', wasm]]) {
    const k = list.find((x) => x.kernel === generic);
    console.log(`${generic} (${build}): ${k.vs_baseline.toFixed(3)}x its fast path (target >= ${target}x): ` +
                (k.vs_baseline >= target ? 'met' : 'NOT met'));
  }
}

// The course's engine, as written from the spec in Python (tools/zuma_reference.py), on this machine.
const zumaFast = native.find((k) => k.kernel === 'zuma_random_steps_fast');
try {
  const out = execFileSync('python3', [path.join(root, 'tools/zuma_reference.py'), '--bench']).toString();
  const python = Number(out.match(/([0-9.]+) random steps\/s/)[1]);
  console.log(`Zuma random steps natively: ${fmt(zumaFast.per_second)}/s = ${(zumaFast.per_second / python).toFixed(0)}x ` +
              `the Python reference engine's ${fmt(python)}/s measured just now (the issue quotes 157k/s for the course's).`);
} catch (e) {
  console.log(`Python reference engine not measured: ${e.message}`);
}

// --- neural-network forward ------------------------------------------------------
const torchBench = path.join(root, 'build/native/bin/bench_torch');
console.log('\n# Neural-network forward, batch size 1: latency, and ratios against libtorch native ' +
            '(1 thread, eval, no autograd; lower is faster)\n');
let torch = null;
if (fs.existsSync(torchBench)) {
  torch = JSON.parse(execFileSync(torchBench, ['--seconds', seconds]));
} else {
  console.log('libtorch baseline not built (PG_TRAINING off: scripts/setup.sh installs libtorch-dev)\n');
}
const us = (k) => (1e6 / k.per_second);
const nnRows = [['net', 'ours native µs', 'ours wasm µs', 'libtorch µs', 'native/libtorch', 'wasm/libtorch', 'wasm/native', 'wasm = native']];
for (const n of native.filter((k) => k.baseline === 'libtorch')) {
  const w = wasm.find((k) => k.kernel === n.kernel);
  const t = torch && torch.find((k) => k.kernel === n.kernel);
  nnRows.push([n.kernel.replace(/^nn_|_forward$/g, ''), us(n).toFixed(1), us(w).toFixed(1), t ? us(t).toFixed(1) : '-',
               t ? (us(n) / us(t)).toFixed(2) : '-', t ? (us(w) / us(t)).toFixed(2) : '-', (us(w) / us(n)).toFixed(2),
               n.reference_checksum === w.reference_checksum ? 'yes' : 'NO']);
}
table(nnRows);
console.log('\nTarget: wasm/libtorch <= 2 (sokoban: 7x9x11 planes, 3.3M parameters; morris: 16 -> 1, 49.5k parameters).');

// Every file under dir, as paths relative to it (Node 18 has no recursive readdir).
function listFiles(dir, prefix = '') {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(dir, path.join(prefix, e.name)) : [path.join(prefix, e.name)]);
}

// --- a student's program as an agent ------------------------------------------------
console.log('\n# A program as an agent (program:COMMAND): Kalah decisions per second through its pipes, against the ' +
            'built-in random agent in the same process\n');
const programAgent = JSON.parse(execFileSync(path.join(root, 'build/native/bin/bench_program_agent'), ['--seconds', seconds]));
const [builtIn, program] = programAgent;
table([['agent', 'decisions/s', 'vs random'],
       ...programAgent.map((a) => [a.agent, fmt(a.per_second), (a.per_second / builtIn.per_second).toFixed(5) + 'x'])]);
console.log(`${program.agent}: ${fmt(program.per_second)} decisions/s (goal >= 2,000/s): ` +
            (program.per_second >= 2000 ? 'met' : 'NOT met'));

// --- a student's program in the page, through the bridge ---------------------------------------------------
console.log('\n# A program in the page (playground connect): Kalah decisions per second of seat 0, a Python program ' +
            'through the bridge against the built-in random agent, in one headless Chromium\n');
const { programPageBench, printProgramPageBench } = await import(path.join(root, 'bench/program_page_bench.mjs'));
printProgramPageBench(await programPageBench({ site: path.join(root, 'build/wasm/site') }), table, fmt);

// --- site size -------------------------------------------------------------------
const site = path.join(root, 'build/wasm/site');
console.log('\n# Site size (build/wasm/site)\n');
let raw = 0, gz = 0;
const sizeRows = [['file', 'raw', 'gzip -9']];
for (const f of listFiles(site)) {
  const p = path.join(site, f);
  if (!fs.statSync(p).isFile()) continue;
  const data = fs.readFileSync(p);
  const z = zlib.gzipSync(data, { level: 9 }).length;
  raw += data.length; gz += z;
  sizeRows.push([f, (data.length / 1024).toFixed(1) + ' KiB', (z / 1024).toFixed(1) + ' KiB']);
}
sizeRows.push(['total', (raw / 1024).toFixed(1) + ' KiB', (gz / 1024).toFixed(1) + ' KiB (' + (gz / raw * 100).toFixed(0) + '%)']);
table(sizeRows);

// --- the page in headless Chromium: first frames, and the main thread while agents decide -----------------
const { pageBench, printPageBench } = await import(path.join(root, 'bench/page_bench.mjs'));
printPageBench(await pageBench({ site, loads }), table);
