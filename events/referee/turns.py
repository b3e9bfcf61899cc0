"""Telling the bot runner that a bot seat is to act. A move is already committed when this
runs, so nothing here raises: a failed enqueue is retried with backoff, then logged, and the
workers' sweeper finds the turn within seconds; a read that finds a bot to act kicks it too."""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime
from typing import Any

from domain.clock import Clock, deadline

from ..envelope import render_at
from .context import Referee
from .seats import Meta

NOTIFY_BACKOFF = (0.05, 0.2, 0.5)  # seconds between tries to enqueue a bot turn
log = logging.getLogger("tricklog.referee")


def notify(ref: Referee, deal_id: str, seq: int, turn: int | None, meta: Meta,
           at: str | None = None) -> None:
    """After a move (the event at ``seq``, stamped ``at``): enqueue the bot turn it leaves, if
    any, or give the workers the deadline of a clocked turn."""
    if meta.clock is not None and not meta.acting_bot(turn):
        watch(ref, deal_id, seq, turn, meta, at)
    if ref.on_turn is None or turn is None or not meta.acting_bot(turn):
        return
    for pause in (*NOTIFY_BACKOFF, None):
        try:
            ref.on_turn(deal_id, seq, turn, meta.acting_bot(turn) or "")
            return
        except Exception:
            if pause is None:
                log.exception("could not schedule a bot move; the sweeper will",
                              extra={"deal": deal_id, "seq": seq})
                return
            time.sleep(pause)


def kick(ref: Referee, deal_id: str, seq: int, turn: int | None, meta: Meta) -> None:
    """On a read: make sure a job will play the bot turn found (``on_stall``)."""
    if ref.on_stall is None or turn is None or not meta.acting_bot(turn):
        return
    try:
        ref.on_stall(deal_id, seq, turn, meta.acting_bot(turn) or "")
    except Exception:  # a read never fails for this: the workers' sweeper finds it too
        log.warning("could not check a bot turn", exc_info=True, extra={"deal": deal_id})


def turn_at(ref: Referee, deal_id: str, seq: int) -> dict[str, Any] | None:
    """The envelope at ``seq``: the event that began the turn the deal waits on."""
    found = ref.store.read("deal", deal_id, after=seq - 1, upto=seq)
    return found[0] if found else None


def clocked(meta: Meta, turn: int | None) -> Clock | None:
    """The clock of a turn a person must play now, or None."""
    clock = meta.clock
    if clock is None or turn is None or meta.forfeited or meta.acting_bot(turn):
        return None
    return clock


def deadline_at(meta: Meta, turn: int | None, at: str, spent: float = 0.0) -> str | None:
    """The deadline (RFC 3339) of ``turn`` begun at ``at``, if a clock runs for it (``spent``:
    bank spent since ``meta`` was read)."""
    clock = clocked(meta, turn)
    if clock is None or turn is None:
        return None
    return render_at(when(due(meta, clock, turn, at, spent)))


def deadline_of(ref: Referee, deal_id: str, seq: int, turn: int | None, meta: Meta
                ) -> str | None:
    """The deadline of the turn a deal at ``seq`` waits on (one read, only with a clock)."""
    if clocked(meta, turn) is None:
        return None
    began = turn_at(ref, deal_id, seq)
    return None if began is None else deadline_at(meta, turn, began["at"])


def watch(ref: Referee, deal_id: str, seq: int, turn: int | None, meta: Meta,
          at: str | None = None, *, only_new: bool = False) -> None:
    """Give the workers the deadline of the turn that begins at ``seq`` (stamped ``at``)."""
    clock = clocked(meta, turn)
    if clock is None or turn is None:
        return
    if at is None:
        began = turn_at(ref, deal_id, seq)
        if began is None:
            return
        at = began["at"]
    ends = due(meta, clock, turn, at)
    ref.store.deadlines.add(deal_id, seq, turn, round(ends * 1000), only_new=only_new)


def due(meta: Meta, clock: Clock, seat: int, at: str, spent: float = 0.0) -> float:
    """The deadline (epoch seconds) of ``seat``'s turn begun at ``at``, with its bank left."""
    return deadline(seconds(at), clock, meta.bank_used(seat) + spent)


def seconds(at: str) -> float:
    """An envelope's ``at`` in seconds since the epoch."""
    return datetime.fromisoformat(at).timestamp()


def when(epoch: float) -> datetime:
    return datetime.fromtimestamp(epoch, UTC)
