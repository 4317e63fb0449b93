// Minifies the page's JavaScript with terser (Debian's node-terser): each module's Emscripten glue
// (playground-<game>.js), rewritten in place after it is linked (web/CMakeLists.txt), and index.html's script
// (scripts/write_index.mjs). Local names are shortened and dead code dropped; global names (pg_module_<game>,
// GAMES, SITE) and property names are kept, so the page, its worker and the tests see the same interface.
// Without it the glue is Emscripten's whitespace-free but long-named output: about 7 KiB gzip more per module.
//   NODE_PATH=/usr/share/nodejs node scripts/minify_js.mjs FILE.js...
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

function loadTerser() {
  try {
    return require('terser');
  } catch (e) {
    throw new Error(`terser is missing (${e.message.split('\n')[0]}): bash scripts/setup.sh installs Debian's ` +
      'node-terser; run with NODE_PATH=/usr/share/nodejs');
  }
}

// The minified text of one script (a classic script, not a module: its top-level names stay as they are).
// Three compression passes: what one pass simplifies opens more to the next.
export async function minifyScript(code, source = 'script') {
  const result = await loadTerser().minify(code, { compress: { passes: 3 }, mangle: true, module: false });
  if (!result.code) throw new Error(`${source}: terser returned nothing`);
  return result.code;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: node scripts/minify_js.mjs FILE.js...');
    process.exit(2);
  }
  try {
    for (const file of files) {
      fs.writeFileSync(file, await minifyScript(fs.readFileSync(file, 'utf8'), file));
    }
  } catch (e) {
    console.error(`minify_js.mjs: ${e.message}`);
    process.exit(1);
  }
}
