"""Telling the bot runner that a bot seat is to act. A move is already committed when this
runs, so nothing here raises: a failed enqueue is retried with backoff, then logged, and the
workers' sweeper finds the turn within seconds; a read that finds a bot to act kicks it too."""

from __future__ import annotations

import logging
import time

from .context import Referee
from .seats import Meta

NOTIFY_BACKOFF = (0.05, 0.2, 0.5)  # seconds between tries to enqueue a bot turn
log = logging.getLogger("tricklog.referee")


def notify(ref: Referee, deal_id: str, seq: int, turn: int | None, meta: Meta) -> None:
    """After a move: enqueue the bot turn it leaves, if any."""
    if ref.on_turn is None or turn is None or not meta.bot_of(turn):
        return
    for pause in (*NOTIFY_BACKOFF, None):
        try:
            ref.on_turn(deal_id, seq, turn, meta.bot_of(turn) or "")
            return
        except Exception:
            if pause is None:
                log.exception("could not schedule a bot move; the sweeper will",
                              extra={"deal": deal_id, "seq": seq})
                return
            time.sleep(pause)


def kick(ref: Referee, deal_id: str, seq: int, turn: int | None, meta: Meta) -> None:
    """On a read: make sure a job will play the bot turn found (``on_stall``)."""
    if ref.on_stall is None or turn is None or not meta.bot_of(turn):
        return
    try:
        ref.on_stall(deal_id, seq, turn, meta.bot_of(turn) or "")
    except Exception:  # a read never fails for this: the workers' sweeper finds it too
        log.warning("could not check a bot turn", exc_info=True, extra={"deal": deal_id})
