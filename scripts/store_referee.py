"""What the store-maintenance scripts (``close_forfeits.py``, ``ratings_rebuild.py``) share:
the referee over the event store ``TRICKLOG_REDIS_URL`` names, as a worker reaches it."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from events.config import Settings, connect  # noqa: E402
from events.referee import Referee  # noqa: E402
from events.store import EventStore  # noqa: E402


def from_env(script: str) -> Referee | None:
    """The store's referee, or None (said on stderr as ``script``'s) when no URL is set."""
    settings = Settings.from_env()
    if not settings.redis_url:
        print(f"{script}: set TRICKLOG_REDIS_URL", file=sys.stderr)
        return None
    return Referee(EventStore(connect(settings.redis_url)))
