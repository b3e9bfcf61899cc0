"""The decisions before the card play judged (issue 30: a bid, a trump, a call, a lead asked
for), where the family's ``auction`` hook (``domain/family.py``'s ``AuctionPlay``) says how a
contract scores.

A move's value is the mover's deal score if this one decision is replaced by it, every later
decision before the card play is kept as played where still legal (``Replay``), and the card
play is perfect from there with every card known (the same values as the card play's
judging: a side's points against the other, or for each-for-themselves games the seat's
score with everyone else against it). The move played thus gets exactly its side's value at
the card play's start. Each distinct contract is solved once (``Contracts``): the bid level
only scores what the same card play takes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import game
from ..family import CARD_PLAY, AuctionPlay
from ..messages import Command, Event, Move
from ..registry import family_of
from ..replay import command_of
from . import positions
from .contracts import Contracts

Recorded = list[tuple[int, str, dict[str, Any]]]  # (seat, kind of decision, move), in order


def auction_of(rules: Any) -> AuctionPlay[Any] | None:
    hook = getattr(family_of(rules), "auction", None)
    return hook(rules) if hook is not None else None


def kind_of(state: Any) -> str | None:
    """The kind of decision asked before the card play (``Family.decision``), else None."""
    kind = family_of(state.rules).decision(state)
    return None if kind is None or kind in CARD_PLAY else kind


def indexes(events: Sequence[Event], states: Sequence[Any], first: int) -> list[int]:
    """The events from ``first`` on that answer a decision before the card play, where the
    family's hook judges them (none once the analysis starts in the card play)."""
    if auction_of(states[-1].rules) is None or not positions.supports(states[-1]):
        return []
    return [i for i in range(max(first, 1), len(events))
            if command_of(events[i]) is not None and kind_of(states[i - 1]) is not None]


def recorded(events: Sequence[Event], states: Sequence[Any], after: int) -> Recorded:
    """The decisions before the card play recorded after event ``after``."""
    out: Recorded = []
    for i in range(after + 1, len(events)):
        move, kind, seat = command_of(events[i]), kind_of(states[i - 1]), events[i].seat
        if move is not None and kind is not None and seat is not None:
            out.append((seat, kind, move.to_dict()))
    return out


class Replay:
    """The card play's start once a decision is replaced: each later decision is the mover's
    next recorded one of that kind if still legal, else a pass where the mover may pass (a bid
    now too low, or a seat the auction reaches more often than it did), else the legal move of
    that type nearest in number (a bid the dealer may no longer make), else the move of that
    kind someone else recorded (the trumps named by whoever now wins the auction), else the
    first legal move."""

    def __init__(self, later: Recorded) -> None:
        self.later = later

    def start(self, before: Any, seat: int, move: dict[str, Any]) -> Any | None:
        """The state where the card play starts (None: the deal ends before it)."""
        used: set[int] = set()
        state = _step(before, seat, move)
        while not positions.in_card_play(state):
            kind = kind_of(state)
            if kind is None or state.turn is None:
                return None
            state = _step(state, state.turn, self._next(state, state.turn, kind, used))
        return state

    def _next(self, state: Any, seat: int, kind: str, used: set[int]) -> dict[str, Any]:
        legal = game.legal_moves(state, seat)
        own = next((i for i, (s, k, _) in enumerate(self.later)
                    if s == seat and k == kind and i not in used), None)
        if own is not None:
            used.add(own)
            move = self.later[own][2]
            return move if move in legal else _instead(move, legal)
        if {"type": "pass"} in legal:
            return {"type": "pass"}
        others = [m for s, k, m in self.later if k == kind and m in legal]
        return others[0] if others else legal[0]


def _instead(move: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A recorded move no longer legal: a pass, else the nearest of its type, else the first."""
    if {"type": "pass"} in legal:
        return {"type": "pass"}
    value = move.get("value")
    near = [m for m in legal if m["type"] == move["type"] and isinstance(m.get("value"), int)]
    if isinstance(value, int) and near:
        return min(near, key=lambda m: (abs(m["value"] - value), m["value"]))
    return legal[0]


def _step(state: Any, seat: int, move: dict[str, Any]) -> Any:
    return game.step(state, Command(seat, Move.from_dict(move)))[1]


Progress = Callable[[], None]


def judge(events: Sequence[Event], states: Sequence[Any], seqs: Sequence[int],
          todo: Sequence[int], seed: tuple[Any, positions.Judge] | None,
          tick: Progress | None = None) -> list[dict[str, Any]]:
    """The decisions at ``todo`` (``indexes``) judged, in the analysis' shape."""
    hook = auction_of(states[-1].rules)
    if hook is None or not todo:
        return []
    contracts, out = Contracts(hook, seed), []
    for i in todo:
        seat, played = events[i].seat, command_of(events[i])
        assert seat is not None and played is not None
        replay = Replay(recorded(events, states, i))
        starts = [(m, replay.start(states[i - 1], seat, m))
                  for m in game.legal_moves(states[i - 1], seat)]
        mine, best, best_moves = _verdict(contracts, seat, played.to_dict(), starts)
        out.append({"seq": seqs[i], "seat": seat, "move": played.to_dict(), "value": mine,
                    "best": best, "best_moves": best_moves, "cost": abs(best - mine)})
        if tick is not None:
            tick()
    return out


def _verdict(contracts: Contracts, seat: int, played: dict[str, Any],
             starts: list[tuple[dict[str, Any], Any]]) -> positions.Verdict:
    """The played move's value, the best and the best moves: where the other moves' card plays
    differ from each other in their scores alone (a seat's bids), all of them valued in one
    search above the played move's value (``Contracts.together``); else each other move is
    first tested against the best so far, then whether it passes it, and valued only where it
    does."""
    start = next(s for m, s in starts if m == played)
    mine = best = contracts.score(start, seat)
    sign = contracts.sign(start, seat)
    found = [(played, mine)]
    together = contracts.together([None if m == played else s for m, s in starts], seat, mine,
                                  sign)
    for i, (move, start) in enumerate(starts):
        if i in together:  # valued with the others: exact where not worse than the played
            value = together[i]
            if move != played and value is not None and sign * value >= sign * best:
                found.append((move, value))
                best = value
            continue
        if move == played or start is None or not contracts.at_least(start, seat, best, sign):
            continue  # worse than the best so far
        better = contracts.at_least(start, seat, best, sign, beyond=True)
        found.append((move, contracts.score(start, seat) if better else best))
        best = found[-1][1]
    chosen = {str(m) for m, v in found if v == best}
    return mine, best, [m for m, _ in starts if str(m) in chosen]
