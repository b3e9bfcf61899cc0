"""Sueca's and Sueca Italiana's side of the perfect-information solver (``domain/family.py``'s
``PerfectPlay``): the generic trick game (``domain/solver/trick_game.py``) with the family's
rank order and card points, following suit with no obligation to trump; Italiana's sides are
the bidder and partner against the rest, and its auction's outcome is scored by §8.5."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ..family import AuctionPlay, PerfectPlay
from ..solver.trick_game import TrickGame
from . import core
from .italiana import seat_score
from .rules import POINTS

if TYPE_CHECKING:
    from .italiana import ItalianaState
    from .sueca import SuecaState


class SuecaPlay:
    @staticmethod
    def sides(state: Any) -> list[list[int]]:
        return [list(side) for side in state.rules.sides]

    @staticmethod
    def game(state: Any, seats: list[int]) -> TrickGame:
        rules = state.rules
        return TrickGame(rules.order, POINTS, state.trump, rules.players,
                         [s in seats for s in range(rules.players)], False)

    @staticmethod
    def taken(state: Any, seats: list[int]) -> int:
        return core.card_points(state, seats)

    @staticmethod
    def points(final: Any, sides: list[list[int]]) -> list[float]:
        result = final.result
        by_side = {tuple(s): p for s, p in zip(result["sides"], result["points"], strict=True)}
        return [by_side[tuple(seats)] for seats in sides]


class ItalianaPlay(SuecaPlay):
    @staticmethod
    def sides(state: Any) -> list[list[int]]:
        """The bidder and partner against the rest, once there is a bidder."""
        if state.bidder is not None:
            team = [state.bidder] + ([state.partner] if state.partner is not None else [])
            return [team, [s for s in range(state.rules.players) if s not in team]]
        return [list(side) for side in state.rules.sides]


class ItalianaAuction:
    """The analysis' view of an auction's outcome (``domain/family.py``'s ``AuctionPlay``)."""

    @staticmethod
    def contract(state: Any, seat: int) -> Hashable:
        """The card play depends on the team, the trumps and the leader; the bid only scores
        (and a hidden partner plays as a known one: the solver sees every card)."""
        return tuple(ItalianaPlay.sides(state)[0]), state.trump, state.leader

    @staticmethod
    def score(state: Any, seat: int, value: float) -> float:
        """§8.5 from the card points ``value`` of the seat's side (the team's or the rest's,
        which take what the team leaves of the pack's 120)."""
        team = ItalianaPlay.sides(state)[0]
        taken = value if seat in team else TOTAL - value
        return seat_score(int(taken), state.bid, seat in team)

    @staticmethod
    def cut(state: Any, seat: int) -> tuple[int, bool]:
        """The team's score is the bid lost below the bid, its points from it; the rest's is
        nothing while the team makes it, the bid once the rest take more than it leaves."""
        if seat in ItalianaPlay.sides(state)[0]:
            return state.bid, True
        return TOTAL - state.bid + 1, False

    @staticmethod
    def inverse(state: Any, seat: int, score: float) -> None:
        return None  # the cut says it with one test


SUECA_PLAY, ITALIANA_PLAY, ITALIANA_AUCTION = SuecaPlay(), ItalianaPlay(), ItalianaAuction()
TOTAL = sum(POINTS.values()) * 4  # the card points of the pack, in every preset


def sueca(rules: Any) -> PerfectPlay[SuecaState]:
    return SUECA_PLAY


def italiana(rules: Any) -> PerfectPlay[ItalianaState]:
    return ITALIANA_PLAY


def italiana_auction(rules: Any) -> AuctionPlay[ItalianaState]:
    return ITALIANA_AUCTION
