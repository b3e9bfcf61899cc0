"""A stalled store (its Redis SIGSTOPped, as a long fsync or a frozen VM does) and answers
that never lie: a request waits a bounded time and says so with ``Retry-After``; a write whose
reply was lost is looked up before it is answered."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.app import create_app
from events.config import Settings, connect
from events.redis_server import RedisServer
from events.referee import Referee, deals, matches
from events.referee.context import utc_now

CLIENT_TIMEOUT = 10.0  # a request that has not answered by then hung


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RedisServer]:
    redis_server = RedisServer(tmp_path / "r").start()
    try:
        yield redis_server
    finally:
        resume(redis_server)
        redis_server.stop()


def pause(server: RedisServer) -> None:
    assert server.process is not None
    os.kill(server.process.pid, signal.SIGSTOP)


def resume(server: RedisServer) -> None:
    if server.process is not None:
        os.kill(server.process.pid, signal.SIGCONT)


def answered(call: Callable[[], Any]) -> Any:
    """``call()``'s result, asserting it came within ``CLIENT_TIMEOUT`` (a hang fails)."""
    out: list[Any] = []
    worker = threading.Thread(target=lambda: out.append(call()), daemon=True)
    worker.start()
    worker.join(CLIENT_TIMEOUT)
    assert out, f"no answer within {CLIENT_TIMEOUT} s: the request hung on a stalled store"
    return out[0]


def test_a_stalled_store_is_a_bounded_503_with_retry_after(server: RedisServer) -> None:
    client = create_app(Settings(redis_url=server.url), client=connect(server.url)).test_client()
    created = client.post("/v1/matches", json={"ruleset": "sedma", "seed": "stall", "seats": [
        {"name": "a"}, {"name": "b"}]}).get_json()
    deal = created["deal"]["id"]
    pause(server)
    try:
        health = answered(lambda: client.get("/healthz"))
        assert health.status_code == 503 and health.headers.get("Retry-After")
        view = answered(lambda: client.get(f"/v1/deals/{deal}"))
        assert view.status_code == 503 and view.headers.get("Retry-After")
    finally:
        resume(server)
    assert client.get("/healthz").status_code == 200


class StallAtSeal:
    """A clock for the referee that, at the ``at``-th time a command is sealed (just before
    its append), SIGSTOPs the store and SIGCONTs it ``for_s`` seconds later: the append is
    sent to a stalled Redis, which runs it once it resumes, after the client gave up."""

    def __init__(self, server: RedisServer, at: int, for_s: float) -> None:
        self.server, self.at, self.for_s, self.calls = server, at, for_s, 0
        self.timer: threading.Timer | None = None

    def __call__(self) -> str:
        self.calls += 1
        if self.calls == self.at:
            pause(self.server)
            self.timer = threading.Timer(self.for_s, resume, (self.server,))
            self.timer.start()
        return utc_now()


def table(server: RedisServer, clock: Callable[[], str]) -> tuple[FlaskClient, str, str]:
    """An app whose referee seals with ``clock``, a two-seat deal, and the token to move."""
    app = create_app(Settings(redis_url=server.url), client=connect(server.url))
    ref: Referee = app.extensions["tricklog.referee"]
    created = matches.create(ref, ruleset="sedma", seed="lost-reply", creator_seat=0,
                             seats=[{"name": "a"}, {"name": "b"}])
    deal = created["deal"]["id"]
    invite = created["invites"][0]
    token1 = app.test_client().post(
        f"/v1/matches/{created['id']}/seats/1/claim", json={"code": invite["code"]}
    ).get_json()["token"]
    tokens = {0: created["tokens"][0]["token"], 1: token1}
    turn = deals.view(ref, deal, None)["turn"]
    ref.clock = clock
    return app.test_client(), deal, tokens[turn]


def legal(client: FlaskClient, deal: str, token: str) -> dict[str, Any]:
    view = client.get(f"/v1/deals/{deal}", headers={"Authorization": f"Bearer {token}"})
    return view.get_json()["legal_moves"][0]  # type: ignore[no-any-return]


@pytest.mark.parametrize("key", [None, "move-1"])
def test_a_move_whose_reply_was_lost_is_answered_as_made(server: RedisServer,
                                                         key: str | None) -> None:
    """Redis stalls as the move is sent and resumes a moment later: the move landed, so the
    answer is 200 with it, never a 503 that says nothing changed nor a 409 for a retry."""
    stall = StallAtSeal(server, at=1, for_s=1.5)
    client, deal, token = table(server, stall)
    move = legal(client, deal, token)
    headers = {"Authorization": f"Bearer {token}", **({"Idempotency-Key": key} if key else {})}
    resp = answered(lambda: client.post(f"/v1/deals/{deal}/moves", json=move, headers=headers))
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["view"]["seq"] == 2
    assert client.get(f"/v1/deals/{deal}").get_json()["seq"] == 2  # once, not twice


def test_a_move_whose_outcome_cannot_be_known_says_so(server: RedisServer) -> None:
    """Redis stays stalled past the answer: the server cannot know whether the move landed and
    says so (``outcome-unknown``, 503, ``Retry-After``); the retry with the same key is then
    answered with the one move."""
    stall = StallAtSeal(server, at=1, for_s=CLIENT_TIMEOUT)
    client, deal, token = table(server, stall)
    move = legal(client, deal, token)
    headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": "k-unknown"}
    resp = answered(lambda: client.post(f"/v1/deals/{deal}/moves", json=move, headers=headers))
    assert stall.timer is not None
    stall.timer.cancel()
    resume(server)
    problem = resp.get_json()
    assert resp.status_code == 503 and resp.headers.get("Retry-After"), problem
    assert problem["type"].endswith("/outcome-unknown"), problem
    again = client.post(f"/v1/deals/{deal}/moves", json=move, headers=headers)
    assert again.status_code == 200 and again.get_json()["view"]["seq"] == 2
    assert client.get(f"/v1/deals/{deal}").get_json()["seq"] == 2


def test_a_move_sent_into_a_long_stall_is_never_answered_falsely(server: RedisServer) -> None:
    """Redis stalls for longer than a request waits and runs the move when it resumes: the
    answer is the move or ``outcome-unknown``, never ``store-unavailable`` (nothing changed)
    nor a 409 for the client's own move coming back; the deal holds the move once."""
    stall = StallAtSeal(server, at=1, for_s=6.0)
    client, deal, token = table(server, stall)
    move = legal(client, deal, token)
    resp = answered(lambda: client.post(f"/v1/deals/{deal}/moves", json=move,
                                        headers={"Authorization": f"Bearer {token}"}))
    assert stall.timer is not None
    stall.timer.join()
    if resp.status_code != 200:
        assert resp.status_code == 503 and resp.headers.get("Retry-After"), resp.get_json()
        assert resp.get_json()["type"].endswith("/outcome-unknown"), resp.get_json()
    assert client.get(f"/v1/deals/{deal}").get_json()["seq"] == 2
