// Unit tests of the page's modules (web/page/) whose logic runs without a browser: the site's map, the one
// streaming fetch, the download's figures, the policy files' progress, the bridge's rules, the links, the API's
// helpers and the engine calls' limits. The page itself is tested in a browser (tests/browser/).
//   node --test tests/js/page_modules_test.mjs
import assert from 'node:assert/strict';
import http from 'node:http';
import test from 'node:test';
import { asBytes, traceGame } from '../../web/page/api.mjs';
import {
  answerMessage, callMember, isCall, normalOrigin, originProblems, originRules, refusal,
} from '../../web/page/bridge_rules.mjs';
import { MAX_INPUT_BYTES, jsonText, messageOf, tooLargeMessage } from '../../web/page/engine.mjs';
import { fetchBytes, httpError } from '../../web/page/fetch_bytes.mjs';
import { embedRequested, skipImpossibleTouchCancels } from '../../web/page/input.mjs';
import { fullViewLink, keepOrigins } from '../../web/page/links.mjs';
import { downloadTotal } from '../../web/page/modules.mjs';
import { downloadText } from '../../web/page/overlay.mjs';
import { fileProgress, manifestFiles } from '../../web/page/policies.mjs';
import { isProgramQuestion } from '../../web/page/program.mjs';
import { bridgeFromUrl } from '../../web/program/bridge_client.mjs';
import { siteBytes, siteUrl } from '../../web/page/site.mjs';

test('the site map: a listed file by its hashed URL and size, any other by its own name', () => {
  const site = { files: { 'playground-zuma.wasm': { url: 'playground-zuma.0a1b.wasm', bytes: 1234 } } };
  assert.equal(siteUrl(site, 'playground-zuma.wasm'), 'playground-zuma.0a1b.wasm');
  assert.equal(siteBytes(site, 'playground-zuma.wasm'), 1234);
  assert.equal(siteUrl(site, 'texts.txt'), 'texts.txt');
  assert.equal(siteBytes(site, 'texts.txt'), 0);
  // Only the map's own entries: an inherited name is a file's own name.
  assert.equal(siteUrl({ files: {} }, 'constructor'), 'constructor');
  assert.equal(siteBytes({ files: {} }, 'toString'), 0);
});

// A server on a loopback port: /bytes sends `body` in three chunks; anything else is a 404.
async function withServer(body, run) {
  const server = http.createServer((req, res) => {
    if (req.url !== '/bytes') {
      res.writeHead(404, 'Not Found');
      res.end('no');
      return;
    }
    res.writeHead(200, { 'Content-Length': String(body.length), 'X-Test': 'yes' });
    const third = Math.ceil(body.length / 3);
    res.write(body.subarray(0, third));
    setTimeout(() => { res.write(body.subarray(third, 2 * third)); setTimeout(() => res.end(body.subarray(2 * third)), 5); }, 5);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await run(`http://127.0.0.1:${server.address().port}`);
  } finally {
    server.close();
  }
}

test('fetchBytes: the whole file, its headers before any byte, every chunk counted', async () => {
  const body = Buffer.from(Array.from({ length: 300000 }, (_, i) => i % 251));
  await withServer(body, async (base) => {
    const events = [];
    let counted = 0;
    const bytes = await fetchBytes(`${base}/bytes`, {
      onResponse: (response) => events.push(`headers ${response.headers.get('X-Test')}`),
      onBytes: (n) => { events.push('bytes'); counted += n; },
    });
    assert.ok(bytes instanceof Uint8Array);
    assert.deepEqual(Buffer.from(bytes), body);
    assert.equal(counted, body.length);
    assert.equal(events[0], 'headers yes');
    assert.ok(events.length > 2, 'several chunks: ' + events.length);
    assert.ok(events.slice(1).every((e) => e === 'bytes'));
  });
});

test('fetchBytes: a failed response rejects with its status, before any byte', async () => {
  await withServer(Buffer.alloc(0), async (base) => {
    let called = false;
    await assert.rejects(fetchBytes(`${base}/missing`, { onResponse: () => { called = true; }, onBytes: () => { called = true; } }),
      { message: 'HTTP 404 Not Found' });
    assert.equal(called, false);
  });
  assert.equal(httpError({ status: 500, statusText: '' }), 'HTTP 500');
});

test("the loading bar's total: the site map's size, else an unencoded response's Content-Length, else unknown", () => {
  assert.equal(downloadTotal(5000, '1200', 'br'), 5000);
  assert.equal(downloadTotal(0, '1200', null), 1200);
  assert.equal(downloadTotal(0, '1200', 'gzip'), 0, 'a compressed Content-Length counts the bytes sent');
  assert.equal(downloadTotal(0, null, null), 0);
  assert.equal(downloadText(1572864, 3145728), '1.50 of 3.00 MB');
  assert.equal(downloadText(524288, 0), '0.50 MB');
});

test("a policy file's progress: 0 first, never the whole before the end, nothing when the size is unknown", () => {
  const shown = [];
  const bar = fileProgress(100, (loaded, total) => shown.push([loaded, total]));
  bar.start();
  bar.onBytes(60);
  bar.onBytes(40);
  bar.end();
  assert.deepEqual(shown, [[0, 100], [60, 100], [99, 100], [100, 100]]);
  const none = [];
  const unknown = fileProgress(0, (loaded, total) => none.push([loaded, total]));
  unknown.start();
  unknown.onBytes(10);
  unknown.end();
  assert.deepEqual(none, []);
});

test("the manifest's files of a game; none for a game or a manifest without them", () => {
  const manifest = { games: { zuma: [{ path: 'zuma/q.rlpg', bytes: 10 }] } };
  assert.deepEqual(manifestFiles(manifest, 'zuma'), [{ path: 'zuma/q.rlpg', bytes: 10 }]);
  assert.deepEqual(manifestFiles(manifest, 'mancala'), []);
  assert.deepEqual(manifestFiles({}, 'zuma'), []);
});

test("your program's bridge from the URL: 127.0.0.1 or localhost and a port, and the key; anything else named", () => {
  const key = '0123456789abcdef0123456789abcdef';
  assert.equal(bridgeFromUrl('?game=mancala'), null);
  assert.deepEqual(bridgeFromUrl(`?program=127.0.0.1:8421&key=${key}`), { base: 'http://127.0.0.1:8421', key });
  assert.deepEqual(bridgeFromUrl(`?key=${key}&program=localhost:9000`), { base: 'http://localhost:9000', key });
  for (const where of ['example.com:8421', '127.0.0.1', '127.0.0.1:0', '127.0.0.1:70000', '10.0.0.1:8421',
    'http://127.0.0.1:8421']) {
    assert.match(bridgeFromUrl(`?program=${encodeURIComponent(where)}&key=${key}`).problem,
                 /^URL parameter 'program': expected 127\.0\.0\.1:PORT/, where);
  }
  assert.match(bridgeFromUrl('?program=127.0.0.1:8421').problem, /'key'.*\(it is missing\)/);
  assert.match(bridgeFromUrl('?program=127.0.0.1:8421&key=XYZ').problem, /'key'.*got 'XYZ'/);
  assert.equal(isProgramQuestion('{"program":{"decide":{}}}'), true);
  assert.equal(isProgramQuestion('{"agent":"greedy","game":"mancala"}'), false);
});

test('the bridge: origins as the browser writes them', () => {
  assert.equal(normalOrigin('http://localhost:9000/'), 'http://localhost:9000');
  assert.equal(normalOrigin('https://course.example/path?x=1'), 'https://course.example');
  assert.equal(normalOrigin('*'), '*');
  assert.equal(normalOrigin('not a url'), null);
  assert.equal(normalOrigin('localhost:8702'), null, 'a scheme "localhost:" would be the opaque origin "null"');
  assert.equal(normalOrigin('file:///tmp/x.html'), null);
  const rules = originRules('localhost:8702', 'http://play.example');
  assert.deepEqual(rules.listed, []);
  assert.equal(rules.mayDrive('null'), false, 'a sandboxed sender');
});

test('origins that are not origins are named, as the engine names bad URL parameters', () => {
  assert.deepEqual(originProblems(null), []);
  assert.deepEqual(originProblems('*'), []);
  assert.deepEqual(originProblems('https://course.example.edu,http://localhost:8702'), []);
  const [noScheme, notOrigin, slash] = originProblems('localhost:8702,not an origin,https://course.example.edu/');
  assert.match(noScheme, /^URL parameter 'origins': 'localhost:8702' is not an origin \(expected .*\); ignored$/);
  assert.match(notOrigin, /^URL parameter 'origins': 'not an origin' is not an origin/);
  assert.match(slash, /^URL parameter 'origins': 'https:\/\/course\.example\.edu\/' is taken as https:\/\/course\.example\.edu /);
  assert.match(originProblems('')[0], /lists no origin/);
});

test('the bridge without `origins`: only the page itself drives; anyone listens; events to any parent', () => {
  const rules = originRules(null, 'http://play.example');
  assert.deepEqual(rules.listed, []);
  assert.equal(rules.mayDrive('http://play.example'), true);
  assert.equal(rules.mayDrive('http://course.example'), false);
  assert.equal(rules.mayListen('http://course.example'), true);
  assert.equal(rules.eventTarget(true, null), '*');
  assert.equal(rules.eventTarget(false, null), null, 'not framed: no parent');
});

test('the bridge with listed origins: those drive and listen; events only to a listed parent', () => {
  const rules = originRules(' http://course.example/ , https://other.example', 'http://play.example');
  assert.deepEqual(rules.listed, ['http://course.example', 'https://other.example']);
  assert.equal(rules.mayDrive('http://course.example'), true);
  assert.equal(rules.mayDrive('http://play.example'), true);
  assert.equal(rules.mayDrive('http://evil.example'), false);
  assert.equal(rules.mayListen('http://evil.example'), false);
  assert.equal(rules.eventTarget(true, 'http://course.example'), 'http://course.example');
  assert.equal(rules.eventTarget(true, 'http://evil.example'), null);
  assert.equal(rules.eventTarget(true, null), null, 'the parent not known yet');
});

test('the bridge with origins=*: any origin drives; an opaque page origin is no one', () => {
  const any = originRules('*', 'null');
  assert.equal(any.mayDrive('http://anyone.example'), true);
  assert.equal(any.eventTarget(true, null), '*');
  const opaque = originRules(null, 'null');
  assert.equal(opaque.mayDrive('null'), false);
});

test("the bridge's calls: only messages of the protocol, answered with null for undefined", () => {
  const source = {};
  assert.equal(isCall({ playground: 1, method: 'state' }, source), true);
  assert.equal(isCall({ playground: 1, method: 'state' }, null), false);
  assert.equal(isCall({ playground: 2, method: 'state' }, source), false);
  assert.equal(isCall({ playground: 1, method: 7 }, source), false);
  assert.equal(isCall('playground', source), false);
  assert.equal(isCall(null, source), false);
  assert.deepEqual(answerMessage({ id: 3, result: undefined }), { playground: 1, id: 3, result: null });
  assert.deepEqual(answerMessage({ id: 4, error: 'no' }), { playground: 1, id: 4, error: 'no' });
  assert.match(refusal([], 'http://evil.example', 'step'),
    /^step: the origin http:\/\/evil\.example may not drive this playground: its URL parameter `origins` is not set/);
  assert.match(refusal(['http://a.example'], 'http://b.example', 'ready'),
    /may not listen to this playground: its URL parameter `origins` lists http:\/\/a\.example; add http:\/\/b\.example to it \(origins=http%3A%2F%2Fb\.example\)/);
});

test("the bridge calls the API's members; an unknown one names the functions", () => {
  const api = { state: () => 'state', step(n) { return ['step', n, this === api]; }, maxInputBytes: 5 };
  assert.deepEqual(callMember(api, 'step', [2]), ['step', 2, true]);
  assert.equal(callMember(api, 'maxInputBytes', []), 5);
  assert.throws(() => callMember(api, 'nonesuch', []), { message: "unknown method 'nonesuch' (known: state, step)" });
  assert.throws(() => callMember(api, 'toString', []), /unknown method 'toString'/);
});

test('a touch event is cancelled only while it can be: no warning for one the browser is already scrolling', () => {
  const cancelled = [];
  const proto = { preventDefault() { cancelled.push(this.name); } };
  skipImpossibleTouchCancels(proto);
  const event = (name, cancelable) => Object.assign(Object.create(proto), { name, cancelable });
  event('touchstart', true).preventDefault();
  event('touchend', false).preventDefault();
  event('touchmove', true).preventDefault();
  assert.deepEqual(cancelled, ['touchstart', 'touchmove']);
  skipImpossibleTouchCancels(undefined);  // no TouchEvent (a desktop browser without touch): nothing to do
});

test("an embed's link keeps its origins (pasted back, it is driven again); a page's own link has none to keep", () => {
  const link = 'https://h/p/?game=tictactoe&seed=1&agents=perfect,random&embed=1&panels=board';
  const search = '?game=tictactoe&embed=1&origins=https%3A%2F%2Fcourse.example%2Chttp%3A%2F%2Flocalhost%3A8702';
  assert.equal(keepOrigins(link, search),
    link + '&origins=https%3A%2F%2Fcourse.example%2Chttp%3A%2F%2Flocalhost%3A8702');
  assert.equal(keepOrigins(link, '?game=tictactoe&embed=1'), link, 'no origins to keep');
  const full = 'https://h/p/?game=tictactoe&seed=1&agents=perfect,random';
  assert.equal(keepOrigins(full, search), full, 'not in embed mode: not an embed link');
  assert.equal(fullViewLink(keepOrigins(link, search)), full, 'the full view drops it again');
});

test("the full view's link: without embed mode, its panels and origins", () => {
  assert.equal(fullViewLink('https://p.example/?embed=1&game=zuma&seed=3'), 'https://p.example/?game=zuma&seed=3');
  assert.equal(fullViewLink('https://p.example/?game=zuma&embed=1&panels=board&origins=*'), 'https://p.example/?game=zuma');
  assert.equal(fullViewLink('https://p.example/?embed=yes'), 'https://p.example/');
  assert.equal(embedRequested('?embed=1'), true);
  assert.equal(embedRequested('?game=zuma&embed=on'), true);
  assert.equal(embedRequested('?embed=0'), false);
  assert.equal(embedRequested(''), false);
});

test("the API's helpers: a trace's game, and bytes from any buffer", () => {
  assert.equal(traceGame({ game: 'zuma' }, ''), 'zuma');
  assert.equal(traceGame('{"version": 1, "game" : "mancala", "steps": []}', '{"version": 1, "game" : "mancala"}'), 'mancala');
  assert.equal(traceGame(null, '{"steps": []}'), null);
  assert.equal(traceGame(null, ' '.repeat(5000) + '"game":"zuma"'), null, 'only the text\'s start is read');
  const buffer = new Uint8Array([1, 2, 3, 4]).buffer;
  assert.deepEqual(Array.from(asBytes(buffer)), [1, 2, 3, 4]);
  assert.deepEqual(Array.from(asBytes(new DataView(buffer, 1, 2))), [2, 3]);
});

test('the limit on text for the engine: its message, and JSON text of an argument', () => {
  assert.equal(MAX_INPUT_BYTES, 32 * 1024 * 1024);
  assert.equal(tooLargeMessage('load: ', 40 * 1048576),
    'load: the text is 40.0 MB (41943040 bytes), over the limit of 32.0 MB (33554432 bytes) for text given to the page');
  assert.match(tooLargeMessage('', 1, 'file'), /^the file is 0\.0 MB \(1 bytes\)/);
  assert.equal(jsonText('{"a":1}', ''), '{"a":1}');
  assert.equal(jsonText({ a: [1, 2] }, ''), '{"a":[1,2]}');
  const cyclic = {};
  cyclic.self = cyclic;
  assert.throws(() => jsonText(cyclic, ''), TypeError, 'not a size problem: thrown as it is');
  assert.equal(messageOf(new Error('x')), 'x');
  assert.equal(messageOf('y'), 'y');
});
