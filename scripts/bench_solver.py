"""The perfect-information solver's speed (issue 30): whole-deal analysis (every card and every
continue-or-stop judged, as ``GET /v1/deals/{id}/analysis`` does) of random deals, one core,
in-process, by the compiled cores where the game has one (the Sedma family's capture game:
``domain/sedma/_solve.c``) unless ``--python`` asks for the pure-Python reference. For each
preset: deals analysed, the median and the worst CPU seconds per deal (process time: the
machine is shared, and wall time would count the others' work), the median nodes searched
per deal. ``--cards K`` judges only the ending (from the first position where no stock is
left and the hands hold at most K cards in all), to compare with the whole deal. A preset
stops taking new deals once ``--budget`` seconds are spent on it (the table says how many
were done).

    python scripts/bench_solver.py --deals 100
    python scripts/bench_solver.py --deals 10 --presets sedma:2 --cards 16
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domain import game, registry  # noqa: E402
from domain.fairness import DealSecret  # noqa: E402
from domain.messages import Command, Move  # noqa: E402
from domain.solver import positions  # noqa: E402
from domain.solver.analysis import analyse  # noqa: E402

PRESETS = "sueca:4,sedma:4,sedma:2,serbian-whist:4"


def random_log(preset: str, players: int, seed: int, cards: int | None
               ) -> tuple[list[Any], int]:
    """A deal played at random (13-card hands for whist: its first hand), and the index of
    the first event to judge."""
    rules = registry.rules_for(preset, players, {})
    rng, secret = random.Random(seed), DealSecret(f"bench-solver-{seed}", "ab" * 16)
    events = list(game.new_deal(rules, 1, seed % players, secret))
    state, first = game.fold(events), None if cards is not None else 1
    while state.phase != "over":
        left = sum(map(len, state.hands)) + len(getattr(state, "stock", ()))
        if first is None and positions.in_card_play(state) and left <= cards:
            first = len(events)
        command = Command(state.turn, Move.from_dict(
            rng.choice(game.legal_moves(state, state.turn))), secret)
        new, state = game.step(state, command)
        events += new
    return events, first or len(events)


def measure(preset: str, players: int, deals: int, cards: int | None, budget: float
            ) -> dict[str, Any]:
    times: list[float] = []
    nodes: list[int] = []
    spent = 0.0
    for seed in range(deals):
        if spent > budget:
            break
        events, first = random_log(preset, players, seed, cards)
        stats: dict[str, int] = {}
        start = time.process_time()
        analyse(events, list(range(len(events))), str(seed), first=first, stats=stats)
        took = time.process_time() - start
        spent += took
        times.append(took)
        nodes.append(stats.get("nodes", 0))
        print(f"  {preset}:{players} deal {seed}: {took:.2f} s, {nodes[-1]} nodes",
              file=sys.stderr, flush=True)
    return {"preset": f"{preset} ({players})", "deals": len(times),
            "median": statistics.median(times), "worst": max(times),
            "nodes": int(statistics.median(nodes)),
            "rate": sum(nodes) / max(sum(times), 1e-9)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--presets", default=PRESETS, help="preset:players,...")
    parser.add_argument("--cards", type=int, default=None,
                        help="judge only the ending: at most this many cards left in all")
    parser.add_argument("--budget", type=float, default=600.0,
                        help="seconds per preset after which no new deal is started")
    parser.add_argument("--python", action="store_true",
                        help="the pure-Python reference search, not the compiled cores")
    args = parser.parse_args()
    if args.python:
        from domain.sedma import capture_game
        capture_game._core = None
    rows = []
    for item in args.presets.split(","):
        preset, players = item.split(":")
        rows.append(measure(preset, int(players), args.deals, args.cards, args.budget))
    scope = "whole deal" if args.cards is None else f"last {args.cards} cards"
    scope += ", Python" if args.python else ", compiled where built"
    print(f"\n| preset ({scope}) | deals | median s/deal | worst s/deal | median nodes/deal "
          "| nodes/s |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['preset']} | {r['deals']} | {r['median']:.2f} | {r['worst']:.2f} | "
              f"{r['nodes']:,} | {r['rate']:,.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
