"""Mixed tables of an each-for-themselves game, as the ladder seats them, played twice with two
bots' labels swapped: the same seeds and seats, so each match (and each deal: a deal's cards come
from the match's seed alone) is paired with its swapped twin. Per seat and deal it records the
card points of the seat's side, the deal's match points, and the auction's roles (bidder,
called partner, defender) where the deal's result names them; per match the final totals and the
places the ratings fold gives them (``events.ratings.places``).

    nice -n 10 .venv/bin/python scripts/ladder_tables.py play --table search heuristic random \
random --first 0 --last 30 --out t.jsonl
    .venv/bin/python scripts/ladder_tables.py summary t.jsonl t.swap.jsonl --a search \
--b heuristic

Match ``i`` turns the table round by ``i`` seats (each bot sits everywhere) and uses seed
``5000 + i``; ``--swap A B`` plays each match again with the two bots' labels exchanged at the
same seats (to ``t.swap.jsonl``).
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

from events import ratings  # noqa: E402
from workers import arena  # noqa: E402


def seats_of(table: list[str], i: int) -> list[str]:
    n = len(table)
    return [table[(s - i) % n] for s in range(n)]


def play_one(rules: Any, table: list[str], i: int) -> dict[str, Any]:
    seat_bots = seats_of(table, i)
    tally = arena.Tally()
    final = arena.play_match(rules, seat_bots, 5000 + i, tally, set())
    out = []
    for res in tally.results:
        score = res["score"]
        card = [0] * rules.players
        for side, pts in zip(res["sides"], res["points"], strict=True):
            for s in side:
                card[s] = pts
        out.append({"card": card, "mp": score.get("match_points"), "bidder": score.get("bidder"),
                    "partner": score.get("partner"), "bid": score.get("bid"),
                    "made": score.get("made")})
    cpu = {b: round(1000 * max(t), 1) for b, t in tally.move_cpu.items()}
    return {"i": i, "bots": seat_bots, "totals": list(final.totals),
            "places": list(ratings.places(final)), "deals": out, "max_cpu_ms": cpu}


def play(args: argparse.Namespace) -> None:
    """Match by match, the table (to ``--out``) and, with ``--swap A B``, its twin with the two
    labels exchanged (to ``--out`` with ``.swap`` before its suffix), alternately."""
    rules = arena.check(args.preset, len(args.table), args.table)
    tables = [(list(args.table), Path(args.out))]
    if args.swap:
        a, b = args.swap
        out = Path(args.out)
        tables.append(([b if x == a else a if x == b else x for x in args.table],
                       out.with_suffix(".swap" + out.suffix)))
    for i in range(args.first, args.last):
        for table, path in tables:
            with open(path, "a") as out_file:
                out_file.write(json.dumps(play_one(rules, table, i)) + "\n")


def per_bot(row: dict[str, Any], bot: str) -> dict[str, float]:
    """The bot's seats' means over the match, as the ratings average duplicate seats."""
    seats = [s for s, b in enumerate(row["bots"]) if b == bot]
    deals = row["deals"]
    card = statistics.mean(d["card"][s] / 120 for d in deals for s in seats)
    total = statistics.mean(row["totals"][s] for s in seats)
    place = statistics.mean(row["places"][s] for s in seats)
    first = statistics.mean(float(row["places"][s] == 0) for s in seats)
    return {"card": card, "total": total, "place": place, "first": first}


def interval(xs: list[float]) -> str:
    m = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return f"{m:+.3f} ({m - h:+.3f}..{m + h:+.3f})"


def roles(rows: list[dict[str, Any]], bot: str) -> dict[str, list[float]]:
    """Per role of ``bot``'s seats (and who bid), the card points and match points a deal."""
    out: dict[str, list[float]] = {}
    for r in rows:
        for d in r["deals"]:
            for s, b in enumerate(r["bots"]):
                if b != bot:
                    continue
                role = ("bidder" if d["bidder"] == s else "partner" if d["partner"] == s
                        else f"defender vs {r['bots'][d['bidder']]}")
                out.setdefault(role, []).append(d["mp"][s])
                out.setdefault(role + " card", []).append(d["card"][s])
    return out


def auction(rows: list[dict[str, Any]]) -> str:
    """Who declared, at what mean bid, how many contracts were made."""
    deals = [(r["bots"][d["bidder"]], d["bid"], d["made"]) for r in rows for d in r["deals"]]
    who: dict[str, int] = {}
    for bot, _, _ in deals:
        who[bot] = who.get(bot, 0) + 1
    return (f"{len(deals)} deals, declared by {who}, mean bid "
            f"{statistics.mean(d[1] for d in deals):.1f}, made {sum(d[2] for d in deals)}")


def summary(args: argparse.Namespace) -> None:
    files = [{r["i"]: r for r in map(json.loads, open(p))} for p in args.paths]
    for path, rows in zip(args.paths, files, strict=True):
        print(f"{path}: {len(rows)} matches; {auction(list(rows.values()))}")
        for bot in sorted({b for r in rows.values() for b in r["bots"]}):
            got = [per_bot(r, bot) for r in rows.values()]
            print(f"  {bot}: card share {statistics.mean(g['card'] for g in got):.3f}, total "
                  f"{statistics.mean(g['total'] for g in got):.1f}, place "
                  f"{statistics.mean(g['place'] for g in got):.2f}, first "
                  f"{statistics.mean(g['first'] for g in got):.2f}")
        for bot in (args.a, args.b):
            for role, xs in sorted(roles(list(rows.values()), bot).items()) if bot else ():
                print(f"    {bot} {role}: {len(xs)} deals, mean {statistics.mean(xs):.1f}")
    if args.a and args.b:   # each match's a - b, averaged over the files that hold it
        both = sorted(set.intersection(*(set(rows) for rows in files)))
        print(f"{args.a} - {args.b} over {len(both)} matches, the files' mean:")
        for k in ("card", "total", "place", "first"):
            xs = [statistics.mean(per_bot(rows[i], args.a)[k] - per_bot(rows[i], args.b)[k]
                                  for rows in files) for i in both]
            print(f"  {k} {interval(xs)}")
    cpu = max((r["max_cpu_ms"].get("search", 0) for rows in files for r in rows.values()),
              default=0)
    print(f"search's slowest move: {cpu} ms CPU")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("play")
    g.add_argument("--preset", default="sueca-italiana")
    g.add_argument("--table", nargs="+", required=True, help="a bot per seat")
    g.add_argument("--swap", nargs=2, help="two bots whose labels are exchanged")
    g.add_argument("--first", type=int, default=0)
    g.add_argument("--last", type=int, default=30, help="the match after the last one")
    g.add_argument("--out", required=True, help="JSON lines, appended")
    s = sub.add_parser("summary")
    s.add_argument("paths", nargs="+", help="a table and its swapped twin, paired by match")
    s.add_argument("--a")
    s.add_argument("--b")
    args = p.parse_args()
    play(args) if args.command == "play" else summary(args)


if __name__ == "__main__":
    main()
