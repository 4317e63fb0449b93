// Policy files in the page: not compiled in, fetched when an agent first asks for one (policies/manifest.json),
// handed to the engine as bytes, kept for the next opening. While they load the board is usable with an
// agent that needs none; a failed or damaged file leaves a message and the page keeps the agent it had.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useSite, open, api, site, env, DESKTOP } from './helpers.mjs';

useSite();

const manifest = () => JSON.parse(fs.readFileSync(path.join(site, 'policies/manifest.json'), 'utf8'));
const messages = async (page) => (await api(page, 'messages')).map((m) => m.text).join('\n');
// Counts the requests for policy files by path (under policies/).
function countPolicyRequests(page) {
  const counts = new Map();
  page.on('request', (r) => {
    const m = new URL(r.url()).pathname.match(/\/policies\/(.+)$/);
    if (m) counts.set(m[1], (counts.get(m[1]) || 0) + 1);
  });
  return counts;
}

test('the manifest lists each game\'s files with their sizes, as the site holds them', () => {
  const m = manifest();
  assert.equal(m.format, 'rl-playground-policy-manifest');
  assert.ok(m.games.zuma.some((f) => f.path === 'zuma/q_features.rlpg'));
  for (const files of Object.values(m.games)) {
    for (const f of files) assert.equal(fs.statSync(path.join(site, 'policies', f.path)).size, f.bytes, f.path);
  }
});

test('Zuma: a greedy stand-in while the table loads, then the trained agent; reopening fetches nothing', async () => {
  let release;
  const held = new Promise((r) => { release = r; });
  const { page, errors } = await open('?game=zuma&seed=42', {
    waitForPolicies: false,
    prepare: async (p) => {
      // Hold the big table back until the page has been seen working without it.
      await p.route('**/policies/zuma/q_features.rlpg', async (route) => { await held; await route.continue(); });
    },
  });
  const requests = countPolicyRequests(page);
  let s = await api(page, 'state');
  assert.deepEqual(s.agents, ['greedy'], 'a search agent stands in while the table loads');
  const step = await api(page, 'step');
  assert.equal(step.result, 'played', 'the board is usable meanwhile');
  // Asked for while the file is on its way: setAgents resolves once the agent is seated.
  let seatedAt = null;
  const seating = page.evaluate(() => window.playground.setAgents(['trained']).then((r) => r.agents));
  seating.then(() => { seatedAt = Date.now(); });
  await page.waitForTimeout(300);
  assert.equal(seatedAt, null, 'not before the file arrives');
  assert.deepEqual((await api(page, 'state')).agents, ['greedy'], 'the stand-in plays meanwhile');
  release();
  assert.deepEqual(await seating, ['trained'], 'seated when the file arrived');
  const ready = await page.evaluate(() => window.playground.policiesReady('zuma'));
  assert.ok(ready.files.every((f) => f.ok), JSON.stringify(ready));
  s = await api(page, 'state');
  assert.deepEqual(s.agents, ['trained'], 'seated when the file arrived');
  const decision = await api(page, 'policy');
  assert.match(decision.note, /table: q_seed_example/, 'the table trained on the open scenario');
  assert.ok(decision.distribution.every((d) => typeof d.score === 'number'), 'Q-values');
  while (!(await api(page, 'step')).done);
  // Another game, then Zuma again: its files are not fetched again.
  await api(page, 'load', 'mancala', {});
  await page.evaluate(() => window.playground.policiesReady('mancala'));
  const before = new Map(requests);
  await api(page, 'load', 'zuma', {});
  await page.evaluate(() => window.playground.policiesReady('zuma'));
  assert.deepEqual((await api(page, 'state')).agents, ['trained'], 'at once: the table is kept');
  assert.deepEqual(requests, before, 'no request on reopening');
  for (const f of manifest().games.zuma) assert.ok((requests.get(f.path) || 0) <= 1, f.path);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Kalah: Greedy 5 stands in for the default n-tuple player while its value file loads', async () => {
  let release;
  const held = new Promise((r) => { release = r; });
  const { page, errors } = await open('?seed=3', {
    waitForPolicies: false,
    prepare: async (p) => {
      await p.route('**/policies/mancala/ntuple_averaged.json', async (route) => { await held; await route.continue(); });
    },
  });
  let s = await api(page, 'state');
  assert.equal(s.game, 'mancala');
  assert.deepEqual(s.agents, ['greedy:5', 'random'], 'the old default, no weaker, stands in');
  release();
  const ready = await page.evaluate(() => window.playground.policiesReady('mancala'));
  assert.ok(ready.files.every((f) => f.ok), JSON.stringify(ready));
  s = await api(page, 'state');
  assert.deepEqual(s.agents, ['ntuple:5', 'random'], 'seated when the file arrived');
  const decision = await api(page, 'policy');
  assert.match(decision.note, /n-tuple value|tie for best/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a policy file that is not found: a message, and the page goes on with the agent it had', async () => {
  const { page, errors } = await open('?game=zuma&seed=7', {
    waitForPolicies: false,
    prepare: (p) => p.route('**/policies/zuma/*.rlpg', (route) => route.fulfill({ status: 404, body: 'no' })),
  });
  const ready = await page.evaluate(() => window.playground.policiesReady('zuma'));
  const failed = ready.files.find((f) => f.path === 'zuma/q_features.rlpg');
  assert.equal(failed.ok, false);
  assert.match(failed.error, /HTTP 404/);
  assert.match(await messages(page), /policy file policies\/zuma\/q_features.rlpg could not be loaded: HTTP 404/);
  assert.deepEqual((await api(page, 'state')).agents, ['greedy'], 'the stand-in stays');
  assert.equal((await api(page, 'step')).result, 'played');
  await assert.rejects(page.evaluate(() => window.playground.setAgents(['trained'])), /HTTP 404/);
  assert.deepEqual((await api(page, 'state')).agents, ['greedy']);
  // Reopening the game tries again (a failed file is not kept).
  await page.unroute('**/policies/zuma/*.rlpg');
  await api(page, 'load', 'zuma', {});
  assert.ok((await page.evaluate(() => window.playground.policiesReady('zuma'))).files.every((f) => f.ok));
  assert.deepEqual((await api(page, 'state')).agents, ['trained']);
  assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
  await page.close();
});

test('a corrupted policy file is refused with its checksum named; the page keeps the agent it had', async () => {
  const good = fs.readFileSync(path.join(site, 'policies/zuma/q_features.rlpg'));
  const corrupted = (file) => {
    const bytes = fs.readFileSync(path.join(site, 'policies/zuma', file));
    bytes[bytes.length - 100] ^= 0x20;  // one bit in the weights
    return bytes;
  };
  const { page, errors } = await open('?game=zuma&seed=7', {
    waitForPolicies: false,
    prepare: (p) => p.route('**/policies/zuma/*.rlpg', (route) => route.fulfill({
      status: 200, contentType: 'application/octet-stream', body: corrupted(path.basename(new URL(route.request().url()).pathname)) })),
  });
  // The module asks for the file itself (its default agent needs it); policiesReady, asked after the refusal,
  // reports that refusal rather than the file as handed over.
  await page.waitForFunction(() => window.playground.messages().some((m) => /bad checksum/.test(m.text)));
  const ready = await page.evaluate(() => window.playground.policiesReady('zuma'));
  const refused = ready.files.find((f) => f.path === 'zuma/q_features.rlpg');
  assert.equal(refused.ok, false);
  assert.match(refused.error, /bad checksum/);
  assert.match(await messages(page), /policy file refused: policies\/zuma\/q_features.rlpg: bad checksum/);
  assert.deepEqual((await api(page, 'state')).agents, ['greedy'], 'the stand-in stays');
  assert.equal((await api(page, 'step')).result, 'played');
  await assert.rejects(page.evaluate(() => window.playground.setAgents(['trained'])), /bad checksum/);
  // The same file intact, through loadPolicy's bytes path, is accepted: the bytes reach the engine unchanged.
  const r = await page.evaluate((b) => window.playground.loadPolicy(new Uint8Array(b)), [...good]);
  assert.deepEqual(r.agents, ['trained:uploaded']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the URL asks for an agent whose policy is loading: ready waits until it is seated', async () => {
  let release;
  const held = new Promise((r) => { release = r; });
  const page = await env.browser.newPage(DESKTOP);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('**/policies/mancala/*', async (route) => { await held; await route.continue(); });
  await page.goto(env.base + '?game=mancala&seed=3&agents=theta:1:pool,random');
  await page.waitForFunction(() => window.playground.firstFrameMs !== null);
  // The board is up with a stand-in, the page says the agent is on its way, and ready has not come.
  assert.notDeepEqual((await api(page, 'state')).agents, ['theta:1:pool', 'random']);
  assert.match(await messages(page), /policy mancala\/theta_pool.json is still loading/);
  const readyAt = page.evaluate(() => window.playground.ready.then(() => window.playground.state().agents));
  let early = null;
  readyAt.then((a) => { early = a; });
  await page.waitForTimeout(500);
  assert.equal(early, null, 'ready waits for the agents the URL names');
  release();
  assert.deepEqual(await readyAt, ['theta:1:pool', 'random']);
  assert.doesNotMatch(await messages(page), /still loading/, 'the message goes once the agent is seated');
  assert.equal((await api(page, 'step')).result, 'played');
  assert.deepEqual(errors, []);
  await page.close();
});
