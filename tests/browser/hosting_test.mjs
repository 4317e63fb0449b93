// The hosted folder (scripts/build_site.sh: content-hashed names, .gz/.br beside each file, site-manifest.json)
// served by a real static server, Debian's nginx with gzip_static and brotli_static, configured as docs/hosting.md
// says: at the root and in a subfolder (/course/playground/). Every game opens from it; its files arrive
// precompressed with the cache headers a host should send; the loading bar counts the raw bytes; the policy files
// load. Run: HOSTED_DIR=build/site node --test hosting_test.mjs (HOSTED_DIR relative to the repository's root).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { GAMES, root, artifacts } from './helpers.mjs';
import { launchChromium } from './chromium.mjs';

const hosted = path.resolve(root, process.env.HOSTED_DIR || 'build/site');
const NGINX = process.env.NGINX || '/usr/sbin/nginx';
const SUBFOLDER = '/course/playground/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HASHED = /\.[0-9a-f]{10}\.[A-Za-z0-9]+$/;

const env = { nginx: null, dir: null, base: null, browser: null, manifest: null, exited: null };

// The brotli_static module (libnginx-mod-http-brotli-static), by its absolute path: the config's prefix is a
// temporary folder, where nginx's relative "modules/..." would not resolve.
function brotliModule() {
  for (const dir of ['/usr/lib/nginx/modules', '/usr/share/nginx/modules']) {
    const file = path.join(dir, 'ngx_http_brotli_static_module.so');
    if (fs.existsSync(file)) return file;
  }
  const enabled = '/etc/nginx/modules-enabled';
  for (const name of fs.existsSync(enabled) ? fs.readdirSync(enabled) : []) {
    const m = /load_module\s+(\S*brotli_static\S*\.so)\s*;/.exec(fs.readFileSync(path.join(enabled, name), 'utf8'));
    if (m) return path.isAbsolute(m[1]) ? m[1] : path.join('/usr/lib/nginx', m[1]);
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

// docs/hosting.md's nginx blocks as the doc writes them: the site's file (its map and server block) and the
// subfolder's location, which goes into that server block. Only what names this machine is changed: the port,
// the server's name, the folder's path.
function documentedBlocks() {
  const doc = fs.readFileSync(path.join(root, 'docs/hosting.md'), 'utf8');
  const blocks = [...doc.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.equal(blocks.length, 2, 'docs/hosting.md: the site\'s nginx file and the subfolder\'s location');
  const [site, subfolder] = blocks;
  for (const [text, line] of [[site, /^ {4}listen 80;$/m], [site, /^ {4}root \/var\/www\/playground;/m],
                              [subfolder, /^location \/course\/playground\/ \{$/m], [subfolder, /^ {4}alias \/srv\/playground\/;/m]])
    assert.match(text, line, 'docs/hosting.md: the line the test replaces');
  return { site, subfolder };
}

function nginxSite(dir, port) {
  const { site, subfolder } = documentedBlocks();
  const location = subfolder.replace(/^ {4}alias \/srv\/playground\/;/m, `    alias ${hosted}/;`)
    .replace(/^/gm, '    ').trimEnd();
  const server = site.replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`)
    .replace(/^ {4}listen \[::\]:80;\n/m, '')
    .replace(/^ {4}server_name .*$/m, '    server_name localhost;')
    .replace(/^ {4}root \/var\/www\/playground;/m, `    root ${hosted};`);
  const end = server.lastIndexOf('}');  // the server block's end: the subfolder's location goes before it
  return server.slice(0, end) + '    # docs/hosting.md: in a subfolder of an existing site\n' + location + '\n' + server.slice(end);
}

// The http level around it: Debian's nginx.conf reduced to what the test needs, with paths a user without root
// can write.
function nginxConfig(dir, port, module) {
  const runAsRoot = process.getuid && process.getuid() === 0;
  return `${runAsRoot ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
load_module ${module};
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format site '$status $request_uri "$sent_http_content_encoding" "$sent_http_cache_control"';
  access_log ${dir}/access.log site;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;

${nginxSite(dir, port)}
}
`;
}

// A GET over loopback: {status, headers, body (as sent, not decoded)}.
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

before(async () => {
  assert.ok(fs.existsSync(path.join(hosted, 'site-manifest.json')),
            `build the hosted folder first: bash scripts/build_site.sh ${path.relative(root, hosted)}`);
  env.manifest = JSON.parse(fs.readFileSync(path.join(hosted, 'site-manifest.json'), 'utf8'));
  assert.ok(fs.existsSync(NGINX), `${NGINX} is missing: bash scripts/setup.sh installs nginx-light`);
  const module = brotliModule();
  assert.ok(module, 'the brotli_static module is missing: bash scripts/setup.sh installs libnginx-mod-http-brotli-static');
  env.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-nginx-'));
  const port = await freePort();
  fs.writeFileSync(path.join(env.dir, 'nginx.conf'), nginxConfig(env.dir, port, module));
  // The documented configuration passes nginx's own check first (as a reader would run it: nginx -t).
  const check = spawnSync(NGINX, ['-t', '-p', env.dir, '-c', path.join(env.dir, 'nginx.conf'), '-e',
    path.join(env.dir, 'error.log')], { encoding: 'utf8' });
  assert.equal(check.status, 0, `nginx -t refuses docs/hosting.md's configuration:\n${check.stderr}`);
  env.nginx = spawn(NGINX, ['-p', env.dir, '-c', path.join(env.dir, 'nginx.conf'), '-e', path.join(env.dir, 'error.log'),
    '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  env.exited = new Promise((resolve) => env.nginx.once('exit', resolve));
  env.base = `http://127.0.0.1:${port}/`;
  const errorLog = () => { try { return fs.readFileSync(path.join(env.dir, 'error.log'), 'utf8'); } catch (e) { return ''; } };
  for (let i = 0; ; ++i) {
    if (env.nginx.exitCode !== null) assert.fail(`nginx stopped (exit ${env.nginx.exitCode}):\n${errorLog()}`);
    try {
      if ((await get(env.base)).status === 200) break;
    } catch (e) { /* not listening yet */ }
    if (i > 100) assert.fail(`nginx does not answer on ${env.base}:\n${errorLog()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  env.browser = await launchChromium();
  fs.mkdirSync(artifacts, { recursive: true });
});

after(async () => {
  await env.browser?.close();
  if (env.nginx && env.nginx.exitCode === null) {
    env.nginx.kill('SIGTERM');  // nginx's fast shutdown: the master stops its worker, then itself
    await env.exited;
  }
  if (env.dir) fs.rmSync(env.dir, { recursive: true, force: true });
});

const entry = (name) => env.manifest.files.find((f) => f.name === name);
const typeOf = (name) => ({ '.wasm': 'application/wasm', '.js': 'application/javascript', '.html': 'text/html',
  '.json': 'application/json', '.txt': 'text/plain', '.md': 'text/plain' })[path.extname(name)];

test('nginx sends each file precompressed (br, gzip) or as it is, with its type and cache header', async () => {
  for (const f of env.manifest.files) {
    const raw = fs.readFileSync(path.join(hosted, f.file));
    assert.equal(raw.length, f.bytes, `${f.file}: its size in site-manifest.json`);
    for (const [accept, expected] of [['br, gzip', f.br !== null ? 'br' : f.gzip !== null ? 'gzip' : undefined],
                                     ['gzip', f.gzip !== null ? 'gzip' : undefined], ['identity', undefined]]) {
      const r = await get(env.base + f.file, { 'Accept-Encoding': accept });
      const what = `${f.file} (Accept-Encoding: ${accept})`;
      assert.equal(r.status, 200, what);
      assert.equal(r.headers['content-encoding'], expected, what);
      const decoded = expected === 'br' ? zlib.brotliDecompressSync(r.body)
        : expected === 'gzip' ? zlib.gunzipSync(r.body) : r.body;
      assert.ok(decoded.equals(raw), `${what}: the bytes decoded are the file's`);
      if (expected) assert.equal(r.body.length, f[expected], `${what}: the precompressed variant`);
      if (f.gzip !== null || f.br !== null) assert.match(r.headers.vary || '', /Accept-Encoding/i, what);
      const type = typeOf(f.name);
      if (type) assert.ok(r.headers['content-type'].startsWith(type), `${what}: ${r.headers['content-type']}`);
      assert.equal(r.headers['cache-control'], HASHED.test(f.file) ? IMMUTABLE : 'no-cache', what);
      assert.equal(HASHED.test(f.file), f.file !== f.name, `${f.name}: hashed exactly when renamed`);
    }
  }
});

test('the folder\'s .htaccess is not sent, at the root or in the subfolder; its READMEs are text', async () => {
  assert.ok(fs.existsSync(path.join(hosted, '.htaccess')), 'build_site writes the .htaccess');
  for (const prefix of ['', SUBFOLDER.slice(1)]) {
    const r = await get(`${env.base}${prefix}.htaccess`);
    assert.equal(r.status, 403, `${prefix}.htaccess: ${r.status}`);
    const readme = await get(`${env.base}${prefix}${entry('assets/README.md').file}`);
    assert.equal(readme.status, 200);
    assert.match(readme.headers['content-type'], /^text\/plain/, `${prefix}assets/README.md`);
  }
});

// Opens the page at `url` and waits for its first frame; records every response and the errors.
async function open(url) {
  const page = await env.browser.newPage({ viewport: { width: 1200, height: 800 } });
  const errors = [];
  const responses = [];
  page.on('console', (m) => { if (m.type() === 'error' || /^Aborted\(/.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => responses.push(r));
  await page.goto(url);
  await page.evaluate(() => window.playground.ready);
  return { page, errors, responses };
}

// The checks of one game opened from `prefix` (the site's root or its subfolder).
async function checkGame(game, prefix) {
  const { page, errors, responses } = await open(`${env.base}${prefix.slice(1)}?game=${game}`);
  assert.equal((await page.evaluate(() => window.playground.state())).game, game);
  // The policy files: all fetched and taken.
  const ready = await page.evaluate((g) => window.playground.policiesReady(g), game);
  assert.ok(ready.files.every((f) => f.ok), JSON.stringify(ready));
  assert.equal(ready.files.length, (JSON.parse(fs.readFileSync(path.join(hosted, entry('policies/manifest.json').file)))
    .games[game] || []).length, 'every file of the game');
  // A step (an agent that searches decides in the worker: worker.<hash>.js importing the module's hashed .js).
  const step = await page.evaluate(() => window.playground.step().then((s) => s.result));
  assert.equal(step, 'played');

  // The loading bar's figures: the .wasm's raw size, received whole.
  const wasm = entry(`playground-${game}.wasm`);
  const download = await page.evaluate(() => window.playground.download);
  assert.deepEqual(download, { url: wasm.file, loaded: wasm.bytes, total: wasm.bytes }, 'the loading bar');

  // What arrived: each file from the prefix, the page revalidated, the rest hashed, kept a year, compressed.
  const seen = new Map();
  for (const r of responses) {
    const url = new URL(r.url());
    assert.ok(url.pathname.startsWith(prefix), `${url.pathname} is under ${prefix}`);
    assert.ok(r.status() < 400, `${url.pathname}: HTTP ${r.status()}`);
    seen.set(url.pathname.slice(prefix.length), await r.allHeaders());
  }
  const index = seen.get('');
  assert.ok(index, 'the page itself');
  assert.equal(index['cache-control'], 'no-cache');
  const fetched = [`playground-${game}.js`, `playground-${game}.wasm`, 'worker.js', 'texts.txt',
    'policies/manifest.json', ...ready.files.map((f) => `policies/${f.path}`)];
  for (const name of fetched) {
    const f = entry(name);
    const headers = seen.get(f.file);
    assert.ok(headers, `${f.file} was fetched`);
    assert.equal(headers['cache-control'], IMMUTABLE, f.file);
    if (f.gzip !== null) assert.match(headers['content-encoding'] || '', /^(br|gzip)$/, `${f.file} arrives compressed`);
  }
  assert.deepEqual(errors, []);
  await page.close();
  return seen;
}

test('every game opens from the hosted folder: compressed, cached, the loading bar right, its policy files in', async () => {
  const encodings = new Set();
  for (const game of GAMES) {
    const seen = await checkGame(game, '/');
    encodings.add(seen.get(entry(`playground-${game}.wasm`).file)['content-encoding']);
  }
  // Chromium asks for br over HTTPS and loopback; what it got is what the test reports.
  console.log(`# the modules arrived with Content-Encoding: ${[...encodings].join(', ')}`);
});

test('in a subfolder (/course/playground/): the page, its modules and policy files load from there', async () => {
  await checkGame('morris', SUBFOLDER);
  await checkGame('mancala', SUBFOLDER);
});

test('nginx answered no request with an error (the worker\'s import of its module\'s script included)', () => {
  const log = fs.readFileSync(path.join(env.dir, 'access.log'), 'utf8').trim().split('\n');
  const refusedOnPurpose = (l) => /^403 \S*\/\.htaccess /.test(l);  // the test above asks for it
  assert.deepEqual(log.filter((l) => Number(l.split(' ')[0]) >= 400 && !refusedOnPurpose(l)), []);
});
