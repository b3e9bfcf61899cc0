"""Briscola's optional hooks: rules of thumb (the heuristic bot), a full state consistent with
one seat's view (the search bot's determinization), a fast random playout, and the range of a
deal's returns (OpenSpiel)."""

from __future__ import annotations

import random
from typing import Any

from .. import drawing, tricks
from ..cards import rank, suit
from ..family import Record, Returns
from ..sampling import trick_hands
from ..trick_sense import trick_play
from .rules import POINTS, TOTAL, BriscolaRules
from .state import BriscolaState, replace

Move = dict[str, Any]


def heuristic(view: dict[str, Any], rules: BriscolaRules, legal: list[Move]) -> Move:
    """Lead the cheapest plain card; load a partner's winning trick; take a trick worth four
    points or more as cheaply as possible; else throw the least useful card."""
    cards = [m["card"] for m in legal]
    trump, table = view["trump"], view["table"]
    if not table:
        plain = [c for c in cards if suit(c) != trump] or cards
        return {"type": "play", "card": min(plain, key=lambda c: (
            POINTS.get(rank(c), 0), rules.order[rank(c)]))}
    if rules.side_of(view["winning"]) == rules.side_of(view["seat"]):
        return {"type": "play", "card": max(cards, key=lambda c: (
            POINTS.get(rank(c), 0) - (20 if suit(c) == trump else 0)))}
    at_stake = sum(POINTS.get(rank(t["card"]), 0) for t in table)
    return {"type": "play", "card": trick_play(view, rules.order, cards, at_stake >= 4, POINTS)}


def resample(view: dict[str, Any], rules: BriscolaRules, rng: random.Random) -> BriscolaState:
    """The cards this seat has not seen shared at random between the other hands and the
    stock; the turned card stays at the bottom of the stock, or with whoever drew it."""
    pub = view["public"]
    turned, holder = pub["trump_card"], pub["drawn_by"]
    won = [c for w in pub["won"] for c in w]
    in_stock = holder is None
    pinned = {} if in_stock else {turned: holder}
    seen = won + ([turned] if in_stock else [])
    stock_size = view["stock_size"] - (1 if in_stock else 0)
    hands, stock = trick_hands(view, rules, rng, seen, pinned, stock_size)
    return BriscolaState(
        rules=rules, dealer=view["dealer"], hands=hands, phase=view["phase"],
        turn=view["turn"], leader=view["leader"], won=tuple(tuple(w) for w in pub["won"]),
        tricks_won=tuple(view["tricks"]), trump=view["trump"], trump_card=turned,
        stock=tuple(stock) + ((turned,) if in_stock else ()), drawn_by=holder,
        trick=tuple((t["seat"], t["card"]) for t in view["table"]))


def playout(state: BriscolaState, rng: random.Random, record: Record | None = None
            ) -> BriscolaState | None:
    """Random play to the end of the deal on plain lists, drawing after each trick: the state
    the reducers reach at scoring."""
    if state.phase != "play":
        return None
    rules, n = state.rules, state.rules.players
    hands = [list(h) for h in state.hands]
    won = [list(w) for w in state.won]
    counts, stock = list(state.tricks_won), list(state.stock)
    trick, turn, leader, drawn_by = list(state.trick), state.turn, state.leader, state.drawn_by
    while any(hands) or trick:
        if len(trick) == n:
            leader = turn = tricks.trick_winner(trick, state.trump, rules.order)
            counts[leader] += 1
            won[leader] += [c for _, c in trick]
            trick = []
            for seat, card in drawing.draws(list(map(len, hands)), stock, leader,
                                            rules.hand_size):
                hands[seat].append(card)
                drawn_by = seat if card == state.trump_card else drawn_by
                stock.pop(0)
            continue
        assert turn is not None
        hand = hands[turn]
        card = hand[int(rng.random() * len(hand))]
        if record is not None:
            record.append((turn, {"type": "play", "card": card},
                           [{"type": "play", "card": c} for c in hand]))
        hand.remove(card)
        trick.append((turn, card))
        turn = (turn + 1) % n
    return replace(state, hands=((),) * n, trick=(), leader=leader, turn=None, phase="score",
                   tricks_won=tuple(counts), won=tuple(map(tuple, won)), stock=(),
                   drawn_by=drawn_by)


def points_total(rules: BriscolaRules, number: int) -> int:
    """§13.1: 120 card points in every deal."""
    return TOTAL


def bounds(rules: BriscolaRules, first: Any, returns: Returns) -> tuple[float, float]:
    """A deal is worth one match point to the side that takes 61 or more (of ``TOTAL``)."""
    sides = len(rules.sides)
    values = [v for place in range(sides)
              for v in returns([int(i == place) for i in range(sides)])]
    return min(values), max(values)
