"""A perfect-information endgame solver for the search bot: once few cards are left (none in
the stock), a sampled deal is solved exactly instead of played out at random.

Alpha-beta over the rest of the deal with a transposition table, played by the family's own
reducers (``game.step``, through the registry, so it knows every family and every rule, with
no second implementation). The seat's side maximizes its value and every other
seat minimizes it (paranoid, where each plays for itself). Table talk is left out: words do not
move cards. Pure: ``stop`` is the adapter's clock, asked every few nodes; when it says time is
up the solve is abandoned (``None``) and the caller falls back to a random playout.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from .. import game
from ..messages import Command, Move
from ..registry import family_of

CARDS_PER_SEAT = 2        # solve when the hands hold at most this many cards per seat
CHECK_EVERY = 32          # nodes between two looks at the clock
EXACT, LOWER, UPPER = 0, 1, 2
Value = Callable[[Any, int], float]


class _OutOfTime(Exception):
    pass


@dataclass
class _Search:
    family: Any
    me: int
    value: Value
    stop: Callable[[], bool] | None
    table: dict[Any, tuple[float, int]] = field(default_factory=dict)
    nodes: int = 0


def applies(state: Any) -> bool:
    """Card play with every card left in the hands (none to draw) and at most
    ``CARDS_PER_SEAT`` cards a seat: the family's ``endgame`` hook says how many cards are left
    once only card play is left (a family without it is never solved here)."""
    hook = family_of(state.rules).endgame
    left = hook(state) if hook is not None else None
    in_hands = sum(len(h) for h in state.hands)
    return left is not None and left == in_hands <= CARDS_PER_SEAT * state.rules.players


def solve(state: Any, me: int, value: Value, stop: Callable[[], bool] | None = None
          ) -> float | None:
    """``value(final state, me)`` under best play from ``state``, or None if time ran out."""
    search = _Search(family_of(state.rules), me, value, stop)
    try:
        return _alphabeta(search, state, float("-inf"), float("inf"))
    except _OutOfTime:
        return None


_NAMES: dict[type, tuple[str, ...]] = {}


def _key(state: Any) -> Any:
    """Everything that decides the rest of the deal (not the rules, the seed, the result)."""
    names = _NAMES.get(type(state))
    if names is None:
        names = _NAMES[type(state)] = tuple(
            f.name for f in fields(state) if f.name not in ("rules", "commitment", "result"))
    key = tuple(getattr(state, n) for n in names)
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _alphabeta(search: _Search, state: Any, alpha: float, beta: float) -> float:
    if state.phase == "over" or state.turn is None:
        return search.value(state, search.me)
    search.nodes += 1
    if search.stop is not None and search.nodes % CHECK_EVERY == 0 and search.stop():
        raise _OutOfTime
    key = _key(state)
    hit = search.table.get(key) if key is not None else None
    if hit is not None:
        stored, flag = hit
        if flag == EXACT or (flag == LOWER and stored >= beta) or (
                flag == UPPER and stored <= alpha):
            return stored
    rules, seat = state.rules, state.turn
    maximize = rules.side_of(seat) == rules.side_of(search.me)
    start_alpha, start_beta = alpha, beta
    best = float("-inf") if maximize else float("inf")
    for move in search.family.legal_moves(state, seat):
        if move["type"] == "hint":
            continue
        child = game.step(state, Command(seat, Move.from_dict(move)))[1]
        score = _alphabeta(search, child, alpha, beta)
        if maximize:
            best, alpha = max(best, score), max(alpha, score)
        else:
            best, beta = min(best, score), min(beta, score)
        if alpha >= beta:
            break
    if key is not None:
        flag = UPPER if best <= start_alpha else LOWER if best >= start_beta else EXACT
        search.table[key] = (best, flag)
    return best
