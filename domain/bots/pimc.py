"""Perfect-information Monte Carlo for the search bot's ending (issue 30 item 5): once few
enough cards are left, each sampled deal is solved exactly by the perfect-information solver
(``domain/solver``: the compiled cores through ``Judge``) instead of played out at random, and
every legal move gets its value under perfect play averaged over the samples.

How few is the family's ``search_solve_cards`` (the cards still to play, hands and stock, all
seats, as its ``endgame`` hook counts them; by preset and player count), chosen by measurement
where the bot got no weaker and a move stays well inside its budget (docs/BOTS.md, issue 30
item 5); a preset not measured is never solved here. One solve values every
move of a sample at once, where a playout values one, and the solver's table is kept across the
samples of one decision: they share the cards played and differ only in where the rest lie.

A sample's value of a move is what a playout's result is worth to the bot (``search._value``)
as near as the solver's card points tell it: where two sides share the points, one for taking
more than half of them (minus one for less), plus the side's share; else the side's value as
the solver reports it. Maximizing points also maximizes this under perfect play (a side that
can take more than half can take at least as many as its best line gives). Pure: ``stop`` is
asked between two solves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..registry import family_of
from ..solver.positions import Judge, in_card_play, supports

Sampler = Callable[[], Any]  # a sampled deal (raises ValueError when it cannot find one)


def solve_cards(rules: Any) -> int:
    """The cards left (all seats) at or under which the samples of a deal under these rules
    are solved: the family's ``search_solve_cards``, by preset and player count (0: never)."""
    by_preset = getattr(family_of(rules), "search_solve_cards", None) or {}
    return int(by_preset.get(rules.preset, {}).get(rules.players, 0))


def applies(state: Any) -> bool:
    """Whether a sample of this decision is solved: card play the solver plays (no auction or
    burning left), with no more cards left than the family's threshold."""
    limit = solve_cards(state.rules)
    if not limit:
        return False
    hook = family_of(state.rules).endgame
    left = hook(state) if hook is not None else None
    return left is not None and left <= limit and supports(state) and in_card_play(state)


def decide(legal: list[dict[str, Any]], me: int, sample: Sampler, samples: int,
           stop: Callable[[], bool] | None) -> int | None:
    """The index in ``legal`` with the best perfect-information value averaged over sampled
    deals, or None where the first sample is not solved here (the caller plays out instead).
    ``samples`` bounds the count without ``stop``; with it, sampling goes on until it says
    time is up (at least one sample is solved)."""
    totals = [0.0] * len(legal)
    judge: Judge | None = None
    done = 0
    for n in range(samples if stop is None else 10 ** 9):
        if stop is not None and n and stop():
            break
        try:
            state = sample()
        except ValueError:
            continue
        if judge is None:
            if not applies(state):
                return None
            judge = Judge(state, small=True)
        try:
            values = judge.move_values(state, me, legal)
        except (KeyError, ValueError):
            break  # a sample the solver cannot take: decide on those solved
        for i, (_, v) in enumerate(values):
            totals[i] += _worth(judge, v)
        done += 1
    return _best(totals) if done else None


def _worth(judge: Judge, v: float) -> float:
    """Winning the deal first, then the share of its points (two sides sharing them)."""
    total = judge.total
    if not judge.two or not total:
        return v
    return (v > total / 2) - (v < total / 2) + v / total


def _best(totals: list[float]) -> int:
    return max(range(len(totals)), key=lambda i: (totals[i], -i))
