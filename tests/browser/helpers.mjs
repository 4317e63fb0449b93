// Shared by the browser test files: the site served on loopback, Debian's
// Chromium, and small helpers over window.playground.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';
import { launchChromium } from './chromium.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The site under test: build/wasm/site, or SITE_DIR (relative to the repository's root), e.g.
// SITE_DIR=build/wasm/site-checked for the page linked with Emscripten's assertions and stack checks.
export const site = path.resolve(root, process.env.SITE_DIR || 'build/wasm/site');
export const cli = path.join(root, 'build/native/bin/playground');
export const artifacts = path.join(root, 'tests/browser/artifacts');
// The games of the registry (engine/games/games.h) in its order, as the native CLI lists them: the suites that
// run every game (page, determinism, soak) take them from here, so a new game is never left out.
const LISTING = execFileSync(cli, ['list']).toString();
export const GAMES = [...LISTING.matchAll(/^([a-z_]+): /gm)].map((m) => m[1]);
// A game's default seats as `playground list` names them (its best agent first), e.g. ['perfect', 'random'].
export function defaultSeats(game) {
  const section = LISTING.slice(LISTING.indexOf(`${game}: `));
  return /^ {2}default seats: (.*)$/m.exec(section)[1].trim().split(/\s+/);
}

export const env = { server: null, browser: null, base: null };

// Registers the suite's set-up and tear-down (call once per test file).
export function useSite() {
  before(async () => {
    assert.ok(fs.existsSync(path.join(site, 'index.html')), `build the site first: ${site}/index.html`);
    env.server = await startServer({ dir: site, port: 0 });
    env.base = `http://127.0.0.1:${env.server.address().port}/`;
    env.browser = await launchChromium();
    fs.mkdirSync(artifacts, { recursive: true });
  });
  after(async () => {
    await env.browser?.close();
    env.server?.close();
  });
}

// Opens the page and collects console errors and aborts of the engine (Emscripten reports those as
// warnings: "Aborted(stack overflow ...)" in the checked build); returns { page, errors }. The page fetches
// the open game's policy files after its first frame: by default this waits for them too (agents that need
// them, as Zuma's default "trained", are seated when they arrive). `prepare(page)` runs before the page
// loads (e.g. page.route to intercept requests). `device` gives the page's size and kind (DEVICES; by default
// DESKTOP).
export async function open(query = '', { waitForPolicies = true, prepare = null, device = null } = {}) {
  const page = await env.browser.newPage(device || DESKTOP);
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error' || /^Aborted\(/.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  if (prepare) await prepare(page);
  await page.goto(env.base + query);
  await page.evaluate(() => window.playground.ready);
  if (waitForPolicies) await page.evaluate(() => window.playground.policiesReady(window.playground.state().game));
  return { page, errors };
}

// The desktop window of the tests whose subject is not how the page looks at a given size: the wide layout (900
// CSS pixels and up) at a device pixel ratio of 0.5 (a reader zoomed out to half), because under software WebGL a
// frame's CPU grows with its pixels: a step and its frame cost 0.27 CPU-seconds at 1400x860, 0.20 at 1024x640 and
// 0.12 at 1024x640 at ratio 0.5 here. Sizes and text are the subject of look_test, text_fit_test and touch_test,
// at the ratios readers have.
export const DESKTOP = { viewport: { width: 1024, height: 640 }, deviceScaleFactor: 0.5 };
// The desktop of the docs' pictures (the guides', the themes').
export const DOCS_DESKTOP = { viewport: { width: 1400, height: 860 } };

// Phones and tablets as the browser emulates them: size, pixel ratio, touch. At ratio 2 (many phones have 3,
// which has 2.25 times the pixels to draw in software; the page's layout is in CSS pixels, and text_fit_test.mjs
// checks the font raster at ratios 1 and 2).
const mobile = (width, height, deviceScaleFactor) => ({ viewport: { width, height }, deviceScaleFactor,
  isMobile: true, hasTouch: true });
export const DEVICES = {
  'phone 360x640': mobile(360, 640, 2),
  'phone 390x844': mobile(390, 844, 2),
  'phone landscape 844x390': mobile(844, 390, 2),
  'tablet 820x1180': mobile(820, 1180, 2),
};

// The state without `length` (how many steps are recorded, which grows while
// stepping) and `result`: what must be identical when a step is revisited.
export const at = ({ length, result, ...rest }) => rest;

// Waits until the page has drawn `n` more frames, which it is asked for (pg_request_frames): what targets() and
// panels() report is the last frame's, so a test reads them after a change this way, never after a fixed time
// (a loaded machine draws more slowly). Through the module itself: the page's API has no call for it.
export const drawn = (page, n = 2) => page.evaluate((k) => new Promise((resolve, reject) => {
  const count = () => window.Module.ccall('pg_frames_drawn', 'number', [], []);
  const start = count();
  const deadline = Date.now() + 30000;
  const check = () => {
    if (count() >= start + k) return resolve(count());
    if (Date.now() > deadline) return reject(new Error(`${k} frames were asked for, ${count() - start} came in 30 s`));
    window.Module.ccall('pg_request_frames', null, [], []);
    requestAnimationFrame(check);
  };
  check();
}), n);

// Whether the frames a change asked for have all been drawn: no frame for three times the longest gap between
// the last ones (at least 600 ms), because a page slow to draw (a loaded machine) waits between its frames twice
// as long as the last one took. `times`: when the frames came, in milliseconds on the clock of `now`;
// `drawMs`, where known, the longest a frame took to draw (the next one may come 3 times that after it starts).
export function framesSettled(times, now, drawMs = 0) {
  const last = times.slice(-4);
  const gap = Math.max(0, ...last.slice(1).map((t, k) => t - last[k]));
  return now - last.at(-1) > Math.max(600, 3 * gap, 4 * drawMs);
}

// Presses a key and waits for the page to reach `step` (keys are handled at the next frame). Waits for the page
// to react allow 30 s, as Playwright's own default: on a loaded machine (a build beside the tests) a frame has
// taken over 5 s, and a wait that succeeds returns as soon as it does.
export async function press(page, key, step) {
  await page.keyboard.press(key);
  await page.waitForFunction((t) => window.playground.state().step === t, step, { timeout: 30000 });
}

// Waits until these agents (e.g. 'greedy' or 'smart,genius') are seated: an agent whose policy file is on
// its way takes its seat once the file has arrived.
export async function seated(page, agents) {
  await page.waitForFunction((a) => window.playground.state().agents.join() === a, agents, { timeout: 60000 });
}

export const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.playground[f](...a), [fn, args]);
