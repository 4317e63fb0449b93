// The game in words: the text mirror beside the canvas (#words) for screen readers and keyboard users. For every
// game, stepped with the keyboard through the mirror's own buttons, it names the move just played and the
// agent's most likely actions and the one it chooses, and announces the step in its aria-live region. What each
// game's words say of its board and its solver is checked in that game's own test file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, open, api, GAMES, defaultSeats } from './helpers.mjs';

useSite();

// The decision's most likely action, as the mirror names it: the first of the most probable.
function mostLikely(decision) {
  let best = null;
  for (const d of decision.distribution) if (best === null || d.p > best.p) best = d;
  return best.action;
}

for (const game of GAMES) {
  test(`${game}: the mirror names the move played, the agent's most likely actions and its choice`, async () => {
    const { page, errors } = await open(`?game=${game}&agents=${defaultSeats(game).join(',')}`);
    const text = (id) => page.textContent(`#words-${id}`);
    // The mirror shows the moment a little after it changes (at most every 150 ms): wait until its title, turn,
    // board (State::to_words, else as the CLI prints it) and analysis are the engine's words for the moment.
    await page.waitForFunction(() => {
      const w = window.playground.words();
      return w.turn !== '' && w.board !== '' && ['title', 'turn', 'board', 'analysis'].every((k) =>
        document.getElementById(`words-${k}`).textContent === w[k]);
    }, null, { timeout: 30000 });

    // Keyboard only: from the canvas (focused when the page starts), Tab reaches the mirror's buttons (Step
    // back, then Step), which then show; Enter steps.
    await page.focus('#canvas');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.words), 'step');
    const box = await page.locator('#words').boundingBox();
    assert.ok(box.width > 200 && box.height > 50, `the mirror shows when focused: ${JSON.stringify(box)}`);
    for (let step = 1; step <= 2; ++step) {
      await page.keyboard.press('Enter');
      await page.waitForFunction((t) => window.playground.state().step === t, step, { timeout: 60000 });
      const played = (await api(page, 'trace')).steps[step - 1].action;
      // The mirror refreshes a little after the step (at most every 150 ms), and two steps may play the same
      // move: wait for the step's position and its move together.
      await page.waitForFunction(([a, t]) => document.getElementById('words-last').textContent.includes(`played ${a}.`) &&
                                   document.getElementById('words-position').textContent === `Step ${t} of ${t}`,
                                 [played, step], { timeout: 30000 });
      const state = await api(page, 'state');
      if (state.done) break;
      const decision = await api(page, 'policy');
      if (decision === null || decision.declined) continue;
      const expected = `It chooses ${decision.chosen} (`;  // the action the inspector marks "chosen"
      await page.waitForFunction((e) => document.getElementById('words-live').textContent.includes(e), expected,
                                 { timeout: 30000 });
      assert.match(await text('decision'), new RegExp(`'s decision: ${mostLikely(decision).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `));
      assert.equal(await page.getAttribute('#words-live', 'aria-live'), 'polite');
    }
    // Step back, from the keyboard too.
    const before = (await api(page, 'state')).step;
    await page.focus('[data-words="back"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction((t) => window.playground.state().step === t, before - 1, { timeout: 30000 });
    assert.deepEqual(errors, []);
    await page.close();
  });
}

// A whole episode with the keyboard alone: the human's seat plays through the mirror's move buttons (Tab from
// the canvas to the first move, then Enter; the focus comes back to the first of the next moves after the
// agents reply), until the game is over. The first legal move each time: what matters is that every move a
// human makes on the board can be made without a mouse.
for (const game of GAMES) {
  test(`${game}: one episode played with the keyboard alone`, async () => {
    const seats = defaultSeats(game);
    const agents = seats.length === 1 ? ['human'] : ['human', seats[seats.length - 1]];
    const { page, errors } = await open(`?game=${game}&agents=${agents.join(',')}`);
    await page.waitForFunction(() => document.querySelector('#words-moves button') !== null);
    await page.focus('#canvas');
    // Step back, Step, Play, New episode, then the moves.
    for (let i = 0; i < 5; ++i) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.move !== undefined), true,
                 'five Tabs from the canvas reach the first move');
    let moves = 0;
    for (; moves < 400 && !(await api(page, 'state')).done; ++moves) {
      const step = (await api(page, 'state')).step;
      const name = await page.evaluate(() => document.activeElement.dataset.move);
      assert.ok(name, `the focus is on a move (after ${moves} moves)`);
      await page.keyboard.press('Enter');
      // The move is played, the agents reply, and the focus is on the next move (or the game is over).
      await page.waitForFunction((t) => {
        const s = window.playground.state();
        if (s.step <= t) return false;
        if (s.done) return true;
        const offered = Array.from(document.querySelectorAll('#words-moves button'), (b) => b.dataset.move);
        const legal = window.playground.words().moves;
        return legal.length > 0 && offered.join() === legal.join() && document.activeElement.dataset.move === legal[0];
      }, step, { timeout: 60000 });
      assert.equal((await api(page, 'trace')).steps[step].action, name, 'the move played is the one pressed');
    }
    assert.equal((await api(page, 'state')).done, true, `the episode ends (${moves} moves played)`);
    await page.waitForFunction(() => document.getElementById('words-turn').textContent.startsWith('The game is over.'),
                               null, { timeout: 30000 });
    assert.deepEqual(errors, []);
    await page.close();
  });
}
