// The page's download, gzip-compressed as a server would send it (zlib level 9): what the first frame
// needs (index.html, playground.js, playground.wasm) and what each game adds when it is opened (its policy
// files, from policies/manifest.json). With a second site directory, both side by side (before, after).
//   node scripts/size_report.mjs [SITE_DIR] [BEFORE_SITE_DIR]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KiB = 1024;
const TARGET_KIB = 500;
const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kib = (n) => (n / KiB).toFixed(1).padStart(8) + ' KiB';
const FIRST_FRAME = ['index.html', 'playground.js', 'playground.wasm'];

function measure(dir) {
  const first = {};
  for (const f of FIRST_FRAME) {
    const p = path.join(dir, f);
    if (!fs.existsSync(p)) throw new Error(`${p} is missing: build the site first (bash scripts/build.sh wasm)`);
    first[f] = { raw: fs.statSync(p).size, gzip: gz(p) };
  }
  const games = {};
  const manifestPath = path.join(dir, 'policies/manifest.json');
  if (fs.existsSync(manifestPath)) {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
    for (const [game, files] of Object.entries(manifest.games)) {
      games[game] = files.map((f) => {
        const p = path.join(dir, 'policies', f.path);
        return { path: f.path, raw: fs.statSync(p).size, gzip: gz(p) };
      });
    }
  }
  const total = Object.values(first).reduce((s, f) => s + f.gzip, 0);
  return { dir, first, games, total };
}

function print(m, label) {
  console.log(`${label}: ${m.dir}`);
  console.log('  first frame (gzip, raw):');
  for (const [f, s] of Object.entries(m.first)) console.log(`    ${f.padEnd(34)} ${kib(s.gzip)}  ${kib(s.raw)}`);
  console.log(`    ${'total'.padEnd(34)} ${kib(m.total)}  (target: under ${TARGET_KIB} KiB)`);
  const names = Object.keys(m.games);
  if (names.length === 0) {
    console.log('  each game adds: nothing (its policies are compiled into playground.wasm)');
    return;
  }
  console.log('  each game adds, when opened (gzip, raw):');
  for (const game of names) {
    const files = m.games[game];
    const sum = files.reduce((s, f) => s + f.gzip, 0), raw = files.reduce((s, f) => s + f.raw, 0);
    console.log(`    ${game.padEnd(34)} ${kib(sum)}  ${kib(raw)}`);
    for (const f of files) console.log(`      ${f.path.padEnd(32)} ${kib(f.gzip)}  ${kib(f.raw)}`);
  }
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const after = measure(path.resolve(root, process.argv[2] || 'build/wasm/site'));
if (process.argv[3]) {
  const before = measure(path.resolve(root, process.argv[3]));
  print(before, 'before');
  print(after, 'after');
  console.log(`first frame: ${kib(before.total).trim()} -> ${kib(after.total).trim()} gzip ` +
              `(${(100 * (after.total - before.total) / before.total).toFixed(0)}%)`);
} else {
  print(after, 'site');
}
if (after.total > TARGET_KIB * KiB) {
  console.log(`the first frame is over the ${TARGET_KIB} KiB target`);
  process.exitCode = 1;
}
