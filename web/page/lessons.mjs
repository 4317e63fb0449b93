// The lessons' script (web/lessons/, built into playground-lessons.js), fetched the first time a lesson is
// opened or written: the first download does not carry it.
import { publish } from './bridge.mjs';
import { report } from './engine.mjs';
import { copyLink } from './links.mjs';
import { asset } from './site.mjs';
import { page, running } from './state.mjs';

let script = null;
function lessons(api) {
  script = script || new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = asset('playground-lessons.js');
    s.onload = () => resolve(window.pgLessons);
    s.onerror = () => {
      script = null;
      const problem = 'the lessons could not be loaded: playground-lessons.js could not be fetched';
      try { report(problem); } catch (e) { /* the engine is starting */ }
      reject(new Error(problem));
    };
    document.body.append(s);
  });
  return script.then((module) => module.lessons({
    api,
    publish,
    copy: (text) => copyLink(text).then((r) => r.copied),
    pageBase: window.location.origin + window.location.pathname,
    report,
    setReserve(right, bottom) {
      page.reserve[0] = right;
      page.reserve[1] = bottom;
      if (running()) page.module.ccall('pg_request_frames');
    },
  }));
}

// The API's lesson calls (docs/javascript-api.md), added to window.playground by main.mjs.
export const lessonApi = (api) => ({
  // A lesson (docs/lessons.md) beside the board: its URL, "inline:" and its text, or the lesson itself.
  openLesson: (source, chapter) => lessons(api).then((l) => l.open(source, chapter)),
  // Writing a lesson in the page (the lesson to edit, or none for a new one).
  writeLesson: (lesson) => lessons(api).then((l) => l.write(lesson)),
  lessonChapter: (index) => lessons(api).then((l) => l.chapter(index)),
  lessonAnswers: () => lessons(api).then((l) => l.answers()),
});
