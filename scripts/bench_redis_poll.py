"""The CPU a Redis command costs the API's client under gevent (as ``tricklog serve`` runs it),
with redis-py's hiredis parser and with ``events.redis_poll.NativePollParser`` (issue 33): one
process, one private redis-server, the two clients' blocks of GETs interleaved, medians. The
difference is what the pool's per-command readiness check costs through gevent's hub. Run:
``.venv/bin/python scripts/bench_redis_poll.py [--blocks 30] [--commands 500]``.
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(os.environ.get("TRICKLOG_BENCH_ROOT") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT))

import redis  # noqa: E402
from redis.connection import DefaultParser  # noqa: E402

from events.redis_poll import PARSER  # noqa: E402
from events.redis_server import RedisServer  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=30, help="blocks per client")
    parser.add_argument("--commands", type=int, default=500, help="GETs per block")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, RedisServer(tmp) as server:
        clients = {name: redis.Redis.from_url(server.url, parser_class=cls)
                   for name, cls in (("redis-py's parser", DefaultParser),
                                     ("NativePollParser", PARSER))}
        for client in clients.values():
            client.set("k", "v")
        cpu: dict[str, list[float]] = {name: [] for name in clients}
        for block in range(args.blocks):
            for name, client in sorted(clients.items(), reverse=bool(block % 2)):
                start = time.process_time()
                for _ in range(args.commands):
                    client.get("k")
                cpu[name].append((time.process_time() - start) / args.commands)
    for name, seconds in cpu.items():
        print(f"{name:<18} {1e6 * statistics.median(seconds):7.1f} µs of CPU per GET")
    return 0


if __name__ == "__main__":
    sys.exit(main())
