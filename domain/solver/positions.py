"""From a deal's state (the reducers') to the solver's game and position, for each family.

``Judge`` holds one deal's games: for two sides one game where side 0 maximizes (the other
side's value is the deal's total minus it), for more (three each for themselves, whist) one
game per seat where that seat's side maximizes and everyone else plays against it (paranoid).
Each game keeps its table for the whole deal: later positions are subtrees of earlier ones.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..sedma import points as sedma_points
from ..sedma.rules import SedmaRules
from ..sueca import core as sueca_core
from ..sueca.italiana import ItalianaState
from ..sueca.rules import POINTS, ItalianaRules, SuecaRules
from ..whist.rules import LOW_WINS, WhistRules
from . import capture_game
from .search import Solver
from .trick_game import TrickGame, bit_of

MoveValues = list[tuple[dict[str, Any], float]]


def supports(state: Any) -> bool:
    """Whether the solver plays this deal's card play (not a burning Sedma, say)."""
    return supports_rules(state.rules)


def supports_rules(rules: Any) -> bool:
    return (isinstance(rules, (SuecaRules, ItalianaRules, WhistRules))
            or capture_game.supports(rules))


def sides_of(state: Any) -> list[list[int]]:
    """The sides of the card play: Italiana's bidder and partner against the rest."""
    if isinstance(state, ItalianaState) and state.bidder is not None:
        team = [state.bidder] + ([state.partner] if state.partner is not None else [])
        return [team, [s for s in range(state.rules.players) if s not in team]]
    return [list(side) for side in state.rules.sides]


def in_card_play(state: Any) -> bool:
    return state.phase in ("play", "decide") and state.turn is not None


class Judge:
    """The values of a deal's moves for the seat to move, in its side's own points (whist: its
    score), under perfect play from there with every card known."""

    def __init__(self, state: Any) -> None:
        self.rules, self.sides = state.rules, sides_of(state)
        self.two = len(self.sides) == 2
        self.solvers: dict[int, Solver] = {}
        self.total: int | None = None

    @property
    def nodes(self) -> int:
        return sum(s.nodes for s in self.solvers.values())

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def _solver(self, side: int, state: Any) -> Solver:
        side = 0 if self.two else side
        solver = self.solvers.get(side)
        if solver is None:
            solver = self.solvers[side] = Solver(_game(state, self.sides[side]))
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
        move_of = _mover(solver.game, position)
        return [(m, self._report(solver, side, taken + values[move_of(m)])) for m in legal]

    def value(self, state: Any, side: int) -> float:
        """The side's value of the position itself."""
        solver, position, taken = self._setup(state, side)
        return self._report(solver, side, taken + solver.value(position))

    def _setup(self, state: Any, side: int) -> tuple[Solver, Any, int]:
        solver = self._solver(side, state)
        position = solver.game.position(state)
        taken = _taken(state, self.sides[0 if self.two else side])
        if self.two and self.total is None:
            self.total = (taken + _taken(state, self.sides[1])
                          + solver.game.bounds(position)[1])
        return solver, position, taken

    def _hint(self, solver: Solver, taken: int, guess: tuple[int, float] | None
              ) -> int | None:
        """The guess as the future value of the side the solver maximizes (two sides only)."""
        if guess is None or not self.two:
            return None
        seat, value = guess
        mine = (self.total or 0) - value if self.side_of(seat) == 1 else value
        return int(mine) - taken

    def _report(self, solver: Solver, side: int, raw: int) -> float:
        if isinstance(solver.game, _Whist):
            return solver.game.report(raw)
        return (self.total or 0) - raw if self.two and side == 1 else raw


def _taken(state: Any, seats: list[int]) -> int:
    rules = state.rules
    if isinstance(rules, SedmaRules):
        points = sedma_points.side_points(rules.scoring, state.won, None, rules.players)[0]
        return points[rules.side_of(seats[0])]
    if isinstance(rules, WhistRules):
        return 0
    return sueca_core.card_points(state, seats)


class _Trick(TrickGame):
    def position(self, state: Any) -> Any:  # type: ignore[override]
        return super().position(state.hands, state.trick, state.turn,
                                getattr(self, "_taken_of", lambda s: 0)(state))


class _Whist(_Trick):
    """Whist: the seat's score for its bid, searched as its rank among the reachable ones."""

    def __init__(self, state: Any, me: int) -> None:
        rules: WhistRules = state.rules
        bid = state.bids[me] or 0
        raw = [rules.player_score(bid, t, state.cards, state.trump)
               for t in range(state.cards + 1)]
        better = sorted(set(raw), reverse=rules.options["scoring"] in LOW_WINS)
        self.ranks_to_score: list[Fraction] = better
        super().__init__(rules.order, {}, state.trump, rules.players,
                         [s == me for s in range(rules.players)], True,
                         [better.index(v) for v in raw])
        self._taken_of = lambda s: s.tricks_won[me]

    def report(self, rank: int) -> float:
        value = self.ranks_to_score[rank]
        return int(value) if value.denominator == 1 else float(value)


def _game(state: Any, seats: list[int]) -> Any:
    rules = state.rules
    if isinstance(rules, SedmaRules):
        return capture_game.CaptureGame(rules, [s in seats for s in range(rules.players)])
    if isinstance(rules, WhistRules):
        return _Whist(state, seats[0])
    return _Trick(rules.order, POINTS, state.trump, rules.players,
                  [s in seats for s in range(rules.players)], False)


def _mover(game: Any, position: Any) -> Callable[[dict[str, Any]], Any]:
    """A reducers' move to the solver's: a card to its token (Sedma) or to the first card of
    its class of equals (tricks); a stop to ``STOP``."""
    if isinstance(game, capture_game.CaptureGame):
        return lambda m: capture_game.STOP if m["type"] == "stop" else game.token[m["card"]]
    rep = {b: group[0] for group in game.groups(position) for b in group}
    return lambda m: rep[bit_of(m["card"], game.order)]
