"""The perfect-information solver's speed (issue 30): whole-deal analysis (every card and every
continue-or-stop judged, as ``GET /v1/deals/{id}/analysis`` does) of random deals, one core,
in-process, with the compiled cores where the game has one (the generic trick game's,
``domain/solver/_trick.c``; the Sedma family's capture game's, ``domain/sedma/_solve.c``);
``--pure`` (or ``--python``): the pure-Python search throughout. For each preset: deals
analysed, the median and the worst CPU seconds per deal (process time: the machine is shared,
and wall time would count the others' work), the median nodes searched per deal. ``--cards K``
judges only the ending (from the first position where no stock is left and the hands hold at
most K cards in all), to compare with the whole deal. A preset stops taking new deals once
``--budget`` seconds are spent on it (the table says how many were done).

``--compare N`` times the compiled core against the pure-Python reference on the same N
ending positions of each trick-game preset (``--cards`` cards left, 16 unless given: each move
of the position to move valued by both, the values checked equal), and ``--bridge N`` checks
the core against DDS (``endplay``) on N random bridge deals in the 5 strains, one leader each,
and times both.

    python scripts/bench_solver.py --deals 100
    python scripts/bench_solver.py --deals 10 --presets sedma:2 --cards 16
    python scripts/bench_solver.py --compare 20 --presets sueca:4,serbian-whist:4,sueca-italiana:5
    python scripts/bench_solver.py --bridge 100
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
from domain.solver import native, positions  # noqa: E402
from domain.solver.analysis import analyse  # noqa: E402
from domain.solver.search import Solver  # noqa: E402

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


def compare(preset: str, players: int, positions_: int, cards: int) -> dict[str, Any] | None:
    """The compiled core and the Python search, each from a fresh table, on the same
    positions: every move of the side to move valued, the values checked equal (None: the
    preset is not a trick game the core plays)."""
    spent = {"c": 0.0, "py": 0.0}
    nodes = {"c": 0, "py": 0}
    done = 0
    for seed in range(10 * positions_):
        if done == positions_:
            break
        events, first = random_log(preset, players, seed, cards)
        if first >= len(events):
            continue
        state = game.fold(events[:first])
        play = positions.play_of(state.rules)
        assert play is not None
        trick_game = play.game(state, play.sides(state)[0])
        if not native.native(trick_game):
            return None
        position = trick_game.position(state)
        values = {}
        for name, solver in (("c", native.NativeSolver(trick_game)), ("py", Solver(trick_game))):
            start = time.process_time()
            values[name] = dict(solver.move_values(position))
            spent[name] += time.process_time() - start
            nodes[name] += solver.nodes
        assert values["c"] == values["py"], (preset, seed)
        done += 1
    return {"preset": f"{preset} ({players})", "positions": done, "c": spent["c"],
            "py": spent["py"], "c_nodes": nodes["c"], "py_nodes": nodes["py"]}


def bridge(deals: int) -> dict[str, Any]:
    """N random deals, 5 strains, one leader each: the core's tricks checked against DDS's
    table; CPU seconds of each (DDS's table is all 20 declarer-strain pairs of a deal)."""
    from tests import bridge as rules
    rng = random.Random(1)
    ours: list[float] = []
    dds: list[float] = []
    nodes: list[int] = []
    for deal in range(deals):
        hands = rules.random_deal(rng)
        start = time.process_time()
        table = rules.dds_tricks(hands)
        dds.append(time.process_time() - start)
        start, count = time.process_time(), 0
        for i, strain in enumerate(rules.STRAINS):
            declarer = rules.declarer(deal, i)
            trick_game = rules.game(strain, declarer)
            solver = native.NativeSolver(trick_game)
            got = solver.value(trick_game.cards_position(hands, [], (declarer + 1) % 4))
            assert got == table[rules.dds_key(strain, declarer)], (deal, strain)
            count += solver.nodes
        ours.append(time.process_time() - start)
        nodes.append(count)
        print(f"  bridge deal {deal}: {ours[-1]:.2f} s (5 solves), DDS table {dds[-1]:.3f} s",
              file=sys.stderr, flush=True)
    return {"deals": deals, "ours": ours, "dds": dds, "nodes": nodes}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--presets", default=PRESETS, help="preset:players,...")
    parser.add_argument("--cards", type=int, default=None,
                        help="judge only the ending: at most this many cards left in all")
    parser.add_argument("--budget", type=float, default=600.0,
                        help="seconds per preset after which no new deal is started")
    parser.add_argument("--pure", "--python", action="store_true",
                        help="the pure-Python reference search, not the compiled cores")
    parser.add_argument("--compare", type=int, default=0,
                        help="C core against Python on this many endings a preset")
    parser.add_argument("--bridge", type=int, default=0,
                        help="the core against DDS on this many bridge deals")
    args = parser.parse_args()
    native.ENABLED = not args.pure
    if args.pure:
        from domain.sedma import capture_game
        capture_game._core = None
    presets = [(p, int(n)) for p, n in (item.split(":") for item in args.presets.split(","))]
    if args.bridge:
        print_bridge(bridge(args.bridge))
    elif args.compare:
        rows = [compare(p, n, args.compare, args.cards or 16) for p, n in presets]
        print_compare([r for r in rows if r is not None], args.cards or 16)
    else:
        rows = [measure(p, n, args.deals, args.cards, args.budget) for p, n in presets]
        print_analysis(rows, args.cards, args.pure)
    return 0


def print_analysis(rows: list[dict[str, Any]], cards: int | None, pure: bool) -> None:
    scope = "whole deal" if cards is None else f"last {cards} cards"
    engine = "pure Python" if pure or not native.available() else "C core for trick games"
    print(f"\n| preset ({scope}, {engine}) | deals | median s/deal | worst s/deal "
          "| median nodes/deal | nodes/s |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['preset']} | {r['deals']} | {r['median']:.2f} | {r['worst']:.2f} | "
              f"{r['nodes']:,} | {r['rate']:,.0f} |")


def print_compare(rows: list[dict[str, Any]], cards: int) -> None:
    print(f"\n| preset (last {cards} cards) | positions | C CPU s | Python CPU s | speed-up "
          "| C nodes | Python nodes | C nodes/s | Python nodes/s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        c, py = max(r["c"], 1e-9), max(r["py"], 1e-9)
        print(f"| {r['preset']} | {r['positions']} | {c:.3f} | {py:.2f} | {py / c:,.0f}x | "
              f"{r['c_nodes']:,} | {r['py_nodes']:,} | {r['c_nodes'] / c:,.0f} | "
              f"{r['py_nodes'] / py:,.0f} |")


def print_bridge(r: dict[str, Any]) -> None:
    ours, dds = r["ours"], r["dds"]
    per_ours, per_dds = statistics.median(ours) / 5, statistics.median(dds) / 20
    print(f"\n{r['deals']} bridge deals, 5 strains each: all agree with DDS.")
    print("| | median CPU s/deal | worst | per solve (median) |")
    print("|---|---|---|---|")
    print(f"| trick core, 5 solves (one leader a strain) | {statistics.median(ours):.2f} | "
          f"{max(ours):.2f} | {per_ours:.3f} |")
    print(f"| DDS table, 20 solves (every declarer and strain) | {statistics.median(dds):.3f} | "
          f"{max(dds):.3f} | {per_dds:.4f} |")
    print(f"median nodes/deal {statistics.median(r['nodes']):,.0f}; speed ratio per solve "
          f"(core / DDS): {per_ours / max(per_dds, 1e-9):,.0f}x slower")


if __name__ == "__main__":
    sys.exit(main())
