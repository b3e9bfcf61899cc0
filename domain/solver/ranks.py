"""Games that differ in their scores alone, valued together (issue 30): score ranks by tricks,
the same card play from the same position (one seat's contracts under different bids, say).
A game's question "a rank of at least r?" is the question "can the max side keep its final
trick count among the counts that score so?", a set of counts; the compiled core answers a list
of such sets in one walk of the tree (``_trick.Core.reach``: bit-parallel, a move searched for
the questions still open), level after level with one table, so the games share the nodes and
the table a search of each would repeat. The answers are exactly each game's own
(``tests/unit/test_solver_ranks.py`` checks them against the pure-Python search of each
game)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import native
from .trick_game import TrickGame

TABLE_BITS = 21  # entries of known answers: 64 to 96 MB for 13-card hands of 4
BATCH = 256  # questions a search (the core's limit)
PLAY = ("n", "team", "must_trump", "follow_suit", "trump", "points", "stock", "hand_size",
        "order")


def same_play(a: Any, b: Any) -> bool:
    """Whether two trick games differ in their scores at most."""
    return all(getattr(a, f) == getattr(b, f) for f in PLAY)


def shareable(games: Sequence[Any]) -> bool:
    """Whether the core can value these games together."""
    return bool(games) and all(
        native.native(g) and not g.additive and not g.stock and same_play(games[0], g)
        for g in games)


def at_least(game: TrickGame, rank: int) -> int:
    """The final trick counts (a mask) whose rank is at least ``rank``."""
    assert game.scores is not None
    return sum(1 << t for t, r in enumerate(game.scores) if r >= rank)


def first(games: Sequence[Any], position: Any, levels: Sequence[Sequence[tuple[int, int]]]
          ) -> tuple[int, set[int]] | None:
    """The first of ``levels`` (each a list of questions (game, rank): "is the game's value
    from ``position`` at least the rank?", the best level first) where some question is
    answered yes, and the games answered yes there ((-1, set()): none); None where the core
    cannot answer them together (``shareable``, or more sets than a search takes)."""
    if not shareable(games):
        return None
    asks: dict[int, int] = {}  # a set of counts -> its question
    at = [[asks.setdefault(at_least(games[g], r), len(asks)) for g, r in level]
          for level in levels]
    if not asks or len(asks) > BATCH:
        return (-1, set()) if not asks else None
    core = native.NativeSolver(games[0], 4).core  # its own table goes unused
    found, yes = core.reach(position, list(asks), at, TABLE_BITS)
    if found < 0:
        return -1, set()
    return found, {g for (g, _), q in zip(levels[found], at[found], strict=True) if q in yes}
