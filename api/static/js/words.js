// Everything the page says in sentences: who is who, each event of a deal, the phase, the end of
// a deal. ``ctx`` is {match, view, me, names}: the match (names, options), the view, your seat.
import { cardText, rankName, rankOf, SUITS } from "./cards.js";
import { facts, target, wildRanks } from "./games.js";

export const WORDS_OF_TALK = { ubij: "take it", pusti: "let it go", napuni: "load it with points" };

export function name(ctx, seat) {
  if (seat === null || seat === undefined) return "nobody";
  if (seat === ctx.me) return "You";
  return ctx.names[seat] ?? `Seat ${seat + 1}`;
}
// The hidden partner's badge: "your partner" when you are the bidder.
export const partnerOf = (ctx, bidder) => (bidder === ctx.me ? "your partner" : `partner of ${name(ctx, bidder)}`);
const does = (ctx, seat, third, base) => `${name(ctx, seat)} ${seat === ctx.me ? base : third}`;

export function together(ctx, group) {
  const list = [...group].sort((a, b) => (b === ctx.me) - (a === ctx.me));
  const names = list.map((s) => name(ctx, s));
  return names.length < 2 ? names.join("") : names.slice(0, -1).join(", ") + " and " + names.at(-1);
}
// "a seven", "an eight", "an ace".
export const an = (word) => (/^[aeiou]/i.test(word) ? "an " : "a ") + word;
const plural = (n, one, many = one + "s") => `${n} ${n === 1 || n === -1 ? one : many}`;
const NUMBER = ["no", "one", "two", "three", "four", "five", "six"];
const counted = (n, one, many = one + "s") => `${NUMBER[n] ?? n} ${n === 1 ? one : many}`;
const trick = (ctx) => facts(ctx.view.ruleset).trick;

// -- events ---------------------------------------------------------------------------------

const EVENTS = {
  dealt(ctx, d) {
    if (d.hand !== undefined && d.cards !== undefined) {
      const trumps = d.trump ? `${SUITS[d.trump].name} are trumps` : "no trumps";
      return `Hand ${d.hand}: ${does(ctx, d.dealer, "deals", "deal")} ${plural(d.cards, "card")} each; ${trumps}.`;
    }
    const turned = d.trump_card
      ? `; ${cardText(d.trump_card)} turned: ${SUITS[d.trump_card.slice(-1)].name} are trumps`
      : "";
    return `${does(ctx, d.dealer, "deals", "deal")}${turned}.`;
  },
  played: (ctx, d, seat) => `${does(ctx, seat, "plays", "play")} ${cardText(d.card)}.`,
  continued: (ctx, d, seat) => `${does(ctx, seat, "goes on with", "go on with")} ${cardText(d.card)}.`,
  stopped(ctx, d, seat) {
    if (d.reason === "leader") return `${does(ctx, seat, "stops", "stop")}: the ${trick(ctx)} ends.`;
    if (d.reason === "side_winning") return `The leader's side is winning: the ${trick(ctx)} ends.`;
    if (d.reason === "no_cards") return `The leader has no card left: the ${trick(ctx)} ends.`;
    return `The leader cannot go on: the ${trick(ctx)} ends.`;
  },
  trick_taken(ctx, d) {
    const points =
      d.points !== undefined && facts(ctx.view.ruleset).points ? `: ${plural(d.points, "point")}` : "";
    return `${does(ctx, d.seat, "takes", "take")} the ${trick(ctx)}${points}.`;
  },
  drew(ctx, d) {
    const mine = (d.draws || []).find((x) => x.seat === ctx.me && x.card);
    return "Cards are drawn from the stock" + (mine ? ` (you draw ${cardText(mine.card)})` : "") + ".";
  },
  hands_shown: () => "Partners see each other's hands.",
  hinted(ctx, d, seat) {
    if (!d.word) return `${does(ctx, seat, "says", "say")} a word to the partner.`;
    return `${does(ctx, seat, "says", "say")} “${d.word}” (${WORDS_OF_TALK[d.word] || d.word}).`;
  },
  burned: (ctx, d) =>
    `${does(ctx, d.seat, "burns", "burn")} the ${d.kind} with ${rankName(d.rank)}s: ${plural(d.stakes, "stake")}.`,
  passed(ctx, d, seat) {
    const who = seat ?? d.seat;
    return `${does(ctx, who, "passes", "pass")}${d.auto ? " (the auction is at 120)" : ""}.`;
  },
  bid(ctx, d, seat) {
    const what = facts(ctx.view.ruleset).bids === "tricks" ? plural(d.value, "trick") : String(d.value);
    return `${does(ctx, seat, "bids", "bid")} ${what}.`;
  },
  contract: (ctx, d) => `${does(ctx, d.seat, "wins", "win")} the auction at ${d.bid}.`,
  trump_chosen: (ctx, d, seat) => `${does(ctx, seat, "names", "name")} ${SUITS[d.suit].name} trumps.`,
  card_called(ctx, d, seat) {
    if (!d.card) return `${does(ctx, seat, "calls", "call")} no card: alone against the rest.`;
    return `${does(ctx, seat, "calls", "call")} ${cardText(d.card)}: its holder is the hidden partner.`;
  },
  lead_chosen(ctx, d, seat) {
    return d.by === "partner"
      ? `${does(ctx, seat, "asks", "ask")} the partner to lead.`
      : `${does(ctx, seat, "leads", "lead")}.`;
  },
  partner_revealed(ctx, d) {
    const bidder = ctx.view.bidder;
    if (d.seat === null || d.seat === undefined) return `${does(ctx, bidder, "plays", "play")} alone.`;
    return `${name(ctx, d.seat)} ${d.seat === ctx.me ? "are" : "is"} the partner of ${bidder === ctx.me ? "you" : name(ctx, bidder)}.`;
  },
  redeal_asked: (ctx, d, seat) => `${does(ctx, seat, "asks", "ask")} for a redeal.`,
  scored: (ctx, d) => "The deal is over. " + resultSentence(ctx, d),
  timed_out(ctx, d) {
    const late = `${name(ctx, d.seat)} ${d.seat === ctx.me ? "run" : "runs"} out of time`;
    return d.forfeit ? `${late}: that side forfeits the match.` : `${late}: the clock's bot plays.`;
  },
  abandoned(ctx, d) {
    const side = ((ctx.match && ctx.match.sides) || [])[d.side] || [d.seat];
    return `The deal ends unplayed: ${together(ctx, side)} forfeited the match on the clock; nobody scores it.`;
  },
};

export function eventSentence(ctx, env) {
  const say = EVENTS[env.type];
  return say ? say(ctx, env.data || {}, env.seat) : `${env.type}.`;
}

// -- the phase ------------------------------------------------------------------------------

function decideWords(ctx, view, mine) {
  const first = view.table[0] && rankOf(view.table[0].card);
  if (!mine) return `${name(ctx, view.turn)} decides: go on or stop.`;
  if (facts(view.ruleset).any_goes_on) return "Your turn: fight on with any card, or stop.";
  const wild = wildRanks(view.ruleset)
    .filter((r) => r !== first)
    .map((r) => an(rankName(r)))
    .join(" or ");
  const cards = view.legal_moves
    .filter((m) => m.type === "play")
    .map((m) => cardText(m.card))
    .join(", ");
  if (!cards) return "Your turn: no card of yours can go on, so stop.";
  return `Your turn: go on with ${an(rankName(first))} or ${wild} (${cards}), or stop.`;
}

function playWords(ctx, view, mine) {
  const follow = facts(view.ruleset).follow;
  const who = mine ? "Your" : `${name(ctx, view.turn)}'s`;
  if (!view.table.length) return `${who} lead${mine ? ": play any card" : ""}.`;
  if (follow === "any") return mine ? "Your turn: play any card." : `${who} turn.`;
  const led = SUITS[view.table[0].card.slice(-1)].name;
  const rule =
    follow === "suit_then_trump" ? `follow ${led} if you can, else trump if you can` : `follow ${led} if you can`;
  return mine ? `Your turn: ${rule}.` : `${who} turn.`;
}

function bidWords(ctx, view, mine) {
  if (facts(view.ruleset).bids === "tricks") {
    if (!mine) return `${name(ctx, view.turn)} bids.`;
    const hook =
      view.forbidden_bid !== null && view.forbidden_bid !== undefined
        ? ` Not ${view.forbidden_bid}: the bids may not add up to ${view.cards}.`
        : "";
    return `Your bid: how many tricks will you take (0 to ${view.cards})?${hook}`;
  }
  if (!mine) return `Auction: ${name(ctx, view.turn)} bids or passes.`;
  const bids = view.legal_moves.filter((m) => m.type === "bid").map((m) => m.value);
  const pass = view.legal_moves.some((m) => m.type === "pass") ? " or pass" : "";
  return bids.length ? `Auction: bid at least ${Math.min(...bids)}${pass}.` : `Auction: pass.`;
}

const PHASES = {
  play: playWords,
  decide: decideWords,
  bid: bidWords,
  trump: (ctx, view, mine) =>
    mine ? "You won the auction: name trumps." : `${name(ctx, view.turn)} names trumps.`,
  call: (ctx, view, mine) =>
    mine
      ? "Call a card: its holder becomes your hidden partner (or play alone)."
      : `${name(ctx, view.turn)} calls a partner.`,
  lead: (ctx, view, mine) =>
    mine
      ? "Lead the first trick yourself, or ask your partner to lead."
      : `${name(ctx, view.turn)} chooses who leads.`,
};

export function phaseSentence(ctx) {
  const view = ctx.view;
  if (view.phase === "over") return "";
  if (view.turn === null || view.turn === undefined) return "…";
  const say = PHASES[view.phase];
  return say ? say(ctx, view, view.turn === ctx.me) : `${name(ctx, view.turn)} to play.`;
}

// -- the end of a deal ----------------------------------------------------------------------

function worth(score) {
  if (score.game_points !== undefined) return counted(score.game_points, "game point");
  if (score.level !== undefined) return counted(score.level, "stake");
  return "";
}

function auctionResult(ctx, r) {
  const s = r.score;
  const alone = s.partner === null || s.partner === undefined || s.partner === s.bidder;
  const partner = s.partner === ctx.me ? "you" : name(ctx, s.partner);
  const team = alone ? "alone" : `with ${partner} as partner`;
  const taken = r.points[0];
  const each = alone ? "" : "each ";
  const paid = s.made ? `${each}+${taken}` : `${each}−${s.bid}, the others +${s.bid} each`;
  const outcome = s.made ? "made" : "failed";
  return `${does(ctx, s.bidder, "bid", "bid")} ${s.bid} ${team} and took ${taken}: ${outcome} (${paid}).`;
}

function bidsResult(ctx, r) {
  const s = r.score;
  const line = s.tricks.map(
    (t, seat) => `${name(ctx, seat)} ${t} of ${s.bids[seat]}${s.made[seat] ? " ✓" : ""}`,
  );
  const scores = s.scores.map((x) => (x > 0 ? "+" + x : x)).join(", ");
  return `Tricks taken of bid: ${line.join(", ")}. Scores ${scores}.`;
}

const verb = (ctx, group, third, base) => (group.length > 1 || group.includes(ctx.me) ? base : third);

// Each for themselves (more than two sides): the winner's points, then everyone else's.
function eachAlone(ctx, r, win) {
  const s = r.score;
  const others = r.sides
    .map((side, i) => ({ who: together(ctx, side), points: r.points[i], i }))
    .filter((x) => x.i !== win)
    .sort((a, b) => b.points - a.points);
  const rest = others.map((x) => `${x.who} ${x.points}`).join(", ");
  const value = worth(s) ? `: ${worth(s)}${s.level !== undefined ? " from each" : ""}` : "";
  return `${together(ctx, s.winners)} ${verb(ctx, s.winners, "wins", "win")} with ${r.points[win]} (${rest})${value}.`;
}

export function resultSentence(ctx, r) {
  if (!r) return "The deal ended unplayed when its match did (a forfeit): nobody scores it.";
  const s = r.score || {};
  if (s.redeal) return `${name(ctx, s.redeal.seat)} asked for a redeal: the deal scores nothing.`;
  if (s.scores && s.bids) return bidsResult(ctx, r);
  if (s.bid !== undefined && s.bidder !== undefined) return auctionResult(ctx, r);
  const winners = s.winners || [];
  if (s.burned)
    return `${together(ctx, winners)} ${verb(ctx, winners, "wins", "win")}: ${EVENTS.burned(ctx, s.burned)}`;
  if (!winners.length) {
    const carry = s.carry_next ? ` The next deal is worth ${counted(s.carry_next, "game point")} more.` : "";
    return `${r.points.join(" : ")}: a draw, nobody scores.${carry}`;
  }
  const win = r.sides.findIndex((side) => side.some((seat) => winners.includes(seat)));
  if (r.sides.length > 2) return eachAlone(ctx, r, win);
  const order = [r.points[win], ...r.points.filter((_, i) => i !== win)];
  const value = worth(s) ? ", " + worth(s) : "";
  return `${together(ctx, winners)} ${verb(ctx, winners, "wins", "win")} ${order.join(" : ")}${value}.`;
}

// The match's score in words: "You and Cy 3, Bo and Di 1 (first to 4 game points)".
export function matchScore(ctx, match) {
  const sides = match.sides || match.seats.map((s) => [s.seat]);
  const parts = sides.map((side, i) => `${together(ctx, side)} ${match.totals[i] ?? 0}`);
  return parts.join(" · ");
}

export function matchOver(ctx, match) {
  const sides = match.sides || match.seats.map((s) => [s.seat]);
  const won = (match.winners || []).map((w) => sides[w] || [w]).flat();
  const who = won.length ? together(ctx, won) : "Nobody";
  return `Match over: ${who} ${won.includes(ctx.me) || won.length > 1 ? "win" : "wins"} the match, ${match.totals.join(" : ")} (${target(match).text}).`;
}

// A field the server refused, as the form names it: "seats.1.name" is "Seat 2's name".
export function fieldWords(field) {
  const seat = /^seats\.(\d+)(?:\.(\w+))?$/.exec(field || "");
  if (seat) return `Seat ${Number(seat[1]) + 1}${seat[2] ? `'s ${seat[2] === "bot" ? "player" : seat[2]}` : ""}`;
  const option = /^options\.(\w+)$/.exec(field || "");
  return option ? `the option ${option[1]}` : field;
}

// An API error in words; a stale move is not an error (the caller refreshes).
export function problemWords(err) {
  switch (err.kind) {
    case "illegal-move":
      return `That move is not allowed: ${err.problem.detail}.`;
    case "not-found":
      return "This deal does not exist on this server.";
    case "forbidden":
    case "unauthorized":
      return "Your seat's token was not accepted: you are watching.";
    case "invite-used":
      return "This invite was used already: each invite seats one player. Ask for a new link.";
    case "invite-invalid":
      return "This invite is not valid (mistyped, or replaced by a newer one). Ask for a new link.";
    case "seat-is-a-bot":
      return "A bot plays this seat: nobody can take it.";
    case "offline":
      return "The server cannot be reached; trying again…";
    case "store-unavailable":
      return "The server's store is unavailable; try again in a moment.";
    case "outcome-unknown":
      return "The server could not tell whether your move was made; reload to see.";
    case "rate-limited":
      return "Too many requests: wait a moment and try again.";
    case "clock-expired":
      return "Your time for this turn ran out: the clock's bot plays it.";
    case "seat-away":
      return "You are away: a bot plays your turns. Press “I'm back” to play again.";
    default:
      return err.message;
  }
}
