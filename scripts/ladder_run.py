"""Play N ladder matches among the built-in bots for one preset, quickly, and print the
leaderboard.

Runs the domain in-process (no HTTP, no Redis), as ``tricklog arena`` does; each finished
match feeds the same ratings projection the server keeps (``events.ratings``), and opponents
are picked as the worker's ladder picks them (``workers.ladder_pairing``): the entity with the
fewest matches against one of near rating, with some exploration. Deterministic for a
``--seed``. Progress goes to stderr, the leaderboard to stdout (``--json`` for one object).

    .venv/bin/python scripts/ladder_run.py --preset sueca --matches 300
    .venv/bin/python scripts/ladder_run.py --preset sedma --players 2 --bots random heuristic
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from domain.registry import PRESETS  # noqa: E402
from events import ratings  # noqa: E402
from workers import arena, ladder_pairing  # noqa: E402

ANCHORS = ("random", "heuristic", "search")


def run(preset: str, players: int, matches: int, bots: tuple[str, ...] = ANCHORS,
        seed: int = 1, options: dict[str, Any] | None = None,
        progress: Any = None, until: float | None = None) -> ratings.Table:
    """The ratings table after ``matches`` ladder matches among ``bots`` (fewer if the
    ``time.monotonic()`` deadline ``until`` passes first: the entries' ``matches`` say how
    many were played)."""
    rules = arena.check(preset, players, bots)
    if options:
        rules = arena.rules_for(preset, players, options)
    rng = random.Random(seed)
    table: ratings.Table = {}
    sides = [list(side) for side in rules.sides]
    for i in range(matches):
        if until is not None and time.monotonic() > until:
            break
        entities = ladder_pairing.pick([f"bot:{b}" for b in bots], table, len(sides), rng)
        seat_entities = ladder_pairing.seats(sides, entities, rng)
        seat_bots = [e.removeprefix("bot:") for e in seat_entities]
        final = arena.play_match(rules, seat_bots, seed * 100_000 + i, arena.Tally(), set())
        table = ratings.rate(table, ratings.outcome_of_state(final, seat_entities))
        if progress:
            progress(i + 1, matches, table)
    return table


def parser() -> argparse.ArgumentParser:
    out = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    out.add_argument("--preset", required=True, choices=sorted(PRESETS))
    out.add_argument("--players", type=int, help="default: the preset's first count")
    out.add_argument("--matches", type=int, default=200)
    out.add_argument("--bots", nargs="+", default=list(ANCHORS), choices=ANCHORS)
    out.add_argument("--seed", type=int, default=1)
    out.add_argument("--options", type=json.loads, default={},
                     help='the preset\'s options as JSON, e.g. \'{"target_stakes": 1}\'')
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--seconds", type=float, help="stop starting matches after this long")
    return out


def show(args: argparse.Namespace, players: int, table: ratings.Table, played: int
         ) -> None:
    board = ratings.leaderboard(table, {})
    if args.json:
        print(json.dumps({"preset": args.preset, "players": players, "matches": played,
                          "options": args.options, "ratings": board,
                          "mu": {e: row["mu"] for e, row in table.items()}}))
        return
    print(f"{args.preset} for {players}, {played} matches, pool "
          f"{ratings.pool_of(arena.rules_for(args.preset, players, args.options))}")
    print("| rank | id | rating (mu - 3 sigma) | mu | uncertainty | matches |")
    print("|---|---|---|---|---|---|")
    for row in board:
        mu = table[row["id"]]["mu"]
        print(f"| {row['rank']} | {row['id']} | {row['rating']:.2f} | {mu:.2f} | "
              f"{row['uncertainty']:.2f} | {row['matches']} |")


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    players = args.players or PRESETS[args.preset].players[0]
    start = time.monotonic()

    played = [0]

    def progress(done: int, total: int, table: ratings.Table) -> None:
        played[0] = done
        if done % 10 == 0 or done == total:
            top = ", ".join(f"{row['id']} {row['rating']:.1f} ({table[row['id']]['mu']:.1f}"
                            f" ± {row['uncertainty']:.1f})"
                            for row in ratings.leaderboard(table, {}))
            print(f"{done}/{total} matches, {time.monotonic() - start:.0f} s: {top}",
                  file=sys.stderr, flush=True)

    try:
        table = run(args.preset, players, args.matches, tuple(args.bots), args.seed,
                    args.options, progress,
                    None if args.seconds is None else start + args.seconds)
    except (arena.ArenaError, ValueError) as exc:
        print(f"ladder_run: {exc}", file=sys.stderr)
        return 2
    show(args, players, table, played[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
