"""The true range of a seat's return in one deal (``integrations.table.returns``), for
OpenSpiel's ``min_utility`` and ``max_utility``.

Derived from each family's own scoring, not from a list of presets: the family's scoring
functions are asked what the most extreme deals are worth (one side capturing every card, the
highest level or tariff, the highest bid failed, every bid/trick pair of a whist hand), and
those scores go through the same relative-returns transform as a finished deal's. Every bound
is a score some deal can reach, except in whist, where the forbidden-bid rule is ignored (the
bound may then be loose by that rule, never too narrow).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from domain.registry import family_of
from domain.sedma import points as sedma_points
from domain.sedma.rules import BURN_STAKES, BURNED_HAND_STAKES
from domain.sueca.italiana import MAX_BID
from domain.sueca.rules import CARD_POINTS
from domain.sueca.scoring import game_points

from .table import Table, relative

Scores = Iterator[list[Any]]  # match_points vectors, as the family's scoring writes them


def utility_bounds(table: Table) -> tuple[float, float]:
    """(lowest, highest) return any seat can get from one deal of ``table``."""
    rules = table.rules
    family = family_of(rules).name
    if family == "whist":
        return _whist(table)
    values = [v for scores in EXTREMES[family](table) for v in relative(rules, scores)]
    return min(values), max(values)


def _rotations(value: Any, rest: Any, n: int) -> Scores:
    """``value`` to one place, ``rest`` to the others, for each place in turn."""
    for place in range(n):
        yield [value if i == place else rest for i in range(n)]


def _sedma(table: Table) -> Scores:
    """A side that captures every card: its points (and sweep bonus) and the highest level;
    a burn's tariff where the options burn."""
    rules = table.rules
    s, sides = rules.scoring, len(rules.sides)
    won = [list(table.pack)] + [[] for _ in range(sides - 1)]
    points, counters = sedma_points.side_points(s, won, 0, rules.players)
    captures = [len(table.pack) // rules.players] + [0] * (sides - 1)
    outcome = s.outcome
    if outcome == "totals":
        yield from _rotations(points[0] + s.sweep_bonus, 0, sides)
        return
    if outcome == "payments":
        paid = sedma_points.payments(points, counters, captures, s.double_win)
        yield from (paid["net"][-i:] + paid["net"][:-i] for i in range(sides))
        return
    level = sedma_points.two_sided(s, points[:2], counters[:2], captures[:2], 0)["level"]
    if outcome == "solo":
        for sign in (1, -1):
            yield from _rotations(sign * 2 * level, -sign * level, rules.players)
        return
    tariffs = [level, *(BURN_STAKES.get(rules.burn_tariff, ()))]
    tariffs += [BURNED_HAND_STAKES] if rules.burned_hand else []
    yield from _rotations(max(tariffs), 0, sides)


def _sueca(table: Table) -> Scores:
    """Every card point and every trick to one team, plus what earlier 60-60 deals carried."""
    total = sum(CARD_POINTS[c] for c in table.pack)
    value = game_points(total, True, table.rules.bandeira) + table.carry
    yield from _rotations(value, 0, len(table.rules.sides))


def _italiana(table: Table) -> Scores:
    """Made with every card point, or the highest bid failed; the bidder alone or with a
    partner (a call of nobody, or of a card of its own, leaves it alone)."""
    n = table.rules.players
    total = sum(CARD_POINTS[c] for c in table.pack)
    for team in (1, 2):
        yield [total] * team + [0] * (n - team)
        yield [-MAX_BID] * team + [MAX_BID] * (n - team)


EXTREMES: dict[str, Callable[[Table], Scores]] = {
    "sedma": _sedma, "sueca": _sueca, "italiana": _italiana}


def _whist(table: Table) -> tuple[float, float]:
    """Each player scores its own bid and tricks, the hand's ``n`` tricks shared out: a seat's
    best (worst) return is its best (worst) score while the others, between them taking the
    other tricks, score their worst (best)."""
    rules, state = table.rules, table.deal(table.pack)
    bounds = [_whist_hand(rules, int(state.cards), trump)
              for trump in rules.possible_trumps(table.number)]  # a turned trump: any suit
    return min(low for low, _ in bounds), max(high for _, high in bounds)


def _whist_hand(rules: Any, n: int, trump: str | None) -> tuple[float, float]:
    """``_whist`` for one hand of ``n`` cards each with trumps ``trump``."""
    players = int(rules.players)
    scores = {t: [float(rules.player_score(b, t, n, trump)) for b in range(n + 1)]
              for t in range(n + 1)}
    sign = 1.0 if relative(rules, [1.0] + [0.0] * (players - 1))[0] > 0 else -1.0

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
