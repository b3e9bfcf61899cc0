"""Many boxes on one machine: API and worker containers on a three-master Redis Cluster in
containers, with a plain Redis for RQ's queue (RQ does not speak Cluster), as docs/DEPLOY.md
lays it out. Each container stands for a box; they share the host's network, as boxes on one
network would. Needs the images of ``make image`` (root, podman).

Measures, through every API at once: people's moves (C clients playing 4-player Sedma deals,
as ``scripts/bench_moves.py``) and bot-only matches played out by the workers. Prints one table.
``python scripts/bench_many_boxes.py --apis 2 --workers 2``.
"""

from __future__ import annotations

import argparse
import json
import secrets
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from bench_moves import pct, player  # noqa: E402

from events.redis_cluster import cluster_ports  # noqa: E402
from events.redis_server import free_port  # noqa: E402

PREFIX = f"tlmany{secrets.token_hex(3)}"


def run(name: str, image: str, *args: str, env: dict[str, str] | None = None) -> None:
    flags = [f"--env={k}={v}" for k, v in (env or {}).items()]
    subprocess.run(["podman", "run", "-d", "--name", f"{PREFIX}-{name}", "--network", "host",
                    *flags, image, *args], check=True, capture_output=True)


def start_redis(password: str) -> tuple[str, str]:
    """Three cluster masters and a queue Redis; their URLs (cluster, queue)."""
    env = {"REDIS_PASSWORD": password}
    ports = cluster_ports(3)
    for i, port in enumerate(ports):
        run(f"node{i}", "localhost/tricklog-redis", "redis-start", "--port", str(port),
            "--cluster-enabled", "yes", "--cluster-node-timeout", "5000", env=env)
    queue = free_port()
    run("queue", "localhost/tricklog-redis", "redis-start", "--port", str(queue), env=env)
    time.sleep(1)
    subprocess.run(["podman", "exec", f"{PREFIX}-node0", "redis-cli", "--no-auth-warning",
                    "-a", password, "--cluster", "create",
                    *(f"127.0.0.1:{p}" for p in ports), "--cluster-replicas", "0",
                    "--cluster-yes"], check=True, capture_output=True, timeout=60)
    time.sleep(2)  # the nodes agree on the slots (cluster_state:ok)
    return (f"redis+cluster://:{password}@127.0.0.1:{ports[0]}",
            f"redis://:{password}@127.0.0.1:{queue}/0")


def start_tricklog(args: argparse.Namespace, cluster: str, queue: str) -> list[int]:
    env = {"TRICKLOG_REDIS_URL": cluster, "TRICKLOG_QUEUE_URL": queue,
           "TRICKLOG_BOT_MIN_THINK": "0", "TRICKLOG_QUOTA_BOTS": "off"}
    ports = [free_port() for _ in range(args.apis)]
    for i, port in enumerate(ports):
        run(f"api{i}", "localhost/tricklog", "api", "--port", str(port), "--workers",
            str(args.processes), env=env)
    for i in range(args.workers):
        run(f"worker{i}", "localhost/tricklog", "worker", env=env)
    for port in ports:
        wait_healthy(port)
    return ports


def wait_healthy(port: int) -> None:
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the API on {port} did not become healthy")


def call(port: int, method: str, path: str, body: Any = None) -> Any:
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                 data=None if body is None else json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


def people(ports: list[int], clients: int, seconds: float) -> tuple[list[float], list[str]]:
    latencies: list[float] = []
    errors: list[str] = []
    stop = time.monotonic() + seconds
    threads = [threading.Thread(target=player, args=(ports[i % len(ports)], i, stop,
                                                     latencies, errors))
               for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, errors


def bots(ports: list[int], matches: int) -> tuple[float, int]:
    """Seconds until ``matches`` bot-only matches (created through every API) are over, and
    how many moves they took."""
    begun = time.monotonic()
    ids = [(ports[i % len(ports)], call(ports[i % len(ports)], "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 4, "options": {"target_stakes": 1}, "seed": f"m{i}",
        "seats": [{"name": f"b{s}", "bot": "random"} for s in range(4)]})["id"])
        for i in range(matches)]
    over: dict[str, Any] = {}
    while len(over) < matches and time.monotonic() - begun < 600:
        for port, match in ids:
            if match not in over and (m := call(port, "GET", f"/v1/matches/{match}"))[
                    "status"] == "over":
                over[match] = m
        time.sleep(0.2)
    took = time.monotonic() - begun
    moves = sum(call(ports[0], "GET", f"/v1/deals/{d['id']}")["seq"]
                for m in over.values() for d in m["deals"])
    return took, moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apis", type=int, default=2, help="API containers")
    parser.add_argument("--processes", type=int, default=1, help="gunicorn processes in each")
    parser.add_argument("--workers", type=int, default=2, help="worker containers")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--bot-matches", type=int, default=8)
    args = parser.parse_args()
    try:
        ports = start_tricklog(args, *start_redis(secrets.token_hex(16)))
        moves, errors = people(ports, args.clients, args.seconds)
        took, bot_moves = bots(ports, args.bot_matches)
    finally:
        names = subprocess.run(["podman", "ps", "-aq", "--filter", f"name={PREFIX}-"],
                               capture_output=True, text=True).stdout.split()
        subprocess.run(["podman", "rm", "-f", "-t", "5", *names], capture_output=True)
    print(f"\n{args.apis} API containers x {args.processes} process, {args.workers} workers, "
          "3 cluster masters + a queue Redis, all containers on this machine\n")
    print("| what | per second | p50 ms | p99 ms | errors |\n| --- | --- | --- | --- | --- |")
    print(f"| people's moves, {args.clients} clients | {len(moves) / args.seconds:.0f} | "
          f"{pct(moves, .5):.1f} | {pct(moves, .99):.1f} | {len(errors)} |")
    print(f"| events of {args.bot_matches} bot-only matches at once ({took:.1f} s) | "
          f"{bot_moves / took:.0f} | | | |")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
