"""Sueca Italiana's playouts by rules of thumb: the rest of the card play with every seat
playing as the heuristic does (``rule_of_thumb``, the heuristic's own card choice: lead a low
plain card, load a trick a known partner is winning, take a trick worth four points or more
as cheaply as possible, else throw the least useful card), and now and then (``EPSILON``) a
random legal card.

Why not random cards, as the other families' playouts: in Italiana the search's value is mostly
card points (most contracts against the heuristic are bid to 120 and fail whoever plays), and
random playouts credit a side with points the heuristic never gives away. Against the
heuristic in the arena, the search took 2.1 points more of the card points with these
playouts over 40 matches (0.7-3.6, paired), 1.1 over 80 (0.1-2.1; docs/BOTS.md). One costs
about twenty compiled random ones.
"""

from __future__ import annotations

import random

from ..family import Record
from ..trickplay import PlayedOut, TrickState
from ..tricks import legal_cards
from .rules import CARD_POINTS

EPSILON = 0.1    # a random legal card now and then, so one sample's playouts differ
TRUMP_COST = 20  # what spending a trump costs, in card points (as the heuristic counts it)
TAKE_AT = 4      # card points on the table worth taking


def play_out(state: TrickState, rng: random.Random, record: Record | None,
             bidder: int | None, partner: int | None, called: str | None,
             revealed: bool) -> PlayedOut:
    """Play the deal's cards out by the rules of thumb (see the module)."""
    trump, order, n = state.trump, state.rules.order, state.rules.players
    hands = [list(h) for h in state.hands]
    points, cost = _prices(state)
    team = {s for s in (bidder, partner) if s is not None}
    trick, turn, leader = list(state.trick), state.turn, state.leader
    counts, won = list(state.tricks_won), [list[str]() for _ in range(n)]
    taken: list[str] = []
    best, top = winning(trick, trump, order)
    while True:
        if len(trick) == n:
            leader = turn = best
            counts[leader] += 1
            won[leader] += [c for _, c in trick]
            taken += [c for _, c in trick]
            trick, best, top = [], -1, -1
            if not any(hands):
                break
            continue
        assert turn is not None
        hand = hands[turn]
        led = trick[0][1][-1] if trick else None
        legal = legal_cards(hand, trick, trump)
        friendly = turn in team and best in team and (revealed or turn == partner)
        card = _choose(legal, trick, led, trump, order, points, cost, top, friendly, rng)
        if record is not None:
            record.append((turn, {"type": "play", "card": card},
                           [{"type": "play", "card": c} for c in legal]))
        power = _power(card, led or card[-1], trump, order)
        if power > top:
            best, top = turn, power
        revealed = revealed or card == called
        hand.remove(card)
        trick.append((turn, card))
        turn = (turn + 1) % n
    return PlayedOut(tuple(tuple(h) for h in hands), tuple(counts),
                     tuple(tuple(w) for w in won), tuple(taken), leader)


def _prices(state: TrickState) -> tuple[dict[str, int], dict[str, int]]:
    """Each card's points, and what playing it costs (points, a trump's price, then rank)."""
    trump, order = state.trump, state.rules.order
    every = [c for h in state.hands for c in h] + [c for _, c in state.trick]
    points = {c: CARD_POINTS.get(c, 0) for c in every}
    return points, {c: (points[c] + (TRUMP_COST if c[-1] == trump else 0)) * 100
                    + order[c[:-1]] for c in every}


def _power(card: str, led: str, trump: str | None, order: dict[str, int]) -> int:
    """How strongly a card holds the trick: a trump over any card of the led suit."""
    own = card[-1]
    if own == trump:
        return 100 + order[card[:-1]]
    return order[card[:-1]] if own == led else -1


def winning(trick: list[tuple[int, str]], trump: str | None,
          order: dict[str, int]) -> tuple[int, int]:
    """The seat winning the trick so far and its card's power (-1, -1 on an empty table)."""
    best, top = -1, -1
    for seat, card in trick:
        power = _power(card, trick[0][1][-1], trump, order)
        if power > top:
            best, top = seat, power
    return best, top


def _choose(legal: list[str], trick: list[tuple[int, str]], led: str | None,
            trump: str | None, order: dict[str, int], points: dict[str, int],
            cost: dict[str, int], top: int, friendly: bool, rng: random.Random) -> str:
    if len(legal) == 1:
        return legal[0]
    if rng.random() < EPSILON:
        return legal[int(rng.random() * len(legal))]
    return rule_of_thumb(legal, trick, led, trump, order, points, cost, top, friendly)


def rule_of_thumb(legal: list[str], trick: list[tuple[int, str]], led: str | None,
                  trump: str | None, order: dict[str, int], points: dict[str, int],
                  cost: dict[str, int], top: int, friendly: bool) -> str:
    """The heuristic's card (``heuristic._play`` asks this too): lead a low plain card, load a
    friendly trick, take one worth ``TAKE_AT`` as cheaply as possible, else throw the
    cheapest card that does not win. ``points`` and ``cost`` cover the cards in play,
    ``top`` is the winning card's ``_power`` (-1 on an empty table)."""
    if led is None:   # lead a low plain card
        plain = [c for c in legal if c[-1] != trump] or legal
        return min(plain, key=lambda c: points[c] * 100 + order[c[:-1]])
    if friendly:      # load the partner's trick
        return max(legal, key=lambda c: points[c] - (TRUMP_COST if c[-1] == trump else 0))
    beats = [c for c in legal if _power(c, led, trump, order) > top]
    if sum(points[c] for _, c in trick) >= TAKE_AT:
        return min(beats or legal, key=cost.__getitem__)
    return min([c for c in legal if c not in beats] or legal, key=cost.__getitem__)
