// The page's lesson reader (web/lessons/lesson_file.mjs) against the engine's (engine/core/lesson.cc): the same
// messages for the bad files of tests/lessons/bad/ (the engine's tests read the same files), and the same one
// written form for the shipped lessons, which are stored in it (`playground lesson format` writes it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  LessonError, MAX_INLINE_LINK, inlineLessonParam, momentFromQuery, momentQuery, readLesson, writeLesson,
} from '../../web/lessons/lesson_file.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bad = path.join(root, 'tests/lessons/bad');

test('every bad lesson file is refused with the message the engine gives, naming the chapter and the field', () => {
  const expected = JSON.parse(fs.readFileSync(path.join(bad, 'expected.json'), 'utf8'));
  assert.ok(Object.keys(expected).length >= 10);
  for (const [name, { whole, message }] of Object.entries(expected)) {
    const text = fs.readFileSync(path.join(bad, name), 'utf8');
    if (whole) {
      assert.throws(() => readLesson(text), (e) => e instanceof LessonError && e.message === message, name);
    } else {
      const lesson = readLesson(text);
      const problems = lesson.chapters.filter((c) => c.problem).map((c) => c.problem);
      assert.deepEqual(problems, [message], name);
      assert.ok(lesson.chapters.some((c) => !c.problem) || lesson.chapters.length === 1, `${name}: the others still read`);
    }
  }
});

test('a chapter with a problem is written back as the file had it: the teacher loses nothing', () => {
  const text = fs.readFileSync(path.join(bad, 'step_is_string.json'), 'utf8');
  const lesson = readLesson(text);
  const again = JSON.parse(writeLesson(lesson));
  assert.deepEqual(again.chapters, JSON.parse(text).chapters);
});

test('not JSON, too large: the whole file is refused with why', () => {
  assert.throws(() => readLesson('{"lesson": 1,'), /^Error: lesson: not valid JSON/);
  assert.throws(() => readLesson('x'.repeat(512 * 1024 + 1)), /lesson: 524289 bytes, more than the 512 KiB a lesson may have/);
});

test('the shipped lessons are stored in their one written form, which the page writes byte for byte', () => {
  const dir = path.join(root, 'assets/lessons');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
  assert.deepEqual(files.sort(), ['binary.json', 'mancala.json', 'morris.json', 'sokoban.json', 'tictactoe.json', 'zuma.json']);
  for (const f of files) {
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    const lesson = readLesson(text, f);
    assert.deepEqual(lesson.chapters.filter((c) => c.problem), [], f);
    assert.equal(writeLesson(lesson), text, `${f}: written again, the same bytes`);
    assert.equal(writeLesson(readLesson(writeLesson(lesson))), text);
  }
});

test('a moment and a link: the query the engine reads, and back', () => {
  const moment = { game: 'mancala', options: { stones_per_pit: 3 }, seed: 7, agents: 'perfect,human', actions: '3,6', step: 2 };
  const query = momentQuery(moment);
  assert.equal(query, 'game=mancala&options=%7B%22stones_per_pit%22%3A3%7D&seed=7&agents=perfect%2Chuman&actions=3%2C6&step=2');
  assert.deepEqual(momentFromQuery('http://x/?' + query + '&embed=1&panels=board'), moment);
});

test('a lesson link carries the lesson while it fits in 8 KB; a larger one is shared as a file', () => {
  const lesson = { title: 'Small', mode: 'read', chapters: [{ title: 'One', moment: { game: 'tictactoe' } }] };
  const value = inlineLessonParam(lesson, 'https://your.host/playground/');
  assert.ok(value.startsWith('inline:'));
  assert.deepEqual(readLesson(value.slice('inline:'.length)), lesson);
  const big = { ...lesson, chapters: Array.from({ length: 40 }, (_, i) => ({ title: `C${i}`, moment: { game: 'tictactoe' }, text: 'x'.repeat(200) })) };
  assert.equal(inlineLessonParam(big, 'https://your.host/playground/'), null);
  assert.equal(MAX_INLINE_LINK, 8192);
});
