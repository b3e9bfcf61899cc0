"""``tricklog arena``: bots against bots over whole matches, seats rotated; win rates with 95%
confidence intervals and time per move. Runs in-process on the pure domain."""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain import game
from domain import match as matches
from domain.bots import BOTS
from domain.fairness import MatchSecret
from domain.messages import Command, Move
from domain.registry import rules_for


@dataclass
class Tally:
    wins: int = 0
    games: int = 0
    point_share: list[float] = field(default_factory=list)
    move_times: dict[str, list[float]] = field(default_factory=dict)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play_match(preset: str, players: int, options: dict[str, Any], seat_bots: Sequence[str],
               seed: int, tally: Tally, hero_side: int) -> int | None:
    """One whole match; returns the winning side. Records the hero side's point share."""
    rules = rules_for(preset, players, options)
    secret = arena_secret(seed)
    rng = random.Random(seed)
    state_m = matches.fold(matches.created(f"a{seed}", rules, [
        {"seat": s, "name": b, "bot": b} for s, b in enumerate(seat_bots)],
        secret.first_dealer(players), secret, [None] * players))
    number = 1
    while True:
        dealer = state_m.deals[-1]["dealer"]
        seed_n = secret.deal(number)
        deal = game.fold(game.new_deal(rules, number, dealer, seed_n))
        while deal.phase != "over":
            seat = deal.turn
            view = {"ruleset": preset, "players": players, "options": rules.options,
                    **game.view(deal, seat)}
            start = time.perf_counter()
            move = BOTS[seat_bots[seat]](view, rng)
            tally.move_times.setdefault(seat_bots[seat], []).append(time.perf_counter() - start)
            for event in game.decide(deal, Command(seat, Move.from_dict(move), seed_n)):
                deal = game.evolve(deal, event)
        points = deal.result["points"]
        sides = deal.result["sides"]
        hero_seats = {s for s in range(players) if seat_bots[s] == seat_bots[
            rules.sides[hero_side][0]]}
        mine = sum(p for side, p in zip(sides, points, strict=True) if set(side) & hero_seats)
        tally.point_share.append(mine / (sum(points) or 1))
        for event in matches.after_deal(state_m, number, deal.result, secret):
            state_m = matches.evolve(state_m, event)
        if state_m.status == "over":
            return state_m.winner
        number += 1


def arena_secret(seed: int) -> MatchSecret:
    """Arena matches are public: their secret and nonce come from the match's number."""
    text = f"arena-{seed}"
    return MatchSecret(text, hashlib.sha256(text.encode()).hexdigest())


def duel(preset: str, players: int, hero: str, villain: str, matches_n: int,
         options: dict[str, Any] | None = None,
         progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """``hero`` against ``villain``, sides swapped every match."""
    tally = Tally()
    for i in range(matches_n):
        hero_side = i % 2
        n_sides = 2 if players % 2 == 0 else players
        seat_bots = [hero if s % n_sides == hero_side else villain for s in range(players)]
        winner = play_match(preset, players, options or {}, seat_bots, 1000 + i, tally,
                            hero_side)
        rules = rules_for(preset, players, options or {})
        heroes = {s for s in range(players) if seat_bots[s] == hero}
        tally.games += 1
        tally.wins += int(winner is not None and bool(set(rules.sides[winner]) & heroes))
        if progress:
            progress(i + 1, matches_n)
    low, high = wilson(tally.wins, tally.games)
    times = {bot: 1000 * sum(t) / len(t) for bot, t in tally.move_times.items()}
    return {"preset": preset, "players": players, "hero": hero, "villain": villain,
            "matches": tally.games, "win_rate": tally.wins / max(1, tally.games),
            "ci95": [low, high],
            "point_share": sum(tally.point_share) / max(1, len(tally.point_share)),
            "ms_per_move": times, "max_ms_per_move": {
                bot: 1000 * max(t) for bot, t in tally.move_times.items()}}


def table(rows: list[dict[str, Any]]) -> str:
    head = ("| preset | hero vs villain | matches | hero wins | 95% CI | hero card-point share "
            "| ms/move (hero, villain) |")
    lines = [head, "|" + "---|" * 7]
    for r in rows:
        ms = r["ms_per_move"]
        lines.append(f"| {r['preset']} {r['players']}p | {r['hero']} vs {r['villain']} | "
                     f"{r['matches']} | {100 * r['win_rate']:.0f}% | "
                     f"{100 * r['ci95'][0]:.0f}-{100 * r['ci95'][1]:.0f}% | "
                     f"{100 * r['point_share']:.0f}% | "
                     f"{ms.get(r['hero'], 0):.2f}, {ms.get(r['villain'], 0):.2f} |")
    return "\n".join(lines)
