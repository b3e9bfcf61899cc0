"""A finished deal judged move by move (issue 30's fixed shape): for every decision, the value
of the move played and of the best, for the mover, under perfect play with every card known;
per side its value at the start of the card play, the total cost of its card play's decisions
and the points it took.

Every card and every continue-or-stop is valued for the mover's side (``positions.Judge``).
For two sides the numbers add up exactly: a side's points are its start value, minus its own
costs, plus its opponents' (each move's value is the next position's value, so the costs
telescope). The decisions before the card play (bids, trumps, calls, a lead asked for) are
judged where the family has the ``auction`` hook (``auction.py``), in the mover's deal score;
they come first in ``decisions`` and are not summed into the sides' costs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import game
from ..messages import Event
from ..registry import family_of
from ..replay import command_of
from . import auction, positions

Progress = Callable[[int, int], None]
JUDGED = ("play", "stop")


def analyse(events: Sequence[Event], seqs: Sequence[int], deal_id: str | None = None,
            progress: Progress | None = None, first: int = 1,
            stats: dict[str, int] | None = None) -> dict[str, Any]:
    """The analysis of a whole deal's ``events`` (``dealt`` first, ``scored`` reached), with
    each event's ``seq``; ``first``: the index of the first event to judge (the tests judge
    endings); ``stats`` gets the nodes searched. Raises ValueError for a deal that is not
    over or a game the solver does not play."""
    states = list(game.states(events))
    final = states[-1]
    if final.result is None:
        raise ValueError("the deal is not over")
    todo = [i for i in range(max(first, 1), len(events)) if _judged(events[i], states[i - 1])]
    early = auction.indexes(events, states, first)
    if not todo:
        return _shape(deal_id, positions.sides_of(final), {}, [], final)
    judge = positions.Judge(states[todo[0] - 1])
    start = {side: judge.value(states[todo[0] - 1], side) for side in range(len(judge.sides))}
    tick = _counter(progress, len(todo) + len(early))
    decisions = _card_play(judge, events, states, seqs, todo, start, tick)
    seed = (states[todo[0] - 1], judge)  # the card play's start, where the auction ends
    before = auction.judge(events, states, seqs, early, seed, tick)
    if stats is not None:
        stats["nodes"] = judge.nodes
    return _shape(deal_id, judge.sides, start, decisions, final, before)


def _counter(progress: Progress | None, total: int) -> Callable[[], None]:
    """Reports each decision judged (and the first call, none yet) to ``progress``."""
    done = [-1]

    def tick() -> None:
        done[0] += 1
        if progress is not None:
            progress(min(done[0], total), total)

    tick()
    return tick


def _card_play(judge: positions.Judge, events: Sequence[Event], states: Sequence[Any],
               seqs: Sequence[int], todo: Sequence[int], start: dict[int, float],
               tick: Callable[[], None]) -> list[dict[str, Any]]:
    decisions: list[dict[str, Any]] = []
    seat = states[todo[0] - 1].turn  # the first mover's value at the start: the first guess
    guess = None if seat is None else (seat, start[judge.side_of(seat)])
    for i in todo:
        decisions.append(_decision(judge, states[i - 1], events[i], seqs[i], guess))
        guess = decisions[-1]["seat"], decisions[-1]["value"]
        tick()
    return decisions


def ending(events: Sequence[Event], cards: int) -> int:
    """The index of the first event played once at most ``cards`` cards are left in the hands
    and the stock together (``analyse``'s ``first`` for judging an ending only)."""
    for i, state in enumerate(game.states(events)):
        hook = family_of(state.rules).endgame  # the cards left once only card play is left
        left = hook(state) if hook is not None else None
        if left is not None and left <= cards:
            return i + 1
    return len(events)


def _judged(event: Event, before: Any) -> bool:
    move = command_of(event)
    return (move is not None and move.type in JUDGED and positions.in_card_play(before)
            and positions.supports(before))


def _decision(judge: positions.Judge, before: Any, event: Event, seq: int,
              guess: tuple[int, float] | None) -> dict[str, Any]:
    seat = event.seat
    assert seat is not None
    move = command_of(event)
    assert move is not None
    played = move.to_dict()
    legal = [m for m in game.legal_moves(before, seat) if m["type"] in JUDGED]
    value, best, best_moves = judge.decide(before, seat, legal, played, guess)
    return {"seq": seq, "seat": seat, "move": played, "value": value, "best": best,
            "best_moves": best_moves, "cost": abs(best - value)}  # low scores may be best


def _shape(deal_id: str | None, sides: list[list[int]], start: dict[int, float],
           decisions: list[dict[str, Any]], final: Any,
           before: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """The report; a side's cost is its card play's (``before``'s decisions, judged in deal
    scores, are listed but not summed: the sides' numbers are the card play's)."""
    points = _points(final, sides)
    out = []
    for i, seats in enumerate(sides):
        cost = sum(d["cost"] for d in decisions if d["seat"] in seats)
        out.append({"seats": seats, "start_value": start.get(i, points[i]), "cost": cost,
                    "points": points[i]})
    return {"deal_id": deal_id, "sides": out, "decisions": [*before, *decisions]}


def _points(final: Any, sides: list[list[int]]) -> list[float]:
    """What each side took, as the family counts it (card points with any bonus, a seat's
    score); without the family's solver hook, the result's points of the same sides."""
    play = positions.play_of(final.rules)
    if play is not None:
        return play.points(final, sides)
    result = final.result
    by_side = {tuple(s): p for s, p in zip(result["sides"], result["points"], strict=True)}
    return [by_side[tuple(seats)] for seats in sides]
