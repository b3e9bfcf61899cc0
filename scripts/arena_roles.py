"""``tricklog arena``'s matches for a game where each seat plays for itself (Sueca Italiana),
a range of them at a time, with what the arena's table does not say: the hero's card-point
share per match (for an interval over the matches' means), the hero's CPU time per move, and
each deal's role of the hero (the bidder, the called partner, a defender).

Match ``i`` is the arena's match ``i`` (seed ``1000 + i``, the hero's seat ``i % players``),
so ranges played in separate processes add up to one ``tricklog arena`` run:

    nice -n 10 .venv/bin/python scripts/arena_roles.py play --first 0 --last 100 --out a.jsonl
    nice -n 10 .venv/bin/python scripts/arena_roles.py play --first 100 --last 200 --out b.jsonl
    .venv/bin/python scripts/arena_roles.py summary a.jsonl b.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from workers import arena  # noqa: E402


def play_one(rules: Any, hero: str, villain: str, i: int) -> dict[str, Any]:
    """Match ``i`` as the arena plays it, with the hero's role in every deal."""
    seat_bots = arena.lineup(rules, hero, villain, i)
    heroes = {s for s, bot in enumerate(seat_bots) if bot == hero}
    me, tally = min(heroes), arena.Tally()
    final = arena.play_match(rules, seat_bots, 1000 + i, tally, heroes)
    won = {s for side in final.winners for s in rules.sides[side]}
    roles = []
    for result in tally.results:
        score = result["score"]
        role = ("bidder" if score["bidder"] == me else
                "partner" if score["partner"] == me else "defender")
        roles.append([role, score["bid"], score["made"]])
    return {"i": i, "win": bool(won & heroes), "shares": tally.point_share, "roles": roles,
            "cpu_ms": [round(1000 * t, 3) for t in tally.move_cpu.get(hero, [])]}


def play(args: argparse.Namespace) -> None:
    rules = arena.check(args.preset, args.players, (args.hero, args.villain))
    with open(args.out, "a") as out:
        for i in range(args.first, args.last):
            out.write(json.dumps(play_one(rules, args.hero, args.villain, i)) + "\n")
            out.flush()


def summary(paths: list[str]) -> None:
    rows = {r["i"]: r for p in paths for r in map(json.loads, open(p))}
    n = len(rows)
    means = [statistics.mean(r["shares"]) for r in rows.values()]
    mean = statistics.mean(means)
    half = 1.96 * statistics.stdev(means) / math.sqrt(n) if n > 1 else 0.0
    wins = sum(r["win"] for r in rows.values())
    low, high = arena.wilson(wins, n)
    print(f"{n} matches: card-point share {100 * mean:.1f}% ({100 * (mean - half):.1f}-"
          f"{100 * (mean + half):.1f}%), won {wins} ({100 * wins / n:.1f}%, "
          f"{100 * low:.0f}-{100 * high:.0f}%)")
    by_role: dict[str, list[tuple[float, int, bool]]] = {}
    for r in rows.values():
        for (role, bid, made), share in zip(r["roles"], r["shares"], strict=True):
            by_role.setdefault(role, []).append((share, bid, made))
    for role, deals in sorted(by_role.items()):
        share = statistics.mean(d[0] for d in deals)
        print(f"  {role}: {len(deals)} deals, share {100 * share:.1f}%"
              f", contracts made {sum(d[2] for d in deals)}, mean bid "
              f"{statistics.mean(d[1] for d in deals):.1f}")
    cpu = sorted(t for r in rows.values() for t in r["cpu_ms"])
    if cpu:
        at = lambda q: cpu[min(len(cpu) - 1, int(q * len(cpu)))]  # noqa: E731
        print(f"  CPU ms a move over {len(cpu)} moves: mean {statistics.mean(cpu):.1f}, median "
              f"{at(0.5):.1f}, p99 {at(0.99):.1f}, p99.9 {at(0.999):.1f}, max {cpu[-1]:.1f}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("play")
    g.add_argument("--preset", default="sueca-italiana")
    g.add_argument("--players", type=int, default=5)
    g.add_argument("--hero", default="search")
    g.add_argument("--villain", default="heuristic")
    g.add_argument("--first", type=int, default=0)
    g.add_argument("--last", type=int, default=200, help="the match after the last one")
    g.add_argument("--out", required=True, help="JSON lines, appended")
    s = sub.add_parser("summary")
    s.add_argument("paths", nargs="+")
    args = p.parse_args()
    play(args) if args.command == "play" else summary(args.paths)


if __name__ == "__main__":
    main()
