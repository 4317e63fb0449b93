// The loading card over the board (#overlay): what is happening, the download's bar and figures, and why the
// page cannot start.
const element = (id) => document.getElementById(id);

export function showStatus(text) {
  element('status').textContent = text;
}

// The card again, for a module starting: its bar empty.
export function showLoading(text) {
  showStatus(text);
  element('fill').style.width = '0';
  element('bytes').innerHTML = '&nbsp;';
  element('overlay').style.display = 'flex';
}

// The bar's text: "1.50 of 3.00 MB", or the bytes received when the total is unknown (0).
export const downloadText = (loaded, total) =>
  (loaded / 1048576).toFixed(2) + (total ? ' of ' + (total / 1048576).toFixed(2) : '') + ' MB';

// The bar at `loaded` of `total` bytes (0: unknown, the bar half full).
export function showDownload(loaded, total) {
  const fraction = total ? loaded / total : 0.5;
  element('fill').style.width = (100 * Math.min(fraction, 1)).toFixed(1) + '%';
  element('bytes').textContent = downloadText(loaded, total);
}

export function showStarting() {
  showStatus('Starting…');
  element('fill').style.width = '100%';
}

export function hideOverlay() {
  element('overlay').style.display = 'none';
}

// The page cannot start: why (HTML), on the card.
export function fail(html) {
  showStatus('The playground cannot start.');
  const problem = element('problem');
  problem.innerHTML = html;
  problem.style.display = 'block';
  element('bar').style.display = 'none';
  element('overlay').style.display = 'flex';
}
