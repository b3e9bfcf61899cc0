"""The fair-play report's calibration and power (issue 30; docs/FAIRPLAY.md).

``play``: deals played in-process by honest ``search`` bots, with ``omniscient`` (the arena's
cheater) in ``--cheater`` seats if any; for each deal the telling decisions of every seat
(``domain/solver/fairplay.py``, the last ``--cards`` cards), one JSON line a deal in ``--out``
(appended as it goes: a run stopped early keeps what it measured).

``summarize``: from honest deals, the honest rate (the calibration, written with
``--write`` into ``events/fairplay_calibration.json``); from deals with a cheater, how many
deals it takes to flag it 95% of the time, and how often honest seats are flagged in
100-deal samples (drawn with replacement from the measured deals, the cheater's run's honest
seats included: seats the calibration never saw).

    python scripts/fairplay_power.py play --preset sueca --players 4 --deals 300 \\
        --out honest.jsonl
    python scripts/fairplay_power.py play --preset sueca --players 4 --deals 300 \\
        --cheater 0 --cheat-rate 0.25 --out cheat.jsonl
    python scripts/fairplay_power.py summarize --honest honest.jsonl --cheat cheat.jsonl
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from domain import game  # noqa: E402
from domain.bots.search import search_bot  # noqa: E402
from domain.fairness import MatchSecret  # noqa: E402
from domain.messages import Command, Move  # noqa: E402
from domain.registry import family_of, rules_for  # noqa: E402
from domain.solver import fairplay  # noqa: E402
from events import fairplay as report  # noqa: E402
from workers.arena import DealSoFar  # noqa: E402
from workers.omniscient import omniscient_player  # noqa: E402


def play_one(rules: Any, number: int, cheaters: set[int], rate: float, cards: int
             ) -> list[Any]:
    """One deal's events, played as the arena plays it."""
    text = f"fairplay-{number}"
    secret = MatchSecret(text, hashlib.sha256(text.encode()).hexdigest()).deal(number)
    events = list(game.new_deal(rules, number, number % rules.players, secret, None, 0))
    deal = game.fold(events)
    rng = random.Random(number)
    cheat = {s: omniscient_player(number * 10 + s, rate, cards=cards) for s in cheaters}
    while deal.phase != "over":
        seat = deal.turn
        assert seat is not None
        view = fairplay.seat_view(deal, seat)
        move = (cheat[seat](view, DealSoFar({}, state=deal)) if seat in cheat
                else search_bot(view, rng))
        new, deal = game.step(deal, Command(seat, Move.from_dict(move), secret))
        events += new
    return events


def measure(preset: str, players: int, number: int, cheaters: set[int], rate: float,
            cards: int) -> dict[str, Any]:
    """One deal played and judged: each seat's [telling, matched] and the CPU it took."""
    rules = rules_for(preset, players, {})
    t0 = time.process_time()
    events = play_one(rules, number, cheaters, rate, cards)
    t1 = time.process_time()
    found = fairplay.telling(events, range(len(events)), None, f"d{number}", cards)
    seats = {str(s): [0, 0] for s in range(rules.players)}
    for d in found:
        seats[str(d["seat"])][0] += 1
        seats[str(d["seat"])][1] += int(d["matched"])
    return {"preset": preset, "players": players, "deal": number, "cards": cards,
            "cheaters": sorted(cheaters), "cheat_rate": rate, "seats": seats,
            "play_cpu_s": round(t1 - t0, 3), "report_cpu_s": round(time.process_time() - t1, 3)}


def append(path: Path, row: dict[str, Any]) -> None:
    with path.open("ab") as out:
        out.write(orjson.dumps(row) + b"\n")


def play(args: argparse.Namespace) -> None:
    for number in range(args.start, args.start + args.deals):
        row = measure(args.preset, args.players, number, set(args.cheater), args.cheat_rate,
                      args.cards)
        append(Path(args.out), row)
        print(f"{args.out}: deal {number} ({number - args.start + 1}/{args.deals}), "
              f"{row['play_cpu_s'] + row['report_cpu_s']:.1f} CPU s", file=sys.stderr,
              flush=True)


def rounds(args: argparse.Namespace) -> None:
    """Round robin over ``--job preset:players:cards`` until ``--until`` (UTC HH:MM): each
    round one honest deal of every job, and one with ``omniscient`` in seat 0 every
    ``--cheat-every`` rounds, appended to ``DIR/<preset>-<players>p-{honest,cheat}.jsonl``
    (resumed after the last deal already there), with a progress line a deal."""
    hour, minute = map(int, args.until.split(":"))
    end = time.time() + (hour * 3600 + minute * 60 - time.time()) % 86400
    jobs = [(p, int(n), int(c)) for p, n, c in (j.split(":") for j in args.job)]
    for i in range(10**6):
        for preset, players, cards in jobs:
            for kind in ("honest", "cheat") if i % args.cheat_every == 0 else ("honest",):
                if time.time() >= end:
                    return
                path = Path(args.dir) / f"{preset}-{players}p-{kind}.jsonl"
                done = load(str(path)) if path.exists() else []
                number = max([r["deal"] for r in done], default=args.start - 1) + 1
                row = measure(preset, players, number, {0} if kind == "cheat" else set(),
                              args.cheat_rate, cards)
                append(path, row)
                seats = [c for r in done + [row] for c in r["seats"].values()]
                print(f"{time.strftime('%H:%M:%S', time.gmtime())} {path.name}: deal {number}"
                      f" ({len(done) + 1} deals, {sum(t for t, _ in seats)} telling, "
                      f"{sum(m for _, m in seats)} matched), "
                      f"{row['play_cpu_s'] + row['report_cpu_s']:.1f} CPU s",
                      file=sys.stderr, flush=True)


def load(path: str | None) -> list[dict[str, Any]]:
    if not path:
        return []
    return [orjson.loads(line) for line in Path(path).read_bytes().splitlines() if line]


def counts(rows: list[dict[str, Any]], seat: int) -> list[tuple[int, int]]:
    return [tuple(r["seats"][str(seat)]) for r in rows]  # type: ignore[misc]


@functools.cache
def p_value(k: int, n: int, measured: tuple[int, int]) -> float:
    """The report's probability (``fairplay.tally``): the calibration's uncertainty included."""
    return fairplay.beta_binomial_tail(k, n, measured[0] + 0.5, measured[1] - measured[0] + 0.5)


def flagged_share(per_deal: list[tuple[int, int]], deals: int, measured: tuple[int, int],
                  threshold: float, rng: random.Random, samples: int = 2000) -> float:
    """How often a sample of ``deals`` deals (with replacement) is flagged."""
    hit = 0
    for _ in range(samples):
        n = k = 0
        for _ in range(deals):
            t, m = per_deal[rng.randrange(len(per_deal))]
            n, k = n + t, k + m
        hit += p_value(k, n, measured) < threshold
    return hit / samples


def floor(rate: float, measured: tuple[int, int], steps: int = 4000) -> float:
    """The smallest p-value the calibration allows a player matching at ``rate``, however
    many decisions: P(honest rate >= rate) under the calibration's Beta (midpoint rule)."""
    a, b = measured[0] + 0.5, measured[1] - measured[0] + 0.5
    base = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
    width = (1 - rate) / steps
    xs = (rate + (i + 0.5) * width for i in range(steps))
    return sum(math.exp(base + (a - 1) * math.log(x) + (b - 1) * math.log1p(-x))
               for x in xs) * width


def critical(n: int, measured: tuple[int, int], threshold: float) -> int | None:
    """The fewest matched of ``n`` telling decisions that is flagged (the p-value falls as
    matched grows: bisection), None if even ``n`` is not."""
    if p_value(n, n, measured) >= threshold:
        return None
    low, high = 0, n  # p_value(low) >= threshold > p_value(high)
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (low, mid) if p_value(mid, n, measured) < threshold else (mid, high)
    return high


def power(n: int, cheat: float, measured: tuple[int, int], threshold: float) -> float:
    """The chance that ``n`` telling decisions matched at the ``cheat`` rate are flagged."""
    k = critical(n, measured, threshold)
    return 0.0 if k is None else fairplay.binomial_tail(k, n, cheat)


def deals_for(share: float, per_deal: float, cheat: float, measured: tuple[int, int],
              threshold: float) -> int | None:
    """The fewest deals (a multiple of 25, up to 5000; bisection, the power growing with the
    deals) at which the binomial model flags a cheater matching ``cheat`` of ``per_deal``
    telling decisions a deal ``share`` of the time."""

    def enough(steps: int) -> bool:
        return power(round(per_deal * 25 * steps), cheat, measured, threshold) >= share

    if not enough(200):
        return None
    low, high = 0, 200
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (low, mid) if enough(mid) else (mid, high)
    return 25 * high


def detection(cheat: list[dict[str, Any]], measured: tuple[int, int], args: argparse.Namespace,
              rng: random.Random) -> list[tuple[int, int]]:
    """The cheater's rate and how often it is flagged; returns the run's honest seat-deals."""
    n_seats, liars = cheat[0]["players"], set(cheat[0]["cheaters"])
    liar = [c for s in sorted(liars) for c in counts(cheat, s)]
    t, m = sum(x for x, _ in liar), sum(y for _, y in liar)
    c = cheat[0]["cheat_rate"]
    expected = c + (1 - c) * measured[0] / measured[1]
    per_deal = t / max(1, len(liar))
    print(f"cheater (omniscient, rate {c}): {m}/{t} = {m / max(1, t):.3f} over {len(cheat)} "
          f"deals (expected {expected:.3f}), {per_deal:.2f} telling a deal")
    for deals in args.deals_grid:
        share = flagged_share(liar, deals, measured, args.threshold, rng)
        model = power(round(per_deal * deals), expected, measured, args.threshold)
        print(f"  {deals} deals: flagged {100 * share:.1f}% (resampled), "
              f"{100 * model:.1f}% (binomial model at the expected rate)")
    print(f"  95% detection (model, expected rate): "
          f"{deals_for(0.95, per_deal, expected, measured, args.threshold)} deals")
    return [x for s in range(n_seats) if s not in liars for x in counts(cheat, s)]


def summarize(args: argparse.Namespace) -> None:
    honest, cheat = load(args.honest), load(args.cheat)
    first = (honest or cheat)[0]
    n_seats = first["players"]
    pool = [c for s in range(n_seats) for c in counts(honest, s)]
    tell, match = sum(t for t, _ in pool), sum(m for _, m in pool)
    rate, a, b = match / tell, match + 0.5, tell - match + 0.5
    sd = (a * b / ((a + b) ** 2 * (a + b + 1))) ** 0.5
    family = family_of(rules_for(first["preset"], n_seats, {})).name
    print(f"{family} ({first['preset']} {n_seats}p), last {first['cards']} cards: honest "
          f"{match}/{tell} = {rate:.3f} (Beta({a}, {b}), sd {sd:.3f}) over {len(honest)} "
          f"deals ({tell / max(1, len(pool)):.2f} telling decisions a seat a deal)")
    if args.write:
        report.write_calibration(first["preset"], n_seats, {
            "honest_rate": round(rate, 4), "telling": tell, "matched": match,
            "deals": len(honest), "cards": first["cards"], "preset": first["preset"],
            "players": n_seats, "bots": "search (320 playouts a move), every seat"})
    rng = random.Random(7)
    pools = {"the calibration's own seats": pool}
    if cheat:
        pools["the cheater's run's honest seats"] = detection(cheat, (match, tell), args, rng)
    expected = args.cheat_rate + (1 - args.cheat_rate) * rate
    print(f"the smallest p-value this calibration allows at omniscient {args.cheat_rate}'s "
          f"expected rate {expected:.3f}: {floor(expected, (match, tell)):.2g}")
    print(f"95% detection of omniscient {args.cheat_rate} (model, honest telling a deal): "
          f"{deals_for(0.95, tell / max(1, len(pool)), expected, (match, tell), args.threshold)}"
          " deals")
    for name, fp_pool in pools.items():
        fp = flagged_share(fp_pool, 100, (match, tell), args.threshold, rng, 5000)
        print(f"{name} flagged in 100-deal samples at p < {args.threshold}: {100 * fp:.2f}% "
              f"(5000 samples from {len(fp_pool)} seat-deals)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(required=True)
    p = sub.add_parser("play")
    p.add_argument("--preset", default="sueca")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--start", type=int, default=1, help="the first deal's number (its seed)")
    p.add_argument("--cards", type=int, default=fairplay.CARDS)
    p.add_argument("--cheater", type=int, action="append", default=[])
    p.add_argument("--cheat-rate", type=float, default=0.25)
    p.add_argument("--out", required=True)
    p.set_defaults(run=play)
    r = sub.add_parser("rounds")
    r.add_argument("--job", action="append", required=True, help="preset:players:cards")
    r.add_argument("--dir", default="docs/fairplay")
    r.add_argument("--until", required=True, help="UTC HH:MM to stop at")
    r.add_argument("--start", type=int, default=1)
    r.add_argument("--cheat-every", type=int, default=2)
    r.add_argument("--cheat-rate", type=float, default=0.25)
    r.set_defaults(run=rounds)
    s = sub.add_parser("summarize")
    s.add_argument("--honest", required=True)
    s.add_argument("--cheat")
    s.add_argument("--threshold", type=float, default=report.THRESHOLD)
    s.add_argument("--deals-grid", type=int, nargs="*", default=[25, 50, 100, 150, 200, 300])
    s.add_argument("--cheat-rate", type=float, default=0.25, help="the modelled cheater's")
    s.add_argument("--write", action="store_true", help="write the calibration file")
    s.set_defaults(run=summarize)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
