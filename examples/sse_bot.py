"""A small third-party bot that plays through the public API only (standard library).

It follows a seat's Server-Sent Events stream from the deal's first event, and whenever the
view says it is its turn it posts one of its legal moves (a random one, or the choice of
``--policy module:function``, a function of the view that returns a move, e.g. one trained
offline on the PettingZoo environment). When a deal ends, the stream's ``end`` frame names the
match's next deal (``{"next_deal": id}``, null once the match is over) and the bot follows it.

It also checks the deal's hash chain as the events arrive (``Chain``): each event's number,
``prev`` and ``hash``, and its own hidden cards against their salted commitments. A server that
changed its log, or showed this seat other cards than it committed to, is caught at once.

    python examples/sse_bot.py --base http://127.0.0.1:8000 --match m123 --token <seat token>
    python examples/sse_bot.py --match m123 --seat 2 --invite <code> --policy mybot:choose

With ``--seat`` and ``--invite`` (the code of the seat's invite, from the match's creator) it
first claims the seat for its own token.
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import importlib
import json
import os
import random
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from typing import Any

Policy = Callable[[dict[str, Any]], dict[str, Any]]


def call(base: str, method: str, path: str, token: str, body: Any = None) -> Any:
    return send(base, method, path, token, body)


def send(base: str, method: str, path: str, token: str, body: Any = None,
         extra: dict[str, str] | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json", **(extra or {})}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


MOVE_TRIES = 4


def post_move(base: str, deal: str, token: str, move: dict[str, Any]) -> Any:
    """Post a move, always with an ``Idempotency-Key``. While its outcome is unknown (no
    answer came, or only part of one, or a 502/503/504) it is posted again with the same
    key, after the seconds the server asks: the server answers a repeat with the first
    outcome, never a second move."""
    key = uuid.uuid4().hex
    for attempt in range(1, MOVE_TRIES + 1):
        try:
            return send(base, "POST", f"/v1/deals/{deal}/moves", token, move,
                        {"Idempotency-Key": key})
        except urllib.error.HTTPError as exc:
            if exc.code not in (502, 503, 504) or attempt == MOVE_TRIES:
                raise
            pause = float(exc.headers.get("Retry-After") or 1)
        except (urllib.error.URLError, OSError, http.client.HTTPException):
            # the answer was lost on its way: no answer (a reset), or one cut short
            if attempt == MOVE_TRIES:
                raise
            pause = 1.0
        time.sleep(min(pause, 5.0))
    raise AssertionError("unreachable")


def claim(base: str, match: str, seat: int, code: str) -> str:
    """The seat's own token, for its invite's code (the code is used up)."""
    answer = call(base, "POST", f"/v1/matches/{match}/seats/{seat}/claim", "", {"code": code})
    return str(answer["token"])


def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def at(doc: Any, pointer: str) -> tuple[Any, Any]:
    """The container and key of a JSON pointer's target (RFC 6901)."""
    *path, last = [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]
    for token in path:
        doc = doc[int(token)] if isinstance(doc, list) else doc[token]
    return doc, int(last) if isinstance(doc, list) else last


class Chain:
    """Verifies a deal's envelopes in order, as README's "Verifying a deal" describes."""

    def __init__(self) -> None:
        self.seq, self.head = 0, "0" * 64

    def add(self, env: dict[str, Any]) -> None:
        if env["seq"] != self.seq + 1 or env["prev"] != self.head:
            raise ValueError(f"event {env['seq']} does not follow event {self.seq}")
        chained = {k: v for k, v in env.items() if k not in ("hash", "commitments", "salts")}
        chained["data"] = json.loads(canonical(env["data"]))  # a copy to write into
        for pointer, commitment in (env.get("commitments") or {}).items():
            salt = (env.get("salts") or {}).get(pointer)
            container, key = at(chained["data"], pointer)
            if salt is not None:  # a part this seat may see: it must open its commitment
                opened = hashlib.sha256(bytes.fromhex(salt) + canonical(container[key]))
                if opened.hexdigest() != commitment:
                    raise ValueError(f"event {env['seq']}: {pointer} is not what was committed")
            container[key] = commitment
        if hashlib.sha256(canonical(chained)).hexdigest() != env["hash"]:
            raise ValueError(f"event {env['seq']}: the hash does not match its content")
        self.seq, self.head = env["seq"], env["hash"]


def frames(base: str, deal: str, token: str, after: int | None = 0
           ) -> Iterator[tuple[str, dict[str, Any]]]:
    """(event name, data) for each frame of the deal's stream: every event after ``after``
    first (None: none, only the view from now on)."""
    headers = {"Authorization": f"Bearer {token}"}
    if after is not None:
        headers["Last-Event-ID"] = str(after)
    req = urllib.request.Request(f"{base}/v1/deals/{deal}/stream", headers=headers)
    with urllib.request.urlopen(req, timeout=60) as resp:
        kind, data = "message", []
        for raw in resp:
            line = raw.decode().rstrip("\n")
            if line.startswith(":"):
                continue  # keep-alive
            if not line:
                if data:
                    yield kind, json.loads("\n".join(data))
                kind, data = "message", []
            elif line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                data.append(line[6:])


def play_deal(base: str, deal: str, token: str, rng: random.Random,
              policy: Policy | None = None) -> tuple[int, str | None | bool]:
    """Play the seat's moves of one deal. Returns the moves made and what the stream's
    ``end`` frame says comes next: a deal's id, None when the match is over, or False when
    the stream closed without one (the server restarted): then ask the match."""
    moves, chain = 0, Chain()
    for kind, data in frames(base, deal, token):
        if kind == "end":
            return moves, data.get("next_deal")
        if kind == "event":
            chain.add(data)
        if kind == "view" and data["legal_moves"] and data["turn"] == data["seat"]:
            move = dict(policy(data) if policy else rng.choice(data["legal_moves"]))
            move["expected_seq"] = data["seq"]
            try:
                post_move(base, deal, token, move)
                moves += 1
            except urllib.error.HTTPError as exc:
                if exc.code != 409:  # someone else moved first: the next frame says so
                    raise
    return moves, False


def play_match(base: str, match: str, token: str, seed: int = 0,
               policy: Policy | None = None) -> dict[str, Any]:
    """Every deal of the match in turn, each one named by the previous deal's ``end`` frame;
    the match is asked for only to start, after a stream that closed early (with a pause),
    and at the end."""
    rng = random.Random(seed)
    state = call(base, "GET", f"/v1/matches/{match}", token)
    deal: str | None | bool = state["deals"][-1]["id"] if state["status"] != "over" else None
    while deal is not None:
        if deal is False:
            time.sleep(1.0)
            state = call(base, "GET", f"/v1/matches/{match}", token)
            deal = state["deals"][-1]["id"] if state["status"] != "over" else None
            continue
        _, deal = play_deal(base, str(deal), token, rng, policy)
    return call(base, "GET", f"/v1/matches/{match}", token)  # type: ignore[no-any-return]


def load_policy(spec: str) -> Policy:
    """``module:function``, the module found from the working directory too (as ``python -m``
    finds it): ``examples.pettingzoo_policy:choose`` from a checkout's root, where
    ``python examples/sse_bot.py`` alone puts only ``examples/`` on the path."""
    module, _, name = spec.partition(":")
    if os.getcwd() not in sys.path:
        sys.path.insert(1, os.getcwd())
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def main() -> int:
    parser = argparse.ArgumentParser(description="Play one seat of a Tricklog match over SSE.")
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--match", required=True)
    parser.add_argument("--token", help="the seat's token (or claim it: --seat, --invite)")
    parser.add_argument("--seat", type=int)
    parser.add_argument("--invite", help="the seat's invite code")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", default=None,
                        help="module:function choosing a move from the view (default: random)")
    args = parser.parse_args()
    policy = load_policy(args.policy) if args.policy else None
    token = args.token
    if token is None:
        if args.seat is None or args.invite is None:
            parser.error("give --token, or --seat and --invite")
        token = claim(args.base, args.match, args.seat, args.invite)
    result = play_match(args.base, args.match, token, args.seed, policy)
    print(json.dumps({"status": result["status"], "totals": result["totals"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
