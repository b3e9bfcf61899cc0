"""One deal of any preset, driven through the domain's facade, for the adapters in this package.

The deal is made the way ``domain.game.new_deal`` makes it, with the seeded shuffle replaced by
a deck given card by card (OpenSpiel's chance outcomes, or a seeded generator): the family's
own ``deal_layout`` shares it out. Scores are the deal's match points per seat, made relative
(each seat's value minus the seats' mean), so every game here is zero-sum and a seat gains
exactly when it gains on the others, which is what decides a match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from domain import game
from domain.fairness import DealSecret
from domain.messages import Command, Event, Move
from domain.registry import family_of, rules_for


@dataclass(frozen=True)
class Table:
    """The fixed facts of one deal: rules, dealer, its number in the match, a carry."""

    rules: Any
    dealer: int = 0
    number: int = 1
    carry: int = 0

    @classmethod
    def of(cls, preset: str, players: int | None, options: dict[str, Any] | None = None,
           dealer: int = 0, number: int = 1, carry: int = 0) -> Table:
        return cls(rules_for(preset, players, options), dealer, number, carry)

    @property
    def pack(self) -> tuple[str, ...]:
        return tuple(self.rules.pack())

    def slots(self) -> tuple[list[list[int]], list[int]]:
        """Where each deck position goes: the layout of the positions 0..N-1 themselves."""
        layout = family_of(self.rules).deal_layout
        positions: list[Any] = list(range(len(self.pack)))  # the layout places any items
        hands, stock = layout(self.rules, positions, self.dealer, self.number)
        return cast(tuple[list[list[int]], list[int]], (hands, stock))

    def deal(self, deck: Sequence[str]) -> Any:
        """The state after dealing ``deck`` (a permutation of the pack), as the server does."""
        hands, stock = family_of(self.rules).deal_layout(self.rules, list(deck), self.dealer,
                                                         self.number)
        first = game.prearranged_deal(self.rules, self.dealer, hands, stock, None, self.number)
        data = {**first[0].data, "number": self.number}
        if self.carry:
            data["carry"] = self.carry
        return game.fold(game.opening(Event("dealt", data), None))

    def deck_of(self, hands: Sequence[Sequence[str]], stock: Sequence[str]) -> list[str]:
        """The deck that deals ``hands`` and ``stock``: ``deal``'s inverse."""
        slot_hands, slot_stock = self.slots()
        deck = [""] * len(self.pack)
        for seat, slots in enumerate(slot_hands):
            for slot, card in zip(slots, hands[seat], strict=True):
                deck[slot] = card
        for slot, card in zip(slot_stock, stock, strict=True):
            deck[slot] = card
        return deck


def play(state: Any, seat: int, move: dict[str, Any], secret: DealSecret | None = None) -> Any:
    """``move`` by ``seat`` and whatever follows from it (``secret``: a seeded deal's server
    seed, which its scoring reveals)."""
    return game.step(state, Command(seat, Move.from_dict(move), secret))[1]


def higher_wins(rules: Any) -> bool:
    """Whether a larger total wins the match (not so in golf-style scoring systems)."""
    n = len(rules.sides)
    big = 10 ** 6
    winners = family_of(rules).match_winners(rules, [big] + [0] * (n - 1), big, [])
    return winners == [0]


def seat_points(rules: Any, score: Sequence[Any]) -> list[float]:
    """Each seat's match points from a deal's ``match_points`` (its side's, in
    partnerships)."""
    per_side = len(score) == len(rules.sides)
    return [float(score[rules.side_of(s)] if per_side else score[s])
            for s in range(rules.players)]


def relative(rules: Any, match_points: Sequence[Any]) -> list[float]:
    """Zero-sum values of a deal's ``match_points``: each seat's minus the seats' mean, sign
    turned where low totals win."""
    points = seat_points(rules, match_points)
    mean = sum(points) / len(points)
    sign = 1.0 if higher_wins(rules) else -1.0
    return [sign * (p - mean) for p in points]


def returns(state: Any) -> list[float]:
    """``relative`` of a finished deal; zeros before the end."""
    if not game.is_over(state) or state.result is None:
        return [0.0] * state.rules.players
    return relative(state.rules, state.result["score"]["match_points"])
