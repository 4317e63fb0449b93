// Writing a lesson in the page: "Add this moment" from whatever the board shows, a title and a text box per
// chapter, its drawings drawn on the board, a question, reorder and delete, preview as a student, Export lesson
// (the file) and Copy lesson link (the lesson inside the link when it fits, else the file to put beside the course
// page).
import { COLOURS, HEAT, MAX_HEAT, describeDrawing, startDrawing } from './draw_editor.mjs';
import { el } from './dom.mjs';
import { createOverlay } from './drawings.mjs';
import { MAX_INLINE_LINK, inlineLessonParam, momentFromQuery, momentQuery, readLesson, writeLesson } from './lesson_file.mjs';

const field = (label, control) => el('label', { class: 'lesson-field' }, el('span', { text: label }), control);

export class Writer {
  // context: {api, panel, canvasRect(), onPreview(lesson), onClose(), pageBase}.
  constructor(context, lesson) {
    this.ctx = context;
    this.api = context.api;
    this.lesson = lesson || { title: 'A lesson', mode: 'predict', chapters: [] };
    this.status = '';
    this.drawing = null;  // {chapter, layer} while the teacher draws a chapter's drawings on the board
    this.colour = 'own';
    this.overlay = null;
  }

  close() {
    this.stopDrawing();
  }

  // Drawing chapter `i`'s drawings: its moment on the board, the drawings over it, clicks and drags taken.
  async startDrawing(i) {
    this.stopDrawing();
    const c = this.lesson.chapters[i];
    const asked = this.drawingAsked = {};  // a later click (another chapter's) replaces this one
    await this.api.openMoment(momentQuery(c.moment));
    if (this.drawingAsked !== asked) return;
    this.overlay = this.overlay || createOverlay(this.ctx.canvasRect);
    const layer = startDrawing({
      canvasRect: this.ctx.canvasRect,
      places: () => this.api.places(),
      weight: () => COLOURS[this.colour],
      heat: () => HEAT[this.colour] || 0,
      change: (fn) => {
        const drawings = fn(c.drawings);
        if (drawings.length) c.drawings = drawings; else delete c.drawings;
        this.render();
      },
    });
    this.drawing = { chapter: c, layer };
    this.render();
  }

  stopDrawing() {
    this.drawingAsked = null;
    if (this.drawing) this.drawing.layer.stop();
    this.drawing = null;
    if (this.overlay) this.overlay.hide();
  }

  // The drawn chapter's drawings over the board (after a frame: places() reads the last one drawn).
  showDrawings() {
    if (!this.drawing || !this.overlay) return;
    const c = this.drawing.chapter;
    requestAnimationFrame(() => {
      if (this.drawing && this.drawing.chapter === c) this.overlay.show(c.drawings, this.api.places());
    });
  }

  drawingsEditor(c, i) {
    const box = el('div', { class: 'lesson-drawings' });
    const list = el('ul', { 'aria-label': `Chapter ${i + 1} drawings` });
    for (const d of c.drawings || []) {
      const item = el('li', {}, el('span', { text: describeDrawing(d) + ' ' }));
      if ('mark' in d || 'arrow' in d) {
        item.append(el('input', { 'aria-label': `Label of ${describeDrawing(d)}`, maxlength: '24', value: d.text || '',
          oninput: (e) => { if (e.target.value) d.text = e.target.value; else delete d.text; this.showDrawings(); } }));
      }
      item.append(el('button', { type: 'button', 'aria-label': `Delete ${describeDrawing(d)}`, onclick: () => {
        c.drawings = c.drawings.filter((x) => x !== d);
        if (!c.drawings.length) delete c.drawings;
        this.render();
      } }, '✕'));
      list.append(item);
    }
    const drawingThis = this.drawing && this.drawing.chapter === c;
    box.append(el('span', { text: 'Drawings' }), list);
    if (drawingThis) {
      const colour = el('select', { 'aria-label': 'Colour of the next drawing' },
        ...[['own', 'pink (yours)'], ['good', 'blue (good)'], ['bad', 'orange (bad)'], ['heat-good', 'heat, good (blue)'],
          ['heat-bad', 'heat, bad (orange)']].map(([value, words]) => {
          const o = el('option', { value, text: words });
          if (value === this.colour) o.selected = true;
          return o;
        }));
      colour.addEventListener('change', () => { this.colour = colour.value; });
      box.append(el('p', { class: 'lesson-small', text: 'Click a place on the board to mark it, drag from one place to another for an arrow; the same again takes it away. ' +
        `With heat chosen, each click on a place warms it a step more, up to ${MAX_HEAT}; one more clears it.` }),
        colour, el('button', { type: 'button', onclick: () => { this.stopDrawing(); this.render(); } }, 'Done drawing'));
    } else {
      box.append(el('button', { type: 'button', onclick: () => this.startDrawing(i) }, 'Draw on the board'));
    }
    return box;
  }

  addMoment() {
    const moment = momentFromQuery(this.api.link());
    const n = this.lesson.chapters.length + 1;
    this.lesson.chapters.push({ title: `Chapter ${n}`, moment, text: '' });
    this.status = `Chapter ${n} added: ${momentQuery(moment)}`;
    this.render();
  }

  move(i, by) {
    this.stopDrawing();
    const list = this.lesson.chapters;
    const j = i + by;
    if (j < 0 || j >= list.length) return;
    [list[i], list[j]] = [list[j], list[i]];
    this.render();
  }

  remove(i) {
    this.stopDrawing();
    this.lesson.chapters.splice(i, 1);
    this.render();
  }

  // The lesson as the file has it, checked as a reader would read it: {text, lesson} or {problem}.
  written() {
    if (!this.lesson.chapters.length) return { problem: 'Add a moment first: a lesson has at least one chapter.' };
    const text = writeLesson(this.lesson);
    try {
      const read = readLesson(text);
      const bad = read.chapters.find((c) => c.problem);
      return bad ? { problem: bad.problem } : { text, lesson: read };
    } catch (e) {
      return { problem: e.message };
    }
  }

  exportFile() {
    const w = this.written();
    if (w.problem) { this.say(w.problem); return; }
    const url = URL.createObjectURL(new Blob([w.text], { type: 'application/json' }));
    const a = el('a', { href: url, download: (this.lesson.title.replace(/[^A-Za-z0-9_-]+/g, '_') || 'lesson') + '.json' });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    this.say('Exported: open it with ?lesson=FILE beside the page, or reopen it here with Open lesson file.');
  }

  copyLink() {
    const w = this.written();
    if (w.problem) { this.say(w.problem); return; }
    const value = inlineLessonParam(w.lesson, this.ctx.pageBase);
    if (value === null) {
      this.say(`The lesson is too long for a link (over ${MAX_INLINE_LINK / 1024} KB): Export lesson, put the file ` +
               'beside your course page, and link ?lesson=https://your.site/lesson.json.');
      return;
    }
    // The first chapter's game in the link too: the page starts that game's module, not the default's first.
    const link = `${this.ctx.pageBase}?game=${encodeURIComponent(w.lesson.chapters[0].moment.game)}&lesson=${encodeURIComponent(value)}`;
    this.ctx.copy(link).then((copied) => this.say(copied ? 'Lesson link copied.' : `Copy this link: ${link}`));
  }

  openFile() {
    const input = el('input', { type: 'file', accept: '.json,application/json' });
    input.addEventListener('change', () => {
      const file = input.files && input.files[0];
      if (!file) return;
      file.text().then((text) => {
        try {
          this.stopDrawing();
          this.lesson = readLesson(text, file.name);
          const bad = this.lesson.chapters.filter((c) => c.problem).map((c) => c.problem);
          this.status = bad.length ? bad.join(' ') : `${file.name} opened.`;
        } catch (e) {
          this.status = e.message;
        }
        this.render();
      });
    });
    input.click();
  }

  say(text) {
    this.status = text;
    const s = this.ctx.panel.querySelector('.lesson-status');
    if (s) s.textContent = text;
  }

  chapterEditor(c, i) {
    const n = this.lesson.chapters.length;
    const box = el('section', { class: 'lesson-chapter-edit', 'aria-label': `Chapter ${i + 1}` });
    if (c.problem) {
      box.append(el('p', { class: 'lesson-problem', text: c.problem }));
    } else {
      box.append(field(`Chapter ${i + 1} title`, el('input', { value: c.title, oninput: (e) => { c.title = e.target.value; } })));
      box.append(el('p', { class: 'lesson-small', text: momentQuery(c.moment) }));
      box.append(field('Text (Markdown)', el('textarea', { rows: '4', value: c.text || '', oninput: (e) => { c.text = e.target.value; } })));
      box.append(this.drawingsEditor(c, i));
      const q = c.question || { prompt: '', answers: [] };
      const setQuestion = () => {
        if (q.prompt || q.answers.length) c.question = q; else delete c.question;
      };
      box.append(field('Question (empty: none)', el('input', { value: q.prompt, oninput: (e) => { q.prompt = e.target.value; setQuestion(); } })));
      box.append(field('Answers (moves, comma-separated)', el('input', { value: q.answers.join(','),
        oninput: (e) => { q.answers = e.target.value.split(',').map((s) => s.trim()).filter(Boolean); setQuestion(); } })));
      box.append(field('Judge (an exact solver, e.g. perfect)', el('input', { value: q.judge || '',
        oninput: (e) => { if (e.target.value) q.judge = e.target.value; else delete q.judge; } })));
      box.append(field('Explanation', el('textarea', { rows: '2', value: q.explanation || '',
        oninput: (e) => { if (e.target.value) q.explanation = e.target.value; else delete q.explanation; } })));
      box.append(el('button', { type: 'button', onclick: () => { this.stopDrawing(); this.render(); this.api.openMoment(momentQuery(c.moment)); } }, 'Show on the board'));
    }
    box.append(
      el('button', { type: 'button', onclick: () => this.move(i, -1), 'aria-label': `Move chapter ${i + 1} up`, ...(i === 0 ? { disabled: '' } : {}) }, '↑'),
      el('button', { type: 'button', onclick: () => this.move(i, 1), 'aria-label': `Move chapter ${i + 1} down`, ...(i === n - 1 ? { disabled: '' } : {}) }, '↓'),
      el('button', { type: 'button', onclick: () => this.remove(i), 'aria-label': `Delete chapter ${i + 1}` }, 'Delete'));
    return box;
  }

  render() {
    const mode = el('select', { 'aria-label': 'The mode students start in' },
      ...['read', 'predict', 'hide'].map((m) => {
        const o = el('option', { value: m, text: m });
        if (m === this.lesson.mode) o.selected = true;
        return o;
      }));
    mode.addEventListener('change', () => { this.lesson.mode = mode.value; });
    const preview = () => {
      const w = this.written();
      if (w.problem) this.say(w.problem); else this.ctx.onPreview(w.lesson);
    };
    this.ctx.panel.replaceChildren(
      el('h2', { text: 'Writing a lesson' }),
      field('Lesson title', el('input', { value: this.lesson.title, oninput: (e) => { this.lesson.title = e.target.value; } })),
      field('Students start in', mode),
      el('div', { class: 'lesson-tools' },
        el('button', { type: 'button', class: 'lesson-add', onclick: () => this.addMoment() }, '+ Add this moment'),
        el('button', { type: 'button', onclick: preview }, 'Preview as a student'),
        el('button', { type: 'button', onclick: () => this.exportFile() }, 'Export lesson'),
        el('button', { type: 'button', onclick: () => this.copyLink() }, 'Copy lesson link'),
        el('button', { type: 'button', onclick: () => this.openFile() }, 'Open lesson file'),
        el('button', { type: 'button', onclick: () => this.ctx.onClose() }, 'Close')),
      el('p', { class: 'lesson-status', role: 'status', 'aria-live': 'polite', text: this.status }),
      ...this.lesson.chapters.map((c, i) => this.chapterEditor(c, i)),
      this.lesson.chapters.length ? '' : el('p', { text: 'Set up a moment on the board (a game, agents, a few steps), then press + Add this moment.' }));
    this.showDrawings();
  }
}
