"""Games that differ in their scores alone, valued together (issue 30): score ranks by tricks,
the same card play from the same position (one seat's contracts under different bids, say).
A game's question "a rank of at least r?" is the question "can the max side keep its final
trick count among the counts that score so?", a set of counts; the compiled core answers a list
of such sets in one walk of the tree (``_trick.Core.reach``: bit-parallel, a move searched for
the questions still open), so the games share the nodes and the table a search of each would
repeat. The values are exactly each game's own (``tests/unit/test_solver_ranks.py`` checks them
against the pure-Python search of each game)."""

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


def values(games: Sequence[Any], position: Any, floors: Sequence[int]
           ) -> list[int | None] | None:
    """Each game's value (rank) from ``position`` where it is at least its floor, else None;
    None where the core cannot value them together (``shareable``)."""
    if not shareable(games):
        return None
    asks: dict[int, int] = {}  # a set of counts -> its question
    ranges = [game.bounds(position) for game in games]
    for game, (lo, hi), floor in zip(games, ranges, floors, strict=True):
        for r in range(max(floor, lo + 1), hi + 1):
            asks.setdefault(at_least(game, r), len(asks))
    sets, yes = list(asks), 0
    if sets:
        core = native.NativeSolver(games[0], 4).core  # its own table goes unused
        for at in range(0, len(sets), BATCH):
            yes |= core.reach(position, sets[at:at + BATCH], TABLE_BITS) << at
    out: list[int | None] = []
    for game, (lo, hi), floor in zip(games, ranges, floors, strict=True):
        found = [r for r in range(max(floor, lo + 1), hi + 1)
                 if yes >> asks[at_least(game, r)] & 1]
        out.append(max(found) if found else lo if floor <= lo else None)
    return out
