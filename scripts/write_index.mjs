// Writes the page's index.html: shell.html with the list of games (one module each, playground-<game>.js) in
// place of PG_GAMES, the first being the default, and the site's map of files in place of PG_SITE: empty here
// (every file under its own name); scripts/build_site.mjs writes the hosted folder's, with content-hashed
// names and sizes (renderIndex and withSite, below). The page's script, shell.html's
// <script type="module" src="web/page/main.mjs">, is bundled with the modules it imports (scripts/bundle_js.mjs)
// and written in place, minified (scripts/minify_js.mjs): index.html is one download with the script in it.
// The small script that holds GAMES and SITE is not minified, so that the map can be written in place.
//   node scripts/write_index.mjs shell.html build/wasm/site/index.html mancala,zuma,binary,morris,sokoban
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleScript } from './bundle_js.mjs';
import { minifyScript } from './minify_js.mjs';

// The map's line in index.html: `const SITE = {...};`, the JSON on one line.
const SITE_LINE = /^([ \t]*const SITE = )(PG_SITE|\{.*\});[ \t]*$/m;

// A module script of shell.html: <script type="module" src="..."></script>, its source relative to shell.html.
const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;

// index.html's text from shell.html's (the file `source`: its module scripts are found from its folder): the
// games (names) and the site's map ({files: {name: {url, bytes}}}).
export async function renderIndex(shell, games, site = { files: {} }, source = 'shell.html') {
  if (!shell.includes('PG_GAMES')) throw new Error(`${source}: has no PG_GAMES to replace with the list of games`);
  if (!/^[ \t]*const SITE = PG_SITE;/m.test(shell)) {
    throw new Error(`${source}: has no line "const SITE = PG_SITE;" to replace with the site's map of files`);
  }
  const page = await withMinifiedScripts(withBundledScripts(withMinifiedMarkup(withoutComments(shell)), source), source);
  return withSite(page.replace('PG_GAMES', JSON.stringify(games)), site, source);
}

// The page with each module script bundled into an inline <script> (a classic one, run where it stands).
function withBundledScripts(html, source) {
  return html.replace(MODULE_SCRIPT, (tag, src) => {
    const code = bundleScript(path.join(path.dirname(source), src));
    return `<script>${code.replace(/<\/script/gi, '<\\/script')}</script>`;
  });
}

// The page with each inline <script> minified, but for the one that holds the site's map (SITE_LINE).
async function withMinifiedScripts(html, source) {
  const scripts = /(<script>)([\s\S]*?)(<\/script>)/g;
  const parts = [];
  let last = 0;
  for (const match of html.matchAll(scripts)) {
    const [whole, open, body, close] = match;
    parts.push(html.slice(last, match.index));
    parts.push(SITE_LINE.test(body) ? whole : `${open}${await minifyScript(body, `${source}: a <script>`)}${close}`);
    last = match.index + whole.length;
  }
  parts.push(html.slice(last));
  return parts.join('');
}

// shell.html without its comments that take whole lines (`// ...` in the games' script, `/* ... */` over one
// line or more in the style): they are for the people who read shell.html, not for the first frame's download.
function withoutComments(html) {
  return html.replace(/^[ \t]*\/\/.*\n/gm, '').replace(/^[ \t]*\/\*[\s\S]*?\*\/[ \t]*\n/gm, '');
}

// The page's <style> without the spaces only its readers need: runs of white space as one space, none around
// the braces, semicolons and commas, nor after a declaration's colon (selectors keep theirs: `a :hover` is not
// `a:hover`), and no semicolon before a closing brace.
export function withMinifiedStyle(html) {
  return html.replace(/(<style>)([\s\S]*?)(<\/style>)/g, (whole, open, css, close) => {
    const blocks = css.replace(/\s+/g, ' ').replace(/\s*([{},])\s*/g, '$1')
      .replace(/\{([^{}]*)\}/g, (b, declarations) => `{${declarations.replace(/\s*;\s*/g, ';').replace(/:\s+/g, ':').replace(/;$/, '')}}`);
    return open + blocks.trim() + close;
  });
}

// The page without the white space between its tags (outside its scripts), and its <style> minified.
function withMinifiedMarkup(html) {
  return withMinifiedStyle(html).split(/(<script[\s\S]*?<\/script>)/).map((part, i) => (i % 2 ? part : part.replace(/>\s+</g, '><'))).join('');
}

// The same page with another map of files: `html` is shell.html or an index.html written by renderIndex.
export function withSite(html, site, source = 'index.html') {
  if (!SITE_LINE.test(html)) throw new Error(`${source}: has no line "const SITE = ...;" (the site's map of files)`);
  // The JSON goes into a <script>: "<" is escaped so that no name can close it.
  const json = JSON.stringify(site).replace(/</g, '\\u003c');
  return html.replace(SITE_LINE, (line, head) => `${head}${json};`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [input, output, games] = process.argv.slice(2);
  if (!input || !output || !games) {
    console.error('usage: node scripts/write_index.mjs SHELL_HTML OUT_HTML GAME,GAME,...');
    process.exit(2);
  }
  const names = games.split(/[,;]/).filter(Boolean);
  if (!names.every((g) => /^[a-z_]+$/.test(g))) {
    console.error(`write_index.mjs: bad game names: ${games}`);
    process.exit(2);
  }
  try {
    fs.writeFileSync(output, await renderIndex(fs.readFileSync(input, 'utf8'), names, { files: {} }, input));
  } catch (e) {
    console.error(`write_index.mjs: ${e.message}`);
    process.exit(1);
  }
}
