// The student's own program in the page: `playground connect` runs it on this machine behind its bridge, and
// the page's `program` seat plays through it (web/page/program.mjs, engine/core/bridged_program.h): the same
// decisions as the CLI's `program:` agent, failures named in the seat's note, and the page going on.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { useSite, open, api, cli, root, env, drawn, GAMES, defaultSeats } from './helpers.mjs';

useSite();

const PYTHON = 'python3';  // the examples use only the standard library
const bridges = [];
after(() => bridges.forEach((b) => { if (b.exitCode === null) b.kill('SIGINT'); }));

// Starts `playground connect -- COMMAND` (a shell command line) for the test server's page; resolves with the
// query of the link it prints (program=...&key=...) once it listens.
function connect(command) {
  const child = spawn(cli, ['connect', '--port', '0', '--page', env.base, '--', command], { cwd: root });
  bridges.push(child);
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const link = /(http:\/\/\S*[?&]program=\S+)/.exec(out);
      if (link && /listening on 127\.0\.0\.1:\d+/.test(out)) {
        resolve({ params: new URL(link[1]).search.slice(1), child, stderr: () => err });
      }
    });
    child.on('exit', (code) => reject(new Error(`playground connect exited (${code}): ${out}${err}`)));
  });
}

// The first `steps` actions of the episode the CLI plays with these agents and seed.
const nativeActions = (game, agents, seed, steps) => {
  const out = execFileSync(cli, [game, 'play', '--agents', agents, '--seed', String(seed)], { cwd: root }).toString();
  return JSON.parse(out).steps.slice(0, steps).map((s) => s.action);
};

test('Kalah: a Python program plays in the page as the CLI plays it, with its probabilities, values and note',
  async () => {
    const { params } = await connect(`${PYTHON} examples/agents/kalah_agent.py`);
    const { page, errors } = await open(`?game=mancala&seed=3&agents=program,greedy:2&${params}`);
    assert.deepEqual((await api(page, 'state')).agents, ['program', 'greedy:2']);
    const policy = await api(page, 'policy');
    assert.match(policy.note, /^pit \d /, "the program's note");
    const total = policy.distribution.reduce((sum, d) => sum + d.p, 0);
    assert.ok(Math.abs(total - 1) < 1e-6, 'its probabilities');
    assert.ok(policy.distribution.every((d) => typeof d.score === 'number'), 'its values, one per pit');
    // Its drawings (a heat map over its pits, an arrow from the pit it sows to where the last stone lands, labelled)
    // are in the decision and on the board, the arrow's label halfway between the two pits' places.
    assert.deepEqual(policy.drawings.map((d) => Object.keys(d)[0]), ['heat', 'arrow'], JSON.stringify(policy));
    const arrow = policy.drawings[1];
    await drawn(page);  // the places and the click targets of one layout, drawn
    const { places } = await api(page, 'places');
    assert.equal(places.length, 14, "Kalah's 14 holes");
    const at = Object.fromEntries(places.map((p) => [p.name, p]));
    for (const t of await api(page, 'targets')) {
      assert.ok(Math.abs(at[`0:${t.action}`].x - t.x) < 1 && Math.abs(at[`0:${t.action}`].y - t.y) < 1,
                `pit 0:${t.action} is where its move is clicked: ${JSON.stringify([at[`0:${t.action}`], t])}`);
    }
    const [from, to] = arrow.arrow.map((name) => at[name]);
    const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
    const { boardText } = await api(page, 'panels');
    assert.ok(boardText.some((t) => t.text === arrow.text && Math.abs(t.x + t.width / 2 - mid.x) < 4 &&
                                    Math.abs(t.y + t.height / 2 - mid.y) < 4),
              `the arrow's label '${arrow.text}' at ${JSON.stringify(mid)}: ${JSON.stringify(boardText)}`);
    assert.match((await api(page, 'words')).decision, /It draws heat on \d+ places? \(most on 0:\d\), an arrow from 0:\d to /);
    const actions = [];
    for (let i = 0; i < 12; ++i) {
      const s = await api(page, 'step');
      assert.equal(s.result, 'played', JSON.stringify(s));
      if (s.done) break;
    }
    const trace = await api(page, 'trace');
    for (const step of trace.steps) actions.push(step.action);
    const native = nativeActions('mancala', `program:${PYTHON} examples/agents/kalah_agent.py,greedy:2`, 3,
                                 actions.length);
    assert.deepEqual(actions, native, 'the same moves as the CLI seats it');
    // Stepping back and on again replays the step the program played.
    await api(page, 'back');
    assert.equal((await api(page, 'step')).result, 'replayed');
    assert.deepEqual(errors, []);
    await page.close();
  });

test('tic-tac-toe: the random example plays both seats to the end; its note and its probabilities, in the inspector and the text mirror', async () => {
  const { params } = await connect(`${PYTHON} examples/agents/random_agent.py`);
  const { page, errors } = await open(`?game=tictactoe&agents=program,program&${params}`);
  let s;
  do { s = await api(page, 'step'); assert.equal(s.result, 'played', JSON.stringify(s)); } while (!s.done);
  await api(page, 'seek', 1);
  assert.match((await api(page, 'policy')).note, /^uniform over 8 legal actions$/);
  const words = await api(page, 'words');
  assert.match(words.decision, /^program's decision: [a-c][1-3] 1[23]%/, 'the text mirror: 1/8 on each cell');
  assert.deepEqual(errors, []);
  await page.close();
});

test("a program that fails is named in the seat's note, and the page goes on with another agent", async () => {
  const { params, stderr } = await connect(
    `${PYTHON} -c 'import sys; print("no protocol here", file=sys.stderr); sys.exit(3)'`);
  const { page, errors } = await open(`?game=tictactoe&agents=program,random&${params}`);
  const s = await api(page, 'step');
  assert.equal(s.result, 'declined');
  assert.match(s.note, /exit/, s.note);
  assert.match(s.note, /no protocol here/, 'the end of its stderr');
  assert.match(stderr(), /exit/, 'the bridge says it in the terminal too');
  await api(page, 'setAgents', 'random,random');
  assert.equal((await api(page, 'step')).result, 'played');
  assert.deepEqual(errors, []);
  await page.close();
});

test('without a bridge, or with the wrong key, the program seat declines saying how to connect', async () => {
  let { page } = await open('?game=tictactoe&agents=program,random');
  let s = await api(page, 'step');
  assert.equal(s.result, 'declined');
  assert.match(s.note, /playground connect/);
  await page.close();
  const { params } = await connect(`${PYTHON} examples/agents/random_agent.py`);
  const wrong = params.replace(/key=[0-9a-f]+/, 'key=' + '0'.repeat(32));
  ({ page } = await open(`?game=tictactoe&agents=program,random&${wrong}`));
  s = await api(page, 'step');
  assert.equal(s.result, 'declined');
  assert.match(s.note, /its socket did not open \(HTTP 403: missing or wrong X-Playground-Key: open the link the bridge printed/, s.note);
  const messages = await api(page, 'messages');
  assert.ok(messages.some((m) => /HTTP 403: missing or wrong X-Playground-Key/.test(m.text || m)), JSON.stringify(messages));
  await page.close();
  ({ page } = await open(`?game=tictactoe&agents=program,random&program=example.com:80&key=${'0'.repeat(32)}`));
  const named = await api(page, 'messages');
  assert.ok(named.some((m) => /URL parameter 'program': expected 127\.0\.0\.1:PORT/.test(m.text || m)),
            JSON.stringify(named));
  await page.close();
});

// Where a legal move is clicked, as the place it acts on (null for a move that names no place: Sokoban's
// directions, Zuma's skip), so that each view's places can be checked against its click targets.
const placeOfMove = {
  tictactoe: (name) => name,
  zuma: (name) => (name === '-1' ? null : name),
  morris: (name) => /^place:([a-p])$/.exec(name)?.[1] ?? null,
  binary: (name) => name.split(',').slice(0, 2).join(','),
  mancala: (name, state) => `${state.to_move}:${name}`,
  sokoban: () => null,
};

test("every game's board has a place for each of its places, where its moves are clicked", async () => {
  for (const game of GAMES) {
    const humans = defaultSeats(game).map(() => 'human').join(',');
    const { page, errors } = await open(`?game=${game}&agents=${humans}`);
    await drawn(page);
    const [{ places, size }, targets, state] = [await api(page, 'places'), await api(page, 'targets'),
                                                 await api(page, 'state')];
    assert.ok(places.length > 0 && size > 0, `${game}: the places of its board (${JSON.stringify({ places, size })})`);
    assert.equal(new Set(places.map((p) => p.name)).size, places.length, `${game}: each place once`);
    const at = Object.fromEntries(places.map((p) => [p.name, p]));
    let checked = 0;
    for (const t of targets) {
      const name = (placeOfMove[game] ?? (() => null))(t.action, state);
      if (name === null) continue;
      assert.ok(at[name], `${game}: move ${t.action} acts on place ${name}`);
      assert.ok(Math.abs(at[name].x - t.x) < 1 && Math.abs(at[name].y - t.y) < 1,
                `${game}: place ${name} at (${at[name].x}, ${at[name].y}), its move clicked at (${t.x}, ${t.y})`);
      ++checked;
    }
    if (game !== 'sokoban') assert.ok(checked > 0, `${game}: some moves checked`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
