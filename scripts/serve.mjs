// A small static file server for the built site (no dependencies):
//   node scripts/serve.mjs [--dir build/site] [--host 127.0.0.1] [--port 8000]
// The hosted folder (scripts/build_site.sh) is served as a static host serves it, its precompressed files and
// cache headers included; a development build (build/wasm/site) too. Also imported by the browser tests
// (startServer).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.json': 'application/json', '.css': 'text/css', '.png': 'image/png',
  '.svg': 'image/svg+xml', '.txt': 'text/plain; charset=utf-8', '.md': 'text/plain; charset=utf-8',
  '.data': 'application/octet-stream', '.ttf': 'font/ttf', '.rlpg': 'application/octet-stream',
  '.policy': 'application/octet-stream', '.pgmt': 'application/octet-stream',
};

// What a static host sends, so that what is measured locally (download sizes, first frames on a slow connection,
// caching) is what users get (docs/hosting.md):
// - a file's precompressed variant, <file>.br to a browser that accepts br, else <file>.gz to one that accepts
//   gzip (the hosted folder, scripts/build_site.mjs, has them beside its files), with the original's type;
// - in a site without precompressed files (the development builds, build/wasm/site), compressible files gzipped on
//   the fly (once per modification); a hosted folder (it has site-manifest.json) never is: a file without a
//   variant is sent as it is, as nginx or Apache would;
// - Cache-Control: a year, immutable, for content-hashed names (name.<10 hex>.ext); no-cache (revalidate: ETag,
//   304 Not Modified) for the rest (index.html, embed.js, the development builds).
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.wasm', '.json', '.css', '.svg', '.txt', '.md', '.rlpg',
  '.policy', '.pgmt']);
const HASHED = /\.[0-9a-f]{10}\.[A-Za-z0-9]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const gzipped = new Map();  // file -> {mtimeMs, bytes}
function gzipOf(file, stat) {
  const hit = gzipped.get(file);
  if (hit && hit.mtimeMs === stat.mtimeMs) return hit.bytes;
  const bytes = zlib.gzipSync(fs.readFileSync(file), { level: 9 });
  gzipped.set(file, { mtimeMs: stat.mtimeMs, bytes });
  return bytes;
}

// The encodings the request accepts (Accept-Encoding, a q of 0 refusing one): a Set of names.
function accepted(header) {
  const names = new Set();
  for (const part of String(header || '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    if (name && !(q && Number(q[1]) === 0)) names.add(name);
  }
  return names;
}
const statOf = (file) => { try { const s = fs.statSync(file); return s.isFile() ? s : null; } catch (e) { return null; } };
const etagOf = (stat, encoding) =>
  `"${Math.floor(stat.mtimeMs).toString(16)}-${stat.size.toString(16)}${encoding ? '-' + encoding : ''}"`;

export function startServer({ dir, host = '127.0.0.1', port = 8000 }) {
  const root = path.resolve(dir);
  const hosted = fs.existsSync(path.join(root, 'site-manifest.json'));
  const server = http.createServer((req, res) => {
    let url, pathname;
    try {
      url = new URL(req.url, 'http://localhost');
      pathname = decodeURIComponent(url.pathname);
    } catch (e) {
      res.writeHead(400, { 'Content-Type': 'text/plain' }); res.end('bad request'); return;
    }
    let file = path.normalize(path.join(root, pathname));
    if (file !== root && !file.startsWith(root + path.sep)) { res.writeHead(403); res.end('forbidden'); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) {
      if (!url.pathname.endsWith('/')) {  // as static hosts do: the page's relative URLs need the slash
        res.writeHead(301, { 'Location': url.pathname + '/' + url.search }); res.end(); return;
      }
      file = path.join(file, 'index.html');
    }
    const stat = statOf(file);
    if (!stat) { res.writeHead(404, { 'Content-Type': 'text/plain' }); res.end('not found'); return; }
    const ext = path.extname(file);
    const headers = {
      'Content-Type': TYPES[ext] || 'application/octet-stream',
      'Cache-Control': HASHED.test(file) ? IMMUTABLE : 'no-cache',
    };
    const accepts = accepted(req.headers['accept-encoding']);
    const variants = [['br', '.br'], ['gzip', '.gz']].map(([encoding, suffix]) => ({ encoding, file: file + suffix }));
    const precompressed = variants.some((v) => statOf(v.file));
    if (precompressed || (!hosted && COMPRESSIBLE.has(ext))) headers['Vary'] = 'Accept-Encoding';
    let body = null;       // a Buffer, or null to stream `sent`
    let sent = file;
    let sentStat = stat;
    const variant = variants.find((v) => accepts.has(v.encoding) && statOf(v.file));
    if (variant) {
      sent = variant.file;
      sentStat = statOf(sent);
      headers['Content-Encoding'] = variant.encoding;
    } else if (!hosted && !precompressed && COMPRESSIBLE.has(ext) && accepts.has('gzip')) {
      body = gzipOf(file, stat);
      headers['Content-Encoding'] = 'gzip';
    }
    headers['ETag'] = (body ? 'W/' : '') + etagOf(sentStat, headers['Content-Encoding']);
    headers['Last-Modified'] = stat.mtime.toUTCString();
    if (req.headers['if-none-match'] && req.headers['if-none-match'].split(',').map((t) => t.trim()).includes(headers['ETag'])) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers['Content-Length'] = body ? body.length : sentStat.size;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') { res.end(); return; }
    if (body) res.end(body);
    else fs.createReadStream(sent).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => { const i = args.indexOf('--' + name); return i >= 0 ? args[i + 1] : fallback; };
  const dir = opt('dir', 'build/site');
  const host = opt('host', '127.0.0.1');
  const port = Number(opt('port', process.env.PORT || 8000));
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`serve: ${dir}/index.html does not exist; build the site first (bash scripts/build_site.sh, ` +
                  'or bash scripts/run.sh to build and serve it)');
    process.exit(2);
  }
  startServer({ dir, host, port }).then(() => {
    console.log(`The playground is served at http://${host}:${port}/  (Ctrl-C stops it)`);
  }).catch((err) => {
    console.error(`serve: cannot listen on ${host}:${port}: ${err.message}` +
                  (err.code === 'EADDRINUSE' ? ' (the port is in use: pass --port N or set PORT)' : ''));
    process.exit(2);
  });
}
