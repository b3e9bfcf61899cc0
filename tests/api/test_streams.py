"""The event stream as a client reads it: the frames each caller gets are exactly its own feed
(``GET /events``) and view, resumption with ``Last-Event-ID``, keep-alives, ``event: end``, and
the caps on open streams with their problem types."""

from __future__ import annotations

import queue
import random
import threading
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from api import stream as stream_module
from api.app import create_app
from events.config import Settings
from tests.http import auth, claim_seats, create, move

PROBLEM = "application/problem+json"


class Reader:
    """One open stream, read by a thread into a queue of (event, id, data) frames."""

    def __init__(self, client: FlaskClient, deal: str, headers: dict[str, str],
                 environ: dict[str, str] | None = None) -> None:
        self.response = client.get(f"/v1/deals/{deal}/stream", headers=headers, buffered=False,
                                   environ_base=environ or {})
        assert self.response.status_code == 200, self.response.get_json()
        self.frames: queue.Queue[tuple[str, int | None, Any]] = queue.Queue()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        """Reads until told to stop, then closes the response from this thread, the one
        iterating it, as a WSGI server does (the keep-alives, made frequent by the fixture
        ``quick_keepalives``, wake it)."""
        buffer = b""
        for chunk in self.response.response:
            buffer += chunk
            while b"\n\n" in buffer:
                block, buffer = buffer.split(b"\n\n", 1)
                self.frames.put(parse(block))
            if self.stop.is_set():
                break
        self.response.close()

    def until(self, kind: str, seq: int | None = None, timeout: float = 10) -> list[Any]:
        """Frames up to and including the first ``kind`` (with id ``seq`` if given)."""
        out = []
        while True:
            frame = self.frames.get(timeout=timeout)
            out.append(frame)
            if frame[0] == kind and (seq is None or frame[1] == seq):
                return out

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=10)
        assert not self.thread.is_alive()


def parse(block: bytes) -> tuple[str, int | None, Any]:
    if block.startswith(b":"):
        return "comment", None, block.decode()
    fields = dict(line.split(b": ", 1) for line in block.split(b"\n"))
    seq = int(fields[b"id"]) if b"id" in fields else None
    return fields[b"event"].decode(), seq, orjson.loads(fields[b"data"])


@pytest.fixture(autouse=True)
def quick_keepalives(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stream_module, "KEEPALIVE_S", 0.2)
    monkeypatch.setattr(stream_module, "CHECK_S", 0.1)


@pytest.fixture
def readers() -> Iterator[list[Reader]]:
    opened: list[Reader] = []
    yield opened
    for reader in opened:
        reader.close()


def play(client: FlaskClient, deal: str, seat_tokens: dict[int, str], rng: random.Random
         ) -> dict[str, Any]:
    """One random legal move by whoever is to act; the mover's answer."""
    turn = client.get(f"/v1/deals/{deal}").get_json()["turn"]
    mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[turn])).get_json()
    resp = move(client, deal, seat_tokens[turn], rng.choice(mine["legal_moves"]))
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()  # type: ignore[no-any-return]


def test_each_caller_gets_its_own_feed_and_view(client: FlaskClient, readers: list[Reader]
                                                ) -> None:
    created = create(client, players=2, seed="streams-own-feed-0123456789abcdef")
    deal, seat_tokens, rng = created["deal"]["id"], claim_seats(client, created), random.Random(1)
    callers: dict[Any, dict[str, str]] = {None: {}, 0: auth(seat_tokens[0]),
                                          1: auth(seat_tokens[1])}
    opened = {c: Reader(client, deal, h) for c, h in callers.items()}
    readers.extend(opened.values())
    for reader in opened.values():
        reader.until("view")
    for _ in range(6):  # past a trick, so that hidden draws are among the frames
        seq = play(client, deal, seat_tokens, rng)["view"]["seq"]
    for caller, reader in opened.items():
        frames = reader.until("view", seq)
        feed = client.get(f"/v1/deals/{deal}/events?after=1", headers=callers[caller])
        assert [f[2] for f in frames if f[0] == "event"] == feed.get_json()["events"]
        view = client.get(f"/v1/deals/{deal}", headers=callers[caller]).get_json()
        assert frames[-1][2] == view


def test_resume_after_last_event_id(client: FlaskClient, readers: list[Reader]) -> None:
    created = create(client, players=2, seed="streams-resume-0123456789abcdef")
    deal, seat_tokens, rng = created["deal"]["id"], claim_seats(client, created), random.Random(2)
    for _ in range(3):
        seq = play(client, deal, seat_tokens, rng)["view"]["seq"]
    reader = Reader(client, deal, {"Last-Event-ID": "2"})
    readers.append(reader)
    frames = reader.until("view")
    assert [f[1] for f in frames if f[0] == "event"] == list(range(3, seq + 1))
    assert frames[-1][1] == seq


def test_a_quiet_stream_gets_keep_alives(client: FlaskClient, readers: list[Reader]) -> None:
    created = create(client, players=2, seed="streams-keepalive-0123456789abcdef")
    reader = Reader(client, created["deal"]["id"], {})
    readers.append(reader)
    reader.until("view")
    assert reader.until("comment", timeout=5)[-1][2] == ": keep-alive"


def test_the_stream_ends_with_the_deal(client: FlaskClient, readers: list[Reader]) -> None:
    created = create(client, players=2, seed="streams-end-0123456789abcdef")
    deal, seat_tokens, rng = created["deal"]["id"], claim_seats(client, created), random.Random(3)
    reader = Reader(client, deal, auth(seat_tokens[0]))
    readers.append(reader)
    reader.until("view")
    while (answer := play(client, deal, seat_tokens, rng))["view"]["turn"] is not None:
        pass
    frames = reader.until("end", timeout=20)
    views = [f for f in frames if f[0] == "view"]
    assert views[-1][1] == answer["view"]["seq"]
    assert frames[-2][0] == "view"  # the final view, then the end


def capped(redis_client: redis.Redis, **caps: int) -> FlaskClient:
    app: Flask = create_app(Settings.from_env(redis_url="unused", **caps), client=redis_client)
    return app.test_client()


def test_streams_per_token_are_capped(redis_client: redis.Redis, readers: list[Reader]) -> None:
    client = capped(redis_client, streams_per_token=1)
    created = create(client, players=2, seed="streams-cap-token-0123456789abcdef")
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    first = Reader(client, deal, auth(seat_tokens[0]))
    first.until("view")
    refused = client.get(f"/v1/deals/{deal}/stream", headers=auth(seat_tokens[0]))
    assert refused.status_code == 429 and refused.mimetype == PROBLEM
    body = refused.get_json()
    assert body["type"] == "/problems/too-many-streams" and body["limit"] == "token"
    assert int(refused.headers["Retry-After"]) > 0
    other = Reader(client, deal, auth(seat_tokens[1]))  # another seat is not held back
    readers.append(other)
    first.close()  # closing a stream frees its place
    readers.append(Reader(client, deal, auth(seat_tokens[0])))


def test_streams_per_address_and_process_are_capped(redis_client: redis.Redis,
                                                    readers: list[Reader]) -> None:
    client = capped(redis_client, streams_per_address=2)
    deal = create(client, players=2, seed="streams-cap-addr-0123456789abcdef")["deal"]["id"]
    readers.extend(Reader(client, deal, {}) for _ in range(2))
    refused = client.get(f"/v1/deals/{deal}/stream")
    assert refused.status_code == 429 and refused.get_json()["limit"] == "address"

    client = capped(redis_client, streams_per_process=1)
    readers.append(Reader(client, deal, {}))
    full = client.get(f"/v1/deals/{deal}/stream")
    assert full.status_code == 503 and full.mimetype == PROBLEM
    assert full.get_json()["type"] == "/problems/streams-full"
    assert client.get(f"/v1/deals/{deal}").status_code == 200  # the rest answers as usual


def test_an_open_stream_outlives_a_store_restart(tmp_path: Any, readers: list[Reader]) -> None:
    """Redis goes away with streams open: they stay open (keep-alives), and the first move
    after it is back reaches them."""
    from events.config import connect
    from events.redis_server import RedisServer

    server = RedisServer(tmp_path / "r").start()
    try:
        client = create_app(Settings(redis_url=server.url),
                            client=connect(server.url)).test_client()
        created = create(client, players=2, seed="streams-restart-0123456789abcdef")
        deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
        reader = Reader(client, deal, auth(seat_tokens[1]))
        readers.append(reader)
        reader.until("view")
        server.stop()
        assert reader.until("comment", timeout=5)[-1][2] == ": keep-alive"
        server.start()  # same port, same AOF
        seq = play(client, deal, seat_tokens, random.Random(5))["view"]["seq"]
        frames = reader.until("view", seq, timeout=20)
        assert [f[1] for f in frames if f[0] == "event"] == [seq]
        reader.close()
    finally:
        server.stop()


def test_a_resume_point_is_kept_when_this_process_feed_lags(
        client: FlaskClient, readers: list[Reader], monkeypatch: pytest.MonkeyPatch) -> None:
    """The feed of this process is behind the store (here: its reader never reads, the
    extreme of a move another process served a moment ago). A client resuming at the
    store's seq gets no event it already has, and no view older than that seq."""
    from api.hub import Hub

    monkeypatch.setattr(Hub, "_read", lambda self, feed: None)
    created = create(client, players=2, seed="streams-lagging-feed-0123456789abcdef")
    deal, seat_tokens, rng = created["deal"]["id"], claim_seats(client, created), random.Random(6)
    readers.append(Reader(client, deal, {}))  # the feed starts here, at seq 1
    readers[0].until("view", 1)
    for _ in range(3):
        seq = play(client, deal, seat_tokens, rng)["view"]["seq"]
    resumed = Reader(client, deal, {"Last-Event-ID": str(seq - 1)})
    readers.append(resumed)
    assert [(f[0], f[1]) for f in resumed.until("view")] == [("event", seq), ("view", seq)]
    fresh = Reader(client, deal, auth(seat_tokens[0]))
    readers.append(fresh)
    assert [(f[0], f[1]) for f in fresh.until("view")] == [("view", seq)]


@pytest.mark.parametrize("value", ["9" * 21, "1" * 5000])
def test_a_resume_point_of_many_digits_starts_at_the_current_view(
        client: FlaskClient, readers: list[Reader], value: str) -> None:
    """Above every seq, however long (``int`` refuses over 4,300 digits: that was a 500)."""
    deal = create(client, players=2, seed="streams-digits-0123456789abcdef")["deal"]["id"]
    reader = Reader(client, deal, {"Last-Event-ID": value})
    readers.append(reader)
    assert [(f[0], f[1]) for f in reader.until("view")] == [("view", 1)]


def test_deals_followed_at_once_are_capped(redis_client: redis.Redis,
                                          readers: list[Reader]) -> None:
    client = capped(redis_client, stream_deals_per_process=1)
    first = create(client, players=2, seed="streams-deals-a-0123456789abcdef")["deal"]["id"]
    second = create(client, players=2, seed="streams-deals-b-0123456789abcdef")["deal"]["id"]
    readers.append(Reader(client, first, {}))
    full = client.get(f"/v1/deals/{second}/stream")
    assert full.status_code == 503 and full.get_json()["type"] == "/problems/streams-full"
    readers.append(Reader(client, first, {}))  # another watcher of a followed deal is welcome


def test_a_seat_that_left_gets_no_more_frames(client: FlaskClient, readers: list[Reader]
                                              ) -> None:
    """A player leaves with a stream open: its token stops working at once, on the stream
    too, which ends before the next change instead of telling the seat about it."""
    created = create(client, players=2, seed="streams-leave-0123456789abcdef")
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    stays, leaves = Reader(client, deal, auth(seat_tokens[0])), Reader(
        client, deal, auth(seat_tokens[1]))
    readers.extend([stays, leaves])
    first = leaves.until("view")[-1][1]
    assert client.post(f"/v1/matches/{created['id']}/seats/1/leave",
                       headers=auth(seat_tokens[1])).status_code == 200
    again = client.post(f"/v1/matches/{created['id']}/seats/1/invite",
                        headers=auth(created["creator_key"])).get_json()
    newcomer = client.post(f"/v1/matches/{created['id']}/seats/1/claim",
                           json={"code": again["code"]}).get_json()["token"]
    seq = play(client, deal, {**seat_tokens, 1: newcomer}, random.Random(7))["view"]["seq"]
    stays.until("view", seq)
    leaves.thread.join(10)
    assert not leaves.thread.is_alive()  # the stream ended
    seen = []
    while not leaves.frames.empty():
        seen.append(leaves.frames.get())
    assert all(frame[1] is None or frame[1] <= first for frame in seen), seen


def test_one_address_follows_a_bounded_number_of_deals(redis_client: redis.Redis,
                                                       readers: list[Reader]) -> None:
    """Issue 32 item 6: one address that opens a stream on deal after deal is refused (429,
    ``limit: deals``) before it can take the deals a process follows; its own deals already
    followed stay open to it, and another address still gets a stream on a new deal."""
    client = capped(redis_client, stream_deals_per_address=2, stream_deals_per_process=3)
    ids = [create(client, players=2, seed=f"streams-deals-addr-{i}-0123456789abcdef")
           ["deal"]["id"] for i in range(4)]
    readers.extend(Reader(client, deal, {}) for deal in ids[:2])
    refused = client.get(f"/v1/deals/{ids[2]}/stream")
    assert refused.status_code == 429 and refused.mimetype == PROBLEM
    body = refused.get_json()
    assert body["type"] == "/problems/too-many-streams" and body["limit"] == "deals"
    assert int(refused.headers["Retry-After"]) > 0
    readers.append(Reader(client, ids[0], {}))  # a second stream on a deal it follows
    other = Reader(client, ids[3], {}, environ={"REMOTE_ADDR": "192.0.2.7"})
    readers.append(other)
    other.until("view")
    readers.pop(0).close()  # the first address leaves deal 0 (one of its two streams on it)
    assert client.get(f"/v1/deals/{ids[2]}/stream").status_code == 429
    readers.pop(1).close()  # and the other: it follows one deal now
    readers.append(Reader(client, ids[2], {}))
