"""Issue 30 item 5: the CPU cost of one PIMC decision of the search bot (each sample solved
exactly) by the cards left, on positions from heuristic-vs-heuristic deals.
    nice -n 10 python scripts/pimc_probe.py sedma 2 --deals 20 --samples 80 --max-left 20
"""
from __future__ import annotations

import argparse
import functools
import random
import time
from collections import defaultdict

from domain import game
from domain.bots import pimc
from domain.bots.heuristic import heuristic_bot
from domain.messages import Command, Move
from domain.registry import family_of, rules_for
from workers.arena import arena_secret


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("preset")
    ap.add_argument("players", type=int)
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--samples", type=int, default=80)
    ap.add_argument("--max-left", type=int, default=16)
    a = ap.parse_args()
    rules = rules_for(a.preset, a.players, {})
    fam = type(family_of(rules))
    fam.search_solve_cards = {a.preset: {a.players: a.max_left}}  # type: ignore[attr-defined]
    times: dict[int, list[float]] = defaultdict(list)
    for d in range(a.deals):
        secret = arena_secret(d).deal(1)
        deal = game.fold(game.new_deal(rules, 1, d % a.players, secret, None, {}))
        rng = random.Random(d)
        while deal.phase != "over":
            seat = deal.turn
            view = {"ruleset": rules.preset, "players": rules.players,
                    "options": rules.options, **game.view(deal, seat)}
            legal = view["legal_moves"]
            hook = family_of(rules).endgame
            left = hook(deal) if hook else None
            if left is not None and left <= a.max_left and len(legal) > 1:
                det = family_of(rules).resample
                t = time.process_time()
                pick = pimc.decide(legal, seat, functools.partial(det, view, rules, rng),
                                   a.samples, None)
                if pick is not None:
                    times[left].append(time.process_time() - t)
            move = heuristic_bot(view, rng)
            _, deal = game.step(deal, Command(seat, Move.from_dict(move), secret))
    for left in sorted(times):
        ts = sorted(1000 * x for x in times[left])
        print(f"left {left:3d}: n={len(ts):4d} mean {sum(ts)/len(ts):8.1f} ms "
              f"p90 {ts[int(0.9*(len(ts)-1))]:8.1f} max {ts[-1]:8.1f}")


if __name__ == "__main__":
    main()
