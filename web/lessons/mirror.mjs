// The chapter in the page's text mirror (#words: the game in words, for screen readers and keyboard users):
// the lesson, the chapter and what the panel says of it, above the mirror's board and its move buttons, through
// which a student answers a question as on the board. The panel's buttons stay the panel's.
import { el } from './dom.mjs';

const SECTION = 'words-lesson';

// Shows the panel's chapter `body` (its words, without its buttons) in the mirror; a text with a
// `data-mirror` attribute reads that instead (what the mirror's reader does differs from the board's).
export function mirrorChapter(lessonTitle, index, count, body) {
  const words = document.getElementById('words');
  if (!words) return;
  let section = document.getElementById(SECTION);
  if (!section) {
    section = el('section', { id: SECTION, 'aria-label': 'The lesson' });
    const title = document.getElementById('words-title');
    if (title) title.after(section);
    else words.prepend(section);
  }
  const chapter = body.cloneNode(true);
  chapter.querySelectorAll('button, select').forEach((b) => b.remove());
  chapter.querySelectorAll('[data-mirror]').forEach((e) => { e.textContent = e.dataset.mirror; });
  section.replaceChildren(el('p', { text: `Lesson: ${lessonTitle}, chapter ${index + 1} of ${count}.` }),
    ...chapter.childNodes);
}

export function unmirror() {
  const section = document.getElementById(SECTION);
  if (section) section.remove();
}
