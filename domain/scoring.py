"""Scoring tables shared by the Sedma family: card points per side and stake levels (§3.1)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import rank


def card_points(cards: Sequence[str], counters: frozenset[str], value: int) -> int:
    """Points of the counting cards (aces and tens in Sedma) among ``cards``."""
    return sum(value for c in cards if rank(c) in counters)


def stake_level(loser_captures: int, loser_points: int, loser_counters: int,
                double_win: str) -> int:
    """§3.1: 3 if the losers made no capture, 2 if they scored nothing, else 1.

    ``double_win`` decides what "nothing" means: ``all_points`` (losers' points are 0, last-capture
    bonus included) or ``all_counters`` (losers took no ace or ten).
    """
    if loser_captures == 0:
        return 3
    nothing = loser_points if double_win == "all_points" else loser_counters
    return 2 if nothing == 0 else 1
