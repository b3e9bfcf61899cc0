"""Third-party webhook bots: registered by the operator, called by the workers, managed by
the operator or the bot's owner (the holder of the key its registration returned).

Each bot has a signing secret (the workers sign every call with it; rotated on demand) and a
key (kept only as its SHA-256 digest) that lets its owner read, rotate, resume or delete it.
Every call's outcome is counted; the last ten failures are kept with their reason, so the
owner can read why a fallback move was played. A bot whose calls fail ``suspend_after`` times
in a row is suspended, with that reason: its seats then play the fallback at once, without
a call, until the owner or the operator resumes it.
"""

from __future__ import annotations

import hmac
import secrets
import time
from typing import Any

import orjson

from .context import Referee
from .errors import NotFound
from .seats import token_digest

ERRORS_KEPT = 10


def register(ref: Referee, name: str, url: str) -> dict[str, Any]:
    """A bot at ``url``; the answer holds its signing secret and its owner's key, shown once."""
    key = "bk_" + secrets.token_urlsafe(32)
    bot = {"id": "wb_" + secrets.token_hex(8), "name": name, "url": url,
           "secret": secrets.token_urlsafe(32), "key_sha256": token_digest(key),
           "created_at": ref.clock()}
    ref.store.save_bot(bot)
    return {"id": bot["id"], "name": name, "url": url, "secret": bot["secret"], "key": key}


def webhook(ref: Referee, bot_id: str) -> dict[str, Any] | None:
    return ref.store.bot(bot_id) if bot_id.startswith("wb_") else None


def get(ref: Referee, bot_id: str) -> dict[str, Any]:
    bot = webhook(ref, bot_id)
    if bot is None:
        raise NotFound("bot", bot_id)
    return bot


def is_owner(bot: dict[str, Any], token: str | None) -> bool:
    """Whether ``token`` is the bot's key (bots registered before keys have none)."""
    expected = bot.get("key_sha256")
    return bool(token and expected and hmac.compare_digest(token_digest(token), expected))


def public(ref: Referee, bot: dict[str, Any]) -> dict[str, Any]:
    """What the operator and the owner read: the bot without its secret, with its record."""
    health, errors = ref.store.bot_health(bot["id"])
    suspended = health.get("suspended")
    return {"id": bot["id"], "name": bot["name"], "url": bot["url"],
            "created_at": bot.get("created_at"),
            "status": "suspended" if suspended else "active",
            "suspended": orjson.loads(suspended) if suspended else None,
            "calls": int(health.get("calls", 0)), "fallbacks": int(health.get("fallbacks", 0)),
            "failures_in_row": int(health.get("failures_in_row", 0)), "last_errors": errors}


def listed(ref: Referee) -> list[dict[str, Any]]:
    return [public(ref, bot) for bot in ref.store.all_bots()]


def rotate(ref: Referee, bot_id: str, previous_valid_for: int = 0) -> dict[str, Any]:
    """A new signing secret, shown once; every call from now on is signed with it, and for
    ``previous_valid_for`` seconds with the old one too (a second ``v1``), so the bot can take
    the new secret without a failed call."""
    bot = get(ref, bot_id)
    bot["previous_secret"], bot["secret"] = bot["secret"], secrets.token_urlsafe(32)
    bot["previous_until"] = time.time() + previous_valid_for
    if previous_valid_for <= 0:
        del bot["previous_secret"], bot["previous_until"]
    ref.store.save_bot(bot)
    return {"id": bot_id, "secret": bot["secret"],
            "previous_valid_until": bot.get("previous_until")}


def delete(ref: Referee, bot_id: str) -> None:
    """Forget the bot; seats it played fall back (``unknown-bot``) from their next turn."""
    if not ref.store.delete_bot(bot_id):
        raise NotFound("bot", bot_id)


def resume(ref: Referee, bot_id: str) -> dict[str, Any]:
    bot = get(ref, bot_id)
    ref.store.resume_bot(bot_id)
    return public(ref, bot)


def suspension(ref: Referee, bot_id: str) -> dict[str, Any] | None:
    raw = ref.store.bot_health(bot_id)[0].get("suspended")
    return orjson.loads(raw) if raw else None


def record(ref: Referee, bot_id: str, failure: dict[str, Any] | None,
           suspend_after: int) -> dict[str, Any] | None:
    """Count a call and its failure (``{reason, detail, deal, seq}``), if any; suspend the bot
    after ``suspend_after`` failures in a row (0: never). The suspension made, if any."""
    error = None if failure is None else {"at": ref.clock(), **failure}
    in_row = ref.store.record_bot_call(bot_id, error)
    if error is None or suspend_after <= 0 or in_row < suspend_after:
        return None
    made = {"at": error["at"], "reason": f"{in_row} calls in a row failed; the last: "
                                         f"{error['reason']}: {error['detail']}"}
    return made if ref.store.suspend_bot(bot_id, made) else None
