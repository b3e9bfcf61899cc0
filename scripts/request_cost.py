"""Server CPU per request, without HTTP or a load generator: the app in-process (Flask's test
client) against a private redis-server, one 4-player Sedma deal after another with random legal
moves. Prints the CPU time of ``/healthz``, of a seat's view (``GET /v1/deals/{id}``) and of a
move (``POST /v1/deals/{id}/moves``); the test client's own cost is in all three, so compare
differences. ``--share`` also times every call the service makes into the domain's facade
(``domain.game``: loading a snapshot, deciding, folding, the view, the snapshot written, the
hidden parts; and ``domain.redaction``) during the moves: the domain's share of a move.
``--gevent`` patches the standard library first, as gunicorn's gevent worker (``tricklog
serve``) does, so the app's Redis sockets are gevent's. The app's Redis client is the one it
is served with (``events.config.connect``).
``TRICKLOG_BENCH_ROOT`` measures another code tree. Run: ``.venv/bin/python
scripts/request_cost.py --help``.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(os.environ.get("TRICKLOG_BENCH_ROOT") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT))

if __name__ == "__main__" and "--gevent" in sys.argv:
    from gevent import monkey

    monkey.patch_all()

from api.app import create_app  # noqa: E402
from domain import game, redaction  # noqa: E402
from events.config import connect  # noqa: E402
from events.redis_server import RedisServer  # noqa: E402

FACADE = ("from_snapshot", "to_snapshot", "decide", "step", "fold", "evolve", "view",
          "legal_moves", "hidden", "redact", "is_over", "new_deal", "opening")


class DomainClock:
    """Time spent inside the domain's functions while ``on`` (outermost calls only). Read with
    ``perf_counter`` (about 50 ns a reading): ``process_time`` costs microseconds a reading,
    more than the shortest calls it would time. One thread, so this is the calls' CPU time
    unless the machine preempts the process."""

    def __init__(self) -> None:
        self.on, self.seconds, self._depth = False, 0.0, 0
        for module, names in ((game, FACADE), (redaction, ("redact",))):
            for name in names:
                if hasattr(module, name):
                    setattr(module, name, self._timed(getattr(module, name)))

    def _timed(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def timed(*args: Any, **kwargs: Any) -> Any:
            if not self.on or self._depth:
                return fn(*args, **kwargs)
            self._depth += 1
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - start
                self._depth -= 1
        return timed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="deals to play")
    parser.add_argument("--share", action="store_true",
                        help="also time the domain's share of each move")
    parser.add_argument("--gevent", action="store_true",
                        help="patch the standard library with gevent first, as served")
    args = parser.parse_args()
    clock = DomainClock() if args.share else None
    cost = {"healthz": 0.0, "view": 0.0, "move": 0.0}
    moves = 0
    with tempfile.TemporaryDirectory() as tmp, RedisServer(tmp) as server:
        client = create_app(client=connect(server.url)).test_client()
        rng = random.Random(1)
        for i in range(args.deals):
            moves += play_deal(client, i, rng, clock, cost)
    print(f"{moves} moves; CPU per request, test client included:")
    for what, seconds in cost.items():
        print(f"  {what:<8} {1000 * seconds / moves:.3f} ms")
    if clock is not None:
        print(f"  the domain's share of a move: {1000 * clock.seconds / moves:.3f} ms "
              f"({clock.seconds / cost['move']:.0%})")
    return 0


def play_deal(client: Any, number: int, rng: random.Random, clock: DomainClock | None,
              cost: dict[str, float]) -> int:
    """One 4-player Sedma deal, each move's view, move and a /healthz timed into ``cost``;
    the moves made."""
    created = client.post("/v1/matches", json={
        "ruleset": "sedma", "players": 4, "seed": f"cost-{number}",
        "seats": [{"name": f"p{k}"} for k in range(4)]}).get_json()
    tokens = {i["seat"]: client.post(f"/v1/matches/{created['id']}/seats/{i['seat']}/claim",
                                     json={"code": i["code"]}).get_json()["token"]
              for i in created["invites"]}  # each player claims its seat
    deal = created["deal"]["id"]
    turn, moves = client.get(f"/v1/deals/{deal}").get_json()["turn"], 0
    while turn is not None:
        auth = {"Authorization": f"Bearer {tokens[turn]}"}
        start = time.process_time()
        view = client.get(f"/v1/deals/{deal}", headers=auth).get_json()
        mid = time.process_time()
        move = {**rng.choice(view["legal_moves"]), "expected_seq": view["seq"]}
        if clock is not None:
            clock.on = True
        mid2 = time.process_time()
        answer = client.post(f"/v1/deals/{deal}/moves", json=move, headers=auth)
        end = time.process_time()
        if clock is not None:
            clock.on = False
        client.get("/healthz")
        cost["healthz"] += time.process_time() - end
        cost["view"] += mid - start
        cost["move"] += end - mid2
        moves += 1
        turn = answer.get_json()["view"]["turn"]
    return moves


if __name__ == "__main__":
    sys.exit(main())
