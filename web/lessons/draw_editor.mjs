// Drawing a chapter's highlights on the board, in the lesson writer: a click on a place marks it (a second click
// takes the mark away), a drag from one place to another draws an arrow (drawn again: taken away), in the colour
// chosen; or, with heat chosen, a click warms a place in the chapter's heat map. The drawings are the agents'
// vocabulary (docs/agent-protocol.md) as the lesson file keeps them.

// The colours a teacher chooses from for marks and arrows: the drawing's weight (docs/agent-protocol.md) for each.
export const COLOURS = { own: undefined, good: 1, bad: -1 };
// The heat a teacher chooses from: each click adds this to the place's number.
export const HEAT = { 'heat-good': 1, 'heat-bad': -1 };
// A place's heat goes up to this, a click past it clears the place: four clicks go round.
export const MAX_HEAT = 3;

// The place nearest (x, y) on the board, within the places' size: its name, or null. `report` is places().
export function placeAt(report, x, y) {
  let best = null;
  let bestDistance = ((report.size || 40) * 0.6) ** 2;
  for (const p of report.places || []) {
    const d = (p.x - x) ** 2 + (p.y - y) ** 2;
    if (d <= bestDistance) {
      best = p.name;
      bestDistance = d;
    }
  }
  return best;
}

const withWeight = (drawing, weight) => (weight === undefined ? drawing : Object.assign(drawing, { weight }));
const sameArrow = (d, from, to) => Array.isArray(d.arrow) && d.arrow[0] === from && d.arrow[1] === to;

// The drawings with a mark on `place` added, or taken away where there was one.
export function toggleMark(drawings, place, weight) {
  const list = drawings || [];
  if (list.some((d) => d.mark === place)) return list.filter((d) => d.mark !== place);
  return [...list, withWeight({ mark: place }, weight)];
}

// The drawings with an arrow `from` -> `to` added, or taken away where there was one.
export function toggleArrow(drawings, from, to, weight) {
  const list = drawings || [];
  if (list.some((d) => sameArrow(d, from, to))) return list.filter((d) => !sameArrow(d, from, to));
  return [...list, withWeight({ arrow: [from, to] }, weight)];
}

// The drawings with the place warmed by `step` (1 or -1) in the chapter's heat map (its first `heat` drawing, made
// at the end when there is none): a place at the other sign or none starts at `step`, one at the same sign goes
// a step further, up to MAX_HEAT, and one at MAX_HEAT is cleared. A heat map with no place left is taken away.
export function warmPlace(drawings, place, step) {
  const list = drawings || [];
  const at = list.findIndex((d) => 'heat' in d && d.heat && typeof d.heat === 'object');
  const heat = { ...(at >= 0 ? list[at].heat : {}) };
  const value = Number(heat[place]) || 0;
  if (Math.sign(value) !== step) heat[place] = step;
  else if (Math.abs(value) < MAX_HEAT) heat[place] = value + step;
  else delete heat[place];
  if (!Object.keys(heat).length) return list.filter((_, k) => k !== at);
  if (at < 0) return [...list, { heat }];
  return list.map((d, k) => (k === at ? { ...d, heat } : d));
}

// A drawing in a few words: "mark c1", "arrow a1 → b1", "heat (3 places)".
export function describeDrawing(d) {
  if ('mark' in d) return `mark ${d.mark}`;
  if ('arrow' in d && Array.isArray(d.arrow)) return `arrow ${d.arrow[0]} → ${d.arrow[1]}`;
  if ('heat' in d && d.heat && typeof d.heat === 'object') return `heat (${Object.keys(d.heat).length} places)`;
  return 'a drawing';
}

// The layer over the board that takes the teacher's clicks and drags while they draw. context: {canvasRect(),
// places() (the API's), weight() (the colour chosen), heat() (the heat chosen: 1, -1, or 0 for marks and
// arrows), change(fn) (applies fn to the chapter's drawings)}.
export function startDrawing(context) {
  const layer = document.createElement('div');
  layer.id = 'lesson-draw';
  layer.title = 'Click a place to mark it (or warm it, with heat chosen); drag from one place to another for an arrow';
  layer.style.cssText = 'position:absolute;z-index:2;cursor:crosshair;touch-action:none';
  const place = () => {
    const r = context.canvasRect();
    Object.assign(layer.style, { left: r.left + 'px', top: r.top + 'px', width: r.width + 'px', height: r.height + 'px' });
  };
  place();
  document.body.append(layer);
  window.addEventListener('resize', place);
  let from = null;
  const at = (event) => {
    const r = context.canvasRect();
    return placeAt(context.places(), event.clientX - r.left, event.clientY - r.top);
  };
  layer.addEventListener('pointerdown', (event) => {
    from = at(event);
    layer.setPointerCapture(event.pointerId);
  });
  layer.addEventListener('pointerup', (event) => {
    const to = at(event);
    const start = from;
    from = null;
    if (!start || !to) return;  // not from a place, or let go off the board's places: nothing drawn
    const step = context.heat();
    if (step !== 0) {
      if (to === start) context.change((d) => warmPlace(d, start, step));  // heat has no arrows: a drag draws nothing
    } else if (to === start) context.change((d) => toggleMark(d, start, context.weight()));
    else context.change((d) => toggleArrow(d, start, to, context.weight()));
  });
  return {
    stop() {
      window.removeEventListener('resize', place);
      layer.remove();
    },
  };
}
