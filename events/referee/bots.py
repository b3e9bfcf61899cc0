"""Third-party webhook bots: registered by the operator, called by the workers."""

from __future__ import annotations

import secrets
from typing import Any

from .context import Referee


def register(ref: Referee, name: str, url: str) -> dict[str, Any]:
    """A bot at ``url``; the answer holds its signing secret, shown once."""
    bot = {"id": "wb_" + secrets.token_hex(8), "name": name, "url": url,
           "secret": secrets.token_urlsafe(32)}
    ref.store.save_bot(bot)
    return bot


def webhook(ref: Referee, bot_id: str) -> dict[str, Any] | None:
    return ref.store.bot(bot_id) if bot_id.startswith("wb_") else None
