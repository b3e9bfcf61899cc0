"""The solver's engine: exact minimax values by zero-window tests (MTD(f)-like, as DDS does for
tricks), alpha-beta in its boolean form, with a transposition table of bounds and the best move
of each position tried first.

A game is an object with six functions over its own immutable positions (``Game``); the engine
knows nothing of cards. Values are integers: the max side's *future* value from a position
(what it still takes), so that one table entry serves a position however it was reached; what
a move takes on its way is its ``gain``. ``test(s, target)`` answers "is the future value at
least ``target``?" and records what it learned as bounds; ``value`` narrows the bounds by
such tests, by steps of the game's ``step`` (points may all come in tens, say).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol

Position = Any
Entry = list[Any]  # [lower bound, upper bound, best move or None]


class Game(Protocol):
    step: int

    def moves(self, s: Position) -> list[Any]: ...  # merged and ordered, never empty unless over
    def play(self, s: Position, move: Any) -> tuple[int, Position]: ...  # (gain, child)
    def maximizing(self, s: Position) -> bool: ...
    def bounds(self, s: Position) -> tuple[int, int]: ...  # the future value's range; equal
    # when the position is over
    def key(self, s: Position) -> Hashable | None: ...  # None: not worth a table entry


class Solver:
    """One game's searches, sharing a table: positions later in the same deal reuse it."""

    def __init__(self, game: Game, table_limit: int = 2_000_000) -> None:
        self.game: Any = game  # the game's own functions too (``position``) for its callers
        self.table: dict[Hashable, Entry] = {}
        self.nodes, self.limit = 0, table_limit

    def test(self, s: Position, target: int) -> int:
        """A bound on the max side's future value from ``s`` that settles "at least
        ``target``?": a result ``g >= target`` means the value is at least ``g``, one below it
        that the value is at most ``g`` (fail-soft, so the table and ``value`` learn more
        than the answer)."""
        game = self.game
        lo: int
        hi: int
        lo, hi = game.bounds(s)
        if target <= lo:
            return lo
        if target > hi:
            return hi
        self.nodes += 1
        key = game.key(s)
        entry = self.table.get(key) if key is not None else None
        if entry is not None:
            if target <= entry[0]:
                return int(entry[0])
            if target > entry[1]:
                return int(entry[1])
            lo, hi = max(lo, entry[0]), min(hi, entry[1])
        maxi = game.maximizing(s)
        moves = game.moves(s)
        if entry is not None and entry[2] is not None and entry[2] in moves:
            moves.remove(entry[2])
            moves.insert(0, entry[2])
        result, best = self._children(s, moves, target, maxi)
        result = min(max(result, lo), hi)
        if key is not None:
            self._store(key, entry, target, result, best, lo, hi)
        return int(result)

    def _children(self, s: Position, moves: list[Any], target: int, maxi: bool
                  ) -> tuple[int, Any]:
        """The node's bound from its children, and the move that settled it (None: none)."""
        game, test = self.game, self.test
        bound = None
        for move in moves:
            gain, child = game.play(s, move)
            g = gain + test(child, target - gain)
            if (g >= target) == maxi:
                return g, move
            if bound is None or (g > bound if maxi else g < bound):
                bound = g
        assert bound is not None, "a position that is not over has a move"
        return bound, None

    def _store(self, key: Hashable, entry: Entry | None, target: int, result: int,
               best: Any, lo: int, hi: int) -> None:
        if entry is None:
            if len(self.table) >= self.limit:
                self.table.clear()
            entry = self.table[key] = [lo, hi, None]
        if result >= target:
            entry[0] = max(entry[0], result)
        else:
            entry[1] = min(entry[1], result)
        if best is not None:
            entry[2] = best

    def value(self, s: Position, guess: int | None = None) -> int:
        """The exact future value of ``s``: a zero-window test at ``guess`` and one beside it
        (where a good guess ends it), then halving what is left. Values lie on the grid of the
        game's ``step``."""
        game, step = self.game, self.game.step
        lo, hi = game.bounds(s)
        key = game.key(s)
        entry = self.table.get(key) if key is not None else None
        if entry is not None:
            lo, hi = max(lo, entry[0]), min(hi, entry[1])
        lo, hi = -(-lo // step) * step, (hi // step) * step
        target = lo + step if guess is None else guess
        tests = 0
        while lo < hi:
            if tests >= 2:
                target = lo + max(1, (hi - lo) // (2 * step)) * step
            target = min(max(target, lo + step), hi)
            target -= (target - lo) % step
            tests += 1
            g = self.test(s, target)
            if g >= target:
                lo, target = -(-g // step) * step, g + step
            else:
                hi, target = (g // step) * step, g
        return int(lo)

    def move_values(self, s: Position, guess: int | None = None) -> list[tuple[Any, int]]:
        """Each (merged) move of ``s`` with the max side's future value after playing it,
        gains included."""
        out = []
        for move in self.game.moves(s):
            gain, child = self.game.play(s, move)
            out.append((move, gain + self.value(child, None if guess is None else guess - gain)))
        return out
