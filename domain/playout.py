"""Fast random playouts: the rest of a deal's card play on mutable lists, for the search bot's
Monte Carlo and for benchmarks.

The reducers are the referee; a playout is their sprint. Each family that has one (its
``playout`` hook: one for the capture games, ``domain/trickplay.py`` for the trick games)
plays by the same engines and rule data, but keeps hands, table and takings in plain lists
instead of building a frozen state and an event per card: a random deal of a trick game costs
about a tenth of the time. It hands back the state the reducers would reach at scoring, so the
family's own ``settle`` scores it. Where a rule needs more than playing cards (burning, the one
pass, an auction) it declines with None and callers use the reducers.
``tests/unit/test_playout.py`` replays every playout through the reducers and checks the legal
moves and the result agree.
"""

from __future__ import annotations

import random
from typing import Any

from .family import Record
from .registry import family_of


def play_out(state: Any, rng: random.Random, record: Record | None = None) -> Any | None:
    """The state at scoring after random legal play from ``state``, or None where the family
    has no playout or it does not apply. ``record`` collects each move with the legal moves it
    was drawn from."""
    kernel = family_of(state.rules).playout
    return kernel(state, rng, record) if kernel is not None else None
