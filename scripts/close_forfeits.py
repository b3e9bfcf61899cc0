"""Close the deal of every match that ended on a clock's forfeit and left it open: such a deal
(forfeited before the fix of issue 28's leftover, or by a worker cut between the match's
``ended`` and the deal's ``abandoned`` after the sweeper forgot the match) is refused as
running by its export and audit. Appends each one's ``abandoned``
(``events.referee.clocks.close_every_forfeited``) and prints the deals closed; safe to run
again (a closed deal is left alone). Needs ``TRICKLOG_REDIS_URL``, as a worker does.

    TRICKLOG_REDIS_URL=redis://... .venv/bin/python scripts/close_forfeits.py
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from events.config import Settings, connect  # noqa: E402
from events.referee import Referee, clocks  # noqa: E402
from events.store import EventStore  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)
    settings = Settings.from_env()
    if not settings.redis_url:
        print("close_forfeits: set TRICKLOG_REDIS_URL", file=sys.stderr)
        return 2
    closed = clocks.close_every_forfeited(Referee(EventStore(connect(settings.redis_url))))
    for deal_id in closed:
        print(deal_id)
    print(f"closed {len(closed)} forfeited deals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
