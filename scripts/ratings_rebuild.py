"""Rebuild the ratings projection from the match logs: forget every pool's index and table,
index every finished rated match again (in the order their ``ended`` events were stamped) and
replay each pool from nothing (``events.referee.ratings.rebuild``). Prints the rated matches
per pool. Needs ``TRICKLOG_REDIS_URL`` (the event store), as a worker does.

    TRICKLOG_REDIS_URL=redis://... .venv/bin/python scripts/ratings_rebuild.py
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from events.config import Settings, connect  # noqa: E402
from events.referee import Referee, ratings  # noqa: E402
from events.store import EventStore  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)
    settings = Settings.from_env()
    if not settings.redis_url:
        print("ratings_rebuild: set TRICKLOG_REDIS_URL", file=sys.stderr)
        return 2
    counts = ratings.rebuild(Referee(EventStore(connect(settings.redis_url))))
    for pool, count in counts.items():
        if count:
            print(f"{pool}: {count} rated matches")
    print(f"rebuilt {sum(counts.values())} rated matches in {len(counts)} pools")
    return 0


if __name__ == "__main__":
    sys.exit(main())
