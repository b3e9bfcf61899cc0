"""``events/raw_replies.py``: the replay job's read of a deal as Redis sends the replies, and
the pipeline wherever that read cannot answer (another kind of client, an error reply)."""

from __future__ import annotations

import pytest
import redis

from events import keys, raw_replies
from events.store import EventStore


class Wrapped(redis.Redis):
    """A client of another class (a cluster's, a test's wrapper) takes the pipeline."""


def test_the_raw_read_gives_what_the_pipeline_gives(redis_client: redis.Redis) -> None:
    redis_client.hset("h", mapping={"a": "1", "b": "2"})
    redis_client.xadd("s", {"e": b'{"seq": 1}'}, id="1-0")
    redis_client.xadd("s", {"x": b"y", "e": b'{"seq": 2}'}, id="2-0")
    got = raw_replies.replies(redis_client, [("HGETALL", "h"), ("HGETALL", "none"),
                                             ("XRANGE", "s", "-", "+")])
    assert got is not None
    assert raw_replies.pairs(got[0]) == redis_client.hgetall("h")
    assert raw_replies.pairs(got[1]) == {}
    assert raw_replies.values_of(got[2], b"e") == [b'{"seq": 1}', b'{"seq": 2}']
    assert raw_replies.replies(Wrapped(connection_pool=redis_client.connection_pool),
                               [("HGETALL", "h")]) is None


def test_an_error_reply_takes_the_pipeline_and_leaves_no_reply_unread(
        redis_client: redis.Redis) -> None:
    redis_client.set("deal-as-string", "x")
    assert raw_replies.replies(redis_client, [("XRANGE", "deal-as-string", "-", "+"),
                                              ("HGETALL", "h")]) is None
    redis_client.hset("h", "a", "1")
    assert redis_client.hgetall("h") == {b"a": b"1"}  # not the reply left behind
    store = EventStore(redis_client)
    redis_client.set(keys.stream_key("deal", "d.1"), "not a stream")
    with pytest.raises(redis.ResponseError):
        store.deal_head_facts_and_log("d.1", "d")
    assert redis_client.hgetall("h") == {b"a": b"1"}


def test_a_deals_read_is_the_same_either_way(redis_client: redis.Redis) -> None:
    from events.referee import Referee, matches

    created = matches.create(Referee(EventStore(redis_client)), ruleset="sueca", players=4,
                             seats=[{"name": f"p{i}"} for i in range(4)])
    deal, match = created["deal"]["id"], created["id"]
    raw = EventStore(redis_client).deal_head_facts_and_log(deal, match)
    piped = EventStore(Wrapped(connection_pool=redis_client.connection_pool)
                       ).deal_head_facts_and_log(deal, match)
    assert raw == piped and raw[0] and raw[1] and raw[2]
