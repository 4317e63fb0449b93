// Writes the page's index.html from shell.html without what the browser never needs: comments (whole-line
// `//` ones, one-line `/* */` ones and `<!-- -->`) and indentation. About 1.8 KiB of the first download
// (gzip); shell.html itself stays commented for its readers. shell.html has no <pre>, <textarea> or
// template literal, where indentation would matter (checked here).
//   node scripts/minify_shell.mjs shell.html build/wasm/site/index.html
import fs from 'node:fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/minify_shell.mjs SHELL_HTML OUT_HTML');
  process.exit(2);
}
const lines = fs.readFileSync(input, 'utf8')
  .replace(/<!--[\s\S]*?-->/g, '')
  .split('\n')
  .filter((line) => !/^\s*\/\//.test(line))
  .map((line) => line.replace(/\/\*[^\n]*?\*\//g, '').trim())
  .filter((line) => line !== '');
const page = lines.join('\n') + '\n';
if (/<pre|<textarea|`/.test(page)) {
  console.error(`${input}: holds <pre>, <textarea> or a template literal, where dropping indentation changes them`);
  process.exit(1);
}
fs.writeFileSync(output, page);
