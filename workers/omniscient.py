"""``omniscient``, the arena's cheater (issue 30 item 4): the fair-play report's power is
measured against it. A share ``rate`` of its decisions it plays the perfect-information best
move, read by the solver from the real deal (every hand and the stock: the arena has them, a
seat over HTTP never does, so it is no bot a match can name); else it plays like ``search``.

It cheats only where the solver settles the position quickly (``cards``: at most that many
cards left in the hands and the stock), which is where the fair-play report looks; before
that it is an honest ``search`` player.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from domain.bots.search import search_bot
from domain.solver import fairplay, positions

NAME = "omniscient"
CHEAT_RATE = 0.25
CARDS = 24

Player = Callable[[dict[str, Any], Any], dict[str, Any]]


def cheats_here(state: Any, seat: int, cards: int) -> bool:
    return (state is not None and state.turn == seat and positions.in_card_play(state)
            and positions.supports(state) and fairplay.left(state) <= cards)


def perfect_move(state: Any, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A perfect-information best move of ``seat`` among ``legal`` (None: no card to play)."""
    judged = [m for m in fairplay.judged_moves(state, seat) if m in legal]
    if not judged:
        return None
    values = positions.Judge(state).move_values(state, seat, judged)
    best = max(v for _, v in values)
    return next(dict(m) for m, v in values if v == best)


def omniscient_player(seed: int, rate: float = CHEAT_RATE, budget_ms: float | None = None,
                      cards: int = CARDS) -> Player:
    """The cheater: ``deal.state`` is the real deal's state (``arena.DealSoFar``);
    ``budget_ms``: the honest search's wall time a move, as the arena gives ``search``. Its
    honest moves are the search bot's with the ending played out (``solve=False``), the bot
    the fair-play rates were measured on (docs/BOTS.md, issue 30 item 5)."""
    rng = random.Random(seed)

    def play(view: dict[str, Any], deal: Any) -> dict[str, Any]:
        state, seat = getattr(deal, "state", None), view["seat"]
        if rng.random() < rate and cheats_here(state, seat, cards):
            move = perfect_move(state, seat, view["legal_moves"])
            if move is not None:
                return move
        if budget_ms:
            end = time.perf_counter() + budget_ms / 1000
            return search_bot(view, rng, stop=lambda: time.perf_counter() >= end, solve=False)
        return search_bot(view, rng, solve=False)  # as when the fair-play rates were measured

    return play
