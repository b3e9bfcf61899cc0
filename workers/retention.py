"""What the store keeps, and for how long (issue 32 item 10).

- A **finished** match is kept for good: its logs are the record that audits, disputes,
  replays, exports and score sheets read, and they are small (about 12 KB of Redis a deal).
- A match that is **not over** and has had no event at all (a move, a claim, a client seed, a
  deal started) for ``TRICKLOG_RETENTION_ABANDONED_DAYS`` days (30; 0 keeps every match) is
  abandoned: its facts, its stream and every deal's stream, head and disputes are removed,
  and it leaves the lobby's list.

The matches not known to be over sit in a sorted set scored by the time from which they may be
idle (their creation, then their last event's). Every ``RETENTION_INTERVAL`` one worker (the
sweeper's lock) looks at those idle past the cutoff, a page at a time: a match found over
leaves the set; one active since is scored again at its last event; the rest are removed.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime

from events.referee import NotFound, Referee, matches

log = logging.getLogger("tricklog.workers.retention")
RETENTION_INTERVAL = 3600.0
PAGE = 200
DAY_S = 86400.0


def parse_at(value: str) -> float:
    return datetime.fromisoformat(value).timestamp()


def last_event_at(referee: Referee, match_id: str, deal_ids: list[str]) -> float:
    """When the match or its current deal last had an event (epoch seconds)."""
    ends = [referee.store.last("match", match_id)]
    if deal_ids:
        ends.append(referee.store.last("deal", deal_ids[-1]))
    return max((parse_at(e["at"]) for e in ends if e is not None), default=0.0)


def expire_abandoned(referee: Referee, days: float, now: float | None = None) -> list[str]:
    """One pass; the ids of the matches removed."""
    if days <= 0:
        return []
    cutoff = (time.time() if now is None else now) - days * DAY_S
    removed: list[str] = []
    for match_id in referee.store.unfinished_idle_since(cutoff, PAGE):
        try:
            state = matches.advance(referee, match_id)
        except NotFound:
            referee.store.forget_unfinished(match_id)
            continue
        if state.status != "playing":
            referee.store.forget_unfinished(match_id)  # finished: kept for good
            continue
        deal_ids = [d["id"] for d in state.deals]
        last = last_event_at(referee, match_id, deal_ids)
        if last > cutoff:
            referee.store.active_at(match_id, last)
            continue
        referee.store.drop_match(match_id, deal_ids)
        removed.append(match_id)
    if removed:
        log.warning("removed abandoned matches", extra={"matches": removed, "days": days})
    return removed
