// What the page knows about each game, as data: the direction of play (where the seats sit),
// how a hand is sorted, what the match plays to, what a deal is worth. The server stays the
// referee; this only decides how things look and read.

import { catalogue, tryAgainLater } from "./api.js";

// Each game's table facts, as `GET /v1/rulesets` publishes them (`table`): rank order, how a
// hand is grouped, the direction of play, what must be followed, the word for a trick, ...
// The pages that show a game wait for the catalogue before they draw (`gameName`, `catalogue`).
const FACTS = {};
const PLAIN = { ranks: [], by: "suit", clockwise: true, follow: "any", trick: "trick", points: true,
  trumps: "none", bids: null, wild: [], stops: false, any_goes_on: false, target_unit: "point", deals: {} };
function learnFacts(wait = 1000) {
  catalogue()
    .then((list) => list.forEach((r) => (FACTS[r.id] = r.table)))
    .catch(() => tryAgainLater(learnFacts, wait));
}
learnFacts();

// What the page knows of the game a view (or a match) is played by.
export function facts(ruleset) {
  return FACTS[ruleset] || PLAIN;
}

export function clockwise(ruleset) {
  return facts(ruleset).clockwise;
}

export function wildRanks(ruleset) {
  return facts(ruleset).wild;
}

// Suits left to right in alternating colours, trumps first.
function suitOrder(trump) {
  if (trump === "H" || trump === "D") return [trump, "S", trump === "H" ? "D" : "H", "C"];
  if (trump === "S" || trump === "C") return [trump, "H", trump === "S" ? "C" : "S", "D"];
  return ["S", "H", "C", "D"];
}

export function sortHand(cards, view) {
  const game = facts(view.ruleset);
  const suits = suitOrder(view.trump);
  const suit = (c) => suits.indexOf(c.slice(-1));
  const rank = (c) => game.ranks.indexOf(c.slice(0, -1));
  const key = game.by === "rank" ? (c) => [rank(c), suit(c)] : (c) => [suit(c), rank(c)];
  return [...cards].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1] - y[1];
  });
}

// What the match plays to, in words, and what one unit of its score is called.
export function target(match) {
  const o = match.options || {};
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  if (o.target_stakes !== undefined)
    return { unit: "stake", text: `first to ${plural(o.target_stakes, "stake", "stakes")}` };
  if (o.target_game_points !== undefined)
    return {
      unit: "game point",
      text: `first to ${plural(o.target_game_points, "game point", "game points")}`,
    };
  const game = facts(match.ruleset);
  if (o.target !== undefined) {
    const unit = game.target_unit;
    if (unit === "deal" && o.target === 1) return { unit, text: "one deal" };
    const rubbers = o.rubbers > 1 ? `, best of ${o.rubbers} rubbers` : "";
    return { unit, text: `first to ${plural(o.target, unit, unit + "s")}${rubbers}` };
  }
  if (o.deals !== undefined)
    return { unit: "point", text: `${plural(o.deals, "deal", "deals")}, highest total wins` };
  const fixed = game.deals[String(match.players)];
  if (fixed) return { unit: "point", text: `${fixed} hands, highest total wins` };
  return { unit: "point", text: "" };
}

export function dealsInMatch(match) {
  return facts(match.ruleset).deals[String(match.players)] || match.options?.deals;
}

// Which phase a deal is in, for a person: the family's word for the current step.
export const PHASE_WORDS = {
  play: "play",
  decide: "the leader decides",
  take: "taking",
  draw: "drawing",
  score: "scoring",
  over: "over",
  bid: "auction",
  trump: "trumps",
  call: "calling a partner",
  lead: "the lead",
};
