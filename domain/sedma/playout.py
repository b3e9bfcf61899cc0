"""The Sedma family's fast random playout: the rest of a deal's card play on mutable lists
(``domain/playout.py`` says why). It plays by the same capture engine and rule data as the
reducers and hands back the state they would reach at scoring; where a rule needs more than
playing cards (burning, the one pass) it declines with None. ``tests/unit/test_playout.py``
replays every playout through the reducers and checks the legal moves and the result agree.
"""

from __future__ import annotations

import random
from typing import Any

from .. import compiled
from ..family import Record
from . import capture
from .rules import SedmaRules
from .state import SedmaState, replace

try:  # the compiled core (``_kernel.c``); this module's Python kernel is its reference
    from . import _kernel
    _kernel.init(compiled.IDS, compiled.NAMES)
except ImportError:  # pragma: no cover - a checkout without its build_ext
    _kernel = None  # type: ignore[assignment]
_core: Any = _kernel


def _plain_captures(rules: SedmaRules) -> bool:
    """Rules whose deal is decided by card play alone: no burning, no pass."""
    return rules.burn_tariff == "off" and not rules.burned_hand and not rules.one_pass


def play_out(state: SedmaState, rng: random.Random, record: Record | None = None
             ) -> SedmaState | None:
    """The compiled kernel where it is built, else the Python one (the same rules; each
    draws its own random moves from ``rng``)."""
    if _core is not None:
        return compiled_play_out(state, rng, record)
    return python_play_out(state, rng, record)


_RULES = {"sedma": 0, "osmova": 1, "eights_high": 2, "last_round": 3}
_PARAMS: dict[int, tuple[SedmaRules, tuple[Any, ...]]] = {}


def _params(rules: SedmaRules) -> tuple[Any, ...]:
    """The compiled kernel's rule data, once per rules object."""
    known = _PARAMS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    params = (rules.players, rules.hand_size, compiled.rank_mask(rules.wild),
              _RULES[rules.winner_rule], rules.continuation == "always",
              rules.continue_with == "any",
              compiled.IDS[rules.solo_king] if rules.solo_king else -1, rules.seat_sides)
    if len(_PARAMS) > 64:
        _PARAMS.clear()
    _PARAMS[id(rules)] = (rules, params)
    return params


def compiled_play_out(state: SedmaState, rng: random.Random, record: Record | None = None
                      ) -> SedmaState | None:
    """``python_play_out``'s card play in C (``_kernel.c``), seeded from ``rng``."""
    if _core is None or state.phase not in ("play", "decide") or not _plain_captures(
            state.rules):
        return None
    assert state.turn is not None
    none = -1
    hands, waiting, leader, won, captures, last, solo, trace = _core.play_out(
        _params(state.rules), state.hands, state.stock, state.table, state.waiting, state.won,
        state.captures, state.leader, state.turn, state.phase == "decide", state.round_start,
        none if state.last_capture is None else state.last_capture,
        none if state.solo is None else state.solo, compiled.seed_of(rng), record is not None)
    if record is not None:
        name = compiled.NAMES
        record.extend((seat, _move(name[m] if m >= 0 else None),
                       [_move(name[c] if c >= 0 else None) for c in legal])
                      for seat, m, legal in trace)
    return replace(
        state, hands=hands, stock=(), table=(), round_start=0, waiting=waiting, leader=leader,
        turn=None, phase="score", won=won, captures=captures,
        last_capture=None if last < 0 else last, solo=None if solo < 0 else solo)


def python_play_out(state: SedmaState, rng: random.Random, record: Record | None = None
                    ) -> SedmaState | None:
    """The reference kernel in Python."""
    if state.phase not in ("play", "decide") or not _plain_captures(state.rules):
        return None
    deal = _CaptureDeal(state, rng, record)
    while deal.phase != "score":
        if deal.phase == "play":
            deal.lay(deal.choose(list(dict.fromkeys(deal.hands[deal.turn]))), fresh=not deal.table)
        else:
            card = deal.go_on_or_stop()
            if card is None:
                deal.take()
            else:
                deal.lay(card, fresh=True)
    return deal.frozen(state)


def _move(card: str | None) -> dict[str, Any]:
    return {"type": "play", "card": card} if card else {"type": "stop"}


class _CaptureDeal:
    """A Sedma-family deal in play, as ``SedmaState``'s fields on mutable lists; each method
    mirrors one of ``state.py``'s reducers."""

    def __init__(self, state: SedmaState, rng: random.Random, record: Record | None) -> None:
        self.rules = state.rules
        self.hands = [list(h) for h in state.hands]
        self.stock, self.table = list(state.stock), list(state.table)
        self.waiting = list(state.waiting)
        self.won, self.captures = [list(w) for w in state.won], list(state.captures)
        assert state.turn is not None  # a seat is to act in the play and decide phases
        self.leader, self.turn, self.phase = state.leader, state.turn, state.phase
        self.round_start, self.last, self.solo = (state.round_start, state.last_capture,
                                                  state.solo)
        self.pick, self.record = rng.random, record
        self.rank_of, self.side = state.rules.ranks.__getitem__, state.rules.seat_sides

    def choose(self, cards: list[str]) -> str:
        """A random card of ``cards`` for the seat to play."""
        card = cards[int(self.pick() * len(cards))]
        if self.record is not None:
            self.record.append((self.turn, _move(card), [_move(c) for c in cards]))
        return card

    def go_on_or_stop(self) -> str | None:
        """The leader's choice after a round: a matching card, or None to stop. The capture
        ends unasked only where ``play._why_not_go_on`` says so (an empty hand, the policy);
        a leader with no card to go on still decides, with stop its only move."""
        if not self.may_go_on():
            return None
        options: list[str | None] = [*dict.fromkeys(self.continuations()), None]
        card = options[int(self.pick() * len(options))]
        if self.record is not None:
            self.record.append((self.leader, _move(card), [_move(c) for c in options]))
        return card

    def may_go_on(self) -> bool:
        rules, side = self.rules, self.side
        return bool(self.hands[self.leader]) and (
            rules.continuation == "always" or capture.may_continue(
                rules.continuation, side[self.leader], side[self.winner()]))

    def continuations(self) -> list[str]:
        rules = self.rules
        return capture.eligible(self.hands[self.leader], self.rank_of(self.table[0][1]),
                                rules.wild, rules.continue_with, self.rank_of)

    def winner(self) -> int:
        rules = self.rules
        return capture.current_winner(self.table, rules.wild, rules.winner_rule,
                                      self.round_start, self.rank_of)

    def lay(self, card: str, fresh: bool) -> None:
        """A card to the table (``state._on_card``); ``fresh`` when it opens a round."""
        seat, n = self.turn, self.rules.players
        self.hands[seat].remove(card)
        if card == self.rules.solo_king:
            self.solo = seat
        if fresh:
            self.waiting = [s for s in ((seat + k) % n for k in range(1, n)) if self.hands[s]]
            self.round_start = len(self.table)
        else:
            self.waiting = self.waiting[1:]
        self.table.append((seat, card))
        self.turn, self.phase = ((self.waiting[0], "play") if self.waiting
                                 else (self.leader, "decide"))

    def take(self) -> None:
        """The capture is taken, the stock drawn, the next lead found (``sedma._on_taken``,
        ``_on_drew``, ``_next_lead``)."""
        self.leader = self.winner()
        side = self.side[self.leader]
        self.won[side].extend(c for _, c in self.table)
        self.captures[side] += 1
        self.last, self.table, self.round_start = side, [], 0
        if self.stock:
            draws = capture.draws([len(h) for h in self.hands], self.stock, self.leader,
                                  self.rules.hand_size)
            for seat, drawn in draws:
                self.hands[seat].append(drawn)
            self.stock = self.stock[len(draws):]
        nxt = capture.next_with_cards(self.hands, self.leader)
        if nxt is None:
            self.phase = "score"
        else:
            self.leader, self.turn, self.phase = nxt, nxt, "play"

    def frozen(self, state: SedmaState) -> SedmaState:
        """The reducers' state at scoring."""
        return replace(
            state, hands=tuple(tuple(h) for h in self.hands), stock=(), table=(),
            round_start=0, waiting=tuple(self.waiting), leader=self.leader, turn=None,
            phase="score", won=tuple(tuple(w) for w in self.won),
            captures=tuple(self.captures), last_capture=self.last, solo=self.solo)
