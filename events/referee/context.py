"""What the use cases need from outside: the store, a clock, new ids, and the bot runner's
two hooks."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from domain import game
from domain.messages import Event

from ..envelope import render_at, seal
from ..store import EventStore

TurnHook = Callable[[str, int, int, str], object]  # deal, seq, seat, bot


def utc_now() -> str:
    return render_at(datetime.now(UTC))


def new_match_id() -> str:
    return "m" + secrets.token_hex(8)


@dataclass
class Referee:
    """The referee's dependencies. ``on_turn`` is told when a move leaves a bot seat to act
    (it enqueues the turn); ``on_stall`` when a read finds a bot seat to act (it enqueues the
    turn if no job will play it: ``workers.turns.BotTurns.ensure``)."""

    store: EventStore
    clock: Callable[[], str] = utc_now
    on_turn: TurnHook | None = None
    on_stall: TurnHook | None = None
    new_id: Callable[[], str] = field(default=new_match_id)

    def now(self) -> datetime:
        """The referee's clock as a time (``clock`` gives it as an envelope's ``at``)."""
        return datetime.fromisoformat(self.clock())

    def seal(self, events: list[Event], after: int, prev: str, command_id: str,
             rules: Any = None) -> list[dict[str, Any]]:
        """Envelopes for ``events``, stamped now; a deal's (``rules`` given) commit their
        hidden parts."""
        def hidden(event: Event) -> list[Any]:
            return game.hidden(rules, event) if rules is not None else []

        return seal(events, after_seq=after, prev=prev, at=self.clock(), command_id=command_id,
                    hidden=hidden)
