// Cards that move (issue 29, "play you can follow"): a card just played glides from where it
// was (your hand, or the seat of whoever played it) to its place on the table, and a trick or
// capture just taken glides to its taker at the end of the time the viewer's pace keeps it in
// view. Each is the Web Animations API on the real element (First, Last, Invert, Play): no copy
// of a card is ever made, so nothing stale is left behind, and a redraw simply drops an
// animation under way. None under `prefers-reduced-motion: reduce`, none at the pace "at once".
// The element animated says so in data-flew ("hand" or "seat") and data-from (dx dy, in px),
// the trick taken in data-collect (the taker's seat) and data-still (ms it stands still before
// it goes): the browser tests read them.
import { pace } from "./pace.js";

const FLY_MS = 320; // a card's flight at the default pace, shorter at a quicker one
const COLLECT_MS = 420;

export function moving() {
  const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  return !reduced && pace.get() > 0;
}

const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

// Where things are before a redraw: each card of the hand, each seat's plate, and the cards
// already on the table, in play or just taken (they do not move again).
export function before(root) {
  const out = { hand: new Map(), seats: new Map(), table: new Set(), shown: false };
  // no cards in play on screen (the first drawing, the last trick recalled, the deal's end):
  // what shows next is not news, nothing flies in
  out.shown = Boolean(root.querySelector("#trick"));
  if (!moving() || !out.shown) return out;
  for (const c of root.querySelectorAll("#hand [data-card]")) out.hand.set(c.dataset.card, c.getBoundingClientRect());
  for (const p of root.querySelectorAll(".plate[data-seat]")) out.seats.set(Number(p.dataset.seat), p.getBoundingClientRect());
  for (const c of root.querySelectorAll("#trick [data-card]")) out.table.add(c.dataset.card);
  return out;
}

// After the redraw: each card new on the table flies in from its hand or its seat (the card
// that completes a trick too: it shows in the trick just taken). ``seatOf(card)``: who played it.
export function after(root, was, seatOf, me) {
  if (!moving() || !was.shown) return;
  const ms = Math.min(FLY_MS, pace.get() / 3);
  for (const card of root.querySelectorAll("#trick [data-card]")) {
    const code = card.dataset.card;
    if (was.table.has(code)) continue;
    const seat = seatOf(code);
    const fromHand = seat === me && was.hand.has(code);
    const from = fromHand ? was.hand.get(code) : was.seats.get(seat);
    if (!from) continue;
    const a = centre(from);
    const b = centre(card.getBoundingClientRect());
    const dx = Math.round(a.x - b.x);
    const dy = Math.round(a.y - b.y);
    card.dataset.flew = fromHand ? "hand" : "seat";
    card.dataset.from = `${dx} ${dy}`;
    card.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(${fromHand ? 1 : 0.6})`, opacity: fromHand ? 1 : 0.4 }, { transform: "none", opacity: 1 }],
      { duration: ms, easing: "cubic-bezier(.2, .7, .3, 1)" },
    );
  }
}

// A trick just taken, kept in view ``pace.get()`` ms: its cards gather and glide to the
// taker's seat in the last moments of that time, and stay out of sight there until the redraw.
export function collect(root, seat) {
  const trick = root.querySelector("#trick.taken");
  const plate = root.querySelector(`.plate[data-seat="${seat}"]`);
  if (!moving() || !trick || !plate) return;
  const hold = pace.get();
  const ms = Math.min(COLLECT_MS, hold / 4);
  const to = centre(plate.getBoundingClientRect());
  trick.dataset.collect = String(seat);
  trick.dataset.still = String(hold - ms); // how long it stands still before it goes
  for (const card of trick.querySelectorAll("[data-card]")) {
    const from = centre(card.getBoundingClientRect());
    const move = `translate(${Math.round(to.x - from.x)}px, ${Math.round(to.y - from.y)}px) scale(.5)`;
    card.animate([{ transform: "none", opacity: 1 }, { transform: move, opacity: 0 }], {
      duration: ms,
      delay: hold - ms,
      easing: "ease-in",
      fill: "forwards",
    });
  }
}
