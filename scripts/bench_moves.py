"""What a move costs over HTTP: median and p99 latency and moves per second.

Starts a private redis-server (AOF, appendfsync always unless --appendfsync everysec) and the
API under gunicorn (``tricklog_cli.GUNICORN_ARGS``, as ``tricklog serve`` runs it), then lets C
concurrent clients each play its own 4-player Sedma deals with random legal moves for D seconds.
The same clients then hammer ``/healthz`` for the ceiling. Prints one table. Run: ``make bench`` or
``.venv/bin/python scripts/bench_moves.py --help``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from events.redis_server import RedisServer, free_port  # noqa: E402
from tricklog_cli import GUNICORN_ARGS  # noqa: E402


class Client:
    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, body: Any = None, token: str | None = None
             ) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body) if body is not None else None
        self.conn.request(method, path, body=data, headers=headers)
        resp = self.conn.getresponse()
        raw = resp.read()
        if resp.getheader("Connection", "").lower() == "close":
            self.conn.close()
        return resp.status, json.loads(raw) if raw else None


def player(port: int, seed: int, stop: float, latencies: list[float], errors: list[str]) -> None:
    client, rng = Client(port), random.Random(seed)
    while time.monotonic() < stop:
        _, created = client.call("POST", "/v1/matches", {
            "ruleset": "sedma", "players": 4, "seed": f"bench-{seed}-{rng.random()}",
            "seats": [{"name": f"p{i}"} for i in range(4)]})
        tokens = {t["seat"]: t["token"] for t in created["tokens"]}
        for invite in created["invites"]:  # each player claims its seat
            tokens[invite["seat"]] = client.call(
                "POST", f"/v1/matches/{created['id']}/seats/{invite['seat']}/claim",
                {"code": invite["code"]})[1]["token"]
        deal = created["deal"]["id"]
        _, view = client.call("GET", f"/v1/deals/{deal}")
        while view["turn"] is not None and time.monotonic() < stop:
            token = tokens[view["turn"]]
            _, mine = client.call("GET", f"/v1/deals/{deal}", token=token)
            move = rng.choice(mine["legal_moves"])
            move["expected_seq"] = mine["seq"]
            start = time.perf_counter()
            status, answer = client.call("POST", f"/v1/deals/{deal}/moves", move, token=token)
            latencies.append(time.perf_counter() - start)
            if status != 200:
                errors.append(f"{status} {answer}")
                break
            view = answer["view"]  # says whose turn it is next


def health(port: int, stop: float, latencies: list[float], errors: list[str]) -> None:
    client = Client(port)
    while time.monotonic() < stop:
        start = time.perf_counter()
        status, _ = client.call("GET", "/healthz")
        latencies.append(time.perf_counter() - start)
        if status != 200:
            errors.append(str(status))


def run(target: Any, clients: int, seconds: float, *args: Any) -> tuple[list[float], list[str]]:
    latencies: list[float] = []
    errors: list[str] = []
    stop = time.monotonic() + seconds
    threads = [threading.Thread(target=target, args=(*args, *((i,) if target is player else ()),
                                                     stop, latencies, errors))
               for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, errors


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn processes (2 cores)")
    parser.add_argument("--appendfsync", default="always", choices=["always", "everysec"])
    parser.add_argument("--json", action="store_true", help="print one JSON line, no table")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp, \
            RedisServer(tmp, appendfsync=args.appendfsync) as redis_server:
        port = free_port()
        metrics_dir = Path(tmp) / "metrics"  # as `tricklog serve` runs the API
        metrics_dir.mkdir()
        env = {**os.environ, "TRICKLOG_REDIS_URL": redis_server.url,
               "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir)}
        api = subprocess.Popen([sys.executable, "-m", "gunicorn", "-b", f"127.0.0.1:{port}",
                                "-w", str(args.workers), *GUNICORN_ARGS, "api.wsgi:app"],
                               cwd=ROOT, env=env, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    Client(port).call("GET", "/healthz")
                    break
                except OSError:
                    time.sleep(0.1)
            moves, move_errors = run(player, args.clients, args.seconds, port)
            checks, check_errors = run(health, args.clients, args.seconds, port)
        finally:
            api.terminate()
            api.wait()
    return report(args, moves, checks, move_errors, check_errors)


def report(args: argparse.Namespace, moves: list[float], checks: list[float],
           move_errors: list[str], check_errors: list[str]) -> int:
    """The table (or ``--json``); exit status 1 if any request failed."""
    move_rate, health_rate = len(moves) / args.seconds, len(checks) / args.seconds
    if args.json:
        print(json.dumps({"moves_per_s": move_rate, "health_per_s": health_rate,
                          "move_p50_ms": pct(moves, .5), "move_p99_ms": pct(moves, .99),
                          "errors": len(move_errors) + len(check_errors)}))
        return 1 if move_errors or check_errors else 0
    print(f"\nHTTP, {args.clients} clients, {args.workers} gunicorn processes "
          f"({GUNICORN_ARGS[1]}), appendfsync {args.appendfsync}, {args.seconds:.0f} s each "
          "(2-core machine; the load generator shares it)\n")
    print(f"| {'what':<28} | {'per second':>10} | {'p50 ms':>7} | {'p99 ms':>7} | {'errors':>6} |")
    print(f"|{'-' * 30}|{'-' * 12}|{'-' * 9}|{'-' * 9}|{'-' * 8}|")
    print(f"| {'POST move (4p Sedma)':<28} | {move_rate:>10.0f} | {pct(moves, .5):>7.2f} | "
          f"{pct(moves, .99):>7.2f} | {len(move_errors):>6} |")
    print(f"| {'GET /healthz (ceiling)':<28} | {health_rate:>10.0f} | {pct(checks, .5):>7.2f} | "
          f"{pct(checks, .99):>7.2f} | {len(check_errors):>6} |")
    print(f"\nmoves/s as a share of the /healthz ceiling: {move_rate / health_rate:.2f}")
    print(f"(moves are {statistics.mean(moves) * 1000:.2f} ms on average; each move here also "
          "costs the client one GET of the seat's view, which is not counted)")
    return 1 if move_errors or check_errors else 0


if __name__ == "__main__":
    sys.exit(main())
