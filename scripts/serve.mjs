// A small static file server for the built site (no dependencies):
//   node scripts/serve.mjs [--dir build/wasm/site] [--host 127.0.0.1] [--port 8000]
// Also imported by the browser tests (startServer).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.json': 'application/json', '.css': 'text/css', '.png': 'image/png',
  '.svg': 'image/svg+xml', '.txt': 'text/plain; charset=utf-8', '.md': 'text/plain; charset=utf-8',
  '.data': 'application/octet-stream', '.ttf': 'font/ttf',
};

// Compressible files are sent gzip-compressed to a browser that accepts it, as a static host would send them:
// what is measured locally (download sizes, first frames on a slow connection) is what users get. Each file is
// compressed once per modification.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.wasm', '.json', '.css', '.svg', '.txt', '.md', '.rlpg']);
const gzipped = new Map();  // file -> {mtimeMs, bytes}
function gzipOf(file, stat) {
  const hit = gzipped.get(file);
  if (hit && hit.mtimeMs === stat.mtimeMs) return hit.bytes;
  const bytes = zlib.gzipSync(fs.readFileSync(file), { level: 9 });
  gzipped.set(file, { mtimeMs: stat.mtimeMs, bytes });
  return bytes;
}

export function startServer({ dir, host = '127.0.0.1', port = 8000 }) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root)) { res.writeHead(403); res.end('forbidden'); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.stat(file, (err, stat) => {
      if (err || !stat.isFile()) { res.writeHead(404, { 'Content-Type': 'text/plain' }); res.end('not found'); return; }
      const type = TYPES[path.extname(file)] || 'application/octet-stream';
      if (COMPRESSIBLE.has(path.extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
        const body = gzipOf(file, stat);
        res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length, 'Content-Encoding': 'gzip',
                             'Vary': 'Accept-Encoding', 'Cache-Control': 'no-cache' });
        res.end(body);
        return;
      }
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': stat.size, 'Cache-Control': 'no-cache' });
      fs.createReadStream(file).pipe(res);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => { const i = args.indexOf('--' + name); return i >= 0 ? args[i + 1] : fallback; };
  const dir = opt('dir', 'build/wasm/site');
  const host = opt('host', '127.0.0.1');
  const port = Number(opt('port', process.env.PORT || 8000));
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`serve: ${dir}/index.html does not exist; build the site first (bash scripts/run.sh)`);
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
