"""The bot-move job: read the seat's view, choose, wait out the think time, append with the
expected ``seq``.

A bot tells nothing by its timing or its randomness (issue 26): no move of it, forced or not, is
appended sooner than ``think_time`` after the event that made it the bot's turn (counted from
that envelope's ``at``, so time spent in the queue counts too), and it draws from a generator
seeded by the deal's secret nonce (``domain.fairness.bot_seed``), revealed when the deal is
scored. The think time stays far below ``turns.LEASE``: a thinking job is ``started`` (and a
forking worker beats its heartbeat), never taken for a lost one.
"""

from __future__ import annotations

import logging
import math
import random
import time
from datetime import datetime, timedelta

from domain import match as match_rules
from domain.bots import BOTS
from domain.errors import IllegalMove
from domain.fairness import bot_seed
from events.referee import Referee, StaleSeq, deals, moves

from . import runtime, webhook_calls
from .turns import think_time

log = logging.getLogger("tricklog.workers.bots")


def play_bot_turn(deal_id: str, seq: int, seat: int) -> str:
    """Play one bot move if the deal still stands at ``seq`` with ``seat`` to act.

    Safe under at-least-once delivery: a stale job does nothing, and a repeated one is answered
    from the idempotency key ``bot:<seq>`` without appending."""
    referee = runtime.referee()
    deal = deals.load(referee, deal_id)
    if deal.seq != seq or deal.state.turn != seat:
        return "stale"
    bot = deal.meta.acting_bot(seat)
    if bot is None:
        return "not a bot"
    view = deals.view_of(deal, deal.state, deal.seq, seat, False)
    secret = deal.meta.fairness.deal(match_rules.number_of(deal_id))
    rng = random.Random(bot_seed(secret, deal_id, seq))
    command_id = None
    if bot in BOTS:
        move = BOTS[bot](view, rng)
    else:
        move, reason = webhook_calls.play(referee, bot, view, rng, deal_id, seq)
        if reason is not None:
            command_id = f"bot-fallback:{reason}:{seq}"
    _think(referee, deal_id, seq, think_time(runtime.settings()))
    try:
        moves.play_as(referee, deal_id, seat, move, expected_seq=seq,
                      idempotency_key=f"bot:{seq}", command_id=command_id)
    except StaleSeq:
        return "stale"
    except IllegalMove:  # an illegal webhook answer: play a random move, and say why
        move = BOTS["random"](view, rng)
        moves.play_as(referee, deal_id, seat, move, expected_seq=seq,
                      idempotency_key=f"bot:{seq}", command_id=f"bot-fallback:illegal:{seq}")
        command_id = "illegal"
    log.info("bot moved", extra={"deal": deal_id, "seq": seq, "seat": seat, "bot": bot,
                                 "fallback": command_id})
    return "moved"


def think_left(turn_at: str, think: float, now: str) -> float:
    """Seconds still to wait at ``now`` (an envelope's ``at``) so that a move stamped then is
    ``think`` seconds or more after ``turn_at``; stamps have whole milliseconds, so the
    think time is rounded up to one."""
    think_ms = math.ceil(round(think * 1000, 6))
    deadline = datetime.fromisoformat(turn_at) + timedelta(milliseconds=think_ms)
    return max(0.0, (deadline - datetime.fromisoformat(now)).total_seconds())


def _think(referee: Referee, deal_id: str, seq: int, think: float) -> None:
    """Wait until ``think`` seconds have passed since event ``seq`` was stamped; at once when
    they have (the job waited in the queue as long), by the referee's own clock."""
    if think <= 0:
        return
    turn = referee.store.read("deal", deal_id, after=seq - 1, upto=seq)
    if not turn:
        return
    for _ in range(3):  # again if woken early or the clock was stepped back; never forever
        left = think_left(turn[0]["at"], think, referee.clock())
        if left <= 0:
            return
        time.sleep(min(left, think))  # a stamp from a clock ahead: no longer than think


_ask_webhook = webhook_calls.ask  # a webhook's move, or a fallback and why (tests)
