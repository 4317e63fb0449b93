// Writes the page's index.html: shell.html with the list of games (one module each, playground-<game>.js) in
// place of PG_GAMES, the first being the default.
//   node scripts/write_index.mjs shell.html build/wasm/site/index.html mancala,zuma,binary,morris,sokoban
import fs from 'node:fs';

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
const shell = fs.readFileSync(input, 'utf8');
if (!shell.includes('PG_GAMES')) {
  console.error(`${input}: has no PG_GAMES to replace with the list of games`);
  process.exit(1);
}
fs.writeFileSync(output, shell.replace('PG_GAMES', JSON.stringify(names)));
