"""A crowd of watchers is not a store outage (issue 32 item 1): a few hundred spectators open
one deal's event stream at the same moment (a popular table's link shared) under ``tricklog
serve`` while its players move. Every stream is served or refused with the documented crowd
problem (``streams-full``, ``too-many-streams``) and a ``Retry-After``, never told that the
store is down; every move lands."""

from __future__ import annotations

import json
import selectors
import socket
import threading
import time
from typing import Any

import pytest
import redis

from tests.e2e.test_serve import call
from tests.e2e.test_watchers import served  # noqa: F401  (a fixture)
from tests.http import claim_seats_at

CROWD = 300
CROWD_PROBLEMS = {"streams-full", "too-many-streams"}


class Crowd:
    """``count`` raw sockets asking for one deal's stream, all sent before any is read."""

    def __init__(self, base: str, deal: str, count: int) -> None:
        host, port = base.removeprefix("http://").split(":")
        request = (f"GET /v1/deals/{deal}/stream HTTP/1.1\r\nHost: {host}\r\n"
                   "Accept: text/event-stream\r\n\r\n").encode()
        socks = [socket.create_connection((host, int(port)), timeout=10) for _ in range(count)]
        for sock in socks:
            sock.sendall(request)
        self.selector = selectors.DefaultSelector()
        self.received: dict[socket.socket, bytes] = {}
        for sock in socks:
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ)
            self.received[sock] = b""

    @staticmethod
    def answered(data: bytes) -> bool:
        """A stream's first frame, or a whole refusal (its JSON body) has come."""
        head, _, body = data.partition(b"\r\n\r\n")
        if b" 200 " in head.split(b"\r\n", 1)[0]:
            return b"event: view\n" in body
        return body.rstrip().endswith(b"}") or b"Connection: close" in head and data.endswith(
            b"}")

    def read(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not all(self.answered(d) for d in self.received.values()):
            left = deadline - time.monotonic()
            assert left > 0, sum(self.answered(d) for d in self.received.values())
            for key, _ in self.selector.select(min(left, 1.0)):
                sock: Any = key.fileobj
                chunk = sock.recv(65536)
                self.received[sock] += chunk
                if not chunk:
                    self.selector.unregister(sock)

    def outcomes(self) -> list[tuple[int, str | None, str | None]]:
        """(status, problem type name, Retry-After) of each stream."""
        out = []
        for data in self.received.values():
            head, _, body = data.partition(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            status = int(lines[0].split()[1])
            headers = {k.lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}
            kind = None
            if status != 200:
                text = body.decode()
                if "chunked" in headers.get("transfer-encoding", ""):
                    text = text[text.index("{"):text.rindex("}") + 1]
                kind = json.loads(text)["type"].rsplit("/", 1)[1]
            out.append((status, kind, headers.get("retry-after")))
        return out

    def close(self) -> None:
        for sock in self.received:
            sock.close()


class Mover(threading.Thread):
    """The deal's players moving while the crowd comes in: every move must land."""

    def __init__(self, base: str, deal: str, tokens: dict[int, str], moves: int) -> None:
        super().__init__(daemon=True)
        self.base, self.deal, self.tokens, self.moves = base, deal, tokens, moves
        self.landed: list[int] = []
        self.failures: list[str] = []

    def run(self) -> None:
        for _ in range(self.moves):
            try:
                view = call(self.base, "GET", f"/v1/deals/{self.deal}")
                if view["turn"] is None:
                    return
                token = self.tokens[view["turn"]]
                mine = call(self.base, "GET", f"/v1/deals/{self.deal}", token=token)
                answer = call(self.base, "POST", f"/v1/deals/{self.deal}/moves",
                              {**mine["legal_moves"][0], "expected_seq": mine["seq"]},
                              token=token)
                self.landed.append(answer["view"]["seq"])
            except Exception as exc:  # noqa: BLE001 - each failure is reported
                self.failures.append(repr(exc))


@pytest.mark.slow
def test_a_crowd_of_watchers_is_served_or_refused_never_told_the_store_is_down(
        served: tuple[str, redis.Redis]) -> None:  # noqa: F811
    base, _ = served
    created = call(base, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 2, "seed": "crowd-0123456789abcdef0123456789abcdef",
        "seats": [{"name": "a"}, {"name": "b"}]})
    deal, tokens = created["deal"]["id"], claim_seats_at(base, created)
    mover = Mover(base, deal, tokens, 6)
    mover.start()
    crowd = Crowd(base, deal, CROWD)
    try:
        crowd.read(120)
        outcomes = crowd.outcomes()
    finally:
        crowd.close()
    mover.join(120)
    wrong = [o for o in outcomes if o[0] != 200 and (o[1] not in CROWD_PROBLEMS or not o[2])]
    assert not wrong, (len(wrong), wrong[:5])
    assert not mover.failures, mover.failures[:3]
    assert len(mover.landed) == 6
    assert sum(o[0] == 200 for o in outcomes) > 0
