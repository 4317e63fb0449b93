// Agents asked for while a file they need is on its way: setAgents resolves once they are seated (or rejects
// with the reason they could not be). The policy files' arrivals and failures (policies.mjs) try again.
import { call } from './engine.mjs';

let seatWaiters = [];  // {agents, resolve, reject}

export function agentsMaybeSeated() {
  if (!seatWaiters.length) return;
  let pending;
  try { pending = call('pg_pending_agents'); } catch (e) { return; }
  if (pending.pending.length) return;
  const state = call('pg_state');
  const waiters = seatWaiters;
  seatWaiters = [];
  for (const w of waiters) {
    if (state.agents.join() === w.agents) w.resolve(state);
    else w.reject(new Error('agents: ' + (pending.last_error || 'not seated')));
  }
}

// Seats agents (a list or a comma-separated text): a promise of the state once they are seated.
export function setAgents(agents) {
  const list = Array.isArray(agents) ? agents.join(',') : String(agents);
  let r;
  try {
    r = call('pg_set_agents', ['string'], [list], 'agents: ');
  } catch (e) {
    return Promise.reject(e);
  }
  if (!r.waiting_for) return Promise.resolve(r);
  return new Promise((resolve, reject) => seatWaiters.push({ agents: list, resolve, reject }));
}

// Another game's module starts: the agents still waiting will not be seated.
export function abandonSeating() {
  seatWaiters.forEach((w) => w.reject(new Error('agents: another game was opened')));
  seatWaiters = [];
}
