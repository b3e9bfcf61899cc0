"""Scoring tables of the Sedma family (RULES.md §2.6, §3-§5): what a deal's captures are worth
and what the deal is worth in the match. One function per step, chosen by preset data.

Points per side (``points``): ``cards`` (counting cards plus the last-capture bonus), ``tricks``
(rounds captured, §3.8) or ``cards_and_tricks`` (§3.10). Outcome (``outcome``): ``stakes`` to the
winning side, ``totals`` (the points themselves, Sedmice and Hola), ``payments`` (three players
each for themselves, §3.2) or ``solo`` (the solo king against the other two, §3.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import ALL_CARDS, rank


@dataclass(frozen=True, slots=True)
class Scoring:
    points: str = "cards"            # cards | tricks | cards_and_tricks
    outcome: str = "stakes"          # stakes | totals | payments | solo
    counters: frozenset[str] = frozenset({"A", "10"})
    counter_value: int = 10
    last_bonus: int = 10
    levels: str = "sedma"            # sedma: 1 / 2 / 3; tricks: 1 / 3 (§3.8)
    double_win: str = "all_points"   # what earns level 2 (§3.1)
    sweep_bonus: int = 0             # Hola: a side that made every capture gets this (§5.3)
    # card: what it counts (``counter_value`` for a counter, else 0), built once
    values: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", {c: self.counter_value if rank(c) in self.counters
                                            else 0 for c in ALL_CARDS})

    def counted(self, cards: Sequence[str]) -> int:
        """Points of the counting cards (aces and tens) among ``cards``."""
        return sum(map(self.values.__getitem__, cards))


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


def capture_points(s: Scoring, cards: Sequence[str], players: int) -> int:
    """What one capture is worth before the last-capture bonus (which the deal's scoring adds):
    its counting cards, its rounds (§3.8), or both with 10 a round (§3.10)."""
    counters = s.counted(cards)
    rounds = len(cards) // players
    if s.points == "tricks":
        return rounds
    if s.points == "cards_and_tricks":
        return counters + 10 * rounds
    return counters


def side_points(s: Scoring, won: Sequence[Sequence[str]], last: int | None, players: int
                ) -> tuple[list[int], list[int]]:
    """(points, counters) per side: what each side's captured cards are worth."""
    counters = [s.counted(w) for w in won]
    bonus = [s.last_bonus if side == last else 0 for side in range(len(won))]
    rounds = [len(w) // players for w in won]
    if s.points == "tricks":
        return rounds, counters
    if s.points == "cards_and_tricks":
        return [c + 10 * r + b for c, r, b in zip(counters, rounds, bonus, strict=True)], counters
    return [c + b for c, b in zip(counters, bonus, strict=True)], counters


def winner(points: Sequence[int], last: int | None) -> int:
    """The side with most points; a tie goes to the side of the last capture (§3.5, §4.3)."""
    return max(range(len(points)), key=lambda side: (points[side], side == last))


def two_sided(s: Scoring, points: list[int], counters: list[int], captures: list[int],
              last: int | None) -> dict[str, Any]:
    """The deal's winner, level and stakes between two sides."""
    win = winner(points, last)
    lose = 1 - win
    if s.levels == "tricks":
        level = 3 if captures[lose] == 0 else 1
    else:
        level = stake_level(captures[lose], points[lose], counters[lose], s.double_win)
    return {"winner": win, "level": level}


def payments(points: list[int], counters: list[int], captures: list[int], double_win: str,
             levels: str = "sedma") -> dict[str, Any]:
    """§3.2: each for themselves. The most points is paid by both others; two tied for most are
    each paid 1 by the third; all equal, nobody pays. A sole winner is paid, by each loser, the
    §3.1 level of the two losers together (``levels`` ``tricks``: 3 if they made no capture,
    else 1, §3.12)."""
    top = max(points)
    winners = [seat for seat, p in enumerate(points) if p == top]
    net = [0] * len(points)
    if len(winners) == len(points):
        return {"winners": winners, "level": 0, "net": net}
    losers = [seat for seat in range(len(points)) if seat not in winners]
    if len(winners) == 1 and levels == "tricks":
        level = 3 if sum(captures[s] for s in losers) == 0 else 1
    elif len(winners) == 1:
        level = stake_level(sum(captures[s] for s in losers), sum(points[s] for s in losers),
                            sum(counters[s] for s in losers), double_win)
    else:
        level = 1
    for loser in losers:
        for win in winners:
            net[loser] -= level
            net[win] += level
    return {"winners": winners, "level": level, "net": net}
