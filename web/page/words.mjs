// The game in words: a text mirror of the canvas for screen readers and keyboard users (#words), kept current
// from the engine's words for the moment on screen (pg_words: engine/core/moment_words.h) at every step and
// message; each step is announced politely. Its buttons step, step back, play or pause, and start a new
// episode, as the page's own do.
import { call } from './engine.mjs';
import { running } from './state.mjs';

const FIELDS = ['title', 'position', 'turn', 'board', 'last', 'decision', 'analysis'];
const element = (k) => document.getElementById('words-' + k);
const playButton = () => document.querySelector('[data-words="play"]');
let announced = null;

// The move buttons (a human's turn): one per legal action, by its name.
function showMoves(names) {
  const moves = element('moves');
  const offered = Array.from(moves.querySelectorAll('button'), (b) => b.dataset.move);
  if (offered.join('\n') === names.join('\n')) return;
  // A keyboard user who just played keeps the focus here: on the group while the agents reply, then on the
  // first of the next moves.
  const hadFocus = moves.contains(document.activeElement);
  moves.querySelectorAll('button').forEach((b) => b.remove());
  moves.append(...names.map((name) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.move = name;
    b.textContent = name;
    return b;
  }));
  element('moves-title').textContent = names.length ? 'Your move (' + names.length + ' legal):' : 'No move to play here.';
  if (hadFocus) (moves.querySelector('button') || moves).focus();
}

// The mirror is refreshed at most every REFRESH_MS: an agent answering hundreds of times a second (a student's
// program through its bridge) is not held up by the words, which a screen reader could not read that fast
// anyway; the last moment is always the one shown.
const REFRESH_MS = 150;
let lastRefresh = -Infinity;
let pendingRefresh = null;

export function scheduleWords() {
  if (pendingRefresh !== null) return;
  const wait = Math.max(0, lastRefresh + REFRESH_MS - performance.now());
  pendingRefresh = setTimeout(refreshWords, wait);
}

function refreshWords() {
  clearTimeout(pendingRefresh);
  pendingRefresh = null;
  lastRefresh = performance.now();
  if (!running()) return;
  let w;
  try { w = call('pg_words'); } catch (e) { return; }
  for (const k of FIELDS) {
    if (element(k).textContent !== w[k]) element(k).textContent = w[k];
  }
  element('messages').replaceChildren(...w.messages.map((text) => {
    const li = document.createElement('li');
    li.textContent = text;
    return li;
  }));
  playButton().textContent = w.playing ? 'Pause' : 'Play';
  showMoves(w.moves);
  if (w.announcement !== announced) {
    announced = w.announcement;
    element('live').textContent = w.announcement;
  }
}

// The mirror's buttons, played through the API, and its refreshes at the page's events.
export function installWords(api) {
  const actions = {
    back: () => api.back(),
    step: () => api.step(),
    play: () => api.setPlaying(playButton().textContent === 'Play'),
    new: () => api.reset(api.state().seed + 1),
  };
  document.getElementById('words').addEventListener('click', (event) => {
    const data = (event.target && event.target.dataset) || {};
    if (!running() || !(data.words || data.move)) return;
    Promise.resolve().then(data.move ? () => api.play(data.move) : actions[data.words])
      .catch(() => { /* the page shows the message */ })
      .then(scheduleWords);
  });
  // The decision may come later than the step (an agent thinking in the worker): asked again a moment after.
  let timer = null;
  const soon = () => {
    scheduleWords();
    clearTimeout(timer);
    timer = setTimeout(scheduleWords, 400);
  };
  ['playground:step', 'playground:error', 'playground:ready'].forEach((kind) => window.addEventListener(kind, soon));
}
