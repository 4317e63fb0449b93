// The lesson beside the board: the chapter's text, next / previous, "back to the lesson's moment", the
// chapter's drawings over the board, its question (lichess's gamebook: the student plays first), the score,
// and the bridge's events (chapter, answer, finished) for a course page that records progress.
import { el } from './dom.mjs';
import { createOverlay } from './drawings.mjs';
import { asMomentField, momentQuery } from './lesson_file.mjs';
import { renderMarkdown } from './markdown.mjs';
import { mirrorChapter, unmirror } from './mirror.mjs';
import { decisionRows, percent, scoreText, verdict, withSeat } from './question.mjs';

const MODE_WORDS = { read: 'Read', predict: 'Predict (play first)', hide: 'Predict, moves ahead hidden' };

// The moment to open for chapter `c` in `mode`: in "hide" the actions after its step are left out.
export function shownMoment(c, mode) {
  const m = Object.assign({}, c.moment);
  if (mode === 'hide' && m.actions && m.step !== undefined) {
    const sep = m.actions.includes(';') ? ';' : ',';
    m.actions = m.actions.split(sep).slice(0, m.step).join(sep);
  }
  return m;
}

export class Reader {
  // context: {api, publish, panel (the element to fill), canvasRect(), onEdit()}.
  constructor(context, lesson) {
    this.ctx = context;
    this.api = context.api;
    this.lesson = lesson;
    this.mode = lesson.mode || 'read';
    this.index = 0;
    this.answers = new Map();  // chapter -> {move, right, first}
    this.attempted = new Set();  // the chapters whose question the student has answered at least once
    this.overlay = createOverlay(context.canvasRect);
    this.momentStep = null;  // the step the chapter's moment shows, once opened
    this.opened = Promise.resolve();  // the last moment asked for (a chapter, an answer's explanation), opened
    this.onStep = (e) => this.stepped(e.detail || {});
    window.addEventListener('playground:step', this.onStep);
    this.onResize = () => this.drawLater();
    window.addEventListener('resize', this.onResize);
  }

  close() {
    this.closed = true;  // what it still had under way (a chapter, an explanation) neither opens nor shows
    window.removeEventListener('playground:step', this.onStep);
    window.removeEventListener('resize', this.onResize);
    this.overlay.remove();
    unmirror();
  }

  questions() { return this.lesson.chapters.filter((c) => c.question).length; }
  score() { return [...this.answers.values()].filter((a) => a.first).length; }

  // Runs `task` once the moments asked for before it have opened (a chapter, an answer's explanation, which opens
  // the judge's and the agent's moments): one moment at a time, so the board ends at the last one asked for.
  queue(task) {
    const done = this.opened.then(() => (this.closed ? undefined : task()));
    this.opened = done.catch(() => {});
    return done;
  }

  // Opens chapter `index` (`again`: the same chapter once more, for Try again: no `chapter` event).
  open(index, again = false) { return this.queue(() => this.openNow(index, again)); }

  async openNow(index, again) {
    this.index = Math.max(0, Math.min(index, this.lesson.chapters.length - 1));
    const c = this.lesson.chapters[this.index];
    if (!again) this.ctx.publish('chapter', { index: this.index, title: c.title || '', chapters: this.lesson.chapters.length });
    this.waiting = null;
    this.render();
    if (c.problem) return;
    await this.openMoment(c, this.asking(c));
    this.render();
  }

  // Whether chapter `c`'s question waits for the student's move (not yet answered, in a predict mode).
  asking(c) { return !!c.question && this.mode !== 'read' && !this.answers.has(this.index); }

  async openMoment(c, studentToMove) {
    this.overlay.hide();
    this.opening = true;
    const moment = shownMoment(c, this.mode);
    let before = new Set();
    try {
      before = new Set(this.api.messages().filter((m) => m.error).map((m) => m.text));
    } catch (e) { /* another game's module is starting: its messages are all this moment's */ }
    try {
      await this.api.openMoment(momentQuery(moment));
      let s = this.api.state();
      if (studentToMove && !s.done) {
        await this.api.openMoment(momentQuery(withSeat(moment, s.to_move, 'human', s.agents.length)), true);
        s = this.api.state();
        this.waiting = { seat: s.to_move, step: s.step, moment };
      }
      this.momentStep = { game: s.game, step: s.step };
      // What the engine said of this moment (an unknown agent, an illegal move), named with the chapter.
      const label = `chapters[${this.index}] (${c.title})`;
      this.problems = this.api.messages().filter((m) => m.error && !before.has(m.text))
        .map((m) => label + asMomentField(m.text));
    } catch (e) {
      this.problems = [String(e && e.message ? e.message : e)];
    } finally {
      this.opening = false;
    }
    this.drawLater();
  }

  // The chapter's drawings, once the board shows the moment (after a frame: places() reads the last one).
  drawLater() {
    const c = this.lesson.chapters[this.index];
    requestAnimationFrame(() => requestAnimationFrame(() => {
      let s = null;
      try { s = this.api.state(); } catch (e) { return; }
      const atMoment = this.momentStep && s.game === this.momentStep.game && s.step === this.momentStep.step;
      if (!c || c.problem || !c.drawings || !atMoment) { this.overlay.hide(); return; }
      try { this.overlay.show(c.drawings, this.api.places()); } catch (e) { this.overlay.hide(); }
    }));
  }

  stepped(detail) {
    this.drawLater();
    const w = this.waiting;
    if (!w || this.opening || detail.step !== w.step + 1 || detail.last_player !== w.seat) return;
    this.waiting = null;
    this.answer(String(detail.last_action));
  }

  async answer(move) {
    const c = this.lesson.chapters[this.index];
    const q = c.question;
    const index = this.index;
    const right = q.answers.includes(move);
    const record = { move, right, first: right && !this.attempted.has(index) };
    this.attempted.add(index);
    this.answers.set(index, record);
    this.ctx.publish('answer', { chapter: index, title: c.title, move, right: record.right, answers: q.answers });
    this.result = { chapter: index, move, thinking: true };
    this.render();
    this.result = { chapter: index, ...await this.queue(() => this.explain(c, move)) };
    if (this.closed) return;
    this.render();
    this.announce(record.right ? `Right: ${move}.` : `${move} is not the lesson's answer: ${q.answers.join(' or ')}.`);
    if (this.answers.size === this.questions() && this.index === this.lesson.chapters.length - 1) this.finish();
  }

  // What the moment's agent and the judge say of the moment: {move, agentRows, judge}.
  async explain(c, move) {
    const moment = shownMoment(c, this.mode);
    const out = { move, agentRows: [], judge: null };
    try {
      await this.api.openMoment(momentQuery(moment));
      const s = this.api.state();
      if (c.question.judge) {
        await this.api.openMoment(momentQuery(withSeat(moment, s.to_move, c.question.judge, s.agents.length)));
        const d = await this.api.policy();
        out.judge = verdict(decisionRows(d), move, c.question.answers, d && d.score_label);
        out.judgeNote = d && d.note;
        await this.api.openMoment(momentQuery(moment));
      }
      const agent = this.api.state().agents[s.to_move];
      if (agent !== 'human') {
        out.agent = agent;
        out.agentRows = decisionRows(await this.api.policy());
      }
      this.momentStep = { game: s.game, step: s.step };
    } catch (e) {
      out.error = String(e && e.message ? e.message : e);
    }
    this.drawLater();
    return out;
  }

  // Read mode's "Show the answer": the answer, the judge's verdict and the explanation, without a move.
  async showAnswer() {
    const index = this.index;
    this.answers.set(index, { move: '', right: false, first: false });
    this.result = { chapter: index, move: '', thinking: true };
    this.render();
    this.result = { chapter: index, ...await this.queue(() => this.explain(this.lesson.chapters[index], '')) };
    if (this.index === index) this.render();
  }

  finish() {
    this.ctx.publish('finished', { score: this.score(), questions: this.questions(), chapters: this.lesson.chapters.length });
    this.finished = true;
    this.render();
  }

  setMode(mode) {
    this.mode = mode;
    this.open(this.index);
  }

  announce(text) {
    const live = this.ctx.panel.querySelector('.lesson-live');
    if (live) live.textContent = text;
  }

  render() {
    if (this.closed) return;  // the panel is another view's now
    const c = this.lesson.chapters[this.index];
    const n = this.lesson.chapters.length;
    const panel = this.ctx.panel;
    const mode = el('select', { 'aria-label': 'How the lesson shows its moves' },
      ...Object.entries(MODE_WORDS).map(([value, words]) => {
        const o = el('option', { value, text: words });
        if (value === this.mode) o.selected = true;
        return o;
      }));
    mode.addEventListener('change', () => this.setMode(mode.value));
    const nav = el('nav', { class: 'lesson-nav', 'aria-label': 'Chapters' },
      el('button', { type: 'button', onclick: () => this.open(this.index - 1), ...(this.index === 0 ? { disabled: '' } : {}) }, '‹ Previous'),
      el('span', { text: `Chapter ${this.index + 1} of ${n}` }),
      this.index < n - 1
        ? el('button', { type: 'button', class: 'lesson-next', onclick: () => this.open(this.index + 1) }, 'Next ›')
        : el('button', { type: 'button', class: 'lesson-next', onclick: () => this.finish() }, 'Finish'));
    const body = el('div', { class: 'lesson-body' });
    body.append(el('h3', { text: c.title || `Chapter ${this.index + 1}` }));
    if (c.problem) body.append(el('p', { class: 'lesson-problem', role: 'alert', text: c.problem }));
    for (const p of this.problems || []) if (!c.problem) body.append(el('p', { class: 'lesson-problem', text: p }));
    if (c.text) body.append(el('div', { class: 'lesson-text' }, renderMarkdown(c.text)));
    if (c.question) body.append(this.questionBlock(c));
    body.append(el('button', { type: 'button', class: 'lesson-back', onclick: () => this.open(this.index) },
      '↺ Back to the lesson\'s moment'));
    if (this.finished) {
      body.append(el('p', { class: 'lesson-score', text: `Lesson finished: ${this.score()} of ${this.questions()} questions answered right first time.` }));
    }
    const tools = el('div', { class: 'lesson-tools' }, mode);
    if (this.ctx.onEdit) tools.append(el('button', { type: 'button', onclick: () => this.ctx.onEdit() }, 'Edit'));
    panel.replaceChildren(
      el('h2', { text: this.lesson.title }), tools, nav, body,
      el('p', { class: 'lesson-live', 'aria-live': 'polite', role: 'status' }));
    mirrorChapter(this.lesson.title, this.index, n, body);
  }

  questionBlock(c) {
    const q = c.question;
    const box = el('section', { class: 'lesson-question', 'aria-label': 'Question' });
    box.append(el('p', { class: 'lesson-prompt' }, el('strong', { text: 'Question: ' }), q.prompt));
    const done = this.answers.get(this.index);
    if (!done && this.mode !== 'read') {
      box.append(this.waiting
        ? el('p', { text: 'Play your move on the board.', 'data-mirror': 'Play your move: one of the move buttons below.' })
        : el('p', { text: 'Opening the moment…' }));
      return box;
    }
    if (!done) {
      box.append(el('button', { type: 'button', onclick: () => this.showAnswer() }, 'Show the answer'));
      return box;
    }
    if (done.move) {
      box.append(el('p', { class: done.right ? 'lesson-right' : 'lesson-wrong',
        text: done.right ? `Your move ${done.move}: right.` : `Your move ${done.move}: not the lesson's answer.` }));
    }
    box.append(el('p', { text: `The lesson's answer: ${q.answers.join(' or ')}.` }));
    const r = this.result && this.result.chapter === this.index ? this.result : null;
    if (r && r.thinking) box.append(el('p', { text: 'The agents think…' }));
    if (r && !r.thinking && r.move === done.move) box.append(this.resultTable(r, done.move));
    if (r && r.error) box.append(el('p', { class: 'lesson-problem', text: r.error }));
    if (q.explanation) box.append(el('div', { class: 'lesson-text' }, renderMarkdown(q.explanation)));
    if (done.move) {
      box.append(el('button', { type: 'button', onclick: () => { this.answers.delete(this.index); this.open(this.index, true); } }, 'Try again'));
    }
    return box;
  }

  resultTable(r, move) {
    const wrap = el('div');
    if (r.judge) {
      const j = r.judge;
      const best = j.best.join(', ');
      wrap.append(el('p', { class: 'lesson-verdict' },
        el('strong', { text: `The solver (${this.lesson.chapters[this.index].question.judge}): ` }),
        `best ${best}` + (j.bestScore !== null ? ` (${scoreText(j.bestScore)})` : '') +
        (move ? `; your ${move}: ${j.best.includes(move) ? 'best too' : j.moveScore !== null ? scoreText(j.moveScore) : 'worse'}` : '') + '.'));
      if (j.label) wrap.append(el('p', { class: 'lesson-small', text: `Scores: ${j.label}.` }));
    }
    if (r.agentRows.length) {
      const rows = r.agentRows.slice().sort((a, b) => b.p - a.p).slice(0, 6);
      const table = el('table', { class: 'lesson-table' },
        el('caption', { text: `What ${r.agent} plays here` }),
        el('tr', {}, el('th', { text: 'move' }), el('th', { text: 'chance' }), el('th', { text: 'score' })));
      for (const row of rows) {
        const tr = el('tr', row.action === move ? { class: 'lesson-yours' } : {},
          el('td', { text: row.action + (row.action === move ? ' (yours)' : '') }), el('td', { text: percent(row.p) }),
          el('td', { text: scoreText(row.score) }));
        table.append(tr);
      }
      wrap.append(table);
    }
    return wrap;
  }
}
