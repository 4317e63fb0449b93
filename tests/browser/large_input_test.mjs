// Large and malformed inputs (issue 13): every text reaches the engine through the heap, a text over the
// page's limit (32 MB of UTF-8) is refused with a message naming the limit and its size, and whatever
// happens the page goes on: the episode is unchanged, and stepping, going back and loading another game
// work. Before the fix, a text of 1.4 MB overran the WebAssembly stack and killed the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { useSite, open, at, api, cli, root } from './helpers.mjs';

useSite();

const MB = 1048576;
const LIMIT = 32 * MB;
const limitMessage = (bytes, what = 'text') =>
  new RegExp(`the ${what} is ${(bytes / MB).toFixed(1)} MB \\(${bytes} bytes\\), over the limit of 32\\.0 MB ` +
             `\\(${LIMIT} bytes\\) for text given to the page`);

// Texts of an exact size are made in the page (64 MB would cross the DevTools protocol slowly).
async function defineTexts(page) {
  await page.evaluate(() => {
    // `value` (an object) as JSON text of exactly `bytes` bytes: a field "notes" first, padded.
    window.padded = (value, bytes) => {
      const head = '{"notes":"';
      const tail = '",' + JSON.stringify(value).slice(1);
      return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
    };
    // The same text cut short (as a download that broke off): not JSON.
    window.truncated = (value, bytes) => window.padded(value, bytes + 100).slice(0, bytes);
    window.utf8Bytes = (text) => new TextEncoder().encode(text).length;
  });
}

// Calls window.playground[fn] on the text `make(...args)` made in the page; returns {ok, error, bytes, ms}.
async function callWithText(page, fn, make, ...args) {
  return page.evaluate(([f, m, a]) => {
    const text = window[m](...a);
    const bytes = window.utf8Bytes(text);
    const start = performance.now();
    try {
      window.playground[f](text);
      return { ok: true, bytes, ms: performance.now() - start };
    } catch (e) {
      return { ok: false, error: e.message, bytes, ms: performance.now() - start };
    }
  }, [fn, make, args]);
}

// The page goes on: a step, back to where it was, another game, then `trace` is imported back.
async function goesOn(page, trace) {
  const s = await api(page, 'state');
  assert.equal((await api(page, 'step')).step, s.step + 1);
  assert.deepEqual(at(await api(page, 'back')), at(s));
  const other = s.game === 'mancala' ? 'zuma' : 'mancala';
  assert.equal((await api(page, 'load', other, {})).game, other);
  assert.equal((await api(page, 'step')).step, 1);
  const back = await api(page, 'importTrace', trace);
  assert.equal(back.game, trace.game);
  assert.deepEqual(await api(page, 'trace'), trace);
}

const lastMessage = async (page) => (await api(page, 'messages')).at(-1);

test('traces of 2, 16 and 64 MB: valid ones under the limit are imported, the rest refused; the page goes on',
     { timeout: 300000 }, async () => {
  const { page, errors } = await open('?seed=5');
  await defineTexts(page);
  for (let i = 0; i < 10; i++) await api(page, 'step');
  const episode = await api(page, 'trace');  // the user's episode
  const state = await api(page, 'state');
  // Another valid Kalah trace, to be padded to each size.
  await api(page, 'reset', 99);
  for (let i = 0; i < 12; i++) await api(page, 'step');
  const other = await api(page, 'trace');
  await api(page, 'importTrace', episode);

  for (const size of [2, 16, 64]) {
    const bytes = size * MB;
    // A valid trace padded with a long string field: imported if under the limit.
    let r = await callWithText(page, 'importTrace', 'padded', other, bytes);
    assert.equal(r.bytes, bytes);
    if (bytes <= LIMIT) {
      assert.ok(r.ok, `${size} MB: ${r.error}`);
      assert.deepEqual(await api(page, 'trace'), other, 'the padded trace is imported');
      assert.match((await lastMessage(page)).text, /Trace imported: 12 steps/);
      await goesOn(page, episode);
    } else {
      assert.equal(r.ok, false);
      assert.match(r.error, /^Import failed, nothing changed\. trace: /);
      assert.match(r.error, limitMessage(bytes));
      assert.deepEqual(await lastMessage(page), { text: r.error, error: true }, 'the page shows the refusal');
      assert.deepEqual(await api(page, 'trace'), episode, 'nothing changed');
      assert.deepEqual(at(await api(page, 'state')), at(state));
      await goesOn(page, episode);
    }
    // The same text cut short: not JSON, refused (by the parser under the limit, by its size over it).
    r = await callWithText(page, 'importTrace', 'truncated', other, bytes);
    assert.equal(r.ok, false);
    assert.match(r.error, bytes <= LIMIT ? /^Import failed, nothing changed\. trace: not valid JSON: \[json\.exception\.parse_error/
                                         : limitMessage(bytes));
    assert.deepEqual(await lastMessage(page), { text: r.error, error: true });
    assert.deepEqual(await api(page, 'trace'), episode, 'nothing changed');
    assert.deepEqual(at(await api(page, 'state')), at(state));
    await goesOn(page, episode);
    console.log(`# trace of ${size} MB: valid ${bytes <= LIMIT ? 'imported' : 'refused'}, cut short refused ` +
                `(${Math.round(r.ms)} ms)`);
  }

  // The limit counts UTF-8 bytes, not characters: 20 M characters of 'é' are 40 MB.
  const r = await page.evaluate(() => {
    try { window.playground.importTrace('"' + 'é'.repeat(20 * 1048576) + '"'); return null; } catch (e) { return e.message; }
  });
  assert.match(r, limitMessage(40 * MB + 2));
  assert.deepEqual(await api(page, 'trace'), episode);
  await goesOn(page, episode);
  assert.deepEqual(errors, []);
  await page.close();
});

test('policy files of 2, 16 and 64 MB through loadPolicy: accepted under the limit, refused over it or when cut short',
     { timeout: 300000 }, async () => {
  const { page, errors } = await open('?game=zuma&seed=42');
  await defineTexts(page);
  for (let i = 0; i < 5; i++) await api(page, 'step');
  const episode = await api(page, 'trace');
  const state = await api(page, 'state');
  // A Zuma Q-table in its JSON form (the shipped ones are policy files now): 11,000 visited keys.
  const policy = { format: 'rl-playground-zuma-qtable', version: 1, encoding: 'zuma-features-v2', info: {},
                   entries: Array.from({ length: 11000 }, (_, i) => [i * 12, ((i * 7919) % 2001 - 1000) / 100, 1 + i % 97]) };
  for (const size of [2, 16, 64]) {
    const bytes = size * MB;
    let r = await callWithText(page, 'loadPolicy', 'padded', policy, bytes);
    assert.equal(r.bytes, bytes);
    if (bytes <= LIMIT) {
      assert.ok(r.ok, `${size} MB: ${r.error}`);
      assert.deepEqual((await api(page, 'state')).agents, ['trained:uploaded']);
      assert.match((await lastMessage(page)).text, /Loaded the policy file as trained:uploaded/);
    } else {
      assert.equal(r.ok, false);
      assert.match(r.error, /^policy file: /);
      assert.match(r.error, limitMessage(bytes));
      assert.deepEqual(await lastMessage(page), { text: r.error, error: true });
      assert.deepEqual((await api(page, 'state')).agents, ['trained'], 'the agent is unchanged');
    }
    // Loading a policy seats it for the next steps; the steps played stay as they were.
    assert.deepEqual((await api(page, 'trace')).steps, episode.steps);
    assert.deepEqual((await api(page, 'state')).state, state.state);
    await goesOn(page, episode);

    r = await callWithText(page, 'loadPolicy', 'truncated', policy, bytes);
    assert.equal(r.ok, false);
    assert.match(r.error, bytes <= LIMIT ? /^policy file: not valid JSON: \[json\.exception\.parse_error/ : limitMessage(bytes));
    assert.deepEqual(await lastMessage(page), { text: r.error, error: true });
    assert.deepEqual(await api(page, 'trace'), episode, 'nothing changed');
    await goesOn(page, episode);
    console.log(`# policy file of ${size} MB: valid ${bytes <= LIMIT ? 'loaded' : 'refused'}, cut short refused`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('the file chooser refuses a file over the limit before reading it, and imports one under it', async () => {
  const { page, errors } = await open('?seed=5');
  await defineTexts(page);
  for (let i = 0; i < 4; i++) await api(page, 'step');
  const episode = await api(page, 'trace');
  // A file of 64 MB that must not be read: Module.pgOpenFile is what the chooser calls with the chosen file.
  const read = await page.evaluate(async (size) => {
    let wasRead = false;
    const file = { name: 'huge.json', size, text: () => { wasRead = true; return Promise.resolve('{}'); } };
    Module.pgOpenFile('trace', file);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return wasRead;
  }, 64 * MB);
  assert.equal(read, false, 'the file is refused by its size, before it is read');
  const refused = await lastMessage(page);
  assert.equal(refused.error, true);
  assert.match(refused.text, /^Import failed, nothing changed\. trace: /);
  assert.match(refused.text, limitMessage(64 * MB, 'file'));
  assert.deepEqual(await api(page, 'trace'), episode);
  await page.evaluate(async (size) => {
    const policy = { format: 'nope' };
    Module.pgOpenFile('policy', { name: 'p.json', size, text: () => Promise.resolve(JSON.stringify(policy)) });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }, 40 * MB);
  assert.match((await lastMessage(page)).text, /^policy file: the file is 40\.0 MB/);
  // A real file of 2 MB: a padded trace of seed 6, imported.
  await api(page, 'reset', 6);
  for (let i = 0; i < 3; i++) await api(page, 'step');
  const other = await api(page, 'trace');
  await api(page, 'importTrace', episode);
  await page.evaluate(async ([value, size]) => {
    Module.pgOpenFile('trace', new File([window.padded(value, size)], 'trace.json', { type: 'application/json' }));
  }, [other, 2 * MB]);
  await page.waitForFunction(() => window.playground.state().seed === 6, null, { timeout: 30000 });
  assert.deepEqual(await api(page, 'trace'), other);
  await goesOn(page, episode);
  assert.deepEqual(errors, []);
  await page.close();
});

test('deep nesting, objects of many keys and a full heap are refused quickly, from the API and the URL', async () => {
  const deep = (depth) => '['.repeat(depth) + ']'.repeat(depth);
  // The URL's options go through the same parser (servers cap URLs at a few KB, so not very deep here).
  const options = `{"stones_per_pit":${deep(100)}}`;
  const { page, errors } = await open('?seed=5&options=' + encodeURIComponent(options));
  assert.match((await api(page, 'messages')).map((m) => m.text).join('\n'),
               /URL parameter 'options': nested deeper than 64 levels; using the default options/);
  for (let i = 0; i < 4; i++) await api(page, 'step');
  const episode = await api(page, 'trace');
  for (const [fn, prefix] of [['importTrace', /^Import failed, nothing changed\. trace: /], ['loadPolicy', /^policy file: /]])
    await assert.rejects(page.evaluate(([f, t]) => window.playground[f](t), [fn, deep(1000000)]),
                         (e) => prefix.test(e.message.replace(/^.*?Error: /, '')) && /nested deeper than 64 levels/.test(e.message));
  await assert.rejects(page.evaluate((t) => window.playground.load('mancala', JSON.parse(t)), `{"a":${deep(1000)}}`),
                       /load: options: nested deeper than 64 levels/);
  // 2 MB of keys in one object (~170,000): the engine's JSON type looks keys up linearly, which took minutes.
  const ms = await page.evaluate(() => {
    const parts = ['"format":"rl-playground-trace"', '"version":1', '"game":"mancala"', '"seed":3'];
    for (let i = 0, length = 0; length < 2 * 1048576; i++) {
      parts.push(`"k${i}":${i}`);
      length += parts.at(-1).length + 1;
    }
    const start = performance.now();
    try { window.playground.importTrace('{' + parts.join(',') + '}'); } catch (e) {
      if (!/trace\.steps: missing/.test(e.message)) throw e;
      return performance.now() - start;
    }
    throw new Error('accepted');
  });
  console.log(`# an object of 2 MB of keys: refused in ${Math.round(ms)} ms`);
  assert.ok(ms < 15000, `${ms} ms`);
  // When the heap cannot take the text (out of memory), the call is refused with a message.
  const oom = await page.evaluate(() => {
    const malloc = Module._malloc;
    Module._malloc = () => 0;
    try { window.playground.importTrace('{}'); return null; } catch (e) { return e.message; } finally { Module._malloc = malloc; }
  });
  assert.match(oom, /^Import failed, nothing changed\. trace: not enough memory for the text \(0\.0 MB; the page uses/);
  assert.deepEqual(await api(page, 'trace'), episode);
  await goesOn(page, episode);
  assert.deepEqual(errors, []);
  await page.close();
});

// A Kalah game ends within a few hundred steps, so a trace of 100,000 steps is Zuma's (max_steps up to
// 100,000). With every step's state and decision it weighs about 0.9 GB (over the limit); the format's
// state and decision are optional, and with actions only it weighs 1.6 MB.
test('a valid trace of 100,000 steps (actions only) is imported, replays like the native engine, and the page goes on',
     { timeout: 300000 }, async () => {
  const { page, errors } = await open('?seed=5');
  const options = { max_steps: 100000, max_length: 63 };
  // Random actions among skip (-1) and the first two gaps, legal whenever a ball is on the line (the import
  // checks each one); a fixed generator, so the episode is the same on every run.
  const actions = [];
  let x = 2463534242;
  for (let i = 0; i < 100000; i++) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5; x >>>= 0;  // xorshift32
    actions.push(['-1', '0', '1'][x % 3]);
  }
  const trace = { format: 'rl-playground-trace', version: 1, game: 'zuma', options, seed: 3, agents: ['random'],
                  steps: actions.map((action) => ({ action })) };
  const text = JSON.stringify(trace);
  assert.ok(text.length < 2 * MB);
  const start = Date.now();
  const s = await api(page, 'importTrace', text);
  console.log(`# 100,000 steps: ${(text.length / MB).toFixed(2)} MB, imported in ${Date.now() - start} ms`);
  assert.equal(s.game, 'zuma');
  assert.equal(s.length, 100000);
  assert.equal(s.step, 100000);
  assert.equal(s.done, true);
  // The first 5,000 steps natively (the command line takes about 128 KB of actions).
  const native = JSON.parse(execFileSync(cli, ['zuma', 'replay', '--seed', '3', '--max-steps', '100000', '--max-length',
                                               '63', '--actions', actions.slice(0, 5000).join(',')],
                                         { maxBuffer: 256 * MB }));
  const mid = await api(page, 'seek', 5000);
  assert.deepEqual(mid.state, native.steps[4999].state);
  assert.deepEqual(mid.returns, native.returns);
  // The page goes on: at the end the game is over; back, and another game.
  await api(page, 'seek', 100000);
  assert.equal((await api(page, 'step')).result, 'game_over');
  assert.equal((await api(page, 'back')).step, 99999);
  assert.equal((await api(page, 'load', 'mancala', {})).game, 'mancala');
  assert.equal((await api(page, 'step')).step, 1);
  assert.deepEqual(errors, []);
  await page.close();
});
