"""Issue 30 item 5: the search bot with its ending solved exactly on every sample (PIMC, the
family's ``search_solve_cards``) against the same bot playing every sample out (the old
behaviour, reachable only here), paired: each seed is played twice with the sides swapped, so
both bots get the same first deal from each seat. Prints wins and card-point shares with 95%
intervals and the CPU time per move (mean, p99, max) of each bot, and of the solved moves.
    nice -n 10 python scripts/pimc_duel.py sedma 2 --pairs 100 [--ms 50] [--solve 14] [--json F]
"""
from __future__ import annotations

import argparse
import contextlib
import math
import time
from collections.abc import Iterator
from typing import Any

import orjson

from domain.bots import BOTS, pimc
from domain.bots.search import search_bot
from domain.registry import family_of, rules_for
from workers import arena

SOLVED: list[bool] = []  # whether the move being timed was decided by the solver
_decide = pimc.decide


@contextlib.contextmanager
def old_behaviour() -> Iterator[None]:
    before = pimc.decide
    pimc.decide = lambda *a, **k: None  # type: ignore[assignment]
    try:
        yield
    finally:
        pimc.decide = before  # type: ignore[assignment]


def old_search(view: dict[str, Any], rng: Any, playouts: int = 320, stop: Any = None) -> Any:
    with old_behaviour():
        return search_bot(view, rng, playouts, stop)


def recording(*a: Any, **k: Any) -> int | None:
    pick = _decide(*a, **k)
    SOLVED.append(pick is not None)
    return pick


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(math.ceil(q * len(s))) - 1)] if s else 0.0


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, n - 1))
    return m, m - 1.96 * sd / math.sqrt(n), m + 1.96 * sd / math.sqrt(n)


def arguments() -> Any:
    ap = argparse.ArgumentParser()
    ap.add_argument("preset")
    ap.add_argument("players", type=int)
    ap.add_argument("--pairs", type=int, default=50)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--ms", type=float, default=None)
    ap.add_argument("--solve", type=int, default=None, help="override the family's threshold")
    ap.add_argument("--json", default=None)
    return ap.parse_args()


def main() -> None:
    a = arguments()
    rules = rules_for(a.preset, a.players, {})
    if a.solve is not None:
        type(family_of(rules)).search_solve_cards = {a.preset: {a.players: a.solve}}  # type: ignore
    pimc.decide = recording  # type: ignore[assignment]
    BOTS["old"] = old_search
    cpu: dict[str, list[float]] = {"search": [], "old": []}
    solved_cpu: list[float] = []
    pair_wins, pair_share, match_wins = [], [], []
    t0 = time.time()
    for k in range(a.first, a.first + a.pairs):
        wins, shares = 0, []
        for i in range(2):
            seat_bots = arena.lineup(rules, "search", "old", i)
            heroes = {s for s in range(a.players) if seat_bots[s] == "search"}
            tally = arena.Tally(seat_wins=[0] * a.players)
            final = run_match(rules, seat_bots, 5000 + k, tally, heroes, a.ms)
            won = {s for side in final.winners for s in rules.sides[side]}
            wins += int(bool(won & heroes))
            match_wins.append(int(bool(won & heroes)))
            shares += tally.point_share
            for bot, ts in tally.move_cpu.items():
                cpu[bot] += ts
            mine = tally.move_cpu.get("search", [])
            solved_cpu += [t for t, s in zip(mine, SOLVED_BY_MOVE, strict=True) if s]
        pair_wins.append(wins / 2)
        pair_share.append(sum(shares) / len(shares))
        print(f"pair {k}: wins {wins}/2 share {pair_share[-1]:.3f} "
              f"({time.time() - t0:.0f} s)", flush=True)
        if a.json:  # so far, for a run cut short
            report(a, match_wins, pair_wins, pair_share, cpu, solved_cpu, quiet=True)
    report(a, match_wins, pair_wins, pair_share, cpu, solved_cpu)


SOLVED_BY_MOVE: list[bool] = []


def run_match(rules: Any, seat_bots: list[str], seed: int, tally: Any, heroes: set[int],
              ms: float | None) -> Any:
    """``arena.play_match`` with the solved flag of every search move recorded."""
    SOLVED_BY_MOVE.clear()
    players_made = arena.make_player

    def make(name: str, rules_: Any, seed_: int, budget: Any, *rest: Any) -> Any:
        if name == "old" and budget:
            inner = players_made("search", rules_, seed_, budget)

            def old(view: Any, deal: Any) -> Any:
                with old_behaviour():
                    return inner(view, deal)
            return old
        player = players_made(name, rules_, seed_, budget)
        if name != "search":
            return player

        def new(view: Any, deal: Any) -> Any:
            SOLVED.clear()
            move = player(view, deal)
            SOLVED_BY_MOVE.append(any(SOLVED))
            return move
        return new
    arena.make_player = make  # type: ignore[assignment]
    try:
        return arena.play_match(rules, seat_bots, seed, tally, heroes, ms)
    finally:
        arena.make_player = players_made


def report(a: Any, match_wins: list[int], pair_wins: list[float], pair_share: list[float],
           cpu: dict[str, list[float]], solved_cpu: list[float], quiet: bool = False) -> None:
    lo, hi = arena.wilson(sum(match_wins), len(match_wins))
    w = mean_ci(pair_wins)
    s = mean_ci(pair_share)
    out: dict[str, Any] = {
        "preset": a.preset, "players": a.players, "ms": a.ms, "solve": a.solve,
        "pairs": len(pair_wins), "matches": len(match_wins),
        "new_win_rate": sum(match_wins) / len(match_wins), "wilson95": [lo, hi],
        "paired_win_rate_ci95": [w[1], w[2]], "new_share": s[0], "share_ci95": [s[1], s[2]]}
    for bot, ts in {**cpu, "search(solved moves)": solved_cpu}.items():
        if ts:
            out[f"cpu_ms {bot}"] = {"moves": len(ts), "mean": 1000 * sum(ts) / len(ts),
                                    "p99": 1000 * percentile(ts, 0.99), "max": 1000 * max(ts)}
    text = orjson.dumps(out, option=orjson.OPT_INDENT_2).decode()
    if not quiet:
        print(text)
    if a.json:
        with open(a.json, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
