// Links: Copy link writes the link of what is on screen (App::link) to the clipboard, or, when the browser
// refuses (a cross-origin frame without allow="clipboard-write", an insecure origin), shows it selected in a
// box to copy by hand; the page's messages say which. In embed mode, "Open in full view" opens the same moment
// in a new tab, without embed mode.
import { call } from './engine.mjs';

// The link of the moment in embed mode keeps the page's `origins`: pasted back into a course page as an iframe,
// the embed can still be driven from there (the full view's link leaves it out: fullViewLink).
export function keepOrigins(link, search) {
  const origins = new URLSearchParams(search).get('origins');
  if (origins === null || !/[?&]embed=1(&|$)/.test(link)) return link;
  return link + (link.includes('?') ? '&' : '?') + 'origins=' + encodeURIComponent(origins);
}

// The full view's link from the embedded page's: without embed mode, its panels and its origins (the first
// parameter left then follows the '?').
export const fullViewLink = (link) =>
  link.replace(/[?&](embed|panels|origins)=[^&#]*/g, '').replace(/^([^?#&]*)&/, '$1?');

function reportInfo(message) {
  try { call('pg_report_info', ['string'], [message]); } catch (e) { /* no module to tell */ }
}

const linkBox = () => document.getElementById('linkbox');
const linkText = () => document.getElementById('linktext');

function closeLinkBox() {
  linkBox().hidden = true;
  const canvas = document.getElementById('canvas');
  if (canvas) canvas.focus({ preventScroll: true });
}

// A promise of {copied, link}.
export function copyLink(link) {
  const writing = navigator.clipboard && navigator.clipboard.writeText
    ? navigator.clipboard.writeText(link) : Promise.reject(new Error('no clipboard'));
  return writing.then(() => {
    linkBox().hidden = true;
    reportInfo('Link copied: it opens this game at this step, with these agents and options.');
    return { copied: true, link };
  }, () => {
    linkText().value = link;
    linkBox().hidden = false;
    linkText().focus();
    linkText().select();
    reportInfo('The browser did not let the page copy the link: it is selected in the box below.');
    return { copied: false, link };
  });
}

export function installLinkBox() {
  document.getElementById('linkclose').addEventListener('click', closeLinkBox);
  linkText().addEventListener('keydown', (e) => { if (e.key === 'Escape') closeLinkBox(); });
}

// Embed mode's "Open in full view": its link is taken when the user reaches for it, so that it holds the step
// on screen then (`link`: the API's, which throws while the engine starts).
export function showFullView(link) {
  const fullView = document.getElementById('fullview');
  const refresh = () => {
    let current = window.location.href;
    try { current = link(); } catch (e) { /* starting: the URL as opened */ }
    fullView.href = fullViewLink(current);
  };
  ['pointerenter', 'focus', 'mousedown', 'touchstart'].forEach((kind) => fullView.addEventListener(kind, refresh));
  refresh();
  fullView.hidden = false;
}
