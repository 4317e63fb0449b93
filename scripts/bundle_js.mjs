// Bundles the page's script: web/page/main.mjs and the ES modules it imports, as one classic script (an
// immediately invoked function: no import or export left, no global name but those the page sets), with
// esbuild (Debian's esbuild package). scripts/write_index.mjs minifies it into index.html.
//   node scripts/bundle_js.mjs web/page/main.mjs > page.js
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The bundled text of the ES module `entry` (a path) and its imports.
export function bundleScript(entry) {
  if (!fs.existsSync(entry)) throw new Error(`${entry}: no such file to bundle`);
  try {
    return execFileSync('esbuild', [entry, '--bundle', '--format=iife', '--minify-syntax', '--banner:js="use strict";', '--log-level=warning'],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    if (e.code === 'ENOENT') {
      throw new Error("esbuild is missing: bash scripts/setup.sh installs Debian's esbuild");
    }
    throw new Error(`esbuild could not bundle ${entry}: ${String(e.stderr || e.message).trim()}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [entry] = process.argv.slice(2);
  if (!entry) {
    console.error('usage: node scripts/bundle_js.mjs ENTRY.mjs');
    process.exit(2);
  }
  try {
    process.stdout.write(bundleScript(entry));
  } catch (e) {
    console.error(`bundle_js.mjs: ${e.message}`);
    process.exit(1);
  }
}
