"""Sueca's and Sueca Italiana's rules of thumb, as functions of one seat's view: ask for a
redeal when offered, bid while the bid is within what the hand's side can take (its card
points and trumps), name the longest strong suit, call the highest trump not held, lead low,
load a partner's trick, take a trick worth taking."""

from __future__ import annotations

from typing import Any

from ..cards import rank, suit
from . import policy
from .rules import CARD_POINTS, POINTS, ItalianaRules, SuecaRules

Move = dict[str, Any]

# Italiana's auction. What the bidder's side took in 6,000 five-player deals among heuristics
# (each seat declaring in turn at 61, its trump and call the heuristic's): 47 card points, plus
# 0.5 a card point in the bidder's hand, plus 6.4 a trump it holds (residual sd 18).
TAKE_BASE, TAKE_PER_POINT, TAKE_PER_TRUMP = 47.0, 0.5, 6.4
BID_MARGIN = 8   # bid up to the estimate less this (about 2 contracts in 3 made)


def sueca(view: dict[str, Any], rules: SuecaRules, legal: list[Move]) -> Move:
    if {"type": "redeal"} in legal:  # only offered for a weak hand: take it
        return {"type": "redeal"}
    friendly = view["table"] and rules.side_of(view["winning"]) == rules.side_of(view["seat"])
    return _play(view, rules.order, legal, bool(friendly))


def italiana(view: dict[str, Any], rules: ItalianaRules, legal: list[Move]) -> Move:
    kind, hand = legal[0]["type"], view["hand"]
    if kind in ("bid", "pass"):
        floor = 61 if view["bidder"] is None else view["bid"] + 1
        bold = floor <= bid_limit(hand, rules.players) or {"type": "pass"} not in legal
        return {"type": "bid", "value": floor} if bold else {"type": "pass"}
    if kind == "trump":
        return {"type": "trump", "suit": trump_suit(hand)}
    if kind == "call":
        wanted = [f"{r}{view['trump']}" for r in ("A", "7", "K")]
        return {"type": "call", "card": next((c for c in wanted if c not in hand), None)}
    if kind == "lead":
        return {"type": "lead", "by": "self"}
    team = {view["bidder"], view["partner"]} if view.get("partner") is not None else set()
    friendly = bool(view["table"]) and {view["winning"], view["seat"]} <= team
    return _play(view, rules.order, legal, friendly)


def trump_suit(hand: list[str]) -> str:
    """The longest strong suit: a card counts 1, and a fifth of its card points more."""
    return max("SHDC", key=lambda s: sum(1 + POINTS.get(rank(c), 0) / 5 for c in hand
                                         if suit(c) == s))


def bid_limit(hand: list[str], players: int) -> int:
    """The highest bid the hand is worth: what the bidder's side is likely to take with it
    (``TAKE_BASE`` plus half its card points and six a trump, in a five-player game, scaled
    to the others) less ``BID_MARGIN``, so that most contracts bid are made."""
    trump = trump_suit(hand)
    points = sum(POINTS.get(rank(c), 0) for c in hand)
    trumps = sum(1 for c in hand if suit(c) == trump)
    scale = players / 5   # a hand of n players' game is worth 5/n of a five-player one
    return int(TAKE_BASE + (TAKE_PER_POINT * points + TAKE_PER_TRUMP * trumps) * scale
               - BID_MARGIN)


def _play(view: dict[str, Any], order: dict[str, int], legal: list[Move],
          friendly: bool) -> Move:
    """Lead a low plain card; load a friendly trick; else take one worth four points
    (``policy.rule_of_thumb``, which the playouts by rules of thumb play too)."""
    cards = [m["card"] for m in legal if m["type"] == "play"]
    trump = view["trump"]
    trick = [(t["seat"], t["card"]) for t in view["table"]]
    points = {c: CARD_POINTS.get(c, 0) for c in [*cards, *(c for _, c in trick)]}
    cost = {c: (points[c] + (policy.TRUMP_COST if suit(c) == trump else 0)) * 100
            + order[rank(c)] for c in cards}
    _, top = policy.winning(trick, trump, order)
    led = suit(trick[0][1]) if trick else None
    return {"type": "play", "card": policy.rule_of_thumb(cards, trick, led, trump, order, points,
                                                         cost, top, friendly)}
