// Text that a student can read at the sizes students use (a 1280x800 laptop at device pixel ratio 1, the
// docs' 1400x860 desktop, a 390x844 phone): no panel's text is cut off at its edge (panels().clipped: contents
// wider than the room they had and not scrollable), and the board's text is drawn at the size of the font
// raster it comes from (panels().boardText), so that no one-pixel stroke, a minus sign above all, is lost to
// scaling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, open, api, GAMES, DEVICES, DOCS_DESKTOP, drawn } from './helpers.mjs';

useSite();

const SIZES = {
  'laptop 1280x800 at ratio 1': { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  'desktop 1400x860': DOCS_DESKTOP,
  'phone 390x844': DEVICES['phone 390x844'],
};
// A moment of each game with a few steps in the log, an agent's decision on show and rewards of both signs
// where the game has them.
const STEPS = { zuma: 4, sokoban: 5, morris: 8, mancala: 6, binary: 4, tictactoe: 3 };

// The panels' clipped lines and the board's text, with every panel shown in turn (the phone shows one at a time).
async function readText(page) {
  let panels = await api(page, 'panels');
  const clipped = [...panels.clipped];
  const boardText = [...panels.boardText];
  for (const tab of panels.tabs) {
    await page.touchscreen.tap(tab.x + tab.width / 2, tab.y + tab.height / 2);
    await page.waitForFunction((p) => window.playground.panels().drawer === p, tab.panel);
    await drawn(page, 3);
    panels = await api(page, 'panels');
    clipped.push(...panels.clipped.map((c) => `${tab.panel} tab: ${c}`));
  }
  return { clipped: [...new Set(clipped)], boardText };
}

for (const [size, device] of Object.entries(SIZES)) {
  test(`${size}: no text cut off, and the board's text drawn at its raster's size, in every game`, async () => {
    const problems = [];
    for (const game of GAMES) {
      const steps = STEPS[game] || 3;
      const { page, errors } = await open(`?game=${game}&seed=3&step=${steps}`, { device });
      await page.waitForFunction((n) => window.playground.state().step === n, steps, { timeout: 60000 });
      await drawn(page, 3);
      const { clipped, boardText } = await readText(page);
      problems.push(...clipped.map((c) => `${game}: cut off: ${c}`));
      if (boardText.length === 0) problems.push(`${game}: the board draws no text`);
      for (const t of boardText) {
        if (t.raster !== t.size) problems.push(`${game}: "${t.text}" drawn at ${t.size} px from a ${t.raster}-px raster`);
      }
      if (game === 'sokoban') {
        // Step 5 is a step's penalty (-0.1): the line above the map says so, sign included.
        const [reward] = (await api(page, 'trace')).steps[steps - 1].rewards;
        const status = boardText.find((t) => /last reward/.test(t.text));
        const shown = `last reward ${reward < 0 ? '-' : '+'}${Math.abs(reward).toFixed(1)}`;
        if (reward >= 0) problems.push(`sokoban: step ${steps} has reward ${reward}, not a penalty`);
        if (!status || !status.text.includes(shown)) problems.push(`sokoban: "${shown}" is not above the map`);
      }
      problems.push(...errors.map((e) => `${game}: page error: ${e}`));
      await page.close();
    }
    assert.deepEqual(problems, [], size);
  });
}
