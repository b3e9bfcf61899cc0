"""An SSE bot on the ladder, through the public API only (standard library and
``examples/sse_bot.py``).

It joins a preset's ladder as a player (made with ``--name`` the first time: keep the key it
prints, and give it as ``--key`` afterwards), then keeps looking at its player page for
matches with a seat kept for it (the workers' ladder makes them every
``TRICKLOG_LADDER_INTERVAL`` seconds), claims each such seat with its key and plays the match
over its event stream, as ``sse_bot.py`` plays a seat. ``--matches N`` stops after N.

    python examples/ladder_bot.py --preset sedma --name "My bot"
    python examples/ladder_bot.py --preset sedma --key pk_... --policy mybot:choose
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sse_bot import Policy, call, load_policy, play_match  # noqa: E402


def player_of(base: str, key: str | None, name: str | None) -> tuple[str, str]:
    """(player id, key): a new player named ``name``, or the one whose key this is (its
    ladder entry tells the id)."""
    if key is None:
        made = call(base, "POST", "/v1/players", "", {"name": name})
        print(json.dumps({"player": made["id"], "key": made["key"]}), flush=True)
        return str(made["id"]), str(made["key"])
    return "", key


def kept_seats(base: str, player: str) -> list[tuple[str, int]]:
    """(match, seat) of the running matches with a seat kept for ``player`` it does not hold."""
    found = []
    for match_id in call(base, "GET", f"/v1/players/{player}", "")["recent"]:
        match = call(base, "GET", f"/v1/matches/{match_id}", "")
        if match["status"] != "playing":
            continue
        for seat in match["seats"]:
            if seat.get("player") == player and seat["seat"] not in match["seated"]:
                found.append((match_id, seat["seat"]))
    return found


def run(base: str, preset: str, key: str, player: str, matches: int, seed: int,
        policy: Policy | None, wait: float = 2.0) -> int:
    """Play ladder matches until ``matches`` are done; the number played."""
    entry = call(base, "POST", f"/v1/ladder/{preset}/entries", key, {})
    player = player or entry["id"]
    played = 0
    while played < matches:
        todo = kept_seats(base, player)
        if not todo:
            time.sleep(wait)
            continue
        match, seat = todo[0]
        try:
            token = call(base, "POST", f"/v1/matches/{match}/seats/{seat}/claim", "",
                         {"player_key": key})["token"]
        except urllib.error.HTTPError as exc:
            if exc.code == 409:  # held already (an earlier run of this bot): skip it
                time.sleep(wait)
                continue
            raise
        result: dict[str, Any] = play_match(base, match, token, seed + played, policy)
        played += 1
        print(json.dumps({"match": match, "seat": seat, "status": result["status"],
                          "winners": result["winners"]}), flush=True)
    return played


def main() -> int:
    parser = argparse.ArgumentParser(description="Play a preset's ladder as an SSE bot.")
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--preset", required=True)
    parser.add_argument("--key", help="the player's key (else --name makes a player)")
    parser.add_argument("--name", help="the new player's name")
    parser.add_argument("--matches", type=int, default=10**9)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", default=None,
                        help="module:function choosing a move from the view (default: random)")
    args = parser.parse_args()
    if args.key is None and args.name is None:
        parser.error("give --key, or --name to make a player")
    player, key = player_of(args.base, args.key, args.name)
    policy = load_policy(args.policy) if args.policy else None
    run(args.base, args.preset, key, player, args.matches, args.seed, policy)
    return 0


if __name__ == "__main__":
    sys.exit(main())
