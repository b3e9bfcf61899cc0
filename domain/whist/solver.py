"""Serbian whist's side of the perfect-information solver (``domain/family.py``'s
``PerfectPlay``): the generic trick game (``domain/solver/trick_game.py``) where a void player
must trump, valued by the seat's score for its bid (searched as its rank among the reachable
ones), each seat for itself."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..family import AuctionPlay, PerfectPlay
from ..solver.trick_game import TrickGame
from .rules import LOW_WINS, WhistRules

if TYPE_CHECKING:
    from .play import WhistState


class WhistGame(TrickGame):
    """The seat's score for its bid, searched as its rank among the reachable ones."""

    def __init__(self, state: Any, me: int) -> None:
        rules: WhistRules = state.rules
        bid = state.bids[me] or 0
        raw = [rules.player_score(bid, t, state.cards, state.trump)
               for t in range(state.cards + 1)]
        better = sorted(set(raw), reverse=rules.options["scoring"] in LOW_WINS)
        self.ranks_to_score: list[Fraction] = better
        super().__init__(rules.order, {}, state.trump, rules.players,
                         [s == me for s in range(rules.players)], True,
                         [better.index(v) for v in raw], lambda s: s.tricks_won[me])

    def report(self, rank: int) -> float:
        value = self.ranks_to_score[rank]
        return int(value) if value.denominator == 1 else float(value)


class WhistPlay:
    @staticmethod
    def sides(state: Any) -> list[list[int]]:
        return [list(side) for side in state.rules.sides]

    @staticmethod
    def game(state: Any, seats: list[int]) -> WhistGame:
        return WhistGame(state, seats[0])

    @staticmethod
    def taken(state: Any, seats: list[int]) -> int:
        return 0  # the game's values are whole-deal scores

    @staticmethod
    def points(final: Any, sides: list[list[int]]) -> list[float]:
        """A seat's score."""
        scores = final.result["score"]["scores"]
        return [scores[seats[0]] for seats in sides]


class WhistAuction:
    """The analysis' view of the bids (``domain/family.py``'s ``AuctionPlay``): a seat's
    paranoid value depends on its own bid only (the trumps and the leader are the deal's), and
    is already its score."""

    @staticmethod
    def contract(state: Any, seat: int) -> Hashable:
        return seat, state.bids[seat]

    @staticmethod
    def score(state: Any, seat: int, value: float) -> float:
        return value

    @staticmethod
    def cut(state: Any, seat: int) -> None:
        return None  # scores are searched as ranks: the exact value it is

    @staticmethod
    def inverse(state: Any, seat: int, score: float) -> float | None:
        """The score itself, where more is better (not under the low-wins systems)."""
        return None if state.rules.options["scoring"] in LOW_WINS else score


PLAY, AUCTION = WhistPlay(), WhistAuction()


def solver(rules: WhistRules) -> PerfectPlay[WhistState]:
    return PLAY


def auction(rules: WhistRules) -> AuctionPlay[WhistState]:
    return AUCTION
