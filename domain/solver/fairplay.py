"""The fair-play signal (issue 30 item 3): the "telling" decisions of a finished deal, and the
statistics over many of them.

A decision is telling when the perfect-information best move (the solver's, every card known)
differs from the best move given only what the seat knew: the ``search`` bot's choice from the
seat's own view, with ``PLAYOUTS`` playouts (four times a playing bot's, so that the choice is
stable). There an honest player finds the perfect-information move only by luck or skill (a
share measured on the built-in bots, per family); a player who sees hidden cards finds it more
often. Where every legal move has the same perfect-information value, or the seat's own view
already leads to a best move, the decision says nothing and is left out.

The solver settles only positions it can afford: decisions once at most ``cards`` cards are
left in the hands and the stock together (``CARDS`` by default, where the pure-Python solver
takes a fraction of a second a deal); a faster solver core widens it without changing this
module. Pure: the search bot's generator is seeded from the deal's id and the decision's seq,
so a report is the same each time it is made.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence
from typing import Any

from .. import game
from ..bots.search import PLAYOUTS as BOT_PLAYOUTS
from ..bots.search import search_bot
from ..messages import Event
from ..replay import command_of
from . import positions
from .analysis import JUDGED, ending

CARDS = 16                    # the decisions judged: at most this many cards left, stock too
PLAYOUTS = 4 * BOT_PLAYOUTS   # the fair reference's playouts a decision


def left(state: Any) -> int:
    """The cards still in the hands and the stock."""
    return sum(map(len, state.hands)) + len(getattr(state, "stock", ()))


def seat_view(state: Any, seat: int) -> dict[str, Any]:
    """What a bot is handed at ``seat``: the seat's own view with the rules' names."""
    rules = state.rules
    return {"ruleset": rules.preset, "players": rules.players, "options": rules.options,
            **game.view(state, seat)}


def judged_moves(state: Any, seat: int) -> list[dict[str, Any]]:
    return [m for m in game.legal_moves(state, seat) if m["type"] in JUDGED]


def perfect_moves(judge: positions.Judge, state: Any, seat: int) -> tuple[list[Any], bool]:
    """The seat's perfect-information best moves, and whether they are not all its moves (a
    decision where every move is worth the same tells nothing)."""
    legal = judged_moves(state, seat)
    values = judge.move_values(state, seat, legal)
    best = max(v for _, v in values)
    best_moves = [m for m, v in values if v == best]
    return best_moves, len(best_moves) < len(legal)


def fair_move(state: Any, seat: int, rng: random.Random, playouts: int = PLAYOUTS
              ) -> dict[str, Any]:
    """The best move given only what the seat knew: the search bot's from its view, its
    ending played out (not solved on the samples, which leans to the perfect-information move
    by construction), as when the honest rates were measured."""
    return search_bot(seat_view(state, seat), rng, playouts, solve=False)


def telling_decision(judge: positions.Judge, state: Any, seat: int, played: dict[str, Any],
                     rng: random.Random, playouts: int = PLAYOUTS) -> dict[str, Any] | None:
    """The decision ``played`` at ``seat`` from ``state`` if it is telling, else None:
    ``best_moves`` (perfect information), ``fair_move`` (the seat's view) and ``matched``,
    whether the move played was a perfect-information best one."""
    best_moves, tells = perfect_moves(judge, state, seat)
    if not tells:
        return None
    fair = fair_move(state, seat, rng, playouts)
    if fair["type"] not in JUDGED or fair in best_moves:
        return None
    return {"seat": seat, "move": played, "best_moves": best_moves, "fair_move": fair,
            "matched": played in best_moves}


def telling(events: Sequence[Event], seqs: Sequence[int], seats: Collection[int] | None = None,
            deal_id: str = "", cards: int = CARDS, playouts: int = PLAYOUTS
            ) -> list[dict[str, Any]]:
    """The telling decisions of a finished deal's ``events`` (each with its ``seq``) made by
    ``seats`` (None: every seat) once at most ``cards`` cards were left. Raises ValueError for
    a game the solver does not play."""
    states = list(game.states(events))
    if not positions.supports(states[0]):
        raise ValueError("the solver does not play these rules")
    judge: positions.Judge | None = None
    out = []
    for i in range(max(ending(events, cards), 1), len(events)):
        event, before = events[i], states[i - 1]
        move = command_of(event)
        if (move is None or move.type not in JUDGED or event.seat is None
                or not positions.in_card_play(before)
                or (seats is not None and event.seat not in seats)):
            continue
        judge = judge or positions.Judge(before)
        rng = random.Random(f"{deal_id}:{seqs[i]}")
        found = telling_decision(judge, before, event.seat, move.to_dict(), rng, playouts)
        if found is not None:
            out.append({"seq": seqs[i], **found})
    return out


def binomial_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p): the chance of ``k`` or more successes in ``n``
    trials by an honest player whose rate is ``p``. Exact, summed in log space so that large
    ``n`` neither overflows nor underflows to a wrong zero before the end."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    if p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    lp, lq = math.log(p), math.log1p(-p)
    logs = [math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * lp
            + (n - i) * lq for i in range(k, n + 1)]
    top = max(logs)
    return min(1.0, math.exp(top) * sum(math.exp(x - top) for x in logs))


def beta_binomial_tail(k: int, n: int, a: float, b: float) -> float:
    """P(X >= k) where X ~ Binomial(n, p) and p ~ Beta(a, b): the binomial tail when the
    honest rate is itself known only from a sample (``a - 1/2`` matched of ``a + b - 1``
    telling decisions, with Jeffreys' prior), so that a small calibration widens the tail
    instead of flagging honest players whose true rate is a little above the estimate."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0

    def log_beta(x: float, y: float) -> float:
        return math.lgamma(x) + math.lgamma(y) - math.lgamma(x + y)

    base = log_beta(a, b)
    logs = [math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
            + log_beta(i + a, n - i + b) - base for i in range(k, n + 1)]
    top = max(logs)
    return min(1.0, math.exp(top) * sum(math.exp(x - top) for x in logs))


def tally(decisions: Sequence[dict[str, Any]], rate: float | None, threshold: float,
          measured: tuple[int, int] | None = None) -> dict[str, Any]:
    """The statistics of one seat's (or side's) telling decisions against the honest ``rate``:
    how many, how many matched the perfect-information move, the share, what an honest player
    would match, the probability of matching as many honestly, and whether it is below the
    ``threshold`` (flagged). ``measured``: the calibration's (matched, telling), whose
    uncertainty the probability then includes (``beta_binomial_tail``). ``rate`` None (no
    calibration): the counts only, no probability, never flagged."""
    n = len(decisions)
    k = sum(1 for d in decisions if d["matched"])
    p_value: float | None
    if rate is None:
        p_value = None
    elif measured is None:
        p_value = binomial_tail(k, n, rate)
    else:
        p_value = beta_binomial_tail(k, n, measured[0] + 0.5, measured[1] - measured[0] + 0.5)
    return {"telling": n, "matched": k, "rate": k / n if n else None, "expected_rate": rate,
            "p_value": p_value, "flagged": p_value is not None and p_value < threshold}
