// Writes the folder to put on any static host (docs/hosting.md) from the built site (build/wasm/site):
//   node scripts/build_site.mjs [--from build/wasm/site] [OUT]        (OUT: build/site by default)
// - Every file the page fetches gets a content-hashed name (playground-mancala.<10 hex of sha256>.wasm,
//   worker.<hash>.js, texts.<hash>.txt, policies/manifest.<hash>.json, policies/mancala/ntuple_averaged.<hash>.json),
//   so that a host may let browsers keep it for a year: a new build has new names. index.html keeps its name and
//   carries the map from each file's name to its hashed URL and raw size (shell.html's `const SITE`); so do the
//   files outsiders link to (embed.js, assets/), served to be revalidated.
// - Beside every compressible file, its .gz (zlib level 9) and .br (brotli, quality 11), for servers that send a
//   file's precompressed variant (nginx gzip_static/brotli_static, Apache rewrite rules); a variant that would not
//   be smaller is not written.
// - site-manifest.json lists every file (name, hashed name, raw/gzip/br bytes) and each game's download; the
//   per-game table is printed too. Apache's settings go beside them (.htaccess); other servers ignore it.
// Compressed variants of hashed files are reused from the previous run into OUT (same name, same content).
// Node's standard library only.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { withSite } from './write_index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MANIFEST = 'site-manifest.json';
const FORMAT = 'rl-playground-site-manifest';
// The compression settings; a change makes the next run compress everything anew.
const BROTLI_QUALITY = 11;
const GZIP_LEVEL = 9;
const SETTINGS = { gzip: { level: GZIP_LEVEL }, br: { quality: BROTLI_QUALITY } };
// Formats that are compressed already: no .gz/.br beside them.
const INCOMPRESSIBLE = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.ico', '.woff', '.woff2',
  '.gz', '.br', '.zip', '.zst', '.xz', '.bz2', '.mp3', '.mp4', '.ogg', '.webm']);

// The folder's settings for Apache 2.4 (docs/hosting.md), written as its .htaccess: other servers ignore it.
const HTACCESS = `# The playground's folder on Apache 2.4 (written by scripts/build_site.sh; docs/hosting.md). It needs mod_rewrite,
# mod_headers and mod_mime, and AllowOverride FileInfo Indexes Options (or All) for this folder.
Options -MultiViews
DirectoryIndex index.html

# Types: .wasm as application/wasm. A precompressed variant keeps its original's type (x.wasm.br:
# application/wasm, Content-Encoding br); Debian's mime.conf would make .gz a type and .br a language (Breton).
RemoveType .gz .br
RemoveLanguage .br
AddType application/wasm .wasm
AddType text/javascript .js
AddType application/json .json
AddType text/plain .txt .md
AddType application/octet-stream .rlpg .policy .pgmt
AddEncoding br .br
AddEncoding gzip .gz

# Each file's precompressed variant (x.br, x.gz beside it) to a browser that accepts it; never compressed again.
RewriteEngine On
RewriteCond %{HTTP:Accept-Encoding} \\bbr\\b
RewriteCond %{REQUEST_FILENAME}.br -f
RewriteRule ^(.*)$ $1.br [L]
RewriteCond %{HTTP:Accept-Encoding} \\bgzip\\b
RewriteCond %{REQUEST_FILENAME}.gz -f
RewriteRule ^(.*)$ $1.gz [L]
<FilesMatch "\\.(br|gz)$">
  SetEnv no-gzip 1
  SetEnv no-brotli 1
</FilesMatch>

# Content-hashed names (x.<10 hex>.ext) never change: kept a year. The rest (index.html, embed.js, the assets)
# revalidated on each visit.
Header merge Vary Accept-Encoding
Header set Cache-Control "no-cache"
<FilesMatch "\\.[0-9a-f]{10}\\.[A-Za-z0-9]+(\\.br|\\.gz)?$">
  Header set Cache-Control "public, max-age=31536000, immutable"
</FilesMatch>
`;

class Problem extends Error {}
const fail = (message) => { throw new Problem(message); };
// A path as messages show it: relative to the working folder when inside it.
const shown = (p) => {
  const rel = path.relative(process.cwd(), p);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? p : rel;
};
const REASONS = { EACCES: 'permission denied', EPERM: 'not permitted', EROFS: 'a read-only file system',
  ENOSPC: 'no space left on the device', ENOENT: 'it cannot be created there', ENOTDIR: 'a file is in the way',
  EDQUOT: 'over the disk quota' };
const reason = (e) => (REASONS[e.code] ? `${REASONS[e.code]} (${e.code})` : e.message);

// Whether the page fetches the file (a content-hashed name) or it keeps its name (index.html, embed.js, assets/).
function fetchedByPage(name) {
  return /^playground-[a-z_]+(-think)?\.(js|wasm)$/.test(name) || name === 'worker.js' || name === 'texts.txt' ||
         name.startsWith('policies/');
}
// "policies/mancala/x.json" -> "policies/mancala/x.<hash>.json"; a name without an extension gets ".<hash>".
function hashedName(name, hash) {
  const dir = path.posix.dirname(name);
  const base = path.posix.basename(name);
  const dot = base.lastIndexOf('.');
  const hashed = dot > 0 ? `${base.slice(0, dot)}.${hash}${base.slice(dot)}` : `${base}.${hash}`;
  return dir === '.' ? hashed : `${dir}/${hashed}`;
}

function parseArgs(argv) {
  const options = { from: path.join(ROOT, 'build/wasm/site'), out: path.join(ROOT, 'build/site') };
  const rest = [];
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    if (a === '--from') {
      if (i + 1 >= argv.length) fail('--from needs a folder (the built site, e.g. build/wasm/site)');
      options.from = path.resolve(argv[++i]);
    } else if (a === '-h' || a === '--help') {
      options.help = true;
    } else if (a.startsWith('-')) {
      fail(`unknown option ${a} (usage: node scripts/build_site.mjs [--from SITE_DIR] [OUT])`);
    } else {
      rest.push(a);
    }
  }
  if (rest.length > 1) fail(`one output folder only, got: ${rest.join(' ')}`);
  if (rest.length) options.out = path.resolve(rest[0]);
  return options;
}

// Every file under dir, as POSIX paths relative to it (sorted).
function listFiles(dir, prefix = '') {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(dir, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

function checkSource(from) {
  const where = shown(from);
  if (!fs.existsSync(from)) fail(`the built site ${where} does not exist: build it first (bash scripts/build.sh wasm)`);
  if (!fs.statSync(from).isDirectory()) fail(`the built site ${where} is not a folder`);
  for (const need of ['index.html', 'worker.js', 'texts.txt', 'policies/manifest.json']) {
    if (!fs.existsSync(path.join(from, need))) {
      fail(`the built site ${where} has no ${need}: build it first (bash scripts/build.sh wasm)`);
    }
  }
  const html = fs.readFileSync(path.join(from, 'index.html'), 'utf8');
  const games = /const GAMES = (\[[^\]\n]*\]);/.exec(html);
  if (!games) fail(`${where}/index.html has no list of games (const GAMES = [...]): is it the playground's page?`);
  try {
    withSite(html, { files: {} }, `${where}/index.html`);
  } catch (e) {
    fail(`${e.message}: it was built from an older shell.html; rebuild it (bash scripts/build.sh wasm)`);
  }
  const list = JSON.parse(games[1]);
  for (const g of list) {
    for (const ext of ['js', 'wasm']) {
      if (!fs.existsSync(path.join(from, `playground-${g}.${ext}`))) {
        fail(`the built site ${where} has no playground-${g}.${ext} (its index.html lists ${g}): rebuild it`);
      }
    }
  }
  return { html, games: list };
}

// The output folder: new, empty, or one this script wrote (it holds site-manifest.json); never the source.
function prepareOut(out, from) {
  const where = shown(out);
  const inside = (a, b) => a === b || a.startsWith(b + path.sep);
  if (inside(out, from) || inside(from, out)) fail(`the output folder ${where} and the built site overlap: choose another`);
  let previous = null;
  if (fs.existsSync(out)) {
    if (!fs.statSync(out).isDirectory()) fail(`the output ${where} exists and is not a folder`);
    const entries = fs.readdirSync(out);
    if (entries.length) {
      if (!entries.includes(MANIFEST)) {
        fail(`the output folder ${where} is not empty and was not written by build_site (no ${MANIFEST}); ` +
             'choose a new or empty folder (its files would be replaced)');
      }
      try {
        previous = JSON.parse(fs.readFileSync(path.join(out, MANIFEST), 'utf8'));
      } catch (e) {
        previous = null;
      }
    }
  }
  try {
    makeDirs(out);
    fs.accessSync(out, fs.constants.W_OK);
    if (!previous) writeAtomic(path.join(out, MANIFEST), JSON.stringify({ format: FORMAT, complete: false }) + '\n');
  } catch (e) {
    fail(`cannot write to the output folder ${where}: ${reason(e)}`);
  }
  return previous && previous.format === FORMAT && previous.complete !== false ? previous : null;
}

// mkdir -p, a level at a time (fs.mkdirSync's `recursive` loops forever on some paths, e.g. under /proc).
function makeDirs(dir) {
  if (fs.existsSync(dir)) {
    if (!fs.statSync(dir).isDirectory()) throw Object.assign(new Error(`${dir} is not a folder`), { code: 'ENOTDIR' });
    return;
  }
  const parent = path.dirname(dir);
  if (parent !== dir) makeDirs(parent);
  fs.mkdirSync(dir);
}

function writeAtomic(file, bytes) {
  makeDirs(path.dirname(file));
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, file);
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
// Runs the tasks (functions returning promises) with at most `limit` at once.
async function pool(tasks, limit) {
  let next = 0;
  const run = async () => { while (next < tasks.length) await tasks[next++](); };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, run));
}

async function main() {
  const started = performance.now();
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    console.log('usage: node scripts/build_site.mjs [--from SITE_DIR] [OUT]   (defaults: build/wasm/site, build/site)');
    return;
  }
  const { from, out } = options;
  const { html, games } = checkSource(from);
  const previous = prepareOut(out, from);
  const reusable = previous && Array.isArray(previous.files) &&
    JSON.stringify(previous.compression) === JSON.stringify(SETTINGS)
    ? new Map(previous.files.map((f) => [f.file, f])) : new Map();

  // The files, with their hashed names; embed.js from web/ if the built site has none.
  const names = listFiles(from);
  const sources = new Map(names.map((n) => [n, path.join(from, n)]));
  if (!sources.has('embed.js') && fs.existsSync(path.join(ROOT, 'web/embed.js'))) {
    sources.set('embed.js', path.join(ROOT, 'web/embed.js'));
  }
  const files = [];
  const map = { files: {} };
  for (const [name, source] of [...sources].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (name === 'index.html' || name === MANIFEST) continue;
    const bytes = fs.readFileSync(source);
    const hashed = fetchedByPage(name);
    const file = hashed ? hashedName(name, crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 10)) : name;
    files.push({ name, file, bytes });
    if (hashed) map.files[name] = { url: file, bytes: bytes.length };
  }
  // index.html: the built page with the map (the same page the tests run, the files renamed).
  files.unshift({ name: 'index.html', file: 'index.html', bytes: Buffer.from(withSite(html, map)) });

  // The compressed variants, the largest first, one at a time per core (zlib runs in node's thread pool).
  const cores = os.availableParallelism ? os.availableParallelism() : os.cpus().length;
  const tasks = [];
  let compressedBytes = 0;
  let reused = 0;
  for (const f of files) {
    f.gzip = null;
    f.br = null;
    if (INCOMPRESSIBLE.has(path.extname(f.name).toLowerCase()) || f.bytes.length === 0) continue;
    const old = f.file !== f.name ? reusable.get(f.file) : null;  // hashed: same name, same content
    const have = (key, ext) => old[key] === null ||
      (fs.existsSync(path.join(out, f.file + ext)) && fs.statSync(path.join(out, f.file + ext)).size === old[key]);
    if (old && old.bytes === f.bytes.length && have('gzip', '.gz') && have('br', '.br')) {
      f.gzip = old.gzip;
      f.br = old.br;
      f.reused = true;
      ++reused;
      continue;
    }
    compressedBytes += f.bytes.length;
    tasks.push({ size: f.bytes.length, run: async () => {
      const z = await gzip(f.bytes, { level: GZIP_LEVEL });
      if (z.length < f.bytes.length) { f.gzipBytes = z; f.gzip = z.length; }
    } });
    tasks.push({ size: f.bytes.length, run: async () => {
      const b = await brotli(f.bytes, { params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: f.bytes.length,
        [zlib.constants.BROTLI_PARAM_MODE]: /\.(html|js|mjs|json|txt|md|css|svg)$/.test(f.name)
          ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
      } });
      if (b.length < f.bytes.length) { f.brBytes = b; f.br = b.length; }
    } });
  }
  tasks.sort((a, b) => b.size - a.size);
  const compressStart = performance.now();
  await pool(tasks.map((t) => t.run), Math.max(1, cores));
  const compressSeconds = (performance.now() - compressStart) / 1000;

  // The folder: every file and its variants (index.html last: a page that is served meanwhile never names a file
  // not written yet), then whatever an earlier run left that is no longer part of it.
  const keep = new Set([MANIFEST, '.htaccess']);
  try {
    writeAtomic(path.join(out, '.htaccess'), HTACCESS);
    for (const f of [...files.slice(1), files[0]]) {
      const target = path.join(out, f.file);
      keep.add(f.file);
      if (!(fs.existsSync(target) && f.file !== f.name && fs.statSync(target).size === f.bytes.length)) {
        writeAtomic(target, f.bytes);
      }
      for (const [ext, size, bytes] of [['.gz', 'gzip', 'gzipBytes'], ['.br', 'br', 'brBytes']]) {
        if (f[size] === null) continue;
        keep.add(f.file + ext);
        if (f[bytes]) writeAtomic(path.join(out, f.file + ext), f[bytes]);  // else reused as it is
      }
    }
  } catch (e) {
    fail(`cannot write to the output folder ${shown(out)}: ${reason(e)}`);
  }
  const removeStale = (rel = '') => {
    for (const entry of fs.readdirSync(path.join(out, rel), { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        removeStale(name);
        if (!fs.readdirSync(path.join(out, name)).length) fs.rmdirSync(path.join(out, name));
      } else if (!keep.has(name)) {
        fs.rmSync(path.join(out, name));
      }
    }
  };
  removeStale();

  // Each game's download: the first frame (index.html, its module's .js and .wasm) and its policy files.
  const byName = new Map(files.map((f) => [f.name, f]));
  const sizes = (list) => {
    const sum = (key) => list.reduce((s, f) => s + (f[key] === null || f[key] === undefined ? f.bytes.length : f[key]), 0);
    return { raw: list.reduce((s, f) => s + f.bytes.length, 0), gzip: sum('gzip'), br: sum('br') };
  };
  const policyManifest = JSON.parse(byName.get('policies/manifest.json').bytes.toString('utf8'));
  const perGame = {};
  for (const g of games) {
    const first = ['index.html', `playground-${g}.js`, `playground-${g}.wasm`].map((n) => byName.get(n));
    const policies = ((policyManifest.games || {})[g] || []).map((p) => byName.get(`policies/${p.path}`)).filter(Boolean);
    const thinking = [`playground-${g}-think.js`, `playground-${g}-think.wasm`].map((n) => byName.get(n)).filter(Boolean);
    perGame[g] = { first_frame: sizes(first), thinking_module: sizes(thinking),
                   policies: { files: policies.length, ...sizes(policies) } };
  }
  const shared = sizes(['texts.txt', 'worker.js', 'policies/manifest.json'].map((n) => byName.get(n)));

  const manifest = {
    format: FORMAT,
    version: 1,
    complete: true,
    compression: SETTINGS,
    games: perGame,
    // Fetched by every game after its first frame: the help texts, the worker (when an agent thinks), the
    // policies' manifest.
    shared,
    files: files.map((f) => ({ name: f.name, file: f.file, bytes: f.bytes.length, gzip: f.gzip, br: f.br })),
  };
  writeAtomic(path.join(out, MANIFEST), JSON.stringify(manifest, null, 1) + '\n');

  // The table.
  const kb = (n) => (n / 1024).toFixed(0).padStart(7) + ' KiB';
  const row = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(10) : c.padStart(12))).join(' ');
  const lines = [
    row(['game', 'first raw', 'first gzip', 'first br', 'think gzip', 'think br', 'policy raw', 'policy gzip', 'policy br']),
    ...games.map((g) => {
      const { first_frame: a, thinking_module: t, policies: p } = perGame[g];
      return row([g, kb(a.raw), kb(a.gzip), kb(a.br), kb(t.gzip), kb(t.br), kb(p.raw), kb(p.gzip), kb(p.br)]);
    }),
    row(['(shared)', kb(shared.raw), kb(shared.gzip), kb(shared.br), '', '', '', '', '']),
  ];
  const total = files.reduce((s, f) => s + f.bytes.length, 0);
  const seconds = (performance.now() - started) / 1000;
  const shownOut = shown(out);
  console.log(`[build_site] ${shownOut}: ${files.length} files, ${(total / 1048576).toFixed(1)} MB raw, from ` +
              `${shown(from)}`);
  console.log(`[build_site] compressed ${(compressedBytes / 1048576).toFixed(1)} MB (gzip -${GZIP_LEVEL}, brotli ` +
              `quality ${BROTLI_QUALITY}) in ${compressSeconds.toFixed(1)} s on ${cores} cores; ${reused} files' ` +
              `variants reused from the last run`);
  console.log('[build_site] each game\'s download (first frame: index.html + its .js + .wasm; then, after it, think: ' +
              'its thinking module, shared: texts, worker, policies\' manifest; policy: all its policy files, each ' +
              'when an agent asks):');
  for (const l of lines) console.log('  ' + l);
  console.log(`[build_site] done in ${seconds.toFixed(1)} s: ${shownOut}/${MANIFEST} lists every file`);
}

main().catch((e) => {
  if (e instanceof Problem) {
    console.error(`build_site: ${e.message}`);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
});
