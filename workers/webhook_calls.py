"""A webhook bot's turn: call it (unless it is suspended), turn whatever happens into a legal
move, and keep the outcome where the bot's owner can read it (``GET /v1/bots/{id}``).

Nothing a bot answers, or fails to, raises out of here: a job that raised would be retried,
and swept again, forever (issue 32). A failed call plays a random legal move, and the reason
(``timeout``, ``error``, ``illegal``, ``redirect``, ``not-allowed``, ``unknown-bot``,
``suspended``) goes into the envelope's ``command_id`` (``bot-fallback:<reason>:<seq>``), the
bot's counters and its last errors; after ``TRICKLOG_WEBHOOK_SUSPEND_AFTER`` failures in a
row the bot is suspended, and its seats play the fallback at once, without a call.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from domain.bots import BOTS
from events.referee import Referee, bots

from . import runtime, webhooks

log = logging.getLogger("tricklog.workers.bots")


def call(hook: dict[str, Any], view: dict[str, Any]
         ) -> tuple[dict[str, Any] | None, str | None, str]:
    """The bot's legal move, or None with the reason and what went wrong."""
    why: Exception
    try:
        return webhooks.ask(hook, view, webhooks.Policy.of(runtime.settings())), None, ""
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
    return None, reason, f"{type(why).__name__}: {str(why)[:200]}"


def ask(hook: dict[str, Any] | None, view: dict[str, Any], rng: random.Random
        ) -> tuple[dict[str, Any], str | None]:
    """The webhook bot's move (one of the legal moves), or a random one and the reason."""
    if hook is None:
        return BOTS["random"](view, rng), "unknown-bot"
    move, reason, detail = call(hook, view)
    if move is not None:
        return move, None
    log.warning("webhook bot failed; playing a random move",
                extra={"bot": hook["id"], "reason": reason, "why": detail})
    return BOTS["random"](view, rng), reason


def play(referee: Referee, bot_id: str, view: dict[str, Any], rng: random.Random,
         deal_id: str, seq: int) -> tuple[dict[str, Any], str | None]:
    """``ask``, for a registered bot: a suspended one is not called, and every call's outcome
    is recorded (and may suspend the bot)."""
    hook = bots.webhook(referee, bot_id)
    if hook is None:
        return ask(None, view, rng)
    if bots.suspension(referee, bot_id) is not None:
        referee.store.count_bot_fallback(bot_id)
        return BOTS["random"](view, rng), "suspended"
    move, reason, detail = call(hook, view)
    failure = None if reason is None else {"reason": reason, "detail": detail,
                                           "deal": deal_id, "seq": seq}
    made = bots.record(referee, bot_id, failure, runtime.settings().webhook_suspend_after)
    if made is not None:
        log.warning("webhook bot suspended", extra={"bot": bot_id, "why": made["reason"]})
    if move is not None:
        return move, None
    log.warning("webhook bot failed; playing a random move",
                extra={"bot": bot_id, "reason": reason, "why": detail})
    return BOTS["random"](view, rng), reason
