// What the page remembers from a deal's events beyond the current view: which seat played each
// card of the capture or trick in play, the last one taken (kept on the table until the next
// card), and the card points each seat has taken so far. Live and replay fold the same way.

export function newHistory() {
  return { seq: 0, events: [], pending: [], lastTrick: null, tricks: [], taken: {}, drawn: 0, result: null };
}

export function feed(history, env) {
  if (env.seq <= history.seq) return false; // a resumed stream may repeat what it sent
  history.seq = env.seq;
  history.events.push(env);
  const d = env.data || {};
  if (env.type === "played" || env.type === "continued") {
    history.pending.push({ seat: env.seat, card: d.card });
    history.lastTrick = history.lastTrick && { ...history.lastTrick, cleared: true };
  } else if (env.type === "trick_taken") {
    const cards =
      history.pending.length === d.cards.length
        ? history.pending
        : d.cards.map((card) => ({ seat: null, card }));
    history.lastTrick = { seat: d.seat, points: d.points, cards, seq: env.seq, cleared: false };
    history.tricks.push(history.lastTrick);
    history.pending = [];
    if (d.points !== undefined) history.taken[d.seat] = (history.taken[d.seat] || 0) + d.points;
  } else if (env.type === "scored") {
    history.result = d;
  }
  return true;
}

export function foldHistory(events) {
  const history = newHistory();
  for (const env of events) feed(history, env);
  return history;
}

// Card points per side of ``sides`` taken so far (trick_taken carries them where the game counts
// card points; some games count only tricks). Once the deal is scored, the result's points:
// they add what no capture carries (a bonus for the last capture).
export function pointsBySide(history, sides) {
  const running = sides.map((side) => side.reduce((sum, seat) => sum + (history.taken[seat] || 0), 0));
  const r = history.result;
  if (!r || !r.points || !r.sides) return running;
  const same = (a, b) => a.length === b.length && a.every((seat) => b.includes(seat));
  return sides.map((side, i) => {
    const k = r.sides.findIndex((other) => same(side, other));
    return k < 0 ? running[i] : r.points[k];
  });
}
