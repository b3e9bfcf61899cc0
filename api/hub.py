"""One reader per watched deal per API process, its changes fanned out to every watcher.

A deal's ``Feed`` blocks on the store (``EventStore.wait``: ``XREAD BLOCK`` on its own
connection) and, when the deal moves on, reads it once: the new envelopes and the state after
them. Every watcher of that deal in this process wakes on the feed's condition and takes its
frames from memory, rendered once per (seat, cursor, seq) and shared: a thousand spectators of
one deal cost one read and one rendering per move, and a socket each.

The reader is a ``threading.Thread``: under gunicorn's gevent worker (``tricklog serve``) the
threading module is patched, so it is a greenlet and every wait is cooperative; under a plain
WSGI server (the tests' Flask client) it is a thread, and works the same.

A feed ends when its last watcher leaves (the reader notices within ``BLOCK_MS``) or when the
deal is over. Redis going away does not end it: the reader retries with backoff and the
watchers keep getting keep-alives until it is back.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import redis

from domain import game
from events.referee import Referee, deals, turns

from .stream_caps import refused

BLOCK_MS = 5_000  # one XREAD BLOCK; also how long a feed with no watchers may linger
RETRY_S = (0.2, 0.5, 1.0, 2.0)  # pauses between reads while the store is away
log = logging.getLogger("tricklog.stream")


@dataclass
class Snapshot:
    """What a feed has read: the envelopes after ``base`` (in order) and the deal at ``seq``."""

    base: int
    envelopes: list[dict[str, Any]]
    deal: deals.LoadedDeal
    over: bool
    disclosed: bool  # deals.disclosed: what the deal hides may be served

    @property
    def seq(self) -> int:
        return self.deal.seq

    def after(self, cursor: int) -> list[dict[str, Any]] | None:
        """The envelopes after ``cursor``, or None when this feed began after it."""
        if cursor < self.base:
            return None
        return self.envelopes[cursor - self.base:]


@dataclass
class Feed:
    deal_id: str
    latest: Snapshot
    watchers: int = 0
    stopped: bool = False
    changed: threading.Condition = field(default_factory=threading.Condition)
    rendered: dict[tuple[int | None, int, int], bytes] = field(default_factory=dict)

    def wait_past(self, cursor: int, timeout: float) -> Snapshot | None:
        """The latest snapshot once it is past ``cursor``; None after ``timeout`` seconds."""
        with self.changed:
            if self.latest.seq <= cursor and not self.stopped:
                self.changed.wait(timeout)
            return self.latest if self.latest.seq > cursor else None

    def render(self, seat: int | None, cursor: int, snap: Snapshot,
               make: Callable[[Snapshot, int], bytes]) -> bytes:
        """The frames for one (seat, cursor) at ``snap``, made once and shared."""
        key = (seat, cursor, snap.seq)
        out = self.rendered.get(key)
        if out is None:
            out = self.rendered[key] = make(snap, cursor)
        return out

    def publish(self, snap: Snapshot) -> None:
        with self.changed:
            self.latest, self.rendered = snap, {}
            self.changed.notify_all()


class Hub:
    """The feeds of this process, by deal id. ``join`` returns the deal's feed (starting its
    reader if it has none); every ``join`` is paired with one ``leave``. Each feed holds a
    Redis connection of its own (its blocking read), so the deals watched at once in one
    process are capped (``max_feeds``): beyond it a stream on another deal is refused (503
    ``streams-full``), and no client can spend the store's connections."""

    def __init__(self, referee: Referee, blocking: Callable[[], redis.Redis],
                 max_feeds: int = 500) -> None:
        self.referee, self.blocking, self.max_feeds = referee, blocking, max_feeds
        self.feeds: dict[str, Feed] = {}
        self.lock = threading.Lock()

    def join(self, deal_id: str) -> Feed:
        with self.lock:
            feed = self.feeds.get(deal_id)
            if feed is None:
                if len(self.feeds) >= self.max_feeds:
                    raise refused("streams-full", f"this server process follows its "
                                  f"{self.max_feeds} deals at once")
                deal = deals.load(self.referee, deal_id)
                snap = Snapshot(deal.seq, [], deal, game.is_over(deal.state),
                                deals.disclosed(self.referee, deal))
                feed = self.feeds[deal_id] = Feed(deal_id, snap)
                threading.Thread(target=self._read, args=(feed,), daemon=True,
                                 name=f"feed {deal_id}").start()
            feed.watchers += 1
            return feed

    def leave(self, feed: Feed) -> None:
        with self.lock:
            feed.watchers -= 1
            if feed.watchers == 0 and self.feeds.get(feed.deal_id) is feed:
                del self.feeds[feed.deal_id]
                feed.stopped = True

    def _read(self, feed: Feed) -> None:
        client = self.blocking()
        failures = 0
        try:
            while not feed.stopped and not feed.latest.over:
                try:
                    self._step(feed, client)
                    failures = 0
                except redis.RedisError:
                    log.warning("a deal's feed lost the store; retrying",
                                extra={"deal": feed.deal_id})
                    time.sleep(RETRY_S[min(failures, len(RETRY_S) - 1)])
                    failures += 1
        finally:
            client.close()
            with self.lock:
                if self.feeds.get(feed.deal_id) is feed:
                    del self.feeds[feed.deal_id]
            with feed.changed:  # wake the watchers of an ended feed: they see the deal over
                feed.stopped = True
                feed.changed.notify_all()

    def _step(self, feed: Feed, client: redis.Redis) -> None:
        """One wait for the deal to move on, and one read of it if it did."""
        ref, old = self.referee, feed.latest
        if not ref.store.wait(client, "deal", feed.deal_id, old.seq, BLOCK_MS):
            return
        deal = deals.load(ref, feed.deal_id)
        new = [e for e in ref.store.read("deal", feed.deal_id, after=old.seq)
               if e["seq"] <= deal.seq]
        over = game.is_over(deal.state)
        feed.publish(Snapshot(old.base, old.envelopes + new, deal, over,
                              deals.disclosed(ref, deal)))
        turns.kick(ref, deal.id, deal.seq, deal.state.turn, deal.meta)
