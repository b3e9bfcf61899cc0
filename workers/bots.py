"""The bot-move job: read the seat's view, choose, append with the expected ``seq``."""

from __future__ import annotations

import logging
import random
import time

from domain.bots import BOTS
from events.service import StaleSeq

from . import runtime

log = logging.getLogger("tricklog.workers.bots")


def play_bot_turn(deal_id: str, seq: int, seat: int) -> str:
    """Play one bot move if the deal still stands at ``seq`` with ``seat`` to act.

    Safe under at-least-once delivery: a stale job does nothing, and a repeated one is answered
    from the idempotency key ``bot:<seq>`` without appending."""
    referee = runtime.referee()
    deal = referee.load(deal_id)
    if deal.seq != seq or deal.state.turn != seat:
        return "stale"
    bot = deal.meta.bot_of(seat)
    if bot is None:
        return "not a bot"
    view = referee.view_of(deal, deal.state, deal.seq, seat)
    move = BOTS[bot](view, random.Random(f"{deal_id}:{seq}"))
    delay = runtime.bot_delay()
    if delay:
        time.sleep(delay)
    try:
        referee.play_as(deal_id, seat, move, expected_seq=seq, idempotency_key=f"bot:{seq}")
    except StaleSeq:
        return "stale"
    log.info("bot moved", extra={"deal": deal_id, "seq": seq, "seat": seat, "bot": bot})
    return "moved"
