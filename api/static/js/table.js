// The table: every seat in its place around the felt (you at the bottom, the others in the
// order of play: to your left in a clockwise game, to your right in a counter-clockwise one),
// the cards of the capture or trick in front of the seats that played them, the scoreboard.
import { cardBack, cardFace, cardName, cardText, suitChip } from "./cards.js";
import { h } from "./dom.js";
import { clockwise, dealsInMatch, facts as gameOf, sortHand, target } from "./games.js";
import { pointsBySide } from "./history.js";
import { bubbles } from "./bubbles.js";
import { matchScore, name, partnerOf, together } from "./words.js";

const SLOTS = {
  2: ["bottom", "top"],
  3: ["bottom", "tl", "tr"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "tl", "tr", "right"],
  6: ["bottom", "left", "tl", "top", "tr", "right"],
};
const MIRROR = { left: "right", right: "left", tl: "tr", tr: "tl" };

// Where each seat sits on screen: seat -> slot name.
export function slots(view, me) {
  const n = view.players;
  const base = SLOTS[n] || SLOTS[6];
  const from = me ?? 0;
  const out = {};
  for (let k = 0; k < n; k++) {
    const slot = base[k] || "top";
    out[(from + k) % n] = clockwise(view.ruleset) ? slot : MIRROR[slot] || slot;
  }
  return out;
}

const sideOf = (view, seat) => view.sides.findIndex((side) => side.includes(seat));
const teams = (view) => view.sides.length === 2 && view.sides.every((side) => side.length > 1);

function facts(ctx, seat) {
  const v = ctx.view;
  const out = [`${v.hand_sizes[seat]} card${v.hand_sizes[seat] === 1 ? "" : "s"}`];
  if (v.bids && gameOf(v.ruleset).bids === "tricks") out.push(v.bids[seat] === null ? "no bid yet" : `bid ${v.bids[seat]}`);
  else if (v.bids && v.bids[seat] !== null)
    out.push(v.bids[seat] === "pass" ? "passed" : `bid ${v.bids[seat]}`);
  if (v.tricks) out.push(`${v.tricks[seat]} trick${v.tricks[seat] === 1 ? "" : "s"}`);
  return out.join(" · ");
}

function badges(ctx, seat) {
  const v = ctx.view;
  const seatInfo = ctx.match.seats[seat] || {};
  const out = [
    h(
      "span",
      { class: ["badge", seatInfo.bot ? "bot" : "person"] },
      seatInfo.bot ? `bot · ${seatInfo.bot}` : "person",
    ),
  ];
  if (seat === v.dealer) out.push(h("span", { class: "badge dealer" }, "dealer"));
  if ((ctx.match.away || []).includes(seat))
    out.push(h("span", { class: "badge away", title: "its clock ran out: a bot plays its turns" }, "away · a bot plays"));
  if (teams(v)) {
    const mine = ctx.me !== null && sideOf(v, ctx.me) === sideOf(v, seat);
    if (seat !== ctx.me && mine) out.push(h("span", { class: "badge partner" }, "your partner"));
    out.push(
      h("span", { class: ["badge", "team", `team-${sideOf(v, seat)}`] }, `team ${"AB"[sideOf(v, seat)]}`),
    );
  }
  if (v.bidder === seat && v.bid) out.push(h("span", { class: "badge partner" }, `bidder · ${v.bid}`));
  if (v.partner === seat && v.partner !== v.bidder)
    // the hidden partner (the called card's holder), revealed: a mark of its own beside the name
    out.push(h("span", { class: "badge partner revealed", id: "revealed-partner", title: partnerOf(ctx, v.bidder) },
      "✦ ", partnerOf(ctx, v.bidder)));
  return out;
}

function marker(ctx, seat) {
  const v = ctx.view;
  const out = [];
  if (v.turn === seat) {
    const doing =
      {
        decide: "deciding",
        bid: "bidding",
        trump: "naming trumps",
        call: "calling",
        lead: "choosing the lead",
      }[v.phase] || "to play";
    out.push(h("span", { class: "marker turn-mark" }, "▶ " + doing));
    if (v.deadline) out.push(clockMark(v.deadline));
  }
  if (v.table.length && v.table[0].seat === seat) out.push(h("span", { class: "marker lead-mark" }, "◆ led"));
  if (v.winning === seat && v.table.length) out.push(h("span", { class: "marker win-mark" }, "★ winning"));
  return out;
}

// The mover's time left on the move clock, counted down by tickClocks().
function clockMark(deadline) {
  return h("span", { class: "marker clock-mark", data: { deadline } }, clockText(deadline));
}

function clockText(deadline) {
  const left = Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000));
  return `⏱ ${left} s`;
}

export function tickClocks() {
  for (const el of document.querySelectorAll("[data-deadline]")) el.textContent = clockText(el.dataset.deadline);
}

function held(ctx, seat, opts) {
  const v = ctx.view;
  if (opts.hands && opts.hands[seat]) {
    const cards = opts.hands[seat].length ? opts.hands[seat] : opts.played?.[seat] || [];
    const label = opts.hands[seat].length ? "" : "played: ";
    return h(
      "div",
      { class: "held", role: "group", "aria-label": `${name(ctx, seat)}'s cards` },
      label && h("span", { class: "muted" }, label),
      sortHand(cards, v).map((c) => cardFace(c, { small: true })),
    );
  }
  if (seat === ctx.me) return null;
  const n = v.hand_sizes[seat];
  const shown = Math.min(n, 8);
  return h(
    "div",
    { class: "backs", role: "img", "aria-label": `${n} cards in hand` },
    Array.from({ length: shown }, () => h("span", { class: "card back mini", "aria-hidden": "true" })),
  );
}

// The plate's name for a screen reader, and its team where a stripe shows it.
function plateLabel(ctx, seat) {
  const v = ctx.view;
  return `${name(ctx, seat)}, seat ${seat + 1}${teams(v) ? `, team ${"AB"[sideOf(v, seat)]}` : ""}`;
}

function plate(ctx, seat, slot, opts) {
  const v = ctx.view;
  const team = teams(v) ? `team-${sideOf(v, seat)}` : null;
  const classes = [
    "plate",
    `slot-${slot}`,
    team,
    v.turn === seat && "turn",
    v.winning === seat && v.table.length && "winning",
    seat === ctx.me && "you",
  ];
  return h(
    "section",
    { class: classes, data: { seat }, "aria-label": plateLabel(ctx, seat) },
    h(
      "div",
      { class: "who" },
      h("span", { class: "name", title: ctx.names[seat] ?? null }, ctx.names[seat] ?? `Seat ${seat + 1}`),
      seat === ctx.me ? h("span", { class: "badge you-badge" }, "you") : null,
    ),
    h("div", { class: "badges" }, badges(ctx, seat)),
    h("div", { class: "facts" }, facts(ctx, seat)),
    h("div", { class: "markers" }, marker(ctx, seat)),
    opts.bubbles?.[seat] ?? null,
    h("div", { class: "row" }, held(ctx, seat, opts), opts.hands ? null : turned(ctx, seat)),
  );
}

// A turned trump card lies face up (in the dealer's hand, or under the stock) until it leaves.
function turned(ctx, seat) {
  const v = ctx.view;
  if (!v.trump_card || seat !== v.dealer) return null;
  return h(
    "div",
    { class: "turned" },
    cardFace(v.trump_card, { small: true, label: `${cardName(v.trump_card)}, turned: trumps` }),
    h("span", {}, "trumps"),
  );
}

// The cards in play, each in front of its player; else the last capture or trick, kept until
// the next card is played.
function trick(ctx, history, where) {
  const v = ctx.view;
  let cards = v.table;
  let caption = "";
  let taken = false;
  if (!cards.length && history.lastTrick && !history.lastTrick.cleared) {
    const last = history.lastTrick;
    cards = last.cards;
    taken = true;
    const points =
      last.points !== undefined && gameOf(v.ruleset).points
        ? `: ${last.points} point${last.points === 1 ? "" : "s"}`
        : "";
    caption = `${name(ctx, last.seat)} took the ${gameOf(v.ruleset).trick}${points}`;
  } else if (cards.length && v.winning !== null && v.winning !== undefined) {
    caption = `${name(ctx, v.winning)} ${v.winning === ctx.me ? "are" : "is"} winning`;
  }
  const bySeat = {};
  for (const t of cards) (bySeat[t.seat] ??= []).push(t.card);
  const winner = taken ? history.lastTrick.seat : v.winning;
  // At a seat, every other seat keeps its spot, empty or not: while you choose, the felt is as
  // tall with none of their cards on it as with all, so your hand does not move under your
  // finger as their cards arrive. Your own spot fills once you have played.
  if (ctx.me !== null && ctx.me !== undefined)
    for (const seat of Object.keys(where)) if (Number(seat) !== ctx.me) bySeat[seat] ??= [];
  const spots = Object.entries(bySeat).map(([seat, list]) =>
    h(
      "div",
      { class: ["spot", `slot-${where[seat] || "top"}`, !list.length && "empty"], "aria-hidden": list.length ? null : "true" },
      list.map((c, i) =>
        cardFace(c, {
          label: `${cardName(c)}, ${!taken && v.table[0]?.card === c ? "led" : "played"} by ${name(ctx, Number(seat))}`,
          extra: [
            Number(seat) === winner && i === list.length - 1 && "win",
            !taken && v.table[0]?.card === c && "lead",
          ],
        }),
      ),
    ),
  );
  return h(
    "div",
    { class: ["trick", taken && "taken"], id: "trick", role: "group", "aria-label": "cards on the table" },
    spots,
    h("p", { class: "caption", id: "trick-caption", "aria-live": "polite" }, caption),
  );
}

// ``opts.below``: what goes under the bottom seat (your moves and your hand); ``opts.center``:
// what stands in the middle instead of the cards in play (the end of the deal); ``opts.hands``
// and ``opts.played``: everyone's cards, face up (the replay of a finished deal).
export function felt(ctx, history, opts = {}) {
  const where = slots(ctx.view, ctx.me);
  const said = { ...opts, bubbles: bubbles(ctx, history) };
  const plates = Object.entries(where).map(([seat, slot]) => plate(ctx, Number(seat), slot, said));
  const bottom = plates.find((p) => p.classList.contains("slot-bottom"));
  return h(
    "div",
    { class: ["felt", `players-${ctx.view.players}`] },
    plates.filter((p) => p !== bottom),
    opts.center ? h("div", { class: "center" }, opts.center) : trick(ctx, history, where),
    h("div", { class: "seat-bottom" }, bottom, opts.below ? h("div", { class: "below" }, opts.below) : null),
  );
}

function item(label, ...value) {
  return h(
    "div",
    { class: "item" },
    h("span", { class: "label" }, label),
    h("span", { class: "value" }, value),
  );
}

export function scoreboard(ctx, history, { matchLabel = "Match" } = {}) {
  const v = ctx.view;
  const match = ctx.match;
  const deal = match.deals.find((d) => d.id === v.id);
  const total = dealsInMatch(match);
  const out = [
    item(
      matchLabel,
      h("span", { id: "match-score" }, matchScore(ctx, match)),
      " ",
      h("span", { id: "target", class: "muted" }, `(${target(match).text})`),
    ),
    item("Deal", `${deal ? deal.number : "?"}${total ? " of " + total : ""}`),
  ];
  if (gameOf(v.ruleset).points) {
    const points = pointsBySide(history, v.sides);
    out.push(
      item(
        "Card points",
        h(
          "span",
          { id: "points" },
          v.sides.map((side, i) => `${together(ctx, side)} ${points[i]}`).join(" · "),
        ),
      ),
    );
  }
  if (v.captures) out.push(item("Captures", v.captures.join(" : ")));
  if (v.trump)
    out.push(
      item(
        "Trumps",
        h(
          "span",
          { id: "trump" },
          suitChip(v.trump),
          v.trump_card ? h("span", { class: "muted" }, ` (${cardText(v.trump_card)} turned)`) : null,
        ),
      ),
    );
  else if (gameOf(v.ruleset).trumps !== "none" && v.phase !== "bid")
    out.push(
      item("Trumps", h("span", { id: "trump" }, gameOf(v.ruleset).trumps === "per_hand" ? "none this hand" : "not named yet")),
    );
  if (v.stock_size)
    out.push(
      item("Stock", cardBack({ small: true, label: "the stock, face down" }), `${v.stock_size} cards`),
    );
  // the called card is announced aloud: everyone sees it (only its holder stays hidden)
  if (v.called) out.push(item("Called", h("span", { id: "called" }, cardText(v.called))));
  return h("div", { class: "scoreboard", id: "scoreboard" }, out);
}
