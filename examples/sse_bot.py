"""A small third-party bot that plays through the public API only (standard library).

It follows a seat's Server-Sent Events stream, and whenever the view says it is its turn it
posts one of its legal moves (a random one, or the choice of ``--policy module:function``, a
function of the view that returns a move, e.g. one trained offline on the PettingZoo
environment). When a deal ends it moves to the match's next deal, until the match is over.

    python examples/sse_bot.py --base http://127.0.0.1:8000 --match m123 --token <seat token>
    python examples/sse_bot.py --match m123 --token <seat token> --policy mybot:choose
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

Policy = Callable[[dict[str, Any]], dict[str, Any]]


def call(base: str, method: str, path: str, token: str, body: Any = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


def frames(base: str, deal: str, token: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """(event name, data) for each frame of the deal's stream."""
    req = urllib.request.Request(f"{base}/v1/deals/{deal}/stream",
                                 headers={"Authorization": f"Bearer {token}"})
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
              policy: Policy | None = None) -> int:
    moves = 0
    for kind, data in frames(base, deal, token):
        if kind == "end":
            break
        if kind == "view" and data["legal_moves"] and data["turn"] == data["seat"]:
            move = dict(policy(data) if policy else rng.choice(data["legal_moves"]))
            move["expected_seq"] = data["seq"]
            try:
                call(base, "POST", f"/v1/deals/{deal}/moves", token, move)
                moves += 1
            except urllib.error.HTTPError as exc:
                if exc.code != 409:  # someone else moved first: the next frame says so
                    raise
    return moves


def play_match(base: str, match: str, token: str, seed: int = 0,
               policy: Policy | None = None) -> dict[str, Any]:
    rng = random.Random(seed)
    played: set[str] = set()
    while True:
        state = call(base, "GET", f"/v1/matches/{match}", token)
        if state["status"] == "over":
            return state
        deal = state["deals"][-1]["id"]
        if deal in played:  # the match has not started the next deal yet
            continue
        play_deal(base, deal, token, rng, policy)
        played.add(deal)


def main() -> int:
    parser = argparse.ArgumentParser(description="Play one seat of a Tricklog match over SSE.")
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--match", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", default=None,
                        help="module:function choosing a move from the view (default: random)")
    args = parser.parse_args()
    policy = None
    if args.policy:
        module, _, name = args.policy.partition(":")
        policy = getattr(importlib.import_module(module), name)
    result = play_match(args.base, args.match, args.token, args.seed, policy)
    print(json.dumps({"status": result["status"], "totals": result["totals"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
