// Writing a lesson in the page: "Add this moment" from whatever the board shows, a title and a text box per
// chapter, a question, reorder and delete, preview as a student, Export lesson (the file) and Copy lesson link
// (the lesson inside the link when it fits, else the file to put beside the course page).
import { el } from './dom.mjs';
import { MAX_INLINE_LINK, inlineLessonParam, momentFromQuery, momentQuery, readLesson, writeLesson } from './lesson_file.mjs';

const field = (label, control) => el('label', { class: 'lesson-field' }, el('span', { text: label }), control);

export class Writer {
  // context: {api, panel, onPreview(lesson), onClose(), pageBase}.
  constructor(context, lesson) {
    this.ctx = context;
    this.api = context.api;
    this.lesson = lesson || { title: 'A lesson', mode: 'predict', chapters: [] };
    this.status = '';
  }

  addMoment() {
    const moment = momentFromQuery(this.api.link());
    const n = this.lesson.chapters.length + 1;
    this.lesson.chapters.push({ title: `Chapter ${n}`, moment, text: '' });
    this.status = `Chapter ${n} added: ${momentQuery(moment)}`;
    this.render();
  }

  move(i, by) {
    const list = this.lesson.chapters;
    const j = i + by;
    if (j < 0 || j >= list.length) return;
    [list[i], list[j]] = [list[j], list[i]];
    this.render();
  }

  remove(i) {
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
      box.append(el('button', { type: 'button', onclick: () => this.api.openMoment(momentQuery(c.moment)) }, 'Show on the board'));
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
  }
}
