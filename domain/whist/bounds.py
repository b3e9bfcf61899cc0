"""Serbian whist's ``bounds`` hook: each player scores its own bid and tricks, so the true
range of a seat's return is found over every bid/trick pair of the hand (the forbidden-bid
rule ignored: the bound may then be loose by that rule, never too narrow)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..family import Returns
from .rules import WhistRules, schedule


def points_total(rules: WhistRules, number: int) -> int:
    """A hand's points in the result are its tricks: one per card each player holds."""
    return schedule(rules.players)[(number - 1) % len(schedule(rules.players))]


def bounds(rules: WhistRules, state: Any, returns: Returns) -> tuple[float, float]:
    """Each player scores its own bid and tricks, the hand's ``n`` tricks shared out: a seat's
    best (worst) return is its best (worst) score while the others, between them taking the
    other tricks, score their worst (best). With ``trumps: turned`` the hand may have any
    suit for trumps: the bounds are taken over every one of them."""
    found = [_hand(rules, int(state.cards), trump, returns)
             for trump in rules.possible_trumps(state.hand_no)]
    return min(low for low, _ in found), max(high for _, high in found)


def _hand(rules: WhistRules, n: int, trump: str | None, returns: Returns
          ) -> tuple[float, float]:
    """``bounds`` for one hand of ``n`` cards each with trumps ``trump``."""
    players = int(rules.players)
    scores = {t: [float(rules.player_score(b, t, n, trump)) for b in range(n + 1)]
              for t in range(n + 1)}
    sign = 1.0 if returns([1.0] + [0.0] * (players - 1))[0] > 0 else -1.0

    def others(best: bool, tricks: int) -> float:
        """The others' total score, at best or worst, taking ``tricks`` tricks between them."""
        pick: Callable[..., Any] = max if best else min
        totals = {0: 0.0}  # tricks taken so far -> the others' total
        for _ in range(players - 1):
            totals = _spread(totals, scores, n, pick)
        return float(totals[tricks])

    def extreme(best: bool) -> float:
        pick: Callable[..., Any] = max if best else min
        return float(pick((players - 1) * pick(scores[t]) - others(not best, n - t)
                          for t in range(n + 1))) / players

    low, high = sign * extreme(sign < 0), sign * extreme(sign > 0)
    return min(low, high), max(low, high)


def _spread(totals: dict[int, float], scores: dict[int, list[float]], n: int,
            pick: Callable[..., float]) -> dict[int, float]:
    """One more player's best (or worst) score added, for every total of tricks so far."""
    out: dict[int, float] = {}
    for taken, total in totals.items():
        for t in range(n + 1 - taken):
            value = total + pick(scores[t])
            out[taken + t] = pick(out.get(taken + t, value), value)
    return out
