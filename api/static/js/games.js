// What the page knows about each game, as data: the direction of play (where the seats sit),
// how a hand is sorted, what the match plays to, what a deal is worth. The server stays the
// referee; this only decides how things look and read.

// Counter-clockwise games: the next player sits at your right (RULES.md §1.2).
const COUNTER_CLOCKWISE = new Set(["sueca", "sueca-azores", "sueca-italiana", "serbian-whist"]);

// Rank order within a suit, high to low (RULES.md §6.1, §7.1, §8.1).
const ORDERS = {
  sueca: ["A", "7", "K", "J", "Q", "9", "8", "6", "5", "4", "3", "2"],
  whist: ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"],
  // Sedma family: suits play no part, so a hand is grouped by rank: the wild cards, the counting
  // cards (A, 10), then the rest high to low.
  sedma: ["7", "A", "10", "K", "Q", "J", "9", "8", "6", "5", "4", "3", "2"],
};
const WILD = { "sedma-osmova": ["7", "8"], "sedma-osmova-170": ["7", "8"], hola: ["7", "2"] };

export function family(view) {
  if (view.captures) return "sedma";
  return view.hand_no !== undefined ? "whist" : "sueca";
}

export function clockwise(ruleset) {
  return !COUNTER_CLOCKWISE.has(ruleset);
}

export function wildRanks(ruleset) {
  return WILD[ruleset] || ["7"];
}

// Suits left to right in alternating colours, trumps first.
function suitOrder(trump) {
  if (trump === "H" || trump === "D") return [trump, "S", trump === "H" ? "D" : "H", "C"];
  if (trump === "S" || trump === "C") return [trump, "H", trump === "S" ? "C" : "S", "D"];
  return ["S", "H", "C", "D"];
}

export function sortHand(cards, view) {
  const kind = family(view);
  const suits = suitOrder(view.trump);
  const ranks =
    kind === "sedma"
      ? [...wildRanks(view.ruleset), ...ORDERS.sedma.filter((r) => !wildRanks(view.ruleset).includes(r))]
      : ORDERS[kind];
  const suit = (c) => suits.indexOf(c.slice(-1));
  const rank = (c) => ranks.indexOf(c.slice(0, -1));
  const key = kind === "sedma" ? (c) => [rank(c), suit(c)] : (c) => [suit(c), rank(c)];
  return [...cards].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1] - y[1];
  });
}

// Serbian whist's schedule: M = floor(52 / n) cards down to 1, n one-card hands, back up (§6.1).
function whistHands(players) {
  const m = Math.floor(52 / players);
  return 2 * (m - 1) + players;
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
  if (match.ruleset.startsWith("sueca") && match.ruleset !== "sueca-italiana") {
    const rubbers = o.rubbers > 1 ? `, best of ${o.rubbers} rubbers` : "";
    return {
      unit: "game point",
      text: `first to ${plural(o.target, "game point", "game points")}${rubbers}`,
    };
  }
  if (o.target !== undefined)
    return { unit: "point", text: `first to ${plural(o.target, "point", "points")}` };
  if (o.deals !== undefined)
    return { unit: "point", text: `${plural(o.deals, "deal", "deals")}, highest total wins` };
  if (match.ruleset === "serbian-whist") {
    return { unit: "point", text: `${whistHands(match.players)} hands, highest total wins` };
  }
  return { unit: "point", text: "" };
}

export function dealsInMatch(match) {
  if (match.ruleset === "serbian-whist") return whistHands(match.players);
  return match.options?.deals;
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
