// Cards as people see them: a face with its rank and suit, a text alternative in words.
import { h } from "./dom.js";

export const SUITS = {
  S: { symbol: "♠", name: "spades", red: false },
  H: { symbol: "♥", name: "hearts", red: true },
  D: { symbol: "♦", name: "diamonds", red: true },
  C: { symbol: "♣", name: "clubs", red: false },
};
const RANKS = {
  A: "ace",
  K: "king",
  Q: "queen",
  J: "jack",
  10: "ten",
  9: "nine",
  8: "eight",
  7: "seven",
  6: "six",
  5: "five",
  4: "four",
  3: "three",
  2: "two",
};

export const rankOf = (code) => code.slice(0, -1);
export const suitOf = (code) => code.slice(-1);
export const rankName = (rank) => RANKS[rank] || rank;
export const cardName = (code) => `${rankName(rankOf(code))} of ${SUITS[suitOf(code)]?.name ?? "?"}`;
export const cardText = (code) => rankOf(code) + (SUITS[suitOf(code)]?.symbol ?? "?");

// The face: a corner index (rank over suit) and a large pip, drawn by the stylesheet from data
// attributes, so that the card's name in words (``label``) is all a screen reader meets. ``tag``
// "button" for a playable card.
export function cardFace(code, { small = false, tag = "span", label, extra } = {}) {
  const suit = SUITS[suitOf(code)] || { symbol: "?", red: false };
  const props = {
    class: ["card", suit.red && "red", small && "small", extra],
    data: { card: code },
    "aria-label": label || cardName(code),
  };
  if (tag === "span") props.role = "img";
  return h(
    tag,
    props,
    h("span", { class: "idx", "aria-hidden": "true", data: { rank: rankOf(code), suit: suit.symbol } }),
    h("span", { class: "pip", "aria-hidden": "true", data: { suit: suit.symbol } }),
  );
}

export function cardBack({ small = false, label = "a card face down" } = {}) {
  return h("span", { class: ["card", "back", small && "small"], role: "img", "aria-label": label });
}

// A suit as a small chip: "♥ hearts".
export function suitChip(code) {
  const suit = SUITS[code];
  return h(
    "span",
    { class: ["suit-chip", suit.red && "red"] },
    h("span", { "aria-hidden": "true" }, suit.symbol),
    " ",
    suit.name,
  );
}
