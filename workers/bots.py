"""The bot-move job: read the seat's view, choose, append with the expected ``seq``."""

from __future__ import annotations

import logging
import random
import time
from typing import Any

from domain.bots import BOTS
from domain.errors import IllegalMove
from events.referee import StaleSeq, bots, deals, moves

from . import runtime, webhooks

log = logging.getLogger("tricklog.workers.bots")


def play_bot_turn(deal_id: str, seq: int, seat: int) -> str:
    """Play one bot move if the deal still stands at ``seq`` with ``seat`` to act.

    Safe under at-least-once delivery: a stale job does nothing, and a repeated one is answered
    from the idempotency key ``bot:<seq>`` without appending."""
    referee = runtime.referee()
    deal = deals.load(referee, deal_id)
    if deal.seq != seq or deal.state.turn != seat:
        return "stale"
    bot = deal.meta.bot_of(seat)
    if bot is None:
        return "not a bot"
    view = deals.view_of(deal, deal.state, deal.seq, seat)
    rng = random.Random(f"{deal_id}:{seq}")
    command_id = None
    if bot in BOTS:
        move = BOTS[bot](view, rng)
        delay = runtime.settings().bot_delay
        if delay:
            time.sleep(delay)
    else:
        move, reason = _ask_webhook(bots.webhook(referee, bot), view, rng)
        if reason is not None:
            command_id = f"bot-fallback:{reason}:{seq}"
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


def _ask_webhook(hook: dict[str, Any] | None, view: dict[str, Any], rng: random.Random
                 ) -> tuple[dict[str, Any], str | None]:
    """The webhook bot's move (one of the legal moves), or a random one and the reason
    (timeout, error, illegal, redirect, not-allowed, unknown-bot). Nothing a bot answers, or
    fails to, raises out of here: a job that raised would be retried, and swept again, forever
    (issue 32)."""
    if hook is None:
        return BOTS["random"](view, rng), "unknown-bot"
    why: Exception
    try:
        return webhooks.ask(hook, view, webhooks.Policy.of(runtime.settings())), None
    except webhooks.NotAllowed as exc:
        reason, why = "not-allowed", exc
    except webhooks.Redirected as exc:
        reason, why = "redirect", exc
    except webhooks.Illegal as exc:
        reason, why = "illegal", exc
    except TimeoutError as exc:
        reason, why = "timeout", exc
    except Exception as exc:  # noqa: BLE001 - whatever a hostile bot causes: the fallback
        reason, why = "timeout" if "timed out" in str(exc) else "error", exc
    log.warning("webhook bot failed; playing a random move", extra={
        "bot": hook["id"], "reason": reason, "why": f"{type(why).__name__}: {str(why)[:200]}"})
    return BOTS["random"](view, rng), reason
