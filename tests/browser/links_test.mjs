// Links to any moment: the URL's step, actions, level and panels; Copy link writes exactly what is on screen
// (or shows the link to copy by hand when the browser refuses the clipboard); embed mode's "Open in full view".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, open, api, env } from './helpers.mjs';

useSite();

const warnings = (messages) => messages.filter((m) => m.error).map((m) => m.text);

test('a link with actions and a step opens that moment; Copy link gives it back', async () => {
  const { page, errors } = await open('?game=tictactoe&agents=human,human&actions=b2,a1,c3,a3&step=3');
  const s = await api(page, 'state');
  assert.deepEqual(warnings(await api(page, 'messages')), []);
  assert.equal(s.length, 4);
  assert.equal(s.step, 3);
  const trace = await api(page, 'trace');
  assert.deepEqual(trace.steps.map((x) => x.action), ['b2', 'a1', 'c3', 'a3']);
  // A human's new move from step 3 starts a branch: the link holds the branch.
  await api(page, 'play', 'c1');
  const link = await api(page, 'link');
  assert.match(link, /[?&]actions=b2,a1,c3,c1(&|$)/);
  assert.doesNotMatch(link, /[?&]step=/, 'at the end of the episode the step is the default');
  await api(page, 'back');
  const back = await api(page, 'link');
  assert.match(back, /&step=3(&|$)/);

  const again = await env.browser.newPage();
  await again.goto(back);
  await again.evaluate(() => window.playground.ready);
  const t = await api(again, 'state');
  assert.equal(t.step, 3);
  assert.equal(t.length, 4);
  assert.deepEqual(t.agents, ['human', 'human']);
  assert.deepEqual((await api(again, 'trace')).steps.map((x) => x.action), ['b2', 'a1', 'c3', 'c1']);
  assert.deepEqual(warnings(await api(again, 'messages')), []);
  await again.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test("a link's steps stay when its agents take their seats after their policy file arrives", async () => {
  // ntuple:5 needs mancala/ntuple_averaged.json: the page opens with a stand-in and seats it when it arrives.
  const { page, errors } = await open('?game=mancala&agents=ntuple:5,greedy:5&actions=3,5,2,4,2,4,3,5&step=3');
  await page.waitForFunction(() => window.playground.state().agents.join() === 'ntuple:5,greedy:5', null,
                             { timeout: 60000 });
  const s = await api(page, 'state');
  assert.equal(s.length, 8);
  assert.equal(s.step, 3);
  assert.deepEqual(warnings(await api(page, 'messages')), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a step without actions: the agents play to it (Kalah, ntuple:5 against greedy:5, at move 12)', async () => {
  const { page, errors } = await open('?game=mancala&agents=ntuple:5,greedy:5&step=12');
  await page.waitForFunction(() => window.playground.state().length === 12, null, { timeout: 60000 });
  const s = await api(page, 'state');
  assert.deepEqual(s.agents, ['ntuple:5', 'greedy:5']);
  assert.equal(s.step, 12);
  assert.deepEqual(warnings(await api(page, 'messages')), []);
  // Played by the agents (the CLI's `play` with the same seed and agents gives the same moves: determinism_test).
  const trace = await api(page, 'trace');
  assert.ok(trace.steps.every((x) => x.agent === 'ntuple:5' || x.agent === 'greedy:5'), JSON.stringify(trace.steps.map((x) => x.agent)));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a Sokoban level by collection and number, as the page numbers it', async () => {
  const { page, errors } = await open('?game=sokoban&level=teaching:3&agents=solver');
  const s = await api(page, 'state');
  assert.equal(s.options.collection, 'teaching');
  assert.equal(s.options.index, 2);
  assert.deepEqual(warnings(await api(page, 'messages')), []);
  const link = await api(page, 'link');
  assert.match(link, /&level=teaching:3(&|$)/, 'the link names the level as the URL did');
  assert.doesNotMatch(link, /options=/);
  const again = await env.browser.newPage();
  await again.goto(link);
  await again.evaluate(() => window.playground.ready);
  assert.equal((await api(again, 'state')).options.index, 2);
  // A level with another option changed is no longer that level alone: its options go in the link.
  await api(again, 'load', 'sokoban', { collection: 'teaching', index: 2, max_steps: 37 });
  assert.match(await api(again, 'link'), /&options=%7B/);
  await again.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test('bad values are named and fall back; the page keeps working', async () => {
  const { page, errors } = await open('?game=tictactoe&step=soon&panels=board,chat&level=teaching:3&actions=b2,b2');
  const texts = warnings(await api(page, 'messages'));
  for (const name of ['step', 'panels', 'level', 'actions'])
    assert.ok(texts.some((t) => t.startsWith(`URL parameter '${name}'`)), `${name}: ${texts.join(' | ')}`);
  assert.ok(texts.some((t) => /action 2 \('b2'\)/.test(t)), texts.join(' | '));
  const s = await api(page, 'state');
  assert.equal(s.length, 0);
  await api(page, 'step');
  assert.equal((await api(page, 'state')).step, 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Copy link: copied when the browser allows it, else shown selected in a box', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1200, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.base.replace(/\/$/, '') });
  const page = await context.newPage();
  await page.goto(env.base + '?game=tictactoe&agents=human,human&actions=b2,a1');
  await page.evaluate(() => window.playground.ready);
  const copied = await page.evaluate(() => window.playground.copyLink());
  assert.equal(copied.copied, true);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), copied.link);
  assert.match(copied.link, /actions=b2,a1/);
  assert.ok((await api(page, 'messages')).some((m) => /^Link copied/.test(m.text)));
  assert.equal(await page.isVisible('#linkbox'), false);

  // The clipboard refused (as in a cross-origin frame without allow="clipboard-write").
  await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); });
  const refused = await page.evaluate(() => window.playground.copyLink());
  assert.equal(refused.copied, false);
  assert.equal(await page.isVisible('#linkbox'), true);
  assert.equal(await page.inputValue('#linktext'), refused.link);
  const selected = await page.evaluate(() => {
    const input = document.getElementById('linktext');
    return document.activeElement === input && input.selectionStart === 0 && input.selectionEnd === input.value.length;
  });
  assert.ok(selected, 'the link is selected, ready to copy');
  const messages = await api(page, 'messages');
  assert.ok(messages.some((m) => /did not let the page copy/.test(m.text)));
  assert.ok(!messages.some((m) => /^Link copied/.test(m.text) && messages.indexOf(m) === messages.length - 1));
  await page.click('#linkclose');
  assert.equal(await page.isVisible('#linkbox'), false);
  await context.close();
});

test('a phone-sized embed (360x560) takes the narrow layout: the board below the full-view link, panels behind tabs', async () => {
  const { page, errors } = await open('?game=mancala&embed=1&panels=board,inspector,timeline',
    { device: { viewport: { width: 360, height: 560 } } });
  const panels = await api(page, 'panels');
  assert.equal(panels.embed, true);
  assert.equal(panels.narrow, true);
  assert.deepEqual(panels.tabs.map((t) => t.panel), ['inspector']);
  const link = await page.locator('#fullview').boundingBox();
  const board = Object.entries(panels.windows).find(([name]) => /board/i.test(name));
  assert.ok(board, Object.keys(panels.windows).join(', '));
  assert.ok(board[1].y >= link.y + link.height - 1, `the board (${board[1].y}) starts below the link (${link.y + link.height})`);
  assert.ok(board[1].height > 200, `the board has room: ${board[1].height}`);
  const wide = await open('?game=mancala&embed=1&panels=board,inspector,timeline');
  assert.equal((await api(wide.page, 'panels')).narrow, false);
  await wide.page.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test('embed mode: the panels the URL names, and "Open in full view" at the same moment', async () => {
  const { page, errors } = await open('?game=tictactoe&agents=human,human&actions=b2,a1,c3&step=2&embed=1' +
                                      '&panels=board,inspector,timeline');
  const shownPanels = async (p) => { const { embed, shown } = await api(p, 'panels'); return { embed, shown }; };
  assert.deepEqual(await shownPanels(page), { embed: true, shown: ['board', 'inspector', 'timeline'] });
  const plain = await open('?game=tictactoe&embed=1');
  assert.deepEqual(await shownPanels(plain.page), { embed: true, shown: ['board', 'timeline'] });
  assert.equal(await plain.page.isVisible('#fullview'), true);
  await plain.page.close();
  const full = await open('?game=tictactoe');
  assert.equal(await full.page.isVisible('#fullview'), false, 'only in embed mode');
  await full.page.close();

  await api(page, 'seek', 1);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.click('#fullview')]);
  await tab.waitForLoadState();
  await tab.evaluate(() => window.playground.ready);
  const s = await api(tab, 'state');
  assert.equal(s.step, 1);
  assert.equal(s.length, 3);
  assert.deepEqual(await shownPanels(tab), { embed: false, shown: ['board', 'inspector', 'timeline', 'log', 'setup'] });
  await tab.close();
  assert.deepEqual(errors, []);
  await page.close();
});
