"""One deal's whole analysis (``scripts/bench_solver.py``'s deals, the same seeds) timed in two
parts: the card play's decisions and the decisions before it (the auction: bids, trumps, calls),
in CPU seconds of the process, under a CPU budget (``RLIMIT_CPU``: a tail deal is killed rather
than eating the session, and prints only what it finished), with a digest of the report to
compare two builds' values. One deal a process, so that each starts with a fresh heap:

    for s in 0 1 2 3 4 5 6 7 8 9; do
        nice -n 10 python scripts/bench_solver_split.py serbian-whist:4 $s --budget 60; done
"""

from __future__ import annotations

import argparse
import hashlib
import json
import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_solver import random_log  # noqa: E402

from domain.solver import analysis, auction, native  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("preset", help="preset:players")
    parser.add_argument("seed", type=int)
    parser.add_argument("--budget", type=int, default=60, help="CPU seconds, then killed")
    parser.add_argument("--generic", action="store_true",
                        help="the core's build for any CPU, not the one for this CPU")
    args = parser.parse_args()
    if args.generic:
        native.CORE = native.GENERIC
    resource.setrlimit(resource.RLIMIT_CPU, (args.budget, args.budget + 5))
    preset, players = args.preset.split(":")
    events, first = random_log(preset, int(players), args.seed, None)
    judge, spent = auction.judge, {"t0": time.process_time()}

    def timed(*a: Any, **k: Any) -> Any:
        spent["card"] = time.process_time() - spent["t0"]
        print(f"{args.preset} seed {args.seed}: card play {spent['card']:.2f}", flush=True)
        out = judge(*a, **k)
        spent["auction"] = time.process_time() - spent["t0"] - spent["card"]
        return out

    analysis.auction.judge = timed  # type: ignore[attr-defined]
    stats: dict[str, int] = {}
    report = analysis.analyse(events, list(range(len(events))), str(args.seed), first=first,
                              stats=stats)
    total = time.process_time() - spent["t0"]
    digest = hashlib.sha1(json.dumps(report, sort_keys=True, default=str).encode()).hexdigest()
    print(f"{args.preset} seed {args.seed} ({native.CORE.TARGET}): card play "
          f"{spent.get('card', total):.2f} auction "
          f"{spent.get('auction', 0.0):.2f} total {total:.2f} CPU s, card play nodes "
          f"{stats.get('nodes')}, report {digest[:12]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
