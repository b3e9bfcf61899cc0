"""The seats' values at the card play's start of each contract an auction may reach (the
analysis of the decisions before the card play, ``auction.py``): one search per contract, a
test where a test says enough, through the family's ``auction`` hook (``AuctionPlay``)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..family import AuctionPlay
from . import positions, ranks


class Contracts:
    """The seats' values at card play starts, one solve per contract, of which only the values
    are kept (a judge's table is large); ``seed``: a card play start and its judge, whose
    tables are warm."""

    def __init__(self, hook: AuctionPlay[Any], seed: tuple[Any, positions.Judge] | None
                 ) -> None:
        self.hook = hook
        self.values: dict[Hashable, dict[int, float]] = {}
        self.tests: dict[tuple[Hashable, int, float, bool], bool] = {}
        self.seeded: dict[Hashable, positions.Judge] = {}
        self.recent: tuple[Hashable, positions.Judge] | None = None
        if seed is not None:
            state, judge = seed
            for seat in range(state.rules.players):
                self.seeded[hook.contract(state, seat)] = judge

    def _judge(self, key: Hashable, start: Any) -> positions.Judge:
        """The contract's judge: the seed's, else the last one made if it is this contract's
        (a test and then a search share its table), else a new one, the last forgotten."""
        if key in self.seeded:
            return self.seeded[key]
        if self.recent is None or self.recent[0] != key:
            self.recent = key, positions.Judge(start)
        return self.recent[1]

    def score(self, start: Any, seat: int) -> float:
        """``seat``'s deal score from the card play's ``start`` under perfect play: from the
        side's exact value, or where the score is flat beyond the family's ``cut``, from one
        test of the value against it."""
        key = self.hook.contract(start, seat)
        judge = self._judge(key, start)
        side = judge.side_of(seat)
        values = self.values.setdefault(key, {})
        cut = self.hook.cut(start, seat)
        if side not in values and cut is not None:
            at, varies = cut
            if (key, side, at, False) not in self.tests:
                self.tests[key, side, at, False] = judge.reaches(start, side, at)
            reached = self.tests[key, side, at, False]
            if not reached or not varies:
                return self.hook.score(start, seat, at if reached else at - 1)
        if side not in values:  # two sides: the other's value is the same search's
            for each in range(len(judge.sides)) if judge.two else (side,):
                values[each] = judge.value(start, each)
        return self.hook.score(start, seat, values[side])

    def sign(self, start: Any, seat: int) -> int:
        """1 where ``seat`` wants a higher score, -1 where a lower (the low-wins systems: the
        game's ranks, which the seat's side maximizes, report falling scores)."""
        judge = positions.Judge(start)
        game = judge.play.game(start, judge.sides[judge.side_of(seat)])
        if game.additive:
            return 1
        low, high = game.bounds(game.position(start))
        return -1 if game.report(high) < game.report(low) else 1

    def at_least(self, start: Any, seat: int, score: float, sign: int = 1,
                 beyond: bool = False) -> bool:
        """Whether ``seat``'s deal score from ``start`` is at least as good as ``score`` (at
        least, or with ``sign`` -1 at most; ``beyond``: better): by one test of its side's
        value where the family says which value scores it."""
        key = self.hook.contract(start, seat)
        judge = self._judge(key, start)
        side = judge.side_of(seat)
        value = self.hook.inverse(start, seat, score)
        if side in self.values.get(key, {}) or self.hook.cut(start, seat) or value is None \
                or sign < 0:
            mine = sign * self.score(start, seat)
            return mine > sign * score if beyond else mine >= sign * score
        if (key, side, value, beyond) not in self.tests:
            self.tests[key, side, value, beyond] = judge.reaches(start, side, value, beyond)
        return self.tests[key, side, value, beyond]

    def together(self, starts: list[Any], seat: int, floor: float, sign: int
                 ) -> dict[int, float | None]:
        """``seat``'s scores from the card play ``starts`` (by index; None: no card play) whose
        games differ in their scores alone, asked together (``ranks.first``) from the best
        score down to ``floor``: the best score one of them reaches (if at least as good as
        ``floor``) for those that reach it, exact and kept as the contract's value, None for
        the others; {} where they cannot be asked so."""
        at = [i for i, start in enumerate(starts) if start is not None]
        play = positions.play_of(starts[at[0]].rules) if len(at) > 1 else None
        if play is None:
            return {}
        sides = play.sides(starts[at[0]])
        side = next(i for i, each in enumerate(sides) if seat in each)
        games = [play.game(starts[i], sides[side]) for i in at]
        position = games[0].position(starts[at[0]])
        if any(g.position(starts[i]) != position for g, i in zip(games, at, strict=True)) \
                or not ranks.shareable(games):
            return {}
        taken = play.taken(starts[at[0]], sides[side])
        scores = [[self.hook.score(starts[i], seat, g.report(taken + r))
                   for r in range(g.bounds(position)[1] + 1)]
                  for g, i in zip(games, at, strict=True)]
        levels = _levels(scores, [g.bounds(position)[0] for g in games], floor, sign)
        found = ranks.first(games, position, [level for _, level in levels])
        if found is None:
            return {}
        out: dict[int, float | None] = dict.fromkeys(at)
        for k, rank in levels[found[0]][1] if found[0] >= 0 else []:
            if k in found[1]:
                out[at[k]] = levels[found[0]][0]
                key = self.hook.contract(starts[at[k]], seat)
                self.values.setdefault(key, {})[side] = games[k].report(taken + rank)
        return out


def _levels(scores: list[list[float]], lows: list[int], floor: float, sign: int
            ) -> list[tuple[float, list[tuple[int, int]]]]:
    """The scores at least as good as ``floor`` that some game reaches (``scores``: each
    game's by rank, its ranks from ``lows`` up), the best first, each with its questions: for
    each game that may reach it, the least rank that scores so."""
    good = {v for each, low in zip(scores, lows, strict=True) for v in each[low:]
            if sign * v >= sign * floor}
    out = []
    for level in sorted(good, key=lambda v: -sign * v):
        asks = [(k, next(r for r in range(low, len(each)) if sign * each[r] >= sign * level))
                for k, (each, low) in enumerate(zip(scores, lows, strict=True))
                if any(sign * v >= sign * level for v in each[low:])]
        out.append((level, asks))
    return out
