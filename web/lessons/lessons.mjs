// The lessons (docs/lessons.md): the page's script loads this file (playground-lessons.js, bundled from here)
// only when a lesson is opened or written, so the first download does not carry it. It drives the page through
// its API, as a course page would, and lays its panel beside the board: on the right on a desktop, as a sheet
// under the board on a phone.
import { LessonError, MAX_LESSON_BYTES, readLesson } from './lesson_file.mjs';
import { Reader } from './reader.mjs';
import { Writer } from './writer.mjs';

const STYLE = `
#lesson { position: absolute; z-index: 3; background: var(--card); color: var(--fg); border-left: 1px solid var(--edge);
  overflow: auto; font-size: 14px; line-height: 1.45; padding: 10px 14px; box-sizing: border-box; }
html[data-lesson="side"] #lesson { right: 0; top: 0; bottom: 0; width: var(--lesson-right); }
html[data-lesson="sheet"] #lesson { left: 0; right: 0; bottom: 0; height: var(--lesson-bottom); border-left: 0;
  border-top: 1px solid var(--edge); }
html[data-lesson="sheet"][data-lesson-folded] #lesson .lesson-fold ~ * { display: none; }
html[data-lesson] #canvas { width: calc(100vw - var(--lesson-right, 0px)) !important;
  height: calc(100vh - var(--lesson-bottom, 0px)) !important; }
html[data-lesson="side"] #fullview { right: calc(var(--lesson-right) + 8px); }
#lesson h2 { font-size: 16px; margin: 2px 0 6px; }
#lesson h3 { font-size: 15px; margin: 8px 0 4px; }
#lesson p { margin: 6px 0; }
#lesson a { color: var(--link); }
#lesson button, #lesson select, #lesson input, #lesson textarea { font: inherit; font-size: 13px; color: var(--fg);
  background: var(--field); border: 1px solid var(--edge); border-radius: 4px; padding: 3px 8px; margin: 2px 4px 2px 0; }
#lesson button:focus-visible, #lesson select:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; }
#lesson button[disabled] { opacity: .45; }
#lesson .lesson-nav { display: flex; align-items: center; justify-content: space-between; gap: 6px; margin: 6px 0; }
#lesson .lesson-next { font-weight: 600; }
#lesson .lesson-problem { color: var(--problem); }
#lesson .lesson-right { color: #5aabf9; font-weight: 600; }
#lesson .lesson-wrong { color: #f59e42; font-weight: 600; }
#lesson .lesson-question { border: 1px solid var(--edge); border-radius: 6px; padding: 6px 10px; margin: 8px 0; }
#lesson .lesson-table { border-collapse: collapse; margin: 6px 0; }
#lesson .lesson-table caption { text-align: left; color: var(--dim); }
#lesson .lesson-table td, #lesson .lesson-table th { padding: 2px 10px 2px 0; text-align: left; }
#lesson .lesson-yours { font-weight: 700; }
#lesson .lesson-small { color: var(--dim); font-size: 12px; word-break: break-all; }
#lesson .lesson-field { display: block; margin: 6px 0; }
#lesson .lesson-field span { display: block; color: var(--dim); font-size: 12px; }
#lesson .lesson-field input, #lesson .lesson-field textarea { width: 100%; box-sizing: border-box; }
#lesson .lesson-chapter-edit { border-top: 1px solid var(--edge); padding-top: 6px; margin-top: 8px; }
#lesson .lesson-fold { float: right; }
#lesson .lesson-drawings > span { display: block; color: var(--dim); font-size: 12px; }
#lesson .lesson-drawings ul { margin: 2px 0; padding-left: 18px; }
#lesson .lesson-drawings input { width: 9em; }
`;

// The panel's room: beside the board when the page is wide, under it when narrow (a phone).
const SIDE = (width) => Math.min(380, Math.round(width * 0.42));
const NARROW = 720;

function layout(ctx) {
  const root = document.documentElement;
  const narrow = window.innerWidth < NARROW;
  root.dataset.lesson = narrow ? 'sheet' : 'side';
  const folded = root.hasAttribute('data-lesson-folded');
  const right = narrow ? 0 : SIDE(window.innerWidth);
  const bottom = narrow ? (folded ? 44 : Math.round(window.innerHeight * 0.45)) : 0;
  root.style.setProperty('--lesson-right', right + 'px');
  root.style.setProperty('--lesson-bottom', bottom + 'px');
  ctx.setReserve(right, bottom);
}

// The lesson's text from `source`: "inline:" and the file's text (a lesson link), or a URL (relative to the page).
async function lessonText(source) {
  if (source.startsWith('inline:')) return source.slice('inline:'.length);
  let response;
  try {
    response = await fetch(source);
  } catch (e) {
    throw new LessonError(`lesson ${source}: could not be fetched (${e.message}); a lesson on another server must allow this page (CORS)`);
  }
  if (!response.ok) throw new LessonError(`lesson ${source}: HTTP ${response.status}`);
  const size = Number(response.headers.get('Content-Length') || 0);
  if (size > MAX_LESSON_BYTES) throw new LessonError(`lesson ${source}: ${size} bytes, more than the ${MAX_LESSON_BYTES / 1024} KiB a lesson may have`);
  return response.text();
}

// The panel beside the board (under it on a phone), its style and its room; `rerender()` draws what it shows
// again when a phone's reader folds it away or back.
function createPanel(ctx, rerender) {
  const root = document.documentElement;
  const style = document.createElement('style');
  style.textContent = STYLE;
  document.head.append(style);
  const element = document.createElement('aside');
  element.id = 'lesson';
  element.setAttribute('aria-label', 'Lesson');
  document.body.append(element);
  const relayout = () => layout(ctx);
  window.addEventListener('resize', relayout);
  relayout();
  return {
    element,
    // On a phone, "Board ▼" (or "Lesson ▲" once folded) above what the panel shows.
    withFold() {
      if (root.dataset.lesson !== 'sheet') return;
      const folded = root.hasAttribute('data-lesson-folded');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'lesson-fold';
      b.textContent = folded ? 'Lesson ▲' : 'Board ▼';
      b.setAttribute('aria-expanded', String(!folded));
      b.addEventListener('click', () => {
        root.toggleAttribute('data-lesson-folded');
        relayout();
        rerender();
      });
      element.prepend(b);
    },
    remove() {
      element.remove();
      style.remove();
      window.removeEventListener('resize', relayout);
      delete root.dataset.lesson;
      ctx.setReserve(0, 0);
    },
  };
}

// ctx: {api, publish(kind, detail), setReserve(right, bottom), copy(text) -> Promise<boolean>, pageBase, report(text)}.
function start(ctx) {
  let shown = null;  // the Reader or the Writer in the panel
  const panel = createPanel(ctx, () => shown && shown.render());
  const canvasRect = () => document.getElementById('canvas').getBoundingClientRect();
  const show = (view) => {
    if (shown) shown.close();
    shown = view;
    const render = view.render.bind(view);
    view.render = () => { render(); panel.withFold(); };
    return view;
  };
  const read = (lesson, index = 0) => show(new Reader({ api: ctx.api, publish: ctx.publish, panel: panel.element,
    canvasRect, onEdit: () => write(lesson) }, lesson)).open(index);
  const write = (lesson) => show(new Writer({ api: ctx.api, panel: panel.element, canvasRect, pageBase: ctx.pageBase,
    copy: ctx.copy, onPreview: (l) => read(l), onClose: close }, lesson ? JSON.parse(JSON.stringify(lesson)) : null)).render();
  const close = () => {
    if (shown) shown.close();
    shown = null;
    panel.remove();
    current = null;
  };
  const reader = () => (shown instanceof Reader ? shown : null);

  return {
    // Opens a lesson: a URL, "inline:" + its text, or a lesson's text or object. Resolves once its first chapter
    // is on the board; rejects (and the page says why) when the file cannot be read.
    async open(source, chapter = 0) {
      try {
        const text = typeof source === 'object' ? JSON.stringify(source) : await lessonText(String(source));
        const lesson = readLesson(text);
        await read(lesson, chapter);
        return { title: lesson.title, chapters: lesson.chapters.length,
          problems: lesson.chapters.filter((c) => c.problem).map((c) => c.problem) };
      } catch (e) {
        panel.element.replaceChildren(Object.assign(document.createElement('p'), { className: 'lesson-problem', textContent: e.message }));
        ctx.report(e.message);
        throw e;
      }
    },
    write: (lesson) => write(lesson),
    chapter: (index) => (reader() ? reader().open(index) : Promise.reject(new Error('no lesson is open'))),
    answers: () => {
      const r = reader();
      return r ? { score: r.score(), questions: r.questions(), answered: [...r.answers.keys()] } : null;
    },
    close,
  };
}

let current = null;
window.pgLessons = {
  lessons(ctx) {
    current = current || start(ctx);
    return current;
  },
};
