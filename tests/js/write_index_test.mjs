// Tests of index.html's writing (scripts/write_index.mjs): the page's ES modules bundled into one classic
// script in place of shell.html's module tag, minified; the games and the site's map written in. Needs Debian's
// esbuild and node-terser (scripts/setup.sh):
//   NODE_PATH=/usr/share/nodejs node --test tests/js/write_index_test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'node:test';
import vm from 'node:vm';
import { renderIndex, withSite } from '../../scripts/write_index.mjs';

const SHELL = `<!doctype html>
<html><body>
<script>
// The games and the map.
const GAMES = PG_GAMES;
const SITE = PG_SITE;
</script>
<script type="module" src="page/main.mjs"></script>
</body></html>
`;

// A folder with shell.html and its page modules: main.mjs imports part.mjs.
function shellFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-index-'));
  fs.mkdirSync(path.join(dir, 'page'));
  fs.writeFileSync(path.join(dir, 'page', 'part.mjs'),
    "export const closing = '</script>';\nexport function greeting(name) { return 'hello ' + name; }\n");
  fs.writeFileSync(path.join(dir, 'page', 'main.mjs'),
    "import { closing, greeting } from './part.mjs';\n" +
    'window.result = { text: greeting(GAMES[0]), closing, files: Object.keys(SITE.files).length };\n');
  fs.writeFileSync(path.join(dir, 'shell.html'), SHELL);
  return dir;
}

const scriptsOf = (html) => Array.from(html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g), (m) => ({ attributes: m[1], body: m[2] }));

test("the page's modules become one classic script in index.html, which runs after the games' script", async () => {
  const dir = shellFolder();
  const source = path.join(dir, 'shell.html');
  const html = await renderIndex(fs.readFileSync(source, 'utf8'), ['zuma', 'mancala'], { files: {} }, source);
  const scripts = scriptsOf(html);
  assert.equal(scripts.length, 2, html);
  assert.ok(scripts.every((s) => s.attributes === ''), 'no module script left');
  const [data, page] = scripts;
  assert.match(data.body, /const GAMES = \["zuma","mancala"\];\nconst SITE = \{"files":\{\}\};/);
  assert.doesNotMatch(page.body, /\bimport\b|\bexport\b/);
  assert.doesNotMatch(page.body, /<\/script/i, 'a closing tag in a string is escaped');
  assert.ok(!page.body.includes('\n'), 'minified');
  const context = vm.createContext({});
  context.window = context;
  vm.runInContext(data.body, context);
  vm.runInContext(page.body, context);
  assert.deepEqual({ ...context.result }, { text: 'hello zuma', closing: '</script>', files: 0 });
  // The hosted folder's map is written in place (scripts/build_site.mjs).
  const hosted = withSite(html, { files: { 'texts.txt': { url: 'texts.1234.txt', bytes: 5 } } });
  assert.match(scriptsOf(hosted)[0].body, /const SITE = \{"files":\{"texts.txt":\{"url":"texts.1234.txt","bytes":5\}\}\};/);
});

test('a module the page imports that does not exist stops the writing, naming it', async () => {
  const dir = shellFolder();
  fs.writeFileSync(path.join(dir, 'page', 'main.mjs'), "import { nothing } from './missing.mjs';\nnothing();\n");
  const source = path.join(dir, 'shell.html');
  await assert.rejects(renderIndex(fs.readFileSync(source, 'utf8'), ['zuma'], { files: {} }, source),
    /esbuild could not bundle .*main\.mjs: .*missing\.mjs/s);
});
