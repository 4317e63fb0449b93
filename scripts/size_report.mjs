// The page's download per game, gzip-compressed as a server would send it (zlib level 9): what the first frame
// of ?game=<game> needs (index.html, playground-<game>.js, playground-<game>.wasm), what follows it (the help
// texts), and the game's policy files (each fetched when an agent asks for it). With a second site directory,
// both side by side (before, after). Exits 1 when a game's first frame is over the target.
//   node scripts/size_report.mjs [SITE_DIR] [BEFORE_SITE_DIR]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KiB = 1024;
const TARGET_KIB = 400;
const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kib = (n) => (n / KiB).toFixed(1).padStart(8) + ' KiB';
const sizes = (file) => ({ raw: fs.statSync(file).size, gzip: gz(file) });

function measure(dir) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html is missing: build the site first (bash scripts/build.sh wasm)`);
  }
  const games = fs.readdirSync(dir).map((f) => /^playground-([a-z_]+)\.wasm$/.exec(f)).filter(Boolean).map((m) => m[1]);
  const manifestPath = path.join(dir, 'policies/manifest.json');
  const manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')).games : {};
  const shared = { 'index.html': sizes(path.join(dir, 'index.html')) };
  const after = fs.existsSync(path.join(dir, 'texts.txt')) ? { 'texts.txt': sizes(path.join(dir, 'texts.txt')) } : {};
  const result = {};
  for (const game of games.sort()) {
    const first = { ...shared };
    for (const f of [`playground-${game}.js`, `playground-${game}.wasm`]) first[f] = sizes(path.join(dir, f));
    const policies = (manifest[game] || []).map((f) => ({ path: f.path, ...sizes(path.join(dir, 'policies', f.path)) }));
    const total = Object.values(first).reduce((s, f) => s + f.gzip, 0);
    result[game] = { first, total, policies };
  }
  return { dir, games: result, after };
}

function print(m, label) {
  console.log(`${label}: ${m.dir}`);
  console.log(`  the first frame of each game (gzip, raw; target: at most ${TARGET_KIB} KiB gzip):`);
  for (const [game, g] of Object.entries(m.games)) {
    const raw = Object.values(g.first).reduce((s, f) => s + f.raw, 0);
    console.log(`    ${game.padEnd(34)} ${kib(g.total)}  ${kib(raw)}${g.total > TARGET_KIB * KiB ? '  OVER' : ''}`);
    for (const [f, s] of Object.entries(g.first)) console.log(`      ${f.padEnd(32)} ${kib(s.gzip)}  ${kib(s.raw)}`);
  }
  for (const [f, s] of Object.entries(m.after)) console.log(`  after the first frame: ${f.padEnd(19)} ${kib(s.gzip)}  ${kib(s.raw)}`);
  console.log('  policy files, each fetched when an agent asks for it (gzip, raw):');
  for (const [game, g] of Object.entries(m.games)) {
    const sum = g.policies.reduce((s, f) => s + f.gzip, 0), raw = g.policies.reduce((s, f) => s + f.raw, 0);
    console.log(`    ${game.padEnd(34)} ${kib(sum)}  ${kib(raw)}`);
    for (const f of g.policies) console.log(`      ${f.path.padEnd(32)} ${kib(f.gzip)}  ${kib(f.raw)}`);
  }
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const after = measure(path.resolve(root, process.argv[2] || 'build/wasm/site'));
if (process.argv[3]) {
  const before = measure(path.resolve(root, process.argv[3]));
  print(before, 'before');
  print(after, 'after');
  for (const game of Object.keys(after.games)) {
    const b = before.games[game];
    if (b) console.log(`${game}: first frame ${kib(b.total).trim()} -> ${kib(after.games[game].total).trim()} gzip`);
  }
} else {
  print(after, 'site');
}
const over = Object.entries(after.games).filter(([, g]) => g.total > TARGET_KIB * KiB).map(([game]) => game);
if (Object.keys(after.games).length === 0) {
  console.log('no page modules (playground-<game>.wasm) in the site');
  process.exitCode = 1;
} else if (over.length) {
  console.log(`over the ${TARGET_KIB} KiB target: ${over.join(', ')}`);
  process.exitCode = 1;
}
