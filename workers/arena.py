"""``tricklog arena``: bots against bots over whole matches, seats rotated; win rates with 95%
confidence intervals and time per move, in-process. Players: the built-in bots, ``ismcts``
(OpenSpiel's ISMCTSBot, ``integrations.ismcts``; needs the test extras) and ``omniscient``
(the fair-play report's cheater, here only). With ``budget_ms`` every player that searches gets
the same wall time per move, measured here: the domain may not read a clock, so ``search`` is
handed a callable that says time is up.
"""

from __future__ import annotations

import hashlib
import importlib
import math
import os
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from domain import game
from domain import match as matches
from domain.bots import BOTS
from domain.bots.search import search_bot
from domain.errors import DomainError
from domain.fairness import MatchSecret
from domain.messages import Command, Move
from domain.registry import PRESETS, rules_for

from .omniscient import CHEAT_RATE, omniscient_player

ISMCTS_MS = 100          # ISMCTS's budget when none is given: it has no count of its own here
PLAYERS = (*BOTS, "ismcts", "omniscient")  # omniscient: the cheater, here only


class ArenaError(ValueError):
    """A request the arena cannot play, said in one line."""


@dataclass
class DealSoFar:
    """What a player may consult besides its view: the deal as dealt (ISMCTS rebuilds its
    OpenSpiel state from it and then resamples every hidden card) and the moves since."""

    dealt: dict[str, Any]
    moves: list[dict[str, Any]] = field(default_factory=list)
    state: Any = None  # the real deal's state: only the cheater (``omniscient``) reads it


Player = Callable[[dict[str, Any], DealSoFar], dict[str, Any]]


def deadline_after(ms: float) -> Callable[[], bool]:
    end = time.perf_counter() + ms / 1000
    return lambda: time.perf_counter() >= end


def make_player(name: str, rules: Any, seed: int, budget_ms: float | None,
                cheat_rate: float = CHEAT_RATE) -> Player:
    rng = random.Random(seed)
    if name == "omniscient":
        return omniscient_player(seed, cheat_rate, budget_ms)
    if name == "ismcts":
        from integrations.ismcts import ISMCTSPlayer

        ismcts = ISMCTSPlayer((budget_ms or ISMCTS_MS) / 1000, seed)
        return lambda view, deal: ismcts.choose(rules, deal.dealt, deal.moves)
    if ":" in name:
        return third_party(name)
    if name == "search" and budget_ms:
        return lambda view, deal: search_bot(view, rng, stop=deadline_after(budget_ms))
    bot = BOTS[name]
    return lambda view, deal: bot(view, rng)


def load_policy(spec: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """``module:function``, the module found on the path or from the working directory (as
    ``examples/sse_bot.py --policy`` finds it): a function from a seat's view to a move."""
    module, _, name = spec.partition(":")
    if os.getcwd() not in sys.path:
        sys.path.insert(1, os.getcwd())
    try:
        policy = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError, ValueError) as exc:
        raise ArenaError(f"cannot load the policy {spec!r} (module:function): {exc}") from None
    if not callable(policy):
        raise ArenaError(f"the policy {spec!r} is not a function")
    return policy  # type: ignore[no-any-return]


def third_party(spec: str) -> Player:
    """A policy from elsewhere (``--hero examples.pettingzoo_policy:choose``), held to the
    legal moves it is given, as the API would hold it."""
    policy = load_policy(spec)

    def play(view: dict[str, Any], deal: DealSoFar) -> dict[str, Any]:
        move = dict(policy(view))
        if move not in view["legal_moves"]:
            raise ArenaError(f"{spec} chose {move}, not one of its legal moves")
        return move

    return play


@dataclass
class Tally:
    wins: int = 0
    games: int = 0
    seat_wins: list[int] = field(default_factory=list)   # by seat relative to the hero's
    point_share: list[float] = field(default_factory=list)
    move_times: dict[str, list[float]] = field(default_factory=dict)
    move_cpu: dict[str, list[float]] = field(default_factory=dict)   # this process's CPU time
    results: list[dict[str, Any]] = field(default_factory=list)  # each deal's, in play order


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def check(preset: str, players: int, bots: Sequence[str]) -> Any:
    """The rules, or ``ArenaError`` for an unknown preset, player count or bot."""
    if preset not in PRESETS:
        raise ArenaError(f"unknown preset {preset!r}; known: {', '.join(PRESETS)}")
    for bot in bots:
        if ":" in bot:
            load_policy(bot)
        elif bot not in PLAYERS:
            raise ArenaError(f"unknown bot {bot!r}; known: {', '.join(PLAYERS)}, or a "
                             "policy as module:function")
    try:
        return rules_for(preset, players, {})
    except DomainError as exc:
        raise ArenaError(str(exc)) from None


def play_deal(rules: Any, number: int, dealer: int, carry: Mapping[str, Any],
              secret: MatchSecret, seat_bots: Sequence[str], players: Sequence[Player],
              tally: Tally) -> Any:
    """One deal, made as the service makes it; the finished deal state."""
    seed_n = secret.deal(number)
    events = game.new_deal(rules, number, dealer, seed_n, None, carry)
    deal = game.fold(events)
    so_far = DealSoFar(events[0].data)
    while deal.phase != "over":
        seat = deal.turn
        assert seat is not None  # a deal in play always has a seat to move
        view = {"ruleset": rules.preset, "players": rules.players, "options": rules.options,
                **game.view(deal, seat)}
        start, cpu = time.perf_counter(), time.process_time()
        so_far.state = deal
        move = players[seat](view, so_far)
        tally.move_times.setdefault(seat_bots[seat], []).append(time.perf_counter() - start)
        tally.move_cpu.setdefault(seat_bots[seat], []).append(time.process_time() - cpu)
        so_far.moves.append(move)
        _, deal = game.step(deal, Command(seat, Move.from_dict(move), seed_n))
    return deal


def play_match(rules: Any, seat_bots: Sequence[str], seed: int, tally: Tally,
               hero_seats: set[int], budget_ms: float | None = None,
               cheat_rate: float = CHEAT_RATE) -> matches.MatchState:
    """One whole match; records every deal's result and the hero seats' card-point share."""
    secret = arena_secret(seed)
    players = [make_player(b, rules, seed * 10 + s, budget_ms, cheat_rate)
               for s, b in enumerate(seat_bots)]
    state_m = matches.fold(matches.created(f"a{seed}", rules, [
        {"seat": s, "name": b, "bot": b} for s, b in enumerate(seat_bots)],
        secret.first_dealer(rules.players), secret, [None] * rules.players))
    number, carry = 1, dict[str, Any]()
    while True:
        dealer = state_m.deals[-1]["dealer"]
        deal = play_deal(rules, number, dealer, carry, secret, seat_bots, players, tally)
        tally.results.append(deal.result)
        points, sides = deal.result["points"], deal.result["sides"]
        mine = sum(p for side, p in zip(sides, points, strict=True) if set(side) & hero_seats)
        tally.point_share.append(mine / (sum(points) or 1))
        for event in matches.after_deal(state_m, number, deal.result, secret):
            state_m = matches.evolve(state_m, event)
            if event.type == "deal_started":  # what the deal carries into the next
                carry = game.carried_in(rules, event.data)
        if state_m.status == "over":
            return state_m
        number += 1


def arena_secret(seed: int) -> MatchSecret:
    """Arena matches are public: their secret and nonce come from the match's number."""
    text = f"arena-{seed}"
    return MatchSecret(text, hashlib.sha256(text.encode()).hexdigest())


def lineup(rules: Any, hero: str, villain: str, i: int) -> list[str]:
    """Match ``i``'s seats: in partnerships the hero holds one side (sides swapped every
    match); where each seat plays for itself, the hero holds one seat, moving round."""
    n = rules.players
    if len(rules.sides) == n:
        return [hero if s == i % n else villain for s in range(n)]
    side = rules.sides[i % len(rules.sides)]
    return [hero if s in side else villain for s in range(n)]


def duel(preset: str, players: int, hero: str, villain: str, matches_n: int,
         options: dict[str, Any] | None = None,
         progress: Callable[[int, int], None] | None = None,
         budget_ms: float | None = None, cheat_rate: float = CHEAT_RATE) -> dict[str, Any]:
    """``hero`` against ``villain`` over ``matches_n`` matches; see ``lineup``."""
    check(preset, players, (hero, villain))
    rules = rules_for(preset, players, options or {})
    tally = Tally(seat_wins=[0] * players)
    for i in range(matches_n):
        seat_bots = lineup(rules, hero, villain, i)
        heroes = {s for s in range(players) if seat_bots[s] == hero}
        final = play_match(rules, seat_bots, 1000 + i, tally, heroes, budget_ms, cheat_rate)
        won = {s for side in final.winners for s in rules.sides[side]}
        tally.games += 1
        tally.wins += int(bool(won & heroes))
        for s in won:
            tally.seat_wins[(s - min(heroes)) % players] += 1
        if progress:
            progress(i + 1, matches_n)
    low, high = wilson(tally.wins, tally.games)
    times = {bot: 1000 * sum(t) / len(t) for bot, t in tally.move_times.items()}
    extra: dict[str, Any] = {}
    if "ismcts" in (hero, villain):  # how often a world sample had to be the real deal
        from integrations.ismcts import SEARCHED
        from integrations.openspiel import FALLBACKS

        extra["ismcts_world_samples"] = dict(FALLBACKS)
        extra["ismcts_simulations_per_move"] = SEARCHED["simulations"] / max(1, SEARCHED["moves"])
    return {**extra, "preset": preset, "players": players, "hero": hero, "villain": villain,
            "budget_ms": budget_ms, "matches": tally.games,
            "win_rate": tally.wins / max(1, tally.games), "ci95": [low, high],
            "wins_by_seat": tally.seat_wins,
            "point_share": sum(tally.point_share) / max(1, len(tally.point_share)),
            "ms_per_move": times, "max_ms_per_move": {
                bot: 1000 * max(t) for bot, t in tally.move_times.items()},
            "max_cpu_ms_per_move": {bot: 1000 * max(t) for bot, t in tally.move_cpu.items()}}


def table(rows: list[dict[str, Any]]) -> str:
    head = ("| preset | hero vs villain | budget | matches | hero wins | 95% CI "
            "| hero card-point share | ms/move (hero, villain) "
            "| slowest move, ms wall (CPU) (hero; villain) |")
    lines = [head, "|" + "---|" * 9]
    for r in rows:
        ms, top, cpu = r["ms_per_move"], r["max_ms_per_move"], r.get("max_cpu_ms_per_move", {})
        budget = f"{r['budget_ms']:g} ms" if r.get("budget_ms") else "-"
        lines.append(f"| {r['preset']} {r['players']}p | {r['hero']} vs {r['villain']} | "
                     f"{budget} | {r['matches']} | {100 * r['win_rate']:.0f}% | "
                     f"{100 * r['ci95'][0]:.0f}-{100 * r['ci95'][1]:.0f}% | "
                     f"{100 * r['point_share']:.0f}% | "
                     f"{ms.get(r['hero'], 0):.2f}, {ms.get(r['villain'], 0):.2f} | "
                     f"{top.get(r['hero'], 0):.0f} ({cpu.get(r['hero'], 0):.0f}); "
                     f"{top.get(r['villain'], 0):.0f} ({cpu.get(r['villain'], 0):.0f}) |")
    return "\n".join(lines)


def command(preset: str, players: int, hero: str, villain: str, matches_n: int,
            ms: float | None, as_json: bool, cheat_rate: float = CHEAT_RATE) -> int:
    """``tricklog arena``: check the arguments (a one-line error, exit 2), play, print."""
    tty = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if tty:  # one line redrawn in a terminal; plain lines in a log or a pipe
            print(f"\r{done}/{total} matches", end="", file=sys.stderr, flush=True)
        else:
            print(f"{done}/{total} matches", file=sys.stderr, flush=True)

    try:
        check(preset, players, (hero, villain))
        if matches_n < 1 or (ms is not None and ms <= 0) or not 0 <= cheat_rate <= 1:
            raise ArenaError("--matches and --ms must be positive, --cheat-rate in [0, 1]")
        if "ismcts" in (hero, villain):
            import integrations.ismcts  # noqa: F401  (fail here, in one line, without it)
    except ArenaError as exc:
        print(f"tricklog arena: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:
        print(f"tricklog arena: ismcts needs OpenSpiel (pip install -e '.[test]'): {exc}",
              file=sys.stderr)
        return 2
    try:
        row = duel(preset, players, hero, villain, matches_n, progress=progress, budget_ms=ms,
                   cheat_rate=cheat_rate)
    except ArenaError as exc:  # a third-party policy that broke the rules
        print(f"\ntricklog arena: {exc}", file=sys.stderr)
        return 2
    if tty:
        print(file=sys.stderr)
    print(orjson.dumps(row).decode() if as_json else table([row]))
    return 0
