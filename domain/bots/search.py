"""A determinized Monte Carlo player: sample the hidden cards consistently with what the seat
knows (the family's ``resample`` hook), try each legal move in every sample, play the rest of
the deal out, and keep the move with the best average outcome. A family without ``resample`` is
played by the heuristic bot instead. Pure: the budget is a number of playouts, or ``stop``, a
callable the adapter hands in (it reads the clock; the domain may not) that says when time is
up: it is asked before every playout. Once few enough cards are left (the family's
``search_solve_cards``), every sample is solved exactly instead (``pimc``: perfect-information
values averaged over the samples), with or without a clock."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .. import game, playout
from ..errors import DomainError
from ..messages import Command, Move
from ..registry import family_of, rules_for
from . import endgame, pimc
from .heuristic import heuristic_bot

PLAYOUTS = 320       # per move decided: about 40 ms on one core of this machine
MIN_SAMPLES = 4
SOLVE_PLAYOUTS = 4   # a solved sample counts as this many playouts against ``playouts``
PLAYOUT_LIMIT = 400


def search_bot(view: dict[str, Any], rng: random.Random, playouts: int = PLAYOUTS,
               stop: Callable[[], bool] | None = None, solve: bool = True) -> dict[str, Any]:
    """``solve``: whether the ending is solved on the samples (``pimc``); the fair-play
    reference plays it out, as when its rates were measured."""
    legal = view["legal_moves"]
    if len(legal) == 1:
        return dict(legal[0])
    samples = max(MIN_SAMPLES, playouts // len(legal))
    rules = rules_for(view["ruleset"], view["players"], view.get("options"))
    family = family_of(rules)
    determinize = family.resample
    if determinize is None:
        return heuristic_bot(view, rng)
    special = family.search_decision  # a bid, a trump, a call: the family's own search
    chosen = special(view, rules, rng, playouts, stop) if special is not None else None
    if chosen is not None and chosen in legal:
        return dict(chosen)
    me = view["seat"]
    pick = _solved(view, rules, rng, playouts, stop) if solve else None
    if pick is not None:
        return dict(legal[pick])
    totals, counts = [0.0] * len(legal), [0] * len(legal)
    for sample in range(samples if stop is None else 10 ** 9):
        if stop is not None and sample and stop():
            break
        try:
            state = determinize(view, rules, rng)
        except ValueError:
            continue
        for i, move in enumerate(legal):
            if stop is not None and (sample or i) and stop():
                break
            totals[i] += _playout(family, state, me, move, rng, stop)
            counts[i] += 1
        else:
            continue
        break
    tried = [i for i in range(len(legal)) if counts[i]] or [0]  # time may end a first round
    best = max(tried, key=lambda i: (totals[i] / counts[i] if counts[i] else 0.0, -i))
    return dict(legal[best])


def _solved(view: dict[str, Any], rules: Any, rng: random.Random, playouts: int,
            stop: Callable[[], bool] | None) -> int | None:
    """With few cards left, each sample solved exactly (``pimc``): the legal move's index."""
    if not pimc.solve_cards(rules):
        return None
    determinize = family_of(rules).resample
    assert determinize is not None
    return pimc.decide(view["legal_moves"], view["seat"], lambda: determinize(view, rules, rng),
                       max(MIN_SAMPLES, playouts // SOLVE_PLAYOUTS), stop)


def _playout(family: Any, state: Any, me: int, move: dict[str, Any],
             rng: random.Random, stop: Callable[[], bool] | None = None) -> float:
    """Play ``move``, then random legal moves to the end: by the fast kernel once the deal is
    down to card play it handles, by the reducers before (an auction) or where it declines.
    With a time budget (``stop``), once few cards are left the rest is solved exactly
    (``endgame``; a solve costs tens of playouts, so a playout count alone never asks it)."""
    try:
        state = _apply(family, state, me, move)
        if stop is not None and endgame.applies(state):
            solved = endgame.solve(state, me, _value, stop)
            if solved is not None:
                return solved
        for _ in range(PLAYOUT_LIMIT):
            if state.phase == "over" or state.turn is None:
                break
            fast = playout.play_out(state, rng)
            if fast is not None:
                state = game.settling(fast, None)[1]
                break
            state = _apply(family, state, state.turn, rng.choice(
                family.legal_moves(state, state.turn)))
    except (DomainError, ValueError, KeyError):
        return 0.0
    return _value(state, me)


def _apply(family: Any, state: Any, seat: int, move: dict[str, Any]) -> Any:
    return game.step(state, Command(seat, Move.from_dict(move)))[1]


def _value(state: Any, me: int) -> float:
    """The seat's share of the deal: what it is worth in the match, then its card points."""
    if state.result is None:
        return 0.0
    result = state.result
    side = next(i for i, seats in enumerate(result["sides"]) if me in seats)
    if len(state.rules.sides) == len(result["score"]["match_points"]):
        mine_match = state.rules.side_of(me)
    else:
        mine_match = me
    match = result["score"]["match_points"]
    others = max((m for i, m in enumerate(match) if i != mine_match), default=0)
    points = result["points"]
    total = sum(points) or 1
    return float(match[mine_match] - others) + float(points[side]) / total
