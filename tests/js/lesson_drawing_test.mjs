// The lesson writer's drawing on the board (web/lessons/draw_editor.mjs): which place a click is on, and a
// click's or a drag's drawing added, or taken away when drawn again; a click's heat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COLOURS, HEAT, MAX_HEAT, describeDrawing, placeAt, toggleArrow, toggleMark, warmPlace } from '../../web/lessons/draw_editor.mjs';

const REPORT = { size: 40, places: [{ name: 'a1', x: 20, y: 100 }, { name: 'b1', x: 60, y: 100 }, { name: 'a2', x: 20, y: 60 }] };

test('a click is on the nearest place within the places\' size, or on none', () => {
  assert.equal(placeAt(REPORT, 22, 98), 'a1');
  assert.equal(placeAt(REPORT, 45, 100), 'b1');
  assert.equal(placeAt(REPORT, 20, 79), 'a2');
  assert.equal(placeAt(REPORT, 200, 200), null);
  assert.equal(placeAt({ places: [] }, 0, 0), null);
});

test('a mark is added, and taken away when drawn again; the colour is its weight', () => {
  let d = toggleMark(undefined, 'a1', COLOURS.own);
  assert.deepEqual(d, [{ mark: 'a1' }]);
  d = toggleMark(d, 'b1', COLOURS.bad);
  assert.deepEqual(d, [{ mark: 'a1' }, { mark: 'b1', weight: -1 }]);
  d = toggleMark(d, 'a1', COLOURS.good);
  assert.deepEqual(d, [{ mark: 'b1', weight: -1 }]);
});

test('an arrow is added, its reverse is another arrow, and the same arrow again takes it away', () => {
  let d = toggleArrow([{ mark: 'a1' }], 'a1', 'b1', COLOURS.good);
  assert.deepEqual(d, [{ mark: 'a1' }, { arrow: ['a1', 'b1'], weight: 1 }]);
  d = toggleArrow(d, 'b1', 'a1');
  assert.equal(d.length, 3);
  d = toggleArrow(d, 'a1', 'b1');
  assert.deepEqual(d, [{ mark: 'a1' }, { arrow: ['b1', 'a1'] }]);
});

test('drawings in words', () => {
  assert.equal(describeDrawing({ mark: 'c1' }), 'mark c1');
  assert.equal(describeDrawing({ arrow: ['a1', 'b1'] }), 'arrow a1 → b1');
  assert.equal(describeDrawing({ heat: { a1: 1, b1: -1 } }), 'heat (2 places)');
});

test('heat: a click warms a place a step more, up to the most, and one more clears it; the heat map is one drawing', () => {
  assert.equal(MAX_HEAT, 3);
  let d = warmPlace([{ mark: 'a1' }], 'b1', HEAT['heat-good']);
  assert.deepEqual(d, [{ mark: 'a1' }, { heat: { b1: 1 } }], 'a heat map made at the end');
  d = warmPlace(d, 'b1', 1);
  d = warmPlace(d, 'a2', HEAT['heat-bad']);
  assert.deepEqual(d, [{ mark: 'a1' }, { heat: { b1: 2, a2: -1 } }], 'the same heat map, a place added');
  d = warmPlace(d, 'b1', 1);
  assert.equal(d[1].heat.b1, 3);
  d = warmPlace(d, 'b1', 1);
  assert.deepEqual(d[1].heat, { a2: -1 }, 'past the most: cleared');
  d = warmPlace(d, 'a2', 1);
  assert.deepEqual(d[1].heat, { a2: 1 }, 'the other sign starts again at one step');
  const before = JSON.stringify(d);
  warmPlace(d, 'a1', 1);
  assert.equal(JSON.stringify(d), before, 'the drawings given are not changed');
  for (let k = 0; k < MAX_HEAT; ++k) d = warmPlace(d, 'a2', 1);
  assert.deepEqual(d, [{ mark: 'a1' }], 'no place left: the heat map is taken away');
  // A file's heat map (the first one) is the one warmed, where it is in the list.
  d = warmPlace([{ heat: { c3: 0.5 } }, { mark: 'a1' }], 'c3', 1);
  assert.deepEqual(d, [{ heat: { c3: 1.5 } }, { mark: 'a1' }]);
});
