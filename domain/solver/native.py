"""The compiled core of the solver for the generic trick game (``_trick.c``, issue 30): the
same game as ``TrickGame`` and the same search as ``Solver`` (zero-window tests on a table of
bounds keyed by relative rank at a trick's start, best move first, equal cards merged), with
quick-trick bounds on top, 30 to 55 times faster on the same positions. ``solver_for`` gives it
for a ``TrickGame`` whose engine functions are the generic ones, where the extension is built,
and the pure-Python ``Solver`` otherwise (a capture game, a checkout without a C compiler, or
``ENABLED`` set false: the bench's ``--pure``). The pure-Python path stays the reference:
``tests/unit/test_solver_native.py`` checks that both agree."""

from __future__ import annotations

from typing import Any

from .search import Game, Position, Solver
from .trick_game import TrickGame

try:
    from . import _trick
except ImportError:  # pragma: no cover - a checkout without the built extension
    _trick = None  # type: ignore[assignment]

GENERIC: Any = _trick  # the build for any CPU: the reference the other is tested against


def _fastest() -> Any:
    """The build for this CPU: ``_trick_v3`` (the same source with the hardware's popcount and
    pext) where the CPU has what it is compiled for, else the generic one."""
    if _trick is None or not _trick.fits_v3():
        return _trick
    try:
        from . import _trick_v3
    except ImportError:  # pragma: no cover - built before the second build existed
        return _trick
    return _trick_v3


CORE: Any = _fastest()

# The functions the C core replaces: a subclass that overrides one of them is searched in Python.
ENGINE = ("maximizing", "key", "bounds", "legal", "groups", "moves", "play", "_winner",
          "_draw", "_orderer")
TABLE_BITS = 22  # 2^22 entries of bounds: 96 MB (40 cards, 4 seats) to 128 MB (52 cards, 4 seats)
SMALL_TABLE_BITS = 16  # for small endings (the search bot's samples): 2^22 entries cost more to
# zero than such an ending costs to solve
ENABLED = True  # False: every game searched in Python


def available() -> bool:
    return _trick is not None and ENABLED


def native(game: Any) -> bool:
    """Whether the compiled core plays ``game`` exactly as the Python one would."""
    return (available() and isinstance(game, TrickGame)
            and all(getattr(type(game), f) is getattr(TrickGame, f) for f in ENGINE))


class NativeSolver:
    """``Solver``'s interface (``game``, ``nodes``, ``test``, ``value``, ``move_values``) on
    the compiled core; moves are the representative card bits ``TrickGame.moves`` gives.
    ``ranked``: where the game counts tricks with no stock, table entries also keep only the
    ranks that mattered (DDS's winning ranks); False: exact entries only (for comparison).
    ``build``: the core's build (``GENERIC``; default ``CORE``); ``first_bits``: the table's
    first size, 2^16 entries unless said (it doubles when half full, up to ``table_bits``)."""

    def __init__(self, game: TrickGame, table_bits: int = TABLE_BITS, ranked: bool = True,
                 build: Any = None, first_bits: int | None = None) -> None:
        assert CORE is not None
        self.game: Any = game
        self.core: _trick.Core = (build or CORE).Core(
            players=game.n, team=[int(t) for t in game.team], points=list(game.points),
            trump=game.trump, must_trump=game.must_trump, follow_suit=game.follow_suit,
            stock=list(game.stock), hand_size=game.hand_size,
            scores=None if game.scores is None else list(game.scores), step=game.step,
            ranks=max(game.order.values()) + 1, table_bits=table_bits, ranked=ranked,
            **({} if first_bits is None else {"first_bits": first_bits}))

    @property
    def nodes(self) -> int:
        return self.core.nodes

    def test(self, s: Position, target: int) -> int:
        return self.core.test(s, target)

    def value(self, s: Position, guess: int | None = None) -> int:
        return self.core.value(s, guess)

    def move_values(self, s: Position, guess: int | None = None) -> list[tuple[Any, int]]:
        return self.core.move_values(s, guess)


AnySolver = Solver | NativeSolver


def solver_for(game: Game, small: bool = False) -> AnySolver:
    """The game's own compiled search if it has one (``compiled_solver``: a family's own game,
    such as a capture game), the compiled core for a generic trick game where it is built,
    else the Python search. ``small``: a small table, for a small ending."""
    make = getattr(game, "compiled_solver", None)
    compiled = make(small) if make is not None else None
    if compiled is not None:
        return compiled  # type: ignore[no-any-return]
    if native(game):
        return NativeSolver(game, SMALL_TABLE_BITS if small else TABLE_BITS)  # type: ignore[arg-type]
    return Solver(game)

