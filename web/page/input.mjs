// The page's keys, the on-screen keyboard and, embedded, the board's engagement.
import { callPlain } from './engine.mjs';

// Keys for the page's own controls (the mirror's buttons, the link box, the full-view link) and Tab belong to
// the browser, not to the engine: SDL's keyboard handler, on the window, would take them (Space would also
// toggle play, Ctrl+C would not copy, Tab would not move the focus). Listeners that capture see them first.
export function keepBrowserKeys() {
  const forTheBrowser = (event) => {
    const t = event.target;
    const control = t && t !== document.body && t !== document.documentElement && t.id !== 'canvas';
    return control || (event.key === 'Tab' && !event.ctrlKey && !event.altKey && !event.metaKey);
  };
  ['keydown', 'keyup', 'keypress'].forEach((type) => window.addEventListener(type, (event) => {
    if (forTheBrowser(event)) event.stopPropagation();
  }, true));
}

// --- The on-screen keyboard. A text field the engine draws (Zuma's scenario, the Sokoban level, the Binary
// patterns, the numbers) takes the keyboard: after a finger's tap the page focuses a text area out of sight, so
// that the phone shows its keyboard, and hands the engine what is typed (pg_type_text, pg_type_key). The area
// keeps one character, so that Backspace reaches it when the field is empty; a word being composed (predictive
// keyboards) arrives when it is complete.
const KEEP = ' ';
const KEYS = ['Enter', 'Escape', 'Tab', 'Delete', 'Home', 'End', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];
const typing = () => document.getElementById('typing');
let lastPointer = 'mouse';
let engineTyping = false;
const typeKey = (key) => { callPlain('pg_type_key', 'number', ['string'], [key]); };
const typeText = (text) => { if (text) callPlain('pg_type_text', null, ['string'], [text]); };

function showKeyboard() {
  const area = typing();
  area.value = KEEP;
  area.focus({ preventScroll: true });
  area.setSelectionRange(KEEP.length, KEEP.length);
}

// Module.pgTextInput: whether a field the engine draws takes the keyboard.
export function textInput(active) {
  engineTyping = active;
  if (active && lastPointer === 'touch') showKeyboard();
  else if (!active && document.activeElement === typing()) typing().blur();
}

export function installKeyboard() {
  const area = typing();
  window.addEventListener('pointerdown', (event) => { lastPointer = event.pointerType; }, true);
  // A tap on the field that still has the keyboard (the phone's keyboard was put away): back it comes.
  window.addEventListener('pointerup', (event) => {
    if (event.pointerType === 'touch' && event.target && event.target.id === 'canvas') {
      setTimeout(() => { if (engineTyping && document.activeElement !== area) showKeyboard(); }, 60);
    }
  }, true);
  area.addEventListener('input', (event) => {
    if (event.isComposing) return;
    const kind = event.inputType || '';
    if (kind === 'deleteContentBackward') typeKey('Backspace');
    else if (kind === 'insertLineBreak' || kind === 'insertParagraph') typeKey('Enter');
    else if (kind.startsWith('insert')) typeText(area.value.slice(KEEP.length));
    showKeyboard();
  });
  area.addEventListener('compositionend', (event) => {
    typeText(event.data || '');
    showKeyboard();
  });
  // On the window, as the filter that keeps the page's keys from the engine (it stops them before the area).
  window.addEventListener('keydown', (event) => {
    if (event.target !== area || !KEYS.includes(event.key)) return;  // characters and Backspace: input (above)
    event.preventDefault();
    typeKey(event.key);
  }, true);
}

// A press on the board takes the keyboard focus when nothing has it: SDL cancels the mouse's press, which would
// have moved it. In a frame of another origin that focus is what lets the frame's document write to the
// clipboard (Copy link). A field that has the focus (the on-screen keyboard's, the link box) keeps it.
export function focusOnPress() {
  window.addEventListener('pointerdown', (event) => {
    const free = !document.activeElement || document.activeElement === document.body || !document.hasFocus();
    if (event.target && event.target.id === 'canvas' && free) event.target.focus({ preventScroll: true });
  }, true);
}

// SDL, through Emscripten's touch callbacks, cancels every touch event it handles. Once a finger scrolls, the
// browser makes the touch's later events uncancelable and Chromium logs a warning for each cancel ("Ignored
// attempt to cancel a touchend event with cancelable=false"): a cancel that cannot take effect is skipped.
export function skipImpossibleTouchCancels(proto = globalThis.TouchEvent && globalThis.TouchEvent.prototype) {
  if (!proto) return;
  const cancel = proto.preventDefault;
  proto.preventDefault = function preventDefault() {
    if (this.cancelable) cancel.call(this);
  };
}

// Whether the URL asks for embed mode (?embed=1, true, yes or on).
export const embedRequested = (search) => /^(1|true|yes|on)$/.test(new URLSearchParams(search).get('embed') || '');

// Embedded in a course page: the page scrolls through the board (touch and wheel never reach the engine) until
// the reader taps or clicks the board; it lets go when the reader goes back to the course page.
export function installEmbeddedBoard() {
  document.documentElement.dataset.embed = '';
  const board = () => document.getElementById('canvas');
  const engaged = () => board().hasAttribute('data-engaged');
  const passThrough = (event) => {
    if (event.target && event.target.id === 'canvas' && !engaged()) event.stopPropagation();
  };
  ['touchstart', 'touchmove', 'touchend', 'touchcancel', 'wheel'].forEach((type) => {
    window.addEventListener(type, passThrough, { capture: true, passive: true });
  });
  // A mouse engages the board as it presses; a finger when it lifts without having scrolled (a scroll ends in
  // pointercancel), just after the tap, which the browser's compatibility mouse events carry to the engine.
  const engage = () => board().setAttribute('data-engaged', '');
  window.addEventListener('pointerdown', (event) => {
    if (event.target && event.target.id === 'canvas' && event.pointerType !== 'touch') engage();
  }, true);
  window.addEventListener('pointerup', (event) => {
    if (event.target && event.target.id === 'canvas' && event.pointerType === 'touch') setTimeout(engage, 0);
  }, true);
  window.addEventListener('blur', () => board().removeAttribute('data-engaged'));
}
