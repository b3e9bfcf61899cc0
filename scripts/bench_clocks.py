"""Move clocks under load (issue 28): how late does the bot's move come after a deadline?

Against a running service (``make run``, or ``tricklog serve``: the API and its worker, whose
clock keeper enforces the deadlines), N matches (default 50) are created at once, each a
two-player Sedma match with one human seat that never moves, a ``heuristic`` bot, and a move
clock of ``--move-seconds`` (default 2) whose seat never goes away (``away_after`` high), so
every one of that seat's turns times out. The script polls every deal's log until the matches
are over (or ``--seconds`` pass: ``seconds`` says how long they took, to the next poll) and,
for every ``timed_out``, takes the bot's move time (the
envelope's ``at``: ``timed_out`` and the move are one append) minus the deadline. It prints
p50, p99 and max of that lateness, in ms, and how many deadlines it saw (all stamps are the
server's own clock); and how long the bot seat's own moves waited after their turn began
(``bot_wait_*``: its think time, ``TRICKLOG_BOT_MIN_THINK``, 0.4 s, plus the workers' delay).

    python scripts/bench_clocks.py --url http://127.0.0.1:8000 --matches 50 --move-seconds 2
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any


def call(url: str, method: str = "GET", body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


def create(base: str, move_seconds: float) -> str:
    body = {"ruleset": "sedma", "players": 2, "options": {"target_stakes": 1},
            "seats": [{"name": "never moves"}, {"name": "bot", "bot": "heuristic"}],
            "creator_seat": 0, "clock": {"move_seconds": move_seconds, "away_after": 100}}
    return str(call(f"{base}/v1/matches", "POST", body)["id"])


def lateness(base: str, match_id: str) -> tuple[bool, list[float], list[float]]:
    """Whether the match is over, each timeout's lateness (ms) in its deals, and each of the
    bot seat's own moves' wait (ms from the event that made it its turn: its think time
    plus however long the workers took to get to it)."""
    match = call(f"{base}/v1/matches/{match_id}")
    late, waits = [], []
    for deal in match["deals"]:
        log = call(f"{base}/v1/deals/{deal['id']}/events")["events"]
        for before, env in zip(log, log[1:], strict=False):
            if env["type"] == "timed_out":
                at = datetime.fromisoformat(env["at"])
                due = datetime.fromisoformat(env["data"]["deadline"])
                late.append((at - due).total_seconds() * 1000)
            elif env["command_id"] == f"bot:{before['seq']}":
                waited = datetime.fromisoformat(env["at"]) - datetime.fromisoformat(before["at"])
                waits.append(waited.total_seconds() * 1000)
    return match["status"] == "over", late, waits


def percentile(values: list[float], q: float) -> float:
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, max(0, round(q * len(ranked)) - 1))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--move-seconds", type=float, default=2.0)
    parser.add_argument("--seconds", type=float, default=240.0, help="give up after")
    args = parser.parse_args(argv)
    with ThreadPoolExecutor(16) as pool:
        ids = list(pool.map(lambda _: create(args.url, args.move_seconds),
                            range(args.matches)))
        print(f"{len(ids)} matches created", file=sys.stderr)
        start = time.monotonic()
        limit = start + args.seconds
        while True:
            time.sleep(2)
            seen = list(pool.map(lambda m: lateness(args.url, m), ids))
            over = sum(done for done, _, _ in seen)
            print(f"{over}/{len(ids)} over", file=sys.stderr)
            if over == len(ids) or time.monotonic() > limit:
                break
        elapsed = time.monotonic() - start
    late = [ms for _, row, _ in seen for ms in row]
    waits = [ms for _, _, row in seen for ms in row]
    print(json.dumps({"matches": len(ids), "over": over, "seconds": round(elapsed),
                      "move_seconds": args.move_seconds,
                      "deadlines": len(late), "p50_ms": round(percentile(late, 0.5), 1),
                      "p99_ms": round(percentile(late, 0.99), 1),
                      "max_ms": round(max(late), 1), "bot_moves": len(waits),
                      "bot_wait_p50_ms": round(percentile(waits, 0.5)),
                      "bot_wait_p99_ms": round(percentile(waits, 0.99))}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
