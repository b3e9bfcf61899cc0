// Auctions (issue 29 item 5): a bid stepper where the bids are a long run of values (61 to 120
// in a game bid in card points: one value, − and +, and the Bid button, not a 60-item list),
// and the auction as a table of bids and passes, a column per seat in the order they spoke.
import { h } from "./dom.js";
import { name } from "./words.js";

// Legal bids as a run of consecutive values longer than a list should be.
export function wantsStepper(kind) {
  if (kind.length <= 14 || kind.some((m) => m.type !== "bid" || typeof m.value !== "number")) return false;
  return kind.every((m, i) => i === 0 || m.value === kind[i - 1].value + 1);
}

// ``draft``: the value chosen so far ({value, keep(v)}), which outlives a redraw of the table.
export function bidStepper(kind, play, busy, draft) {
  const low = kind[0].value;
  const high = kind[kind.length - 1].value;
  const clamp = (v) => Math.min(high, Math.max(low, Math.round(Number.isFinite(v) ? v : low)));
  const input = h("input", {
    type: "number",
    id: "bid-choice",
    min: String(low),
    max: String(high),
    step: "1",
    value: String(draft?.value === undefined ? low : clamp(Number(draft.value))),
    "aria-label": `Your bid, ${low} to ${high}`,
    inputmode: "numeric",
    events: { input: () => draft?.keep(input.value) },
  });
  const by = (d) => () => {
    input.value = String(clamp(Number(input.value) + d));
    draft?.keep(input.value);
  };
  const step = (d, label, id) =>
    h("button", { type: "button", id, "aria-label": label, events: { click: by(d) } }, d < 0 ? "−" : "+");
  return h(
    "span",
    { class: "choice stepper", role: "group", "aria-label": "Bid" },
    step(-1, "one less", "bid-down"),
    input,
    step(1, "one more", "bid-up"),
    h(
      "button",
      {
        type: "button",
        class: "primary",
        id: "bid-button",
        disabled: busy,
        events: { click: () => play({ type: "bid", value: clamp(Number(input.value)) }) },
      },
      "Bid",
    ),
  );
}

// Every bid and pass of the deal so far, from its events: a row per round of the auction.
export function auctionTable(ctx, history) {
  const calls = history.events.filter((e) => e.type === "bid" || e.type === "passed");
  if (!calls.length || !calls.some((e) => e.type === "bid" && e.data?.value !== undefined)) return null;
  const seatOf = (e) => e.seat ?? e.data?.seat;
  const order = [...new Set(calls.map(seatOf))];
  const rows = [];
  let row = null;
  let last = Infinity;
  for (const e of calls) {
    const col = order.indexOf(seatOf(e));
    if (col <= last) rows.push((row = order.map(() => "")));
    row[col] = e.type === "passed" ? "pass" : String(e.data.value);
    last = col;
  }
  return h(
    "table",
    { class: "auction", id: "auction", tabIndex: 0 }, // focusable: it scrolls on a phone
    h("caption", {}, "Auction"),
    h("thead", {}, h("tr", {}, order.map((seat) => h("th", { scope: "col" }, name(ctx, seat))))),
    h("tbody", {}, rows.map((r) => h("tr", {}, r.map((c) => h("td", { class: c === "pass" ? "pass" : null }, c))))),
  );
}
