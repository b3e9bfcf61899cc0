"""Rebuild the ratings projection from the match logs: forget every pool's index and table,
index every finished rated match again (in the order their ``ended`` events were stamped) and
replay each pool from nothing (``events.referee.ratings.rebuild``). Prints the rated matches
per pool. Needs ``TRICKLOG_REDIS_URL`` (the event store), as a worker does.

    TRICKLOG_REDIS_URL=redis://... .venv/bin/python scripts/ratings_rebuild.py
"""

from __future__ import annotations

import argparse
import sys

from store_referee import from_env

from events.referee import ratings


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)
    referee = from_env("ratings_rebuild")
    if referee is None:
        return 2
    counts = ratings.rebuild(referee)
    for pool, count in counts.items():
        if count:
            print(f"{pool}: {count} rated matches")
    print(f"rebuilt {sum(counts.values())} rated matches in {len(counts)} pools")
    return 0


if __name__ == "__main__":
    sys.exit(main())
