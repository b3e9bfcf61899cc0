// The end of a deal and of a match (issue 29 item 8): the heading says who won the match,
// winner first; the totals in that order; the match's score sheet (GET .../sheet: for a game
// with bids and a schedule of hand sizes, the seed's table; the other games what they have);
// the rematch.
import { api, claim } from "./api.js";
import { SUITS } from "./cards.js";
import { h, path } from "./dom.js";
import { target } from "./games.js";
import { together } from "./words.js";
import { qrImage } from "./qr.js";

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
  const sized = sheet.hands.some((row) => row.cards !== null && row.cards !== undefined);
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
    { class: "sheet", id: "sheet", tabIndex: 0 }, // focusable: on a phone it scrolls sideways
    h("caption", {}, "Score sheet"),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, "Hand"),
        sized ? [h("th", { scope: "col" }, "Cards"), h("th", { scope: "col" }, "Trumps")] : null,
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
          sized ? [h("td", {}, String(row.cards ?? "")), h("td", {}, trumpText(row.trump))] : null,
          sheet.players.map((_, i) => cell(row, i)),
        ),
      ),
    ),
  );
}

// The rematch this tab asked for, by match id: the end of the deal is drawn again as the sheet
// and the match's facts arrive, so the invites must outlive the button that asked for them.
const asked = new Map();

// The rematch (POST .../rematch with this tab's seat token): the asker takes its own seat in the
// new match with its invite and is shown the other people's invite links to hand out, as the
// lobby's form shows them. A rematch someone else asked for comes as their invite link.
export function rematchButton(ctx, match, token, me) {
  if (match.status !== "over" || !token || me === null) return null;
  const mine = asked.get(match.id);
  if (mine) return invitesFor(mine.next, mine.others);
  if (match.rematch) return h("p", { id: "rematch-asked", class: "hint" }, "A rematch was asked for: its invite links are with whoever asked.");
  const note = h("span", { class: "hint", "aria-live": "polite" });
  const ask = async (event) => {
    event.target.disabled = true;
    try {
      const next = await api("POST", `/v1/matches/${encodeURIComponent(match.id)}/rematch`, undefined, token);
      const own = next.invites.find((i) => i.seat === me);
      if (own) await claim(next.id, me, own.code);
      const others = next.invites.filter((i) => i.seat !== me);
      if (!others.length) return location.assign(path("deals", next.deal.id));
      asked.set(match.id, { next, others });
      // the button clicked, or what a redraw since put in its place
      const shown = document.getElementById("rematch") || document.getElementById("rematch-asked");
      (shown || event.target).replaceWith(invitesFor(next, others));
    } catch (err) {
      event.target.disabled = false;
      note.textContent = err.problem?.title || String(err.message || err);
    }
  };
  return h("span", {}, h("button", { type: "button", id: "rematch", class: "button", events: { click: ask } }, "Rematch"), " ", note);
}

function invitesFor(next, others) {
  const rows = others.map((i) =>
    h("li", {}, `${next.seats[i.seat].name} (seat ${i.seat + 1}): `, h("input", { class: "invite-link", value: location.origin + i.link, size: 40, readonly: true, "aria-label": `invite link for seat ${i.seat + 1}` }), qrImage(location.origin + i.link, `QR code of the invite link for seat ${i.seat + 1}`)),
  );
  return h(
    "section",
    { id: "rematch-invites", "aria-label": "the rematch's invites" },
    h("p", {}, "Send each player their seat's link for the rematch."),
    h("ul", { class: "invites" }, rows),
    h("a", { href: path("deals", next.deal.id), id: "to-rematch", class: "button primary" }, "Go to the rematch"),
  );
}
