// Lessons (docs/lessons.md): the shipped lessons open chapter by chapter at the moments the engine's check
// finds; a question asks the student's move first, then shows the agent's distribution, the solver's verdict
// and the explanation, with the bridge's events; the text mirror reads the chapter and takes the answer; a
// teacher writes a lesson in the page and exports it (the file `playground lesson format` writes, byte for
// byte); a course page of another origin embeds a lesson on a phone; a lesson on a course's server opens when
// that server allows the playground (CORS); bad lessons are named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import { DEVICES, api, cli, drawn, env, open, root, useSite } from './helpers.mjs';

useSite();

const LESSONS = ['tictactoe', 'mancala', 'morris', 'binary', 'sokoban', 'zuma'];

// The CLI's check of a lesson file: per chapter {game, step} where it opens (playground lesson check).
function checked(file) {
  const out = execFileSync(cli, ['lesson', 'check', file]).toString();
  return [...out.matchAll(/^ {2}\d+\. .*?: ([a-z_]+) at step (\d+)/gm)].map((m) => ({ game: m[1], step: Number(m[2]) }));
}

// The events a page (or a course page) hears: window.events, [{kind, detail}].
const recordEvents = (page) => page.addInitScript(() => {
  window.events = [];
  for (const kind of ['chapter', 'answer', 'finished']) {
    window.addEventListener(`playground:${kind}`, (e) => window.events.push({ kind, detail: e.detail }));
  }
});

const panelText = (page) => page.textContent('#lesson');

// The lesson the teacher's test exports, which the course page's test embeds.
const written = { lesson: null };

// A tic-tac-toe lesson: a question where O must block at c1, the agent perfect in O's seat, judged by perfect.
const BLOCK = {
  lesson: 1,
  title: 'Blocks',
  mode: 'predict',
  chapters: [
    { title: 'Block the row', moment: { game: 'tictactoe', agents: 'perfect,perfect', actions: 'a1,b2,b1', step: 3 },
      text: 'X has **two** in the bottom row.', drawings: [{ arrow: ['a1', 'b1'], text: 'two' }],
      question: { prompt: 'Where does O play?', answers: ['c1'], judge: 'perfect', explanation: 'Only c1 stops the row.' } },
    { title: 'Afterwards', moment: { game: 'tictactoe', agents: 'perfect,perfect', actions: 'a1,b2,b1,c1', step: 4 },
      text: 'The game goes on.' },
  ],
};

test('every shipped lesson opens beside the board, each chapter at the moment the engine\'s check opens', async () => {
  for (const name of LESSONS) {
    const file = `assets/lessons/${name}.json`;
    const expected = checked(path.join(root, file));
    const { page, errors } = await open(`?lesson=${file}`, { waitForPolicies: false });
    await page.waitForSelector('#lesson h3', { timeout: 60000 });
    // Chapter 0 again: it opens once the URL's opening of it has (its game's module may still be starting).
    await api(page, 'lessonChapter', 0);
    assert.deepEqual((await api(page, 'messages')).filter((m) => m.error), [], `${name}: the URL's lesson is the page's`);
    const lesson = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
    for (let i = 0; i < lesson.chapters.length; ++i) {
      await api(page, 'lessonChapter', i);
      const s = await api(page, 'state');
      assert.deepEqual({ game: s.game, step: s.step }, expected[i], `${name}, chapter ${i}`);
      const text = await panelText(page);
      assert.ok(text.includes(lesson.chapters[i].title), `${name}: the chapter's title in the panel`);
      assert.equal(await page.locator('#lesson .lesson-problem').count(), 0, `${name}, chapter ${i}: ${text}`);
    }
    assert.deepEqual(errors, [], name);
    await page.close();
  }
});

test('a question: the student plays first, then sees the agent\'s distribution, the solver\'s verdict and why; the events follow', async () => {
  const { page, errors } = await open('?game=tictactoe', { waitForPolicies: false, prepare: recordEvents });
  await api(page, 'openLesson', BLOCK);
  let s = await api(page, 'state');
  assert.deepEqual([s.step, s.to_move, s.agents], [3, 1, ['perfect', 'human']], 'the student\'s seat is O\'s');
  assert.match(await panelText(page), /Play your move on the board/);
  // The chapter's drawing is over the board while it shows the moment; the solver's values on the cells (W3,
  // D, L2: tic-tac-toe's exact values) are not, while the student chooses.
  await page.waitForFunction(() => document.querySelectorAll('#lesson-drawings line').length === 1);
  await drawn(page);
  const exactMarks = async () => (await api(page, 'panels')).boardText.filter((t) => /^(W\d+|D|L\d+)$/.test(t.text)).length;
  assert.equal(await exactMarks(), 0, 'no exact values while the student chooses');
  // A wrong move first: the lesson says so, and the solver's best.
  await api(page, 'play', 'a3');
  await page.waitForFunction(() => /not the lesson's answer/.test(document.querySelector('#lesson').textContent) &&
    /best c1/.test(document.querySelector('#lesson').textContent), null, { timeout: 30000 });
  const text = await panelText(page);
  assert.match(text, /Only c1 stops the row/);
  assert.match(text, /What perfect plays here/);
  assert.match(text, /c1100%/, 'the agent\'s distribution: c1 at 100%');
  s = await api(page, 'state');
  assert.deepEqual([s.step, s.agents], [3, ['perfect', 'perfect']], 'back at the moment with the lesson\'s agents');
  await drawn(page);
  assert.ok(await exactMarks() > 0, 'the exact values again once answered');
  // Try again: right this time, but not first time.
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.waitForFunction(() => /Play your move/.test(document.querySelector('#lesson').textContent));
  await api(page, 'play', 'c1');
  await page.waitForFunction(() => /Your move c1: right/.test(document.querySelector('#lesson').textContent));
  await page.getByRole('button', { name: 'Next ›' }).click();
  await page.waitForFunction(() => /Chapter 2 of 2/.test(document.querySelector('#lesson').textContent));
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.waitForFunction(() => /0 of 1 questions answered right first time/.test(document.querySelector('#lesson').textContent));
  const events = await page.evaluate(() => window.events);
  assert.deepEqual(events.map((e) => e.kind), ['chapter', 'answer', 'answer', 'chapter', 'finished']);
  assert.deepEqual(events[1].detail, { chapter: 0, title: 'Block the row', move: 'a3', right: false, answers: ['c1'] });
  assert.equal(events[2].detail.right, true);
  assert.deepEqual(events[4].detail, { score: 0, questions: 1, chapters: 2 });
  assert.deepEqual(await api(page, 'lessonAnswers'), { score: 0, questions: 1, answered: [0] });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the text mirror reads the chapter beside the game in words; a keyboard student answers with its move buttons', async () => {
  const { page, errors } = await open('?game=tictactoe', { waitForPolicies: false });
  await api(page, 'openLesson', BLOCK);
  const mirror = () => page.textContent('#words-lesson');
  await page.waitForFunction(() => /move buttons below/.test(document.querySelector('#words-lesson')?.textContent || ''));
  const before = await mirror();
  assert.match(before, /Lesson: Blocks, chapter 1 of 2\./);
  assert.match(before, /Block the row/);
  assert.match(before, /X has two in the bottom row\./);
  assert.match(before, /Question: Where does O play\?/);
  assert.equal(await page.locator('#words-lesson button').count(), 0, 'the panel\'s buttons stay in the panel');
  // A keyboard student in the mirror: its move button c1 answers the question.
  await page.focus('[data-words="step"]');
  await page.waitForSelector('#words-moves button[data-move="c1"]');
  await page.focus('#words-moves button[data-move="c1"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Your move c1: right/.test(document.querySelector('#words-lesson').textContent), null, { timeout: 30000 });
  await page.waitForFunction(() => /What perfect plays here/.test(document.querySelector('#words-lesson').textContent));
  assert.match(await mirror(), /The solver \(perfect\): best c1/);
  await api(page, 'lessonChapter', 1);
  assert.match(await mirror(), /chapter 2 of 2\..*Afterwards/s);
  assert.deepEqual(errors, []);
  await page.close();
});

test('read mode shows the answer on request; hide leaves out the moves after the chapter\'s', async () => {
  const { page } = await open('?game=tictactoe', { waitForPolicies: false });
  await api(page, 'openLesson', { ...BLOCK, mode: 'read' });
  let s = await api(page, 'state');
  assert.deepEqual([s.step, s.length, s.agents], [3, 3, ['perfect', 'perfect']]);
  // Show the answer, and Next at once, while the agents still think about the answer: the board ends at chapter
  // 2's moment, the last asked for.
  await page.evaluate(() => {
    const button = (name) => [...document.querySelectorAll('#lesson button')].find((b) => b.textContent === name);
    button('Show the answer').click();
    button('Next ›').click();
  });
  await page.waitForFunction(() => /Chapter 2 of 2/.test(document.querySelector('#lesson').textContent));
  await page.waitForFunction(() => window.playground.state().step === 4, null, { timeout: 30000 });
  await page.waitForTimeout(1000);
  await drawn(page);
  s = await api(page, 'state');
  assert.deepEqual([s.step, s.length], [4, 4], 'still chapter 2\'s moment');
  // Back at chapter 1: its answer, with what the agents said of it.
  await page.getByRole('button', { name: '‹ Previous' }).click();
  await page.waitForFunction(() => /The lesson's answer: c1/.test(document.querySelector('#lesson').textContent) &&
    /What perfect plays here/.test(document.querySelector('#lesson').textContent), null, { timeout: 30000 });
  await page.getByRole('button', { name: 'Next ›' }).click();
  await page.waitForFunction(() => window.playground.state().step === 4, null, { timeout: 30000 });
  await page.selectOption('#lesson select', 'hide');
  await page.waitForFunction(() => window.playground.state().length === 4);
  await page.close();
});

test('a teacher writes a three-chapter lesson with a question, exports it, and it reopens the same, byte for byte', async () => {
  const { page, errors } = await open('?game=tictactoe&agents=perfect,perfect', { waitForPolicies: false });
  await api(page, 'writeLesson');
  await page.getByLabel('Lesson title').fill('Three moments');
  for (const actions of ['a1', 'a1,b2,b1', 'a1,b2,b1,c1']) {
    await api(page, 'openMoment', `game=tictactoe&agents=perfect,perfect&actions=${actions}`);
    await page.getByRole('button', { name: '+ Add this moment' }).click();
  }
  await page.getByLabel('Chapter 2 title').fill('Block');
  await page.locator('#lesson textarea').nth(2).fill('X threatens the *bottom row*.');
  await page.getByLabel('Question (empty: none)').nth(1).fill('Where does O play?');
  await page.getByLabel('Answers (moves, comma-separated)').nth(1).fill('c1');
  await page.getByLabel('Judge (an exact solver, e.g. perfect)').nth(1).fill('perfect');
  // Chapter 2's drawings, drawn on the board: a click on c1 marks it, a drag from a1 to b1 is an arrow (orange),
  // a click on a3 and again takes its mark away; the arrow gets a label. With heat chosen, two clicks on b2 warm it
  // twice (good), one on c3 once (bad), and one on a2 and four more clear it.
  // (Chapter 1's Draw on the board, and chapter 2's before chapter 1's moment has opened: the second wins.)
  await page.evaluate(() => {
    const draw = [...document.querySelectorAll('#lesson button')].filter((b) => b.textContent === 'Draw on the board');
    draw[0].click();
    draw[1].click();
  });
  await page.waitForSelector('#lesson-draw');
  await drawn(page);
  assert.equal(await page.locator('#lesson-draw').count(), 1, 'one drawing layer, chapter 2\'s');
  const places = new Map((await api(page, 'places')).places.map((p) => [p.name, p]));
  const board = await page.locator('#canvas').boundingBox();
  const at = (name) => ({ x: board.x + places.get(name).x, y: board.y + places.get(name).y });
  const click = async (name) => { await page.mouse.click(at(name).x, at(name).y); };
  await click('c1');
  await page.selectOption('#lesson .lesson-drawings select', 'bad');
  await page.mouse.move(at('a1').x, at('a1').y);
  await page.mouse.down();
  await page.mouse.move(at('b1').x, at('b1').y, { steps: 4 });
  await page.mouse.up();
  await click('a3');
  await click('a3');
  await page.getByLabel('Label of arrow a1 → b1').fill('two');
  await page.selectOption('#lesson .lesson-drawings select', 'heat-good');
  for (const name of ['b2', 'b2', 'a2', 'a2', 'a2', 'a2']) await click(name);
  await page.selectOption('#lesson .lesson-drawings select', 'heat-bad');
  await click('c3');
  assert.deepEqual(await page.$$eval('#lesson .lesson-drawings li span', (s) => s.map((e) => e.textContent.trim())),
                   ['mark c1', 'arrow a1 → b1', 'heat (2 places)']);
  // The mark's ring, the arrow's line and the heat's two discs.
  await page.waitForFunction(() => document.querySelectorAll('#lesson-drawings circle, #lesson-drawings line').length === 4);
  await page.getByRole('button', { name: 'Done drawing' }).click();
  assert.equal(await page.locator('#lesson-draw').count(), 0, 'the board takes its clicks again');
  // Reorder and delete: a fourth chapter added and deleted again, the first moved down and back.
  await page.getByRole('button', { name: '+ Add this moment' }).click();
  await page.getByRole('button', { name: 'Delete chapter 4' }).click();
  await page.getByRole('button', { name: 'Move chapter 1 down' }).click();
  await page.getByRole('button', { name: 'Move chapter 2 up' }).click();
  assert.equal(await page.locator('#lesson .lesson-chapter-edit').count(), 3);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export lesson' }).click();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lesson-')), 'lesson.json');
  await (await downloading).saveAs(file);
  const exported = fs.readFileSync(file, 'utf8');
  written.lesson = exported;
  assert.equal(execFileSync(cli, ['lesson', 'format', file]).toString(), exported, 'the engine writes the same file');
  const check = execFileSync(cli, ['lesson', 'check', file]).toString();
  assert.match(check, /3 chapters/);
  assert.match(check, /question: c1 \(perfect finds best: c1\)/);
  assert.match(check, /no problems/);
  assert.deepEqual(JSON.parse(exported).chapters[1].drawings,
                   [{ mark: 'c1' }, { arrow: ['a1', 'b1'], weight: -1, text: 'two' }, { heat: { b2: 2, c3: -1 } }],
                   'the drawings drawn');
  // Copy lesson link: the lesson inside the link; opened, the same lesson.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy lesson link' }).click();
  await page.waitForFunction(() => /Lesson link copied/.test(document.querySelector('#lesson').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(link.length < 8192 && link.includes('lesson=inline%3A'), link);
  const student = await env.browser.newPage();
  await student.goto(link);
  await student.waitForSelector('#lesson h3');
  assert.match(await panelText(student), /Three moments/);
  // Preview as a student, answer chapter 2's question, and back to writing while the agents think about the
  // answer (Edit clicked as soon as the panel says they think): the writer keeps the panel.
  await page.getByRole('button', { name: 'Preview as a student' }).click();
  await page.waitForFunction(() => /Chapter 1 of 3/.test(document.querySelector('#lesson').textContent));
  await page.getByRole('button', { name: 'Next ›' }).click();
  await page.waitForFunction(() => /Play your move on the board/.test(document.querySelector('#lesson').textContent),
                             null, { timeout: 30000 });
  await page.evaluate(() => {
    const panel = document.querySelector('#lesson');
    const watch = new MutationObserver(() => {
      if (!/The agents think/.test(panel.textContent)) return;
      watch.disconnect();
      [...panel.querySelectorAll('button')].find((b) => b.textContent === 'Edit').click();
    });
    watch.observe(panel, { childList: true, subtree: true });
  });
  await api(page, 'play', 'c1');
  await page.waitForFunction(() => /Export lesson/.test(document.querySelector('#lesson').textContent), null, { timeout: 30000 });
  await page.waitForTimeout(1500);
  await drawn(page);
  const after = await panelText(page);
  assert.match(after, /Export lesson/, 'the writer');
  assert.doesNotMatch(after, /Your move c1/, 'not the preview\'s answer');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the course page of another origin embeds the teacher\'s lesson; a student on a phone answers; the course page hears it', async (t) => {
  assert.ok(written.lesson, 'the teacher\'s test exported a lesson');
  const course = await startServer({ dir: path.join(root, 'examples'), port: 0 });
  t.after(() => course.close());
  const courseOrigin = `http://localhost:${course.address().port}`;
  const context = await env.browser.newContext(DEVICES['phone 390x844']);
  t.after(() => context.close());
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${courseOrigin}/course_page.html?playground=${encodeURIComponent(env.base)}` +
    `&lesson=${encodeURIComponent('inline:' + written.lesson)}`);
  // A playground below the fold starts once scrolled to (docs/embedding.md).
  await page.locator('#lesson iframe').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('#lesson-status')?.dataset.chapter === '0', null, { timeout: 60000 });
  const playground = page.frames().find((f) => f !== page.mainFrame() && f.url().includes('lesson='));
  assert.ok(playground.url().startsWith(env.base), 'the lesson is on the playground\'s origin');
  assert.match(await page.textContent('#lesson-status'), /Chapter 1 of 3/);
  // The phone's layout: the lesson under the board.
  assert.equal(await playground.evaluate(() => document.documentElement.dataset.lesson), 'sheet');
  // To the question, through the panel's own button, and the student's move on the board: tapped, as on a phone.
  await playground.getByRole('button', { name: 'Next ›' }).tap();
  await playground.waitForFunction(() => /Play your move/.test(document.querySelector('#lesson').textContent));
  await page.waitForFunction(() => document.querySelector('#lesson-status').dataset.chapter === '1');
  await drawn(playground);  // targets() reads the last frame drawn: one with the lesson's sheet in place
  const target = (await playground.evaluate(() => window.playground.targets())).find((t) => t.action === 'c1');
  const box = await page.locator('#lesson iframe').boundingBox();
  await page.touchscreen.tap(box.x + target.x, box.y + target.y);
  await playground.waitForFunction(() => /What perfect plays here/.test(document.querySelector('#lesson').textContent), null, { timeout: 30000 });
  const panel = await playground.textContent('#lesson');
  assert.match(panel, /Your move c1: right/);
  assert.match(panel, /The solver \(perfect\): best c1/, 'the solver\'s verdict');
  assert.match(panel, /What perfect plays here/, 'the agent\'s distribution');
  await page.waitForFunction(() => /You played c1: right/.test(document.querySelector('#lesson-status').textContent));
  assert.deepEqual(errors, []);
});

// A course's own server for lesson files, on another origin than the playground's: `allow` is what it sends as
// Access-Control-Allow-Origin (none: a server that does not allow other pages to read its files).
async function lessonServer(text, allow) {
  const server = http.createServer((req, res) => {
    const headers = { 'Content-Type': 'application/json' };
    if (allow) headers['Access-Control-Allow-Origin'] = allow;
    res.writeHead(req.url === '/lesson.json' ? 200 : 404, headers);
    res.end(req.url === '/lesson.json' ? text : 'not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://localhost:${server.address().port}/lesson.json` };
}

test('a lesson on a course\'s server opens when that server allows the playground, and is named when it does not', async (t) => {
  const text = fs.readFileSync(path.join(root, 'assets/lessons/tictactoe.json'), 'utf8');
  const allowing = await lessonServer(text, new URL(env.base).origin);
  t.after(() => allowing.server.close());
  const refusing = await lessonServer(text, null);
  t.after(() => refusing.server.close());
  const { page, errors } = await open(`?game=tictactoe&lesson=${encodeURIComponent(allowing.url)}`, { waitForPolicies: false });
  await page.waitForSelector('#lesson h3', { timeout: 60000 });
  assert.match(await panelText(page), new RegExp(JSON.parse(text).chapters[0].title));
  assert.equal(await page.locator('#lesson .lesson-problem').count(), 0);
  await assert.rejects(api(page, 'openLesson', refusing.url), /could not be fetched .*must allow this page \(CORS\)/);
  assert.match(await panelText(page), /must allow this page \(CORS\)/);
  assert.deepEqual(errors.filter((e) => !/CORS|Failed to (load|fetch)/.test(e)), [], 'no other error than the refused fetch');
  await page.close();
});

test('bad lessons are named: a file that is missing, one that is not a lesson, a chapter that does not open', async () => {
  const { page } = await open('?game=tictactoe&lesson=assets/lessons/none.json', { waitForPolicies: false });
  await page.waitForFunction(() => /HTTP 404/.test(document.querySelector('#lesson')?.textContent || ''));
  assert.ok((await api(page, 'messages')).some((m) => m.error && /lesson assets\/lessons\/none.json: HTTP 404/.test(m.text)));
  await assert.rejects(api(page, 'openLesson', { lesson: 2, title: 'x', chapters: [] }), /lesson.lesson: version 2 is not read here/);
  const mixed = { ...BLOCK, mode: 'read', chapters: [
    { title: 'Fine', moment: { game: 'tictactoe', actions: 'a1', step: 1 } },
    { title: 'Illegal', moment: { game: 'tictactoe', actions: 'a1,a1', step: 2 } },
    { title: 'Broken', moment: { game: 'tictactoe', step: 'two' } },
  ] };
  const opened = await api(page, 'openLesson', mixed);
  assert.deepEqual(opened.problems, ['chapters[2] (Broken).moment.step: expected a whole number (0 or more)']);
  await api(page, 'lessonChapter', 1);
  assert.match(await page.textContent('#lesson .lesson-problem'), /chapters\[1\] \(Illegal\)\.moment\.actions: /);
  await api(page, 'lessonChapter', 2);
  assert.match(await page.textContent('#lesson .lesson-problem'), /moment.step: expected a whole number/);
  await api(page, 'lessonChapter', 0);
  assert.equal((await api(page, 'state')).step, 1, 'the other chapters still open');
  await page.close();
});
