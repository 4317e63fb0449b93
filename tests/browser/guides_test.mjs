// The pictures of the students' guides (docs/games/<game>.md): each guide names the moment its picture shows
// (the caption's "open this moment" link) and the numbered call-outs drawn on it (a comment listing what each
// number points at: a move's click target or a panel). This test opens that moment, finds every call-out on the
// page (a move that is not offered or a panel that is not shown fails it), draws the numbers over the canvas and
// takes the picture to tests/browser/artifacts/guides/<game>.png (scripts/screenshots.sh copies them to
// docs/games/). The guide's "How to read it" list has one item per number, in order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useSite, open, api, drawn, root, artifacts, GAMES, DOCS_DESKTOP } from './helpers.mjs';

useSite();

const guidePath = (game) => path.join(root, 'docs/games', `${game}.md`);

// The section "What the page shows" of a guide: its picture, its moment, its call-outs and its numbered list.
export function readGuide(game) {
  const text = fs.readFileSync(guidePath(game), 'utf8');
  const start = text.indexOf('## What the page shows');
  assert.ok(start >= 0, `${game}: the guide has no "What the page shows"`);
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  const picture = /!\[[^\]]+\]\(([^)]+)\)/.exec(section);
  const moment = /\[open this moment\]\(http:\/\/127\.0\.0\.1:8000\/(\?[^)]+)\)/.exec(section);
  const comment = /<!-- call-outs[^\n]*\n([\s\S]*?)-->/.exec(section);
  assert.ok(picture, `${game}: no picture in "What the page shows"`);
  assert.ok(moment, `${game}: no "open this moment" link in "What the page shows"`);
  assert.ok(comment, `${game}: no "<!-- call-outs" comment in "What the page shows"`);
  const callouts = comment[1].trim().split('\n').map((line, i) => {
    const m = /^(\d+): (?:move (\S+)|panel ([A-Za-z ]+?)(?: at ([\d.]+),([\d.]+))?)$/.exec(line.trim());
    assert.ok(m, `${game}: call-out line ${i + 1} "${line.trim()}": expected "N: move ACTION" or "N: panel NAME [at FX,FY]"`);
    assert.equal(Number(m[1]), i + 1, `${game}: call-outs are numbered 1, 2, ... in order`);
    return m[2] !== undefined ? { move: m[2] }
      : { panel: m[3], at: m[4] === undefined ? null : [Number(m[4]), Number(m[5])] };
  });
  const items = [...section.matchAll(/^(\d+)\. \*\*/gm)].map((m) => Number(m[1]));
  return { picture: picture[1], query: moment[1], callouts, items };
}

// Where a call-out points, in the canvas's coordinates.
function place(game, callout, panels, targets) {
  if (callout.move !== undefined) {
    const t = targets.find((x) => x.action === callout.move);
    assert.ok(t, `${game}: call-out "move ${callout.move}": not a move the page offers (${targets.map((x) => x.action).join(' ')})`);
    return { x: t.x + 30, y: t.y + 30 };  // beside the move (below right), not over it
  }
  const w = panels.windows[callout.panel];
  assert.ok(w, `${game}: call-out "panel ${callout.panel}": not a panel shown (${Object.keys(panels.windows).join(', ')})`);
  const [fx, fy] = callout.at || [0.5, 0];
  // A panel's number sits in its title bar unless the guide places it.
  return { x: w.x + fx * w.width, y: callout.at ? w.y + fy * w.height : w.y + 10 };
}

// Numbered discs over the canvas, in the DOM (the picture shows them; the page is closed afterwards).
function drawNumbers(page, spots) {
  return page.evaluate((list) => {
    const box = document.getElementById('canvas').getBoundingClientRect();
    for (const { n, x, y } of list) {
      const disc = document.createElement('div');
      disc.textContent = String(n);
      Object.assign(disc.style, {
        position: 'fixed', left: `${box.left + x - 14}px`, top: `${box.top + y - 14}px`, width: '28px',
        height: '28px', borderRadius: '50%', background: '#c2185b', color: '#fff', border: '2px solid #fff',
        font: 'bold 16px/28px sans-serif', textAlign: 'center', boxShadow: '0 1px 4px rgba(0,0,0,.6)',
        zIndex: 1000, pointerEvents: 'none', boxSizing: 'content-box',
      });
      document.body.appendChild(disc);
    }
  }, spots);
}

for (const game of GAMES) {
  test(`${game}: the guide's picture, its moment and its numbered call-outs`, async () => {
    const guide = readGuide(game);
    assert.equal(guide.picture, `${game}.png`, `${game}: the guide shows docs/games/${game}.png`);
    assert.deepEqual(guide.items, guide.callouts.map((_, i) => i + 1),
                     `${game}: the "How to read it" list numbers each call-out once, in order`);
    const params = new URLSearchParams(guide.query);
    const { page, errors } = await open(`${guide.query}&theme=light`, { device: DOCS_DESKTOP });
    const step = Number(params.get('step') || 0);
    await page.waitForFunction((t) => window.playground.state().step === t, step, { timeout: 60000 });
    await page.evaluate(() => window.playground.policy());  // the agent's decision, drawn on the board
    await page.waitForTimeout(2000);  // the drawings that take a few frames (the Binary solver's marks)
    await drawn(page, 3);  // and frames drawn since, however slow the machine
    const panels = await api(page, 'panels');
    const targets = await api(page, 'targets');
    const spots = guide.callouts.map((c, i) => ({ n: i + 1, ...place(game, c, panels, targets) }));
    await drawNumbers(page, spots);
    const dir = path.join(artifacts, 'guides');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${game}.png`);
    await page.screenshot({ path: file });
    assert.ok(fs.statSync(file).size > 10000, file);
    assert.deepEqual(errors, []);
    await page.close();
    assert.ok(fs.existsSync(path.join(root, 'docs/games', guide.picture)),
              `${game}: docs/games/${game}.png is missing (bash scripts/screenshots.sh writes it)`);
  });
}
