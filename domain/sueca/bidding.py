"""Sueca Italiana's decisions before the card play, by search: the bid, the trump and the
called card. Each candidate contract (a trump and a call) is played out on deals sampled
consistently with the seat's view (``resample``), the samples weighted by what the bids so far
say about the other hands; a candidate's worth is the seat's match points less the mean of the
other four's, as §8.5 scores the deal (made: the bidder and the partner each score the points
taken; failed: each loses the bid and every opponent scores it).

The seat bids the lowest legal bid while declaring at it is worth more than passing
(``PASS_VALUE``), names the trump and calls the card whose contract is worth most, and asks
the partner to lead, which reveals the partnership to the partner too. Pure: the
budget is a number of playouts, or ``stop``, asked before every sample."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..cards import rank
from . import policy
from .italiana import OPENING, ItalianaState
from .resample import italiana as resample
from .rules import CARD_POINTS, POINTS, ItalianaRules

Move = dict[str, Any]
Option = tuple[str, str | None]   # (trump, called card or None: alone)

SUITS = "SHDC"
CALL_RANKS = ("A", "7", "K", "J", "Q")   # the trumps worth calling, best first
PASS_VALUE = -20.0    # the worth a contract must beat for the seat to bid (in the same
                      # terms): under what passing really brings against heuristic bidders
                      # (about +10 to +16), as the playouts by rules of thumb undervalue a
                      # contract. 5 made 92% of its contracts, in 1 deal in 5; -10 bid in 1
                      # deal in 3; -20 (fourth pass) in 2 in 5, once the trumps searched
                      # are only those near the longest suit: with all four, -20 bid a hand
                      # without a card point in 8 seeds of 40 (the max of noisy means), now
                      # in 2 (-10 with all four: 1). docs/BOTS.md, issue 28 item 7
MIN_SAMPLES = 8
SCALE = 1             # a card's playouts (by rules of thumb: twenty random ones' CPU each)
RESAMPLE = 0.5        # a sample's drawing and weighing, in playouts' CPU: a decision costs
                      # what four trumps' did, with fewer candidates more samples each
BID_HAND, PASS_HAND = 22, 30   # card points in hand a bid suggests at least, a pass at most
TRUMP_SLACK = 1       # a trump searched is at most this many cards shorter than the longest
UNLIKELY = 0.3        # the weight of a sample whose hand contradicts a bid or a pass


def choose(view: dict[str, Any], rules: ItalianaRules, rng: random.Random, playouts: int,
           stop: Callable[[], bool] | None = None) -> Move | None:
    """The search's move in the bid, trump, call and lead phases; None in the card play."""
    phase, hand = view["phase"], view["hand"]
    if phase == "bid":
        floor = OPENING if view["bidder"] is None else view["bid"] + 1
        options = [(t, default_call(hand, t)) for t in trump_candidates(hand)]
        worth = evaluate(view, rules, rng, options, floor, playouts, stop)
        if max(worth) > PASS_VALUE or {"type": "pass"} not in view["legal_moves"]:
            return {"type": "bid", "value": floor}
        return {"type": "pass"}
    if phase == "trump":
        options = [(t, default_call(hand, t)) for t in trump_candidates(hand)]
        worth = evaluate(view, rules, rng, options, view["bid"], playouts, stop)
        return {"type": "trump", "suit": options[_best(worth)][0]}
    if phase == "call":
        trump = view["trump"]
        options = [(trump, c) for c in call_candidates(hand, trump, rules)]
        worth = evaluate(view, rules, rng, options, view["bid"], playouts, stop)
        return {"type": "call", "card": options[_best(worth)][1]}
    if phase == "lead":   # a revealed partner plays as a partner (the heuristic does only then)
        return {"type": "lead", "by": "partner"}
    return None


def _best(worth: list[float]) -> int:
    return max(range(len(worth)), key=lambda i: (worth[i], -i))


def trump_candidates(hand: list[str]) -> list[str]:
    """The suits worth searching as trumps: the longest in hand and those one card shorter
    (the searched trump was one of them in 58 of 60 random hands; a singleton in the others).
    Fewer candidates share the same playouts, so each gets more samples."""
    longest = max(sum(c[-1] == s for c in hand) for s in SUITS)
    return [s for s in SUITS if sum(c[-1] == s for c in hand) >= longest - TRUMP_SLACK]


def default_call(hand: list[str], trump: str) -> str | None:
    """The highest trump not in hand (the heuristic's call), else none: alone."""
    return next((r + trump for r in CALL_RANKS if r + trump not in hand), None)


def call_candidates(hand: list[str], trump: str, rules: ItalianaRules) -> list[str | None]:
    """The trumps worth calling and the side aces and sevens the hand lacks, and alone."""
    wanted = [r + trump for r in CALL_RANKS] + [r + s for r in ("A", "7") for s in SUITS
                                                 if s != trump]
    pack = set(rules.pack())
    return [*(c for c in wanted if c in pack and c not in hand), None]


def evaluate(view: dict[str, Any], rules: ItalianaRules, rng: random.Random,
             options: list[Option], bid: int, playouts: int,
             stop: Callable[[], bool] | None) -> list[float]:
    """Each option's mean worth to the seat as bidder at ``bid``: the same sampled deals
    for every option, one playout by rules of thumb each."""
    me = view["seat"]
    budget = SCALE * playouts * (len(SUITS) + RESAMPLE) / len(SUITS)   # in playouts' CPU
    samples = max(MIN_SAMPLES, int(budget / (len(options) + RESAMPLE)))
    totals, weights = [0.0] * len(options), 0.0
    for sample in range(samples if stop is None else 10 ** 9):
        if stop is not None and sample >= MIN_SAMPLES and stop():
            break
        try:
            hands = resample(view, rules, rng).hands
        except ValueError:
            continue
        w = likelihood(view, hands)
        weights += w
        for i, (trump, called) in enumerate(options):
            taken, alone = team_points(rules, hands, me, trump, called, rng)
            totals[i] += w * worth(taken, bid, alone, rules.players)
    return [t / (weights or 1.0) for t in totals]


def likelihood(view: dict[str, Any], hands: tuple[tuple[str, ...], ...]) -> float:
    """How well a sample fits the bids: a seat that bid has some card points, one that
    passed has not too many (soft: other players bid as they like)."""
    weight = 1.0
    for seat, bid in enumerate(view["bids"]):
        if seat == view["seat"] or bid is None:
            continue
        points = sum(POINTS.get(rank(c), 0) for c in hands[seat])
        if (bid == "pass" and points > PASS_HAND) or (bid != "pass" and points < BID_HAND):
            weight *= UNLIKELY
    return weight


def team_points(rules: ItalianaRules, hands: tuple[tuple[str, ...], ...], me: int,
                trump: str, called: str | None, rng: random.Random) -> tuple[int, bool]:
    """The card points the seat and the called card's holder take in one playout of the card
    play by rules of thumb (``policy``: every seat plays as the heuristic does, the
    partnership known, as the seat asks its partner to lead), the seat leading; and whether
    the seat plays alone."""
    n = rules.players
    partner = next((s for s, h in enumerate(hands) if called in h and s != me), None)
    state = ItalianaState(rules=rules, dealer=me, hands=hands, phase="play", turn=me,
                          leader=me, won=((),) * n, tricks_won=(0,) * n, bids=(None,) * n,
                          trump=trump, bidder=me, called=called, partner=partner)
    out = policy.play_out(state, rng, None, me, partner, called, True)
    team = [me] if partner is None else [me, partner]
    return sum(CARD_POINTS[c] for s in team for c in out.won[s]), partner is None


def worth(taken: int, bid: int, alone: bool, players: int = 5) -> float:
    """The bidder's match points less the mean of the other players' (a partner scores as
    the bidder does, every opponent the other way: nothing if made, the bid if failed)."""
    others = players - 1
    if taken >= bid:
        return taken * (1.0 if alone else 1 - 1 / others)
    return -bid * (2.0 if alone else 1 + (others - 2) / others)
