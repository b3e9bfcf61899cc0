"""Rules of thumb every trick game's heuristic shares: how many tricks a hand is worth, and
how to win a trick cheaply or throw the least useful card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import rank, suit
from .tricks import trick_winner


def strength(hand: list[str], trump: str | None, order: Mapping[str, int]) -> float:
    """Expected tricks, roughly: high cards, plus trumps in length."""
    top = max(order.values())
    score = sum(max(0.0, (order[rank(c)] - top + 3) / 3) for c in hand)
    return score + 0.5 * sum(1 for c in hand if suit(c) == trump)


def trick_play(view: dict[str, Any], order: Mapping[str, int], cards: list[str], want: bool,
               points: Mapping[str, int]) -> str:
    """Win the trick cheaply if ``want``, else get rid of the least useful card."""
    table = [(t["seat"], t["card"]) for t in view["table"]]
    trump, seat = view["trump"], view["seat"]

    def wins(card: str) -> bool:
        return bool(trick_winner([*table, (seat, card)], trump, order) == seat)

    def cost(card: str) -> tuple[int, int]:
        return (points.get(rank(card), 0) + (20 if suit(card) == trump else 0),
                order[rank(card)])

    winners = sorted((c for c in cards if wins(c)), key=cost)
    if want and winners:
        return winners[0]
    if want:
        return min(cards, key=cost)
    losers = sorted((c for c in cards if not wins(c)), key=cost)
    return (losers or sorted(cards, key=cost))[0]
