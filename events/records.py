"""The store's records beside the event streams: each match's immutable facts (seats, token
digests, secret and nonce), the index of matches, the matches a bot-turn sweeper watches,
registered webhook bots and disputes. Every key comes from
``keys.py``; nothing outside the store touches Redis for them."""

from __future__ import annotations

from typing import Any, cast

import orjson
import redis

from . import keys, raw_replies


class Records:
    """Mixed into ``EventStore``: one object owns every key of the store."""

    _redis: redis.Redis

    # -- matches -----------------------------------------------------------------------------

    def save_match(self, match_id: str, facts: dict[str, str], at: float, bots: bool) -> None:
        """A new match's facts, its place in the index, and (with a bot seat or a clock: every
        match its workers look after) in the sweeper's list until it is over."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.hset(keys.meta_key(match_id), mapping=facts)  # type: ignore[arg-type]
        pipe.zadd(keys.match_index_key(), {match_id: at})
        pipe.zadd(keys.unfinished_matches_key(), {match_id: at})
        if bots:
            pipe.zadd(keys.live_bot_matches_key(), {match_id: at})
        pipe.execute()

    def add_match_facts(self, match_id: str, facts: dict[str, str]) -> None:
        """Facts learnt after the match was made (client seeds, a duplicate link)."""
        self._redis.hset(keys.meta_key(match_id), mapping=facts)  # type: ignore[arg-type]

    def claim_rematch(self, match_id: str) -> bool:
        """The one rematch of a match, reserved (False: another call has it)."""
        return bool(self._redis.hsetnx(keys.meta_key(match_id), "rematch", "claimed"))

    def spend_bank(self, match_id: str, seat: int, ms: int) -> None:
        """``seat`` spent ``ms`` more of its clock's bank."""
        self._redis.hincrby(keys.meta_key(match_id), f"bank:{seat}", ms)

    def count_timeout(self, match_id: str, seat: int) -> int:
        """One more timeout in a row for ``seat``; how many now."""
        return int(self._redis.hincrby(keys.meta_key(match_id), f"timeouts:{seat}", 1))

    def forget_match_facts(self, match_id: str, *names: str) -> None:
        self._redis.hdel(keys.meta_key(match_id), *names)

    def link_tables(self, source_id: str, match_id: str) -> bool:
        """Put ``match_id`` in ``source_id``'s duplicate group (the source too, and its facts
        name the group); True if the source was in no group before."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.sadd(keys.group_key(source_id), source_id, match_id)
        pipe.hsetnx(keys.meta_key(source_id), "group", source_id)
        return bool(pipe.execute()[1])

    def unlink_table(self, source_id: str, match_id: str, alone: bool) -> None:
        """Undo ``link_tables`` (a refused link); ``alone``: the source had no group before."""
        self._redis.srem(keys.group_key(source_id), match_id)
        if alone:
            self._redis.srem(keys.group_key(source_id), source_id)
            self._redis.hdel(keys.meta_key(source_id), "group")

    def group_tables(self, source_id: str) -> list[str]:
        return sorted(m.decode() for m in cast(set[bytes], self._redis.smembers(
            keys.group_key(source_id))))

    def match_facts(self, match_id: str) -> dict[bytes, bytes]:
        return cast(dict[bytes, bytes], self._redis.hgetall(keys.meta_key(match_id)))

    def deal_head_and_facts(self, deal_id: str, match_id: str
                            ) -> tuple[dict[bytes, bytes], dict[bytes, bytes]]:
        """A deal's head and its match's facts in one round trip."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.hgetall(keys.head_key("deal", deal_id))
        pipe.hgetall(keys.meta_key(match_id))
        head, facts = pipe.execute()
        return head, facts

    def deal_head_facts_and_log(self, deal_id: str, match_id: str
                                ) -> tuple[dict[bytes, bytes], dict[bytes, bytes],
                                           list[dict[str, Any]]]:
        """A deal's head, its match's facts and its whole log in one round trip (the log is
        read after the head: it may hold events past the head's ``seq``, never fewer). The
        replies as Redis sends them where the client allows (``raw_replies``)."""
        head_key, meta_key = keys.head_key("deal", deal_id), keys.meta_key(match_id)
        stream_key = keys.stream_key("deal", deal_id)
        got = raw_replies.replies(self._redis, [("HGETALL", head_key), ("HGETALL", meta_key),
                                                ("XRANGE", stream_key, "-", "+")])
        if got is not None:
            return (raw_replies.pairs(got[0]), raw_replies.pairs(got[1]),
                    [orjson.loads(e) for e in raw_replies.values_of(got[2], b"e")])
        pipe = self._redis.pipeline(transaction=False)
        pipe.hgetall(head_key)
        pipe.hgetall(meta_key)
        pipe.xrange(stream_key)
        head, facts, rows = pipe.execute()
        return head, facts, [orjson.loads(fields[b"e"]) for _, fields in rows]

    def recent_matches(self, limit: int) -> list[str]:
        ids = cast(list[bytes], self._redis.zrevrange(keys.match_index_key(), 0, limit - 1))
        return [i.decode() for i in ids]

    # -- the bot-turn sweeper ----------------------------------------------------------------

    def live_bot_matches(self, start: int, count: int) -> list[str]:
        page = cast(list[bytes], self._redis.zrange(keys.live_bot_matches_key(), start,
                                                    start + count - 1))
        return [raw.decode() for raw in page]

    def forget_live(self, match_id: str) -> None:
        self._redis.zrem(keys.live_bot_matches_key(), match_id)

    def take_sweep_lock(self, holder: str, ms: int) -> bool:
        return bool(self._redis.set(keys.sweep_lock_key(), holder, nx=True, px=ms))

    # -- retention (workers/retention.py) -----------------------------------------------------

    def unfinished_idle_since(self, cutoff: float, count: int) -> list[str]:
        """Unfinished matches whose last known activity is before ``cutoff`` (epoch s)."""
        page = cast(list[bytes], self._redis.zrangebyscore(
            keys.unfinished_matches_key(), "-inf", cutoff, start=0, num=count))
        return [raw.decode() for raw in page]

    def active_at(self, match_id: str, at: float) -> None:
        self._redis.zadd(keys.unfinished_matches_key(), {match_id: at})

    def forget_unfinished(self, match_id: str) -> None:
        self._redis.zrem(keys.unfinished_matches_key(), match_id)

    def drop_match(self, match_id: str, deal_ids: list[str]) -> None:
        """Remove an abandoned match: its facts, its stream and every deal's stream, head and
        disputes, and its places in the indexes. (Idempotency answers expire by themselves.)"""
        names = [keys.meta_key(match_id), keys.stream_key("match", match_id),
                 keys.head_key("match", match_id)]
        for deal_id in deal_ids:
            names += [keys.stream_key("deal", deal_id), keys.head_key("deal", deal_id),
                      keys.disputes_key(deal_id)]
        for name in names:  # one key at a time: in a cluster they live on different nodes
            self._redis.unlink(name)
        for index in (keys.match_index_key(), keys.live_bot_matches_key(),
                      keys.unfinished_matches_key()):
            self._redis.zrem(index, match_id)

    # -- webhook bots and disputes -----------------------------------------------------------

    def save_bot(self, bot: dict[str, Any]) -> None:
        self._redis.hset(keys.bots_key(), bot["id"], orjson.dumps(bot))

    def bot(self, bot_id: str) -> dict[str, Any] | None:
        raw = self._redis.hget(keys.bots_key(), bot_id)
        return None if raw is None else cast(dict[str, Any], orjson.loads(cast(bytes, raw)))

    def all_bots(self) -> list[dict[str, Any]]:
        raw = cast(dict[bytes, bytes], self._redis.hgetall(keys.bots_key()))
        return sorted((orjson.loads(v) for v in raw.values()), key=lambda b: b["id"])

    def delete_bot(self, bot_id: str) -> bool:
        pipe = self._redis.pipeline(transaction=True)
        pipe.hdel(keys.bots_key(), bot_id)
        pipe.delete(keys.bot_health_key(bot_id), keys.bot_errors_key(bot_id))
        return bool(pipe.execute()[0])

    def bot_health(self, bot_id: str) -> tuple[dict[str, str], list[dict[str, Any]]]:
        """A webhook bot's counters and suspension (strings), and its last errors."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.hgetall(keys.bot_health_key(bot_id))
        pipe.lrange(keys.bot_errors_key(bot_id), 0, -1)
        health, errors = pipe.execute()
        return ({k.decode(): v.decode() for k, v in health.items()},
                [orjson.loads(e) for e in errors])

    def record_bot_call(self, bot_id: str, error: dict[str, Any] | None) -> int:
        """Count one call (a failed one with its error, the last ten kept); the failures in a
        row after it."""
        key = keys.bot_health_key(bot_id)
        pipe = self._redis.pipeline(transaction=True)
        pipe.hincrby(key, "calls", 1)
        if error is None:
            pipe.hset(key, "failures_in_row", 0)
            pipe.execute()
            return 0
        pipe.hincrby(key, "fallbacks", 1)
        pipe.hincrby(key, "failures_in_row", 1)
        pipe.lpush(keys.bot_errors_key(bot_id), orjson.dumps(error))
        pipe.ltrim(keys.bot_errors_key(bot_id), 0, 9)
        return int(pipe.execute()[2])

    def count_bot_fallback(self, bot_id: str) -> None:
        self._redis.hincrby(keys.bot_health_key(bot_id), "fallbacks", 1)

    def suspend_bot(self, bot_id: str, suspension: dict[str, Any]) -> bool:
        """Suspend the bot unless it is already; True if this call suspended it."""
        return bool(self._redis.hsetnx(keys.bot_health_key(bot_id), "suspended",
                                       orjson.dumps(suspension)))

    def resume_bot(self, bot_id: str) -> None:
        pipe = self._redis.pipeline(transaction=True)
        pipe.hdel(keys.bot_health_key(bot_id), "suspended")
        pipe.hset(keys.bot_health_key(bot_id), "failures_in_row", 0)
        pipe.execute()

    def save_dispute(self, deal_id: str, dispute: dict[str, Any]) -> None:
        self._redis.hset(keys.disputes_key(deal_id), dispute["id"], orjson.dumps(dispute))

    def dispute(self, deal_id: str, dispute_id: str) -> dict[str, Any] | None:
        raw = self._redis.hget(keys.disputes_key(deal_id), dispute_id)
        return None if raw is None else cast(dict[str, Any], orjson.loads(cast(bytes, raw)))

    def disputes(self, deal_id: str) -> list[dict[str, Any]]:
        raw = cast(dict[bytes, bytes], self._redis.hgetall(keys.disputes_key(deal_id)))
        return [orjson.loads(v) for v in raw.values()]
