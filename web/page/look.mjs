// The reader's look: the theme and the UI scale the reader chose (View menu, api.setLook), kept by the
// browser; unset, the browser's own (a sandboxed frame without storage forgets them). The engine asks for them
// when it starts (browser_library.js: Module.pgPreference) and tells the page when the reader changes them
// (Module.pgSetPreference).
const PREFERENCES = { theme: 'pg.theme', scale: 'pg.scale' };
export const THEMES = ['dark', 'light', 'contrast'];

const media = (query) => Boolean(window.matchMedia && window.matchMedia(query).matches);

function systemPreference(name) {
  if (name === 'theme') {
    if (media('(prefers-contrast: more)') || media('(forced-colors: active)')) return 'contrast';
    return media('(prefers-color-scheme: light)') ? 'light' : 'dark';
  }
  if (name === 'scale') return media('(pointer: coarse)') ? '1.25' : '1';
  if (name === 'pointer') return media('(pointer: coarse)') ? 'coarse' : 'fine';
  return '';
}

export function preference(name) {
  let stored = null;
  try { stored = PREFERENCES[name] ? localStorage.getItem(PREFERENCES[name]) : null; } catch (e) { /* none */ }
  return stored || systemPreference(name);
}

export function setPreference(name, value) {
  if (!PREFERENCES[name]) return;
  try { localStorage.setItem(PREFERENCES[name], value); } catch (e) { /* not kept */ }
  if (name === 'theme') document.documentElement.dataset.theme = value;
}

// The theme the page opens in: the URL's ?theme=, else the reader's.
export function applyTheme() {
  const urlTheme = new URLSearchParams(window.location.search).get('theme');
  document.documentElement.dataset.theme = THEMES.includes(urlTheme) ? urlTheme : preference('theme');
}
