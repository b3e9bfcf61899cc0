"""The referee's own path, timed: whole random deals by the playout kernel and through the
reducers, audits of finished deals' exports, and a replay job over a whole Serbian whist match.
Used by ``scripts/bench.py`` (``make bench``) and ``scripts/bench_ab.py`` (two code trees side by
side); every function returns a rate, one timed run.

The code under test is imported from the tree ``scripts/bench.py`` put first on ``sys.path``;
what a tree lacks (``game.step`` before issue 21) falls back to what that tree's service does.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from typing import Any

import orjson

from domain import game, playout, registry
from domain.fairness import DealSecret
from domain.messages import Command, Event, Move

Step = Callable[[Any, Command], "tuple[list[Event], Any]"]


def bench_secret(text: str) -> DealSecret:
    return DealSecret(text, hashlib.sha256(text.encode()).hexdigest())


def _decide_then_fold(state: Any, command: Command) -> tuple[list[Event], Any]:
    """The service's move path before ``game.step``: decide (which folds the events to find
    the automatic consequences), then fold them again."""
    events = game.decide(state, command)
    return events, game.fold(events, state)


STEP: Step = getattr(game, "step", _decide_then_fold)
PATHS: dict[str, Step] = {"step": STEP, "decide+fold": _decide_then_fold}


def random_deals(preset: str, players: int, seconds: float, path: str = "step") -> float:
    """Whole random deals through the referee's path: the fair deal, then every move a
    ``Command`` to the reducers (its events and the state they lead to), chosen at random from
    ``legal_moves``, to the scored end."""
    rules = registry.rules_for(preset, players, {})
    step, legal_moves = PATHS[path], game.legal_moves
    rng = random.Random(1)
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        secret = bench_secret(f"b{done}")
        state = game.fold(game.new_deal(rules, 1 + done % 20, done % players, secret))
        while state.phase != "over":
            move = Move.from_dict(rng.choice(legal_moves(state, state.turn)))
            state = step(state, Command(state.turn, move, secret))[1]
        done += 1
    return done / (time.perf_counter() - start)


def kernel_deals(preset: str, players: int, seconds: float) -> float:
    """Whole random deals: the fair deal (commitment and shuffle), the card play by the playout
    kernel (each card drawn from the legal moves of the shared engine), the family's scoring
    with the seed revealed."""
    rules = registry.rules_for(preset, players, {})
    rng = random.Random(1)
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed = bench_secret(f"b{done}")
        state = game.fold(game.new_deal(rules, 1 + done % 20, done % players, seed))
        fast = playout.play_out(state, rng)
        state = game.settling(fast, seed)[1]
        assert state.phase == "over"
        done += 1
    return done / (time.perf_counter() - start)


def whist_matches(seconds: float, kernel: bool) -> float:
    """Whole 28-hand matches: the bidding by the reducers, the card play by the playout kernel
    (``kernel``) or by the reducers too."""
    rules = registry.rules_for("serbian-whist", 4, {})
    rng = random.Random(2)
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed = bench_secret(f"w{done}")
        for number in range(1, 29):
            state = game.fold(game.new_deal(rules, number, number % 4, seed))
            while state.phase != "over":
                fast = playout.play_out(state, rng) if kernel else None
                if fast is not None:
                    state = game.settling(fast, seed)[1]
                    continue
                move = Move.from_dict(rng.choice(game.legal_moves(state, state.turn)))
                state = STEP(state, Command(state.turn, move, seed))[1]
        done += 1
    return done / (time.perf_counter() - start)


# -- audits --------------------------------------------------------------------------------------

def exports(preset: str, players: int, count: int) -> list[bytes]:
    """``count`` exports (JSON Lines, as ``GET /v1/deals/{id}/export`` writes them) of finished
    random deals: every hidden part committed with its salt, the hash chain, the header."""
    from events.audit import export_format
    from events.envelope import GENESIS, seal
    from tests.helpers import random_deal

    out = []
    for seed in range(count):
        log, state = random_deal(preset, players, seed)
        rules = state.rules
        envs = seal(log, after_seq=0, prev=GENESIS, at="2026-01-01T00:00:00Z",
                    command_id="bench", hidden=lambda e, r=rules: game.hidden(r, e))
        header = {"format": export_format(envs), "deal_id": f"m{seed}.1", "match_id": f"m{seed}",
                  "ruleset": rules.preset, "players": rules.players, "options": rules.options,
                  "engine": game.ENGINE_VERSION, "shuffle": log[0].data["shuffle"]}
        out.append(b"\n".join(orjson.dumps(line) for line in [header, *envs]) + b"\n")
    return out


def audits(texts: list[bytes], seconds: float) -> float:
    """Deals audited per second: ``tricklog audit``'s whole check of each export (parse, hash
    chain, commitments, re-shuffle, every event re-run through the rules, result)."""
    from events.audit import audit_export

    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        report = audit_export(texts[done % len(texts)])
        assert report.ok, report.to_text()
        done += 1
    return done / (time.perf_counter() - start)


# -- replay jobs ---------------------------------------------------------------------------------

def whist_match(referee: Any, seed: str) -> list[str]:
    """A finished 28-hand, 4-player Serbian whist match played through the use cases
    (``events.referee``) with random legal moves; its deal ids."""
    from domain import match as matches
    from events.referee import deals, moves
    from events.referee import matches as match_cases

    created = match_cases.create(referee, ruleset="serbian-whist", players=4, seed=seed,
                                 seats=[{"name": f"p{i}"} for i in range(4)])
    tokens = seat_tokens(referee, created)
    match_id, rng = created["id"], random.Random(seed)
    deal_ids = [matches.deal_id(match_id, n) for n in range(1, 29)]
    for deal in deal_ids:
        view = deals.view(referee, deal, None)
        while view["turn"] is not None:
            token = tokens[view["turn"]]
            legal = deals.view(referee, deal, token)["legal_moves"]
            view = moves.move(referee, deal, token, rng.choice(legal))["view"]
    assert match_cases.get(referee, match_id)["status"] == "over"
    return deal_ids


def seat_tokens(referee: Any, created: dict[str, Any]) -> dict[int, str]:
    """Every person's seat token of a new match, by seat: the creator's, and each invite
    claimed (as each player would)."""
    from events.referee import invites

    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    for invite in created["invites"]:
        tokens[invite["seat"]] = invites.claim(referee, created["id"], invite["seat"],
                                               invite["code"])["token"]
    return tokens


def replays(referee: Any, deal_ids: list[str], seconds: float) -> tuple[float, int]:
    """Whole matches replayed per second (a replay job for each of the match's deals, for a
    spectator, as a worker runs it), and the events they hold."""
    from workers import runtime
    from workers.replays import replay_job

    runtime.configure(referee)
    done, events, start = 0, 0, time.perf_counter()
    try:
        while time.perf_counter() - start < seconds:
            events = sum(len(replay_job(deal, None)["steps"]) for deal in deal_ids)
            done += 1
    finally:
        runtime.configure(None)
    return done / (time.perf_counter() - start), events
