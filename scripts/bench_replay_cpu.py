"""The replay row of ``scripts/bench.py`` by CPU time, for two code trees side by side: on a
machine other work shares, wall time measures everyone's, CPU time the job's own.

Each round runs, in a fresh process per tree (base, this, this, base, ...), the bench's
finished 28-hand 4-player Serbian whist match, then the bench's replay loop (a replay job for
each of its deals, ``bench_referee.replays``) and the reducers' whole matches
(``bench_referee.whist_matches``), timed by wall clock and by CPU: the process's, and for the
replays the redis-server's too (its part of each read, from ``/proc``). The target ratio is the
bench's, half the reducers' rate over the replays', by CPU and by wall. Prints each figure's
median and range for both trees. Run: ``.venv/bin/python scripts/bench_replay_cpu.py --base
/tmp/base --rounds 5`` (the base tree with its C cores built, as for ``bench_ab.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def server_cpu(pid: int) -> float:
    """CPU seconds (user and system) a process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(seconds: float) -> dict[str, float]:
    """One round in this process, against the tree on ``sys.path`` (``TRICKLOG_BENCH_ROOT``)."""
    import bench_referee as ref
    import redis

    from events.redis_server import RedisServer
    from events.referee import Referee
    from events.store import EventStore

    with tempfile.TemporaryDirectory() as tmp, RedisServer(tmp) as server:
        referee = Referee(EventStore(redis.Redis.from_url(server.url)))
        deal_ids = ref.whist_match(referee, "replay-bench")
        assert server.process is not None
        pid = server.process.pid
        ref.replays(referee, deal_ids, 0.5)  # warm
        redis0, cpu0, wall0 = server_cpu(pid), time.process_time(), time.perf_counter()
        rate, _ = ref.replays(referee, deal_ids, seconds)
        redis1, cpu1, wall1 = server_cpu(pid), time.process_time(), time.perf_counter()
        replayed = rate * (wall1 - wall0)
        cpu2, wall2 = time.process_time(), time.perf_counter()
        reducers = ref.whist_matches(seconds, False)
        cpu3, wall3 = time.process_time(), time.perf_counter()
    out = {"replay wall ms a match": 1e3 / rate,
           "replay CPU ms a match": (cpu1 - cpu0) / replayed * 1e3,
           "redis-server CPU ms a match": (redis1 - redis0) / replayed * 1e3,
           "reducers wall ms a match": 1e3 / reducers,
           "reducers CPU ms a match": (cpu3 - cpu2) / (reducers * (wall3 - wall2)) * 1e3}
    out["target ratio by CPU"] = 2 * out["reducers CPU ms a match"] / (
        out["replay CPU ms a match"] + out["redis-server CPU ms a match"])
    out["target ratio by wall"] = (2 * out["reducers wall ms a match"]
                                   / out["replay wall ms a match"])
    return out


def one(tree: Path, seconds: float) -> dict[str, float]:
    env = {**os.environ, "TRICKLOG_BENCH_ROOT": str(tree)}
    out = subprocess.run([sys.executable, __file__, "--child", "--seconds", str(seconds)],
                         env=env, cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def table(runs: dict[str, list[dict[str, float]]]) -> None:
    print("| figure | base | this | this / base |")
    print("|---|---|---|---|")
    for what in runs["this"][0]:
        cells: list[Any] = []
        for name in ("base", "this"):
            values = [r[what] for r in runs[name]]
            cells.append((statistics.median(values), min(values), max(values)))
        shown = [f"{m:,.2f} ({lo:,.2f}-{hi:,.2f})" for m, lo, hi in cells]
        print(f"| {what} | {shown[0]} | {shown[1]} | {cells[1][0] / cells[0][0]:.2f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="the tree to compare with")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per tree (median)")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of a timed run")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        root = os.environ.get("TRICKLOG_BENCH_ROOT") or str(ROOT)
        sys.path[:0] = [root, str(HERE)]
        print(json.dumps(measure(args.seconds)))
        return 0
    if args.base is None:
        parser.error("--base is required")
    runs: dict[str, list[dict[str, float]]] = {"base": [], "this": []}
    for k in range(args.rounds):
        for name in ("base", "this") if k % 2 == 0 else ("this", "base"):
            runs[name].append(one(args.base.resolve() if name == "base" else ROOT, args.seconds))
            print(f"round {k + 1}: {name} {json.dumps(runs[name][-1])}", file=sys.stderr,
                  flush=True)
    table(runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
