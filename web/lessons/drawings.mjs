// A chapter's drawings over the board: the agents' vocabulary (docs/agent-protocol.md: marks, arrows, heat),
// drawn in an SVG laid over the canvas at the places the page reports (playground.places()), in the colours
// the engine draws an agent's drawings in. Shown only while the board shows the chapter's moment.

const SVG = 'http://www.w3.org/2000/svg';
const COLOURS = { good: '#5aabf9', bad: '#f59e42', own: '#ff6ad5' };

const colourOf = (weight) => (weight === undefined ? COLOURS.own : weight >= 0 ? COLOURS.good : COLOURS.bad);
const widthOf = (weight) => 2 + 3 * Math.min(1, Math.abs(weight ?? 0.5));

function element(name, attributes, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, String(v));
  parent.append(e);
  return e;
}

function label(svg, x, y, text, colour) {
  if (!text) return;
  const t = element('text', { x, y, fill: colour, 'font-size': 14, 'font-weight': 600, 'text-anchor': 'middle',
    'paint-order': 'stroke', stroke: '#000', 'stroke-width': 3 }, svg);
  t.textContent = text;
}

function mark(svg, at, size, d) {
  const colour = colourOf(d.weight);
  element('circle', { cx: at.x, cy: at.y, r: size * 0.55, fill: 'none', stroke: colour, 'stroke-width': widthOf(d.weight) }, svg);
  label(svg, at.x, at.y - size * 0.7, d.text, colour);
}

function arrow(svg, from, to, size, d) {
  const colour = colourOf(d.weight);
  const dx = to.x - from.x, dy = to.y - from.y;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length, uy = dy / length;
  const start = { x: from.x + ux * size * 0.3, y: from.y + uy * size * 0.3 };
  const end = { x: to.x - ux * size * 0.35, y: to.y - uy * size * 0.35 };
  const w = widthOf(d.weight);
  element('line', { x1: start.x, y1: start.y, x2: end.x, y2: end.y, stroke: colour, 'stroke-width': w,
    'stroke-linecap': 'round' }, svg);
  const head = 4 * w + 6;
  const px = -uy, py = ux;
  element('polygon', { points: `${end.x + ux * head * 0.5},${end.y + uy * head * 0.5} ` +
    `${end.x - ux * head * 0.5 + px * head * 0.5},${end.y - uy * head * 0.5 + py * head * 0.5} ` +
    `${end.x - ux * head * 0.5 - px * head * 0.5},${end.y - uy * head * 0.5 - py * head * 0.5}`, fill: colour }, svg);
  label(svg, (start.x + end.x) / 2, (start.y + end.y) / 2 - 8, d.text, colour);
}

function heat(svg, places, size, values) {
  const largest = Math.max(1e-9, ...Object.values(values).map((v) => Math.abs(Number(v) || 0)));
  for (const [name, value] of Object.entries(values)) {
    const at = places.get(name);
    if (!at) continue;
    const v = Number(value) || 0;
    element('circle', { cx: at.x, cy: at.y, r: size * 0.45, fill: v >= 0 ? COLOURS.good : COLOURS.bad,
      'fill-opacity': 0.15 + 0.5 * Math.abs(v) / largest }, svg);
  }
}

// The overlay: show(drawings, placesReport) draws them (nothing where a place is not on the board), hide()
// clears them.
export function createOverlay(canvasRect) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.id = 'lesson-drawings';
  svg.setAttribute('aria-hidden', 'true');
  svg.style.cssText = 'position:absolute;pointer-events:none;z-index:1;overflow:visible';
  document.body.append(svg);
  return {
    show(drawings, report) {
      svg.replaceChildren();
      const rect = canvasRect();
      Object.assign(svg.style, { left: rect.left + 'px', top: rect.top + 'px', width: rect.width + 'px', height: rect.height + 'px' });
      const places = new Map((report.places || []).map((p) => [p.name, p]));
      const size = report.size || 40;
      for (const d of drawings || []) {
        if ('mark' in d && places.has(d.mark)) mark(svg, places.get(d.mark), size, d);
        else if ('arrow' in d && places.has(d.arrow[0]) && places.has(d.arrow[1])) {
          arrow(svg, places.get(d.arrow[0]), places.get(d.arrow[1]), size, d);
        } else if ('heat' in d) heat(svg, places, size, d.heat);
      }
    },
    hide() { svg.replaceChildren(); },
    remove() { svg.remove(); },
  };
}
