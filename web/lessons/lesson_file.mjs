// The lesson file (docs/lessons.md), read and written as the engine's engine/core/lesson.cc reads and writes it:
// the same checks with the same messages (tests/lessons/bad/ holds files both must refuse alike), and the same
// one written form, so that a lesson the page exports is the file `playground lesson format` writes. Whether a
// chapter's moment opens is the engine's to say, when the page opens it.

export const LESSON_VERSION = 1;
export const MAX_LESSON_BYTES = 512 * 1024;
export const MAX_CHAPTERS = 64;
export const MAX_TITLE = 120;
export const MAX_TEXT = 4000;
export const MAX_ANSWERS = 16;
export const MODES = ['read', 'predict', 'hide'];
// A lesson link carries the lesson itself up to this many bytes of its URL; a larger lesson is shared as a file.
export const MAX_INLINE_LINK = 8 * 1024;

const MOMENT_FIELDS = [['game', 'string'], ['options', 'object'], ['level', 'string'], ['seed', 'whole'],
  ['agents', 'string'], ['actions', 'string'], ['step', 'whole']];
const TYPE_WORDS = { string: 'a string', object: 'an object', whole: 'a whole number (0 or more)' };

export class LessonError extends Error {}
const fail = (where, problem) => { throw new LessonError(`${where}: ${problem}`); };

const bytes = (text) => new TextEncoder().encode(text).length;
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const hasType = (v, type) => (type === 'whole' ? Number.isInteger(v) && v >= 0
  : type === 'object' ? isObject(v) : typeof v === type);

function checkKeys(object, known, where) {
  for (const key of Object.keys(object)) {
    if (!known.includes(key)) fail(`${where}.${key}`, `not a field of a lesson here (fields: ${known.join(', ')})`);
  }
}

function textField(object, key, limit, required, where) {
  if (!(key in object)) {
    if (required) fail(`${where}.${key}`, 'missing');
    return '';
  }
  const text = object[key];
  if (typeof text !== 'string') fail(`${where}.${key}`, 'expected a string');
  const n = bytes(text);
  if (n > limit) fail(`${where}.${key}`, `${n} bytes, at most ${limit} are read`);
  if (required && text === '') fail(`${where}.${key}`, 'empty');
  return text;
}

function readMoment(chapter, where) {
  if (!('moment' in chapter)) fail(`${where}.moment`, 'missing (the game and where in it)');
  const given = chapter.moment;
  if (!isObject(given)) fail(`${where}.moment`, "expected an object of the page's URL parameters");
  const moment = {};
  for (const [name, type] of MOMENT_FIELDS) {
    if (!(name in given)) continue;
    if (!hasType(given[name], type)) fail(`${where}.moment.${name}`, `expected ${TYPE_WORDS[type]}`);
    moment[name] = given[name];
  }
  for (const key of Object.keys(given)) {
    if (!(key in moment)) {
      fail(`${where}.moment.${key}`, 'not a parameter of a moment (game, options, level, seed, agents, actions, step)');
    }
  }
  if (!('game' in moment)) fail(`${where}.moment.game`, 'missing');
  return moment;
}

function readQuestion(json, where) {
  if (!isObject(json)) fail(where, 'expected an object (prompt, answers, judge, explanation)');
  checkKeys(json, ['prompt', 'answers', 'judge', 'explanation'], where);
  const prompt = textField(json, 'prompt', MAX_TEXT, true, where);
  if (!('answers' in json)) fail(`${where}.answers`, 'missing (the moves counted right)');
  const given = json.answers;
  if (!Array.isArray(given) || given.length === 0 || given.length > MAX_ANSWERS) {
    fail(`${where}.answers`, `expected a list of 1 to ${MAX_ANSWERS} action names`);
  }
  given.forEach((a, i) => {
    if (typeof a !== 'string' || a === '') fail(`${where}.answers[${i}]`, "expected an action's name");
  });
  const question = { prompt, answers: given.slice() };
  const judge = textField(json, 'judge', MAX_TITLE, false, where);
  if (judge) question.judge = judge;
  const explanation = textField(json, 'explanation', MAX_TEXT, false, where);
  if (explanation) question.explanation = explanation;
  return question;
}

function readChapter(json, where) {
  if (!isObject(json)) fail(where, 'expected an object (title, moment, text, drawings, question)');
  checkKeys(json, ['title', 'moment', 'text', 'drawings', 'question'], where);
  const chapter = { title: textField(json, 'title', MAX_TITLE, true, where) };
  chapter.moment = readMoment(json, where);
  const text = textField(json, 'text', MAX_TEXT, false, where);
  if (text) chapter.text = text;
  if ('drawings' in json) {
    if (!Array.isArray(json.drawings)) fail(`${where}.drawings`, 'expected a list of drawings');
    chapter.drawings = json.drawings;
  }
  if ('question' in json) chapter.question = readQuestion(json.question, `${where}.question`);
  return chapter;
}

const chapterLabel = (i, title) => `chapters[${i}]` + (title ? ` (${title})` : '');

// The lesson of a file's text: {title, mode, chapters: [{title, moment, text?, drawings?, question?}]}; a chapter
// that does not read is {problem, asWritten, title?}. Throws LessonError when the file as a whole cannot be read.
export function readLesson(text, where = 'lesson') {
  const n = bytes(String(text));
  if (n > MAX_LESSON_BYTES) fail(where, `${n} bytes, more than the ${MAX_LESSON_BYTES / 1024} KiB a lesson may have`);
  let json;
  try { json = JSON.parse(text); } catch (e) { fail(where, `not valid JSON: ${e.message}`); }
  if (!isObject(json)) fail(where, 'expected a JSON object (lesson, title, chapters)');
  if (!('lesson' in json)) {
    fail(`${where}.lesson`, `missing: a lesson file starts with "lesson": ${LESSON_VERSION} (its format's version)`);
  }
  if (json.lesson !== LESSON_VERSION) {
    fail(`${where}.lesson`, `version ${JSON.stringify(json.lesson)} is not read here (this page reads ${LESSON_VERSION})`);
  }
  checkKeys(json, ['lesson', 'title', 'mode', 'chapters'], where);
  const lesson = { title: textField(json, 'title', MAX_TITLE, true, where), mode: 'read', chapters: [] };
  const mode = textField(json, 'mode', MAX_TITLE, false, where);
  if ('mode' in json) {
    if (!MODES.includes(mode)) fail(`${where}.mode`, `'${mode}' is not a mode (read, predict, hide)`);
    lesson.mode = mode;
  }
  if (!Array.isArray(json.chapters) || json.chapters.length === 0) {
    fail(`${where}.chapters`, 'expected a list of at least one chapter');
  }
  if (json.chapters.length > MAX_CHAPTERS) {
    fail(`${where}.chapters`, `${json.chapters.length} chapters, at most ${MAX_CHAPTERS} are read`);
  }
  json.chapters.forEach((c, i) => {
    try {
      lesson.chapters.push(readChapter(c, chapterLabel(i, '')));
    } catch (e) {
      if (!(e instanceof LessonError)) throw e;
      const title = isObject(c) && typeof c.title === 'string' ? c.title : '';
      const problem = chapterLabel(i, title) + e.message.slice(chapterLabel(i, '').length);
      lesson.chapters.push({ title, problem, asWritten: c });
    }
  });
  return lesson;
}

function chapterJson(c) {
  if (c.problem) return c.asWritten;
  const json = { title: c.title, moment: c.moment };
  if (c.text) json.text = c.text;
  if (c.drawings) json.drawings = c.drawings;
  if (c.question) {
    const q = { prompt: c.question.prompt, answers: c.question.answers };
    if (c.question.judge) q.judge = c.question.judge;
    if (c.question.explanation) q.explanation = c.question.explanation;
    json.question = q;
  }
  return json;
}

// The lesson's one written form (as engine/core/lesson.cc's write_lesson).
export function writeLesson(lesson) {
  const json = { lesson: LESSON_VERSION, title: lesson.title };
  if (lesson.mode && lesson.mode !== 'read') json.mode = lesson.mode;
  json.chapters = lesson.chapters.map(chapterJson);
  return JSON.stringify(json, null, 2) + '\n';
}

// The engine's message about a moment's URL parameter ("URL parameter 'actions': ...") as a lesson names it,
// after the chapter: ".moment.actions: ..." (as engine/core/lesson_check.cc).
export function asMomentField(message) {
  const m = /^URL parameter '([^']*)': ([\s\S]*)$/.exec(message);
  return m ? `.moment.${m[1]}: ${m[2]}` : `.moment: ${message}`;
}

// The moment as the page's URL query, without '?' (as the engine's moment_query).
export function momentQuery(moment) {
  const params = [];
  for (const [name] of MOMENT_FIELDS) {
    if (!(name in moment)) continue;
    const value = typeof moment[name] === 'string' ? moment[name] : JSON.stringify(moment[name]);
    params.push(`${name}=${encodeURIComponent(value)}`);
  }
  return params.join('&');
}

// The moment of a page link's query (what link() returns): the parameters a lesson keeps, typed.
export function momentFromQuery(query) {
  const params = new URLSearchParams(String(query).replace(/^[^?]*\?/, ''));
  const moment = {};
  for (const [name, type] of MOMENT_FIELDS) {
    const value = params.get(name);
    if (value === null) continue;
    if (type === 'string') moment[name] = value;
    else if (type === 'whole' && /^\d+$/.test(value)) moment[name] = Number(value);
    else if (type === 'object') { try { moment[name] = JSON.parse(value); } catch (e) { /* the link's own problem */ } }
  }
  return moment;
}

// A lesson link's `lesson` value for the lesson itself ("inline:" and the written form, URL-encoded), or null
// when the link would pass MAX_INLINE_LINK bytes with `base` (the page's address) before it.
export function inlineLessonParam(lesson, base) {
  const value = 'inline:' + writeLesson(lesson);
  const link = `${base}?lesson=${encodeURIComponent(value)}`;
  return bytes(link) <= MAX_INLINE_LINK ? value : null;
}
