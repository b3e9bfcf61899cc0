"""From a deal's state (the reducers') to the solver's game and position, through the family's
``solver`` hook (``domain/family.py``), which says which deals the solver plays, the sides of
their card play, the game to search and the points taken.

``Judge`` holds one deal's games: for two sides one game where side 0 maximizes (the other
side's value is the deal's total minus it, where the game's values are shared points), for more
(each for themselves) one game per seat where that seat's side maximizes and everyone else
plays against it (paranoid). Each game keeps its table for the whole deal: later positions are
subtrees of earlier ones.
"""

from __future__ import annotations

from typing import Any

from ..family import CARD_PLAY, PerfectPlay, SolverGame
from ..registry import family_of
from .native import AnySolver, solver_for

MoveValues = list[tuple[dict[str, Any], float]]
Verdict = tuple[float, float, list[dict[str, Any]]]  # the move's value, the best, best moves


def play_of(rules: Any) -> PerfectPlay[Any] | None:
    """The family's side of the solver for ``rules``; None where the solver does not play
    them (the family has no hook, or its card play is not all these rules decide by)."""
    hook = getattr(family_of(rules), "solver", None)
    return hook(rules) if hook is not None else None


def supports(state: Any) -> bool:
    """Whether the solver plays this deal's card play."""
    return supports_rules(state.rules)


def supports_rules(rules: Any) -> bool:
    return play_of(rules) is not None


def sides_of(state: Any) -> list[list[int]]:
    """The sides of the card play, as the family forms them (in an auction, say)."""
    play = play_of(state.rules)
    if play is None:
        return [list(side) for side in state.rules.sides]
    return play.sides(state)


def in_card_play(state: Any) -> bool:
    """Whether the seat to move plays a card (the family's ``decision``)."""
    return family_of(state.rules).decision(state) in CARD_PLAY


class Judge:
    """The values of a deal's moves for the seat to move, in its side's own points (or score,
    where the family's game reports one), under perfect play from there with every card known.
    Raises ValueError for a deal the solver does not play."""

    def __init__(self, state: Any, small: bool = False) -> None:
        play = play_of(state.rules)
        if play is None:
            raise ValueError("the solver does not play these rules")
        self.play, self.rules, self.sides = play, state.rules, play.sides(state)
        self.two, self.small = len(self.sides) == 2, small  # small: tables for small endings
        self.solvers: dict[int, AnySolver] = {}
        self.total: int | None = None
        self.last: dict[int, int] = {}  # a side's last value found (its total, raw)

    @property
    def nodes(self) -> int:
        return sum(s.nodes for s in self.solvers.values())

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def _solver(self, side: int, state: Any) -> AnySolver:
        side = 0 if self.two else side
        solver = self.solvers.get(side)
        if solver is None:
            game = self.play.game(state, self.sides[side])
            solver = self.solvers[side] = solver_for(game, self.small)
        return solver

    def move_values(self, state: Any, seat: int, legal: list[dict[str, Any]],
                    guess: tuple[int, float] | None = None) -> MoveValues:
        """Each of ``legal`` (the reducers' moves for ``seat``) with its value for ``seat``'s
        side: what the side takes in the whole deal if the move is played and then everyone
        plays perfectly. ``guess``: a seat and a value its side likely has here (the move
        before's), where the search starts."""
        side = self.side_of(seat)
        solver, position, taken = self._setup(state, side)
        values = dict(solver.move_values(position, self._hint(solver, taken, guess)))
        move_of = solver.game.mover(position)
        return [(m, self._report(solver, side, taken + values[move_of(m)])) for m in legal]

    def decide(self, state: Any, seat: int, legal: list[dict[str, Any]],
               played: dict[str, Any], guess: tuple[int, float] | None = None) -> Verdict:
        """What a decision's analysis needs, as ``move_values`` would give it: the value of
        ``played`` (one of ``legal``) for ``seat``'s side, the best value and the best of
        ``legal``; with fewer searches: the position's value is the guess where that is exact
        (the move before's value, two sides), and each move is only tested against it, the
        played one alone valued if it falls short."""
        side = self.side_of(seat)
        solver, position, taken = self._setup(state, side)
        if not hasattr(solver, "test"):  # a family's own compiled search: every move valued
            values = self.move_values(state, seat, legal, guess)
            best = max(v for _, v in values)
            return (next(v for m, v in values if m == played), best,
                    [m for m, v in values if v == best])
        hint = self._hint(solver, taken, guess)
        if hint is None and side in self.last:
            hint = self.last[side] - taken
        best, raws = _judge(solver, position, hint)
        move_of = solver.game.mover(position)
        mine = raws[move_of(played)]
        if mine != best:
            mine = _settle(solver, position, move_of(played), mine)
        self.last[side] = taken + mine
        return (self._report(solver, side, taken + mine), self._report(solver, side, taken + best),
                [m for m in legal if raws[move_of(m)] == best])

    def value(self, state: Any, side: int) -> float:
        """The side's value of the position itself (kept as the side's next guess)."""
        solver, position, taken = self._setup(state, side)
        self.last[side] = taken + solver.value(position)
        return self._report(solver, side, self.last[side])

    def reaches(self, state: Any, side: int, target: float, beyond: bool = False) -> bool:
        """Whether the side's value of the position is at least ``target`` (``beyond``: more),
        by one zero-window test (where values are ranks, of the least rank reported so)."""
        solver, position, taken = self._setup(state, side)
        game = solver.game
        if not game.additive:
            low, high = game.bounds(position)
            ranks = [r for r in range(low, high + 1) if game.report(taken + r) > target
                     or (not beyond and game.report(taken + r) == target)]
            return bool(ranks) and bool(solver.test(position, ranks[0]) >= ranks[0])
        points = int(target) + (1 if beyond else 0)
        if self.two and side == 1:  # the max side's at most the total less the target
            above = (self.total or 0) - points - taken + 1
            return bool(solver.test(position, above) < above)
        return bool(solver.test(position, points - taken) >= points - taken)

    def _setup(self, state: Any, side: int) -> tuple[AnySolver, Any, int]:
        solver = self._solver(side, state)
        position = solver.game.position(state)
        taken = self.play.taken(state, self.sides[0 if self.two else side])
        if self.two and self.total is None:
            self.total = (taken + self.play.taken(state, self.sides[1])
                          + solver.game.bounds(position)[1])
        return solver, position, taken

    def _hint(self, solver: AnySolver, taken: int, guess: tuple[int, float] | None
              ) -> int | None:
        """The guess as the future value of the side the solver maximizes (two sides only)."""
        if guess is None or not self.two:
            return None
        seat, value = guess
        mine = (self.total or 0) - value if self.side_of(seat) == 1 else value
        return int(mine) - taken

    def _report(self, solver: AnySolver, side: int, raw: int) -> float:
        game: SolverGame[Any] = solver.game
        if not game.additive:
            return game.report(raw)
        return (self.total or 0) - raw if self.two and side == 1 else raw


def _judge(solver: Any, s: Any, hint: int | None) -> tuple[int, dict[Any, int]]:
    """The value of ``s`` and its moves: the best ones with that value, the others with an
    upper bound below it (a lower bound above it where the min side moves), found by one
    zero-window test each at the value. ``hint``: the value if known (checked: a best move
    must reach it and none pass it, else the value is searched)."""
    game = solver.game
    children = [(m, *game.play(s, m)) for m in game.moves(s)]
    if hint is not None:
        out = _classify(solver, game.maximizing(s), children, hint, check=True)
        if out is not None:
            return hint, out
    v = int(solver.value(s, hint))
    out = _classify(solver, game.maximizing(s), children, v, check=False)
    assert out is not None
    return v, out


def _classify(solver: Any, maxi: bool, children: list[tuple[Any, int, Any]], v: int,
              check: bool) -> dict[Any, int] | None:
    """Each move with ``v`` if it is a best move at the position's value ``v``, else its
    test's bound; ``check``: ``v`` is only a guess, None if it is not the value."""
    out: dict[Any, int] = {}
    for m, gain, child in children:  # a best move: at least v (max), at most v (min)
        g = gain + solver.test(child, v - gain + (0 if maxi else 1))
        best = g >= v if maxi else g <= v
        if best and check:  # and no move passes it
            beyond = gain + solver.test(child, v - gain + (1 if maxi else 0))
            if (beyond > v) if maxi else (beyond < v):
                return None
        out[m] = v if best else g
    return out if not check or v in out.values() else None


def _settle(solver: Any, s: Any, move: Any, bound: int) -> int:
    """The exact value after ``move`` from the bound its test found."""
    gain, child = solver.game.play(s, move)
    return int(gain + solver.value(child, bound - gain))
