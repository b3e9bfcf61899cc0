"""Built-in players: pure functions of one seat's view (never of the hidden state) and of a
seeded generator handed in. ``random`` plays any legal move; ``heuristic`` plays rules of thumb
per family; ``search`` samples the hidden cards and plays each move out (Monte Carlo)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .heuristic import heuristic_bot
from .search import search_bot

Bot = Callable[[dict[str, Any], random.Random], dict[str, Any]]


def random_bot(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Any legal move, chosen by the seeded generator it is handed."""
    return dict(rng.choice(view["legal_moves"]))


BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": heuristic_bot, "search": search_bot}
