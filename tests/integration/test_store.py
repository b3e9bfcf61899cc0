"""The event store's contract, the Lua append's guarantees, run alike against a standalone
redis-server and a three-master Redis Cluster (one test case, a subclass per backend, as the
eventsourcing library does for its stores)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from redis.cluster import RedisCluster

from domain.messages import Event
from events import keys
from events.config import connect
from events.envelope import GENESIS, first_break, seal
from events.redis_cluster import LocalCluster
from events.store import Conflict, Duplicate, EventStore

pytestmark = pytest.mark.xdist_group("redis-cluster")  # its module-scoped fixture, set up once


def envs(after: int, prev: str, n: int = 1, tag: str = "x") -> list[dict]:
    events = [Event("played", {"card": f"{tag}{i}"}, 0) for i in range(n)]
    return seal(events, after_seq=after, prev=prev, at="2026-01-01T00:00:00.000Z",
                command_id=tag)


class StoreContract:
    """What every backend of the event store guarantees."""

    def test_append_numbers_events_with_explicit_stream_ids(self, store: EventStore,
                                                            client: redis.Redis) -> None:
        first = envs(0, GENESIS, 2)
        assert store.append("deal", "d1", first, expected_seq=0) == 2
        second = envs(2, first[-1]["hash"], 1)
        assert store.append("deal", "d1", second, expected_seq=2) == 3
        ids = [i for i, _ in client.xrange(keys.stream_key("deal", "d1"))]
        assert ids == [b"1-0", b"2-0", b"3-0"]
        log = store.read("deal", "d1")
        assert [e["seq"] for e in log] == [1, 2, 3] and first_break(log) is None
        assert [e["seq"] for e in store.read("deal", "d1", after=1, limit=1)] == [2]
        assert store.head("deal", "d1").seq == 3

    def test_stale_expected_seq_is_a_conflict_and_appends_nothing(self, store: EventStore) -> None:
        store.append("deal", "d2", envs(0, GENESIS), expected_seq=0)
        with pytest.raises(Conflict) as err:
            store.append("deal", "d2", envs(0, GENESIS), expected_seq=0)
        assert err.value.current_seq == 1
        assert len(store.read("deal", "d2")) == 1

    def test_idempotency_key_returns_the_first_answer(self, store: EventStore) -> None:
        store.append("deal", "d3", envs(0, GENESIS), expected_seq=0, idempotency=("0", "k"),
                     answer=b"first")
        with pytest.raises(Duplicate) as dup:
            store.append("deal", "d3", envs(1, GENESIS), expected_seq=1, idempotency=("0", "k"),
                         answer=b"second")
        assert dup.value.answer == b"first"
        remembered = store.remembered("deal", "d3", "0", "k")
        assert remembered is not None and remembered.answer == b"first"
        assert store.remembered("deal", "d3", "1", "k") is None  # keys are per seat
        assert len(store.read("deal", "d3")) == 1

    def test_racing_writers_exactly_one_wins(self, store: EventStore) -> None:
        store.append("deal", "d4", envs(0, GENESIS), expected_seq=0)
        results: list[str] = []
        barrier = threading.Barrier(8)

        def writer(i: int) -> None:
            barrier.wait()
            try:
                store.append("deal", "d4", envs(1, "0" * 64, tag=f"w{i}"), expected_seq=1)
                results.append("won")
            except Conflict:
                results.append("lost")

        threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == ["lost"] * 7 + ["won"]
        assert [e["seq"] for e in store.read("deal", "d4")] == [1, 2]

    def test_reading_past_any_possible_seq_is_empty(self, store: EventStore) -> None:
        store.append("deal", "d5", envs(0, GENESIS), expected_seq=0)
        assert store.read("deal", "d5", after=10**40) == []
        assert len(store.read("deal", "d5", upto=10**40)) == 1


class TestStandalone(StoreContract):
    @pytest.fixture
    def client(self, redis_client: redis.Redis) -> redis.Redis:
        return redis_client

    @pytest.fixture
    def store(self, client: redis.Redis) -> EventStore:
        return EventStore(client)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCluster]:
    with LocalCluster(Path(tmp_path_factory.mktemp("cluster"))) as running:
        yield running


class TestCluster(StoreContract):
    @pytest.fixture
    def client(self, cluster: LocalCluster) -> Iterator[redis.Redis]:
        client = connect(cluster.url)
        client.flushall(target_nodes=RedisCluster.PRIMARIES)  # type: ignore[call-arg]
        yield client
        client.close()

    @pytest.fixture
    def store(self, client: redis.Redis) -> EventStore:
        return EventStore(client)


def test_keys_of_one_deal_share_a_hash_tag() -> None:
    names = [keys.stream_key("deal", "m1.2"), keys.head_key("deal", "m1.2"),
             keys.command_key("deal", "m1.2", "0", "key")]
    assert all("{m1.2}" in name for name in names)
