// Writes a script the page loads when it needs it (the lessons: web/lessons/lessons.mjs ->
// playground-lessons.js): the ES module and its imports bundled as one classic script (scripts/bundle_js.mjs)
// and minified (scripts/minify_js.mjs).
//   NODE_PATH=/usr/share/nodejs node scripts/write_script.mjs web/lessons/lessons.mjs build/wasm/site/playground-lessons.js
import fs from 'node:fs';
import { bundleScript } from './bundle_js.mjs';
import { minifyScript } from './minify_js.mjs';

const [entry, output] = process.argv.slice(2);
if (!entry || !output) {
  console.error('usage: node scripts/write_script.mjs ENTRY.mjs OUT.js');
  process.exit(2);
}
try {
  fs.writeFileSync(output, await minifyScript(bundleScript(entry), entry));
} catch (e) {
  console.error(`write_script.mjs: ${e.message}`);
  process.exit(1);
}
