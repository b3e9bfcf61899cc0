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

from store_referee import from_env

from events.referee import clocks


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)
    referee = from_env("close_forfeits")
    if referee is None:
        return 2
    closed = clocks.close_every_forfeited(referee)
    for deal_id in closed:
        print(deal_id)
    print(f"closed {len(closed)} forfeited deals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
