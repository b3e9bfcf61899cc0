// The end of a deal and of a match (issue 29 item 8): the heading says who won the match,
// winner first; the totals in that order; the match's score sheet (GET .../sheet: Serbian
// whist's as the seed's table, the other games what they have).
import { SUITS } from "./cards.js";
import { h } from "./dom.js";
import { target } from "./games.js";
import { together } from "./words.js";

const sidesOf = (match) => match.sides || match.seats.map((s) => [s.seat]);

// Sides in the order to tell them: the winners first, then by total, highest first.
function ranked(match) {
  const winners = new Set(match.winners || []);
  return sidesOf(match)
    .map((side, i) => ({ side, i, total: match.totals[i] ?? 0 }))
    .sort((a, b) => winners.has(b.i) - winners.has(a.i) || b.total - a.total);
}

export function endHeading(ctx, match) {
  if (match.status !== "over") return "Deal over";
  const won = (match.winners || []).flatMap((w) => sidesOf(match)[w] || []);
  if (!won.length) return "The match is over: a draw";
  const one = won.length === 1 && won[0] !== ctx.me;
  return `${together(ctx, won)} ${one ? "wins" : "win"} the match`;
}

export function totals(ctx, match) {
  const parts = ranked(match).map(({ side, total }) => `${together(ctx, side)} ${total}`);
  return `${match.status === "over" ? "Final score" : "Match"}: ${parts.join(" · ")} (${target(match).text}).`;
}

const trumpText = (t) => (t === "NT" ? "no trumps" : SUITS[t]?.name ?? t ?? "");

// The sheet as a table: a row per hand, a column per side (its bid and tricks where the game
// has bids, the hand's points and the running total).
export function sheetTable(sheet) {
  if (!sheet || !sheet.hands.length) return null;
  const whist = sheet.hands.some((row) => row.cards !== null && row.cards !== undefined);
  const bids = sheet.hands.some((row) => row.bids);
  const cell = (row, i) => {
    const parts = [];
    if (bids && row.bids) parts.push(`bid ${row.bids[i]}, took ${row.tricks?.[i] ?? "?"}: `);
    const p = row.points[i];
    parts.push(`${p > 0 ? "+" : ""}${p} `, h("strong", {}, String(row.totals[i])));
    return h("td", {}, parts);
  };
  return h(
    "table",
    { class: "sheet", id: "sheet" },
    h("caption", {}, "Score sheet"),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, "Hand"),
        whist ? [h("th", { scope: "col" }, "Cards"), h("th", { scope: "col" }, "Trumps")] : null,
        sheet.players.map((p) => h("th", { scope: "col" }, p)),
      ),
    ),
    h(
      "tbody",
      {},
      sheet.hands.map((row) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, String(row.hand)),
          whist ? [h("td", {}, String(row.cards ?? "")), h("td", {}, trumpText(row.trump))] : null,
          sheet.players.map((_, i) => cell(row, i)),
        ),
      ),
    ),
  );
}

// HOOK(rematch): POST /v1/matches/{id}/rematch is being added on another branch and is not in
// this branch's openapi.yaml: once it is, return a button here that posts it and opens the new
// match's first deal. Until then there is no rematch button (no invented API).
export function rematchButton() {
  return null;
}
