// A chapter's question, asked at its moment: the student plays the move they would choose on the board (the
// seat to move is theirs), then the page shows the moment's agent's distribution there, the judge's (the exact
// solver's) verdict on the student's move beside its best, and the teacher's explanation.

// The moment's query with `seat` given to `agent` (agents "a,b" -> "human,b").
export function withSeat(moment, seat, agent, count) {
  const agents = (moment.agents ? moment.agents.split(',') : []).slice();
  while (agents.length < count) agents.push(agents.length ? agents[agents.length - 1] : 'random');
  agents[seat] = agent;
  return Object.assign({}, moment, { agents: agents.join(',') });
}

// The decision the API's policy() gave, as rows {action, p, score, line} (empty when none).
export const decisionRows = (decision) => (decision && Array.isArray(decision.distribution) ? decision.distribution : []);

// The judge's verdict on `move`: {best: [names], bestScore, moveScore, label, right} from its decision's rows;
// `answers` are the moves the lesson counts right.
export function verdict(rows, move, answers, label) {
  const best = rows.filter((r) => r.p > 0).map((r) => r.action);
  const scoreOf = (name) => {
    const row = rows.find((r) => r.action === name);
    return row && typeof row.score === 'number' ? row.score : null;
  };
  return {
    best,
    bestScore: best.length ? scoreOf(best[0]) : null,
    moveScore: scoreOf(move),
    label: label || '',
    right: answers.includes(move),
  };
}

// "0.50" for a probability, a score to two places (or "" when there is none).
export const percent = (p) => (typeof p === 'number' ? `${Math.round(100 * p)}%` : '');
export const scoreText = (s) => (typeof s === 'number' ? (Math.round(s * 100) / 100).toString() : '');
