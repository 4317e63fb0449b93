// The page's look and its accessibility: the themes (the URL's, the reader's remembered choice, the browser's
// prefers-color-scheme and prefers-contrast), the UI scale, keyboard navigation (F6), and axe-core's check of
// the DOM the page adds (no serious or critical violation). A screenshot per size and theme goes to
// tests/browser/artifacts/look/ (scripts/screenshots.sh copies them to docs/screenshots/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useSite, open, api, env, root, artifacts, DEVICES, DOCS_DESKTOP, drawn } from './helpers.mjs';

useSite();

const THEMES = ['dark', 'light', 'contrast'];
const SIZES = { 'desktop 1400x860': DOCS_DESKTOP, ...DEVICES };

test('the theme: the URL names it, else the reader chose it (remembered), else the browser asks for it', async () => {
  for (const theme of THEMES) {
    const { page, errors } = await open(`?game=mancala&theme=${theme}`);
    assert.equal((await api(page, 'look')).theme, theme);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
    assert.match(await api(page, 'link'), new RegExp(`&theme=${theme}`), 'a link keeps the theme it was given');
    assert.deepEqual(errors, []);
    await page.close();
  }
  // The browser's own setting, in a profile where the reader chose nothing.
  for (const [media, theme] of [[{ colorScheme: 'light' }, 'light'], [{ colorScheme: 'dark' }, 'dark'],
    [{ colorScheme: 'light', contrast: 'more' }, 'contrast']]) {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.emulateMedia(media);
    await page.goto(env.base + '?game=mancala');
    await page.evaluate(() => window.playground.ready);
    assert.equal((await api(page, 'look')).theme, theme, JSON.stringify(media));
    await context.close();
  }
  // The reader's choice is remembered, and outranks the browser's.
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(env.base + '?game=mancala');
  await page.evaluate(() => window.playground.ready);
  assert.deepEqual(await api(page, 'setLook', { theme: 'light', scale: 1.5 }),
                   { theme: 'light', scale: 1.5, keyboardNav: false });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  await page.reload();
  await page.evaluate(() => window.playground.ready);
  assert.deepEqual(await api(page, 'look'), { theme: 'light', scale: 1.5, keyboardNav: false });
  await assert.rejects(api(page, 'setLook', { theme: 'purple' }), /setLook: expected \{"theme"/);
  await assert.rejects(api(page, 'setLook', { scale: 5 }), /"scale": 1 to 2/);
  await context.close();
});

test('a bad theme in the URL is named and the browser\'s is used', async () => {
  const { page } = await open('?game=mancala&theme=purple');
  const messages = await api(page, 'messages');
  assert.ok(messages.some((m) => /'purple' is not a theme \(known: dark, light, contrast\)/.test(m.text)),
            JSON.stringify(messages));
  const browsers = await page.evaluate(() => (window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark'));
  assert.equal((await api(page, 'look')).theme, browsers);
  await page.close();
});

test('F6 turns keyboard navigation on (the arrows move between controls) and off (the arrows step)', async () => {
  const { page, errors } = await open('?game=mancala&agents=random,random');
  await page.focus('#canvas');
  await page.keyboard.press('F6');
  await page.waitForFunction(() => window.playground.look().keyboardNav === true);
  await page.keyboard.press('ArrowRight');
  await drawn(page);  // keys are handled at the next frame
  assert.equal((await api(page, 'state')).step, 0, 'the arrow moved between controls, not the episode');
  await page.keyboard.press('F6');
  await page.waitForFunction(() => window.playground.look().keyboardNav === false);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.playground.state().step === 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('F8 takes the keyboard round the menu bar and the panels (Shift+F8 back); the menu bar\'s Lesson opens the writer', async () => {
  const { page, errors } = await open('?game=tictactoe&agents=human,human');
  await page.focus('#canvas');
  const keyboardIn = async (key) => {
    await page.keyboard.press(key);
    await drawn(page, 3);  // keys are handled at the next frame, the region's first control at the one after
    return (await api(page, 'panels')).keyboardIn;
  };
  // Round once: every panel on screen and the menu bar, each once.
  const round = [await keyboardIn('F8')];
  assert.equal((await api(page, 'look')).keyboardNav, true, 'F8 turns keyboard navigation on');
  for (let i = 0; i < 10; ++i) {
    const next = await keyboardIn('F8');
    if (next === round[0]) break;
    round.push(next);
  }
  assert.deepEqual([...round].sort(), ['##MainMenuBar', 'Board', 'Inspector', 'Setup', 'Step log', 'Timeline'],
                   JSON.stringify(round));
  assert.equal(await keyboardIn('Shift+F8'), round.at(-1), 'Shift+F8: the region before');
  while ((await keyboardIn('F8')) !== '##MainMenuBar');
  // In the menu bar, at View: right to Help, right to Lesson, Space presses it. The keys are quick (down and up
  // before a frame is drawn): the page holds a key's release for the frame after the one that sees it down.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => /Export lesson/.test(document.querySelector('#lesson')?.textContent || ''), null,
                             { timeout: 30000 });
  assert.equal((await api(page, 'state')).step, 0, 'the keys stepped nothing');
  assert.deepEqual(errors, []);
  await page.close();
});

// axe-core over the DOM the page adds around the canvas (the text mirror shown, the loading card gone).
async function axeViolations(page) {
  await page.addScriptTag({ path: path.join(root, 'tests/browser/node_modules/axe-core/axe.min.js') });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const theme of THEMES) {
  test(`axe-core finds no serious violation (${theme}, the text mirror open, embedded too)`, async () => {
    for (const query of [`?game=mancala&theme=${theme}`, `?game=zuma&embed=1&theme=${theme}`]) {
      const { page } = await open(query);
      await page.focus('[data-words="step"]');
      assert.deepEqual(await axeViolations(page), [], query);
      await page.close();
    }
  });
}

// Every size in the dark theme and every theme on the desktop; every size in every theme when
// PG_ALL_SCREENSHOTS=1 (scripts/screenshots.sh, for review: the themes change only colours, which the test
// command's pictures already show at one size).
const ALL_SCREENSHOTS = process.env.PG_ALL_SCREENSHOTS === '1';
const DESKTOP_SIZE = Object.keys(SIZES)[0];

test('a screenshot per size and theme (tests/browser/artifacts/look)', async () => {
  const dir = path.join(artifacts, 'look');
  fs.mkdirSync(dir, { recursive: true });
  for (const [size, device] of Object.entries(SIZES)) {
    for (const theme of THEMES) {
      if (!ALL_SCREENSHOTS && theme !== 'dark' && size !== DESKTOP_SIZE) continue;
      const { page, errors } = await open(`?game=mancala&agents=ntuple:5,greedy:5&step=6&theme=${theme}`,
                                          { device });
      await page.waitForFunction(() => window.playground.state().step === 6, null, { timeout: 60000 });
      await drawn(page, 3);
      const file = path.join(dir, `${size.replace(/\s+/g, '-')}-${theme}.png`);
      await page.screenshot({ path: file });
      assert.ok(fs.statSync(file).size > 10000, file);
      assert.deepEqual(errors, [], `${size} ${theme}`);
      await page.close();
    }
  }
});
