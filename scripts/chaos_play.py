"""The players of ``scripts/chaos.py``: all-bot matches the workers play, and human-seat
tables a thread plays for both seats as a careful client does: every move with an
``Idempotency-Key``, sent again with the same key while its outcome is unknown (no answer,
502/503/504/507), reads retried. Each acknowledged move is remembered (deal, key, the seq it
was made after, the seq its answer gave) for the checks at the end."""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
import uuid
from typing import Any

UNSURE = {502, 503, 504, 507}
MOVE_TRIES = 60  # about a minute of faults
READ_TRIES = 120


class Http:
    def __init__(self, port: int) -> None:
        self.port = port

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             key: str | None = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if key:
            headers["Idempotency-Key"] = key
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            conn.request(method, path, None if body is None else json.dumps(body), headers)
            resp = conn.getresponse()
            data = resp.read()
            return resp.status, json.loads(data) if data[:1] in (b"{", b"[") else data
        finally:
            conn.close()

    def read(self, path: str, token: str | None = None) -> Any:
        """A GET that must succeed, tried again through faults."""
        for _ in range(READ_TRIES):
            try:
                status, body = self.call("GET", path, token=token)
                if status == 200:
                    return body
            except (OSError, http.client.HTTPException):  # reset, refused, cut short
                pass
            time.sleep(0.5)
        raise RuntimeError(f"GET {path} failed for a minute")

    def write(self, path: str, body: Any, token: str | None = None, key: str | None = None
              ) -> tuple[int, Any, int]:
        """A POST with its key, sent again with the same key while its outcome is unknown;
        (status, body, how many times it was sent)."""
        key = key or uuid.uuid4().hex
        for attempt in range(1, MOVE_TRIES + 1):
            try:
                status, answer = self.call("POST", path, body, token, key)
                if status not in UNSURE:
                    return status, answer, attempt
            except (OSError, http.client.HTTPException):  # no whole answer: it may have landed
                pass
            time.sleep(1.0)
        return 0, None, MOVE_TRIES


def bot_match(web: Http, n: int) -> str:
    status, made, _ = web.write("/v1/matches", {
        "ruleset": "sedma", "players": 4, "seed": f"chaos-bots-{n}",
        "options": {"target_stakes": 1},
        "seats": [{"name": f"bot{s}", "bot": "random"} for s in range(4)]})
    assert status == 201, (status, made)
    return str(made["id"])


class Table:
    """Human-seat matches, one after another, both seats played by this thread."""

    def __init__(self, web: Http, n: int, seed: int) -> None:
        self.web, self.n, self.rng = web, n, random.Random(seed * 1000 + n)
        self.matches: list[str] = []
        self.tokens: dict[str, dict[int, str]] = {}
        self.acked: list[tuple[str, str, int, int]] = []
        self.retried = 0
        self.unknown = 0
        self.errors: list[str] = []
        self.lost_claims: list[str] = []

    def new_match(self) -> str:
        status, made, _ = self.web.write("/v1/matches", {
            "ruleset": "sedma", "seed": f"chaos-{self.n}-{len(self.matches)}",
            "options": {"target_stakes": 2}, "seats": [{"name": "ana"}, {"name": "bo"}]})
        assert status == 201, (status, made)
        tokens = {t["seat"]: t["token"] for t in made["tokens"]}
        for invite in made["invites"]:
            path = f"/v1/matches/{made['id']}/seats/{invite['seat']}/claim"
            status, claimed, sent = self.web.write(path, {"code": invite["code"]})
            if status == 409 and sent > 1 and claimed.get("type") == "/problems/invite-used":
                # the claim landed but its answer was lost, and a claim takes no
                # Idempotency-Key: the seat's token is gone with it; play another match
                self.lost_claims.append(made["id"])
                return self.new_match()
            assert status in (200, 201), (status, claimed)
            tokens[claimed["seat"]] = claimed["token"]
        self.matches.append(made["id"])
        self.tokens[made["id"]] = tokens
        return str(made["id"])

    def play(self, stop: threading.Event) -> None:
        try:
            match = self.new_match()
            while not stop.is_set():
                if not self.step(match):
                    match = self.new_match()
        except Exception as exc:  # reported as a failed check
            self.errors.append(f"table {self.n}: {exc!r}")

    def step(self, match: str) -> bool:
        """One move of the match; False once it is over."""
        state = self.web.read(f"/v1/matches/{match}")
        if state["status"] != "playing":
            return False
        deal = state["deals"][-1]["id"]
        view = self.web.read(f"/v1/deals/{deal}")
        if view["turn"] is None:
            time.sleep(0.05)
            return True
        self.move(deal, self.tokens[match][view["turn"]])
        return True

    def move(self, deal: str, token: str) -> int:
        """One legal move of the seat; the status of its answer."""
        mine = self.web.read(f"/v1/deals/{deal}", token)
        if not mine["legal_moves"]:
            return 409
        move = {**self.rng.choice(mine["legal_moves"]), "expected_seq": mine["seq"]}
        key = uuid.uuid4().hex
        status, answer, sent = self.web.write(f"/v1/deals/{deal}/moves", move, token, key)
        self.retried += sent > 1
        if status == 200:
            self.acked.append((deal, key, mine["seq"], answer["view"]["seq"]))
        elif status == 0:
            self.unknown += 1
        elif status != 409:
            raise RuntimeError(f"a move was refused: {status} {answer}")
        return status

    def playable(self, match: str) -> bool:
        """An unfinished match still takes a move (a finished one needs none)."""
        state = self.web.read(f"/v1/matches/{match}")
        if state["status"] != "playing":
            return True
        deal = state["deals"][-1]["id"]
        for _ in range(20):
            view = self.web.read(f"/v1/deals/{deal}")
            if view["turn"] is not None:
                return self.move(deal, self.tokens[match][view["turn"]]) == 200
            time.sleep(0.5)
        return False
