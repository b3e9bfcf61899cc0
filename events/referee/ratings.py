"""The ratings read model: each pool's finished rated matches, in the order their ``ended``
events were stamped (``keys.rated_key``), folded by ``events.ratings``. The table is kept as a
cache with the last match it applied; a read applies the matches after it, and starts again
from nothing when a match was indexed before that one (a late note). ``rebuild`` makes the
index and every table again from the match logs alone."""

from __future__ import annotations

from typing import Any

from domain.bots import BOTS
from domain.registry import PRESETS, family_of, rules_for

from .. import ratings as model
from .context import Referee
from .errors import NotFound


def note(ref: Referee, match_id: str, envelopes: list[dict[str, Any]] | None = None) -> None:
    """Index a finished rated match for its pool (idempotent; nothing for other matches)."""
    envs = envelopes if envelopes is not None else ref.store.read("match", match_id)
    outcome = model.outcome_of(envs)
    if outcome is not None:
        ref.store.note_rated(outcome.pool, match_id, outcome.ended_ms)


def pools() -> list[str]:
    """Every pool a preset can make: ``<family>-<players>``."""
    found = {f"{preset.family.name}-{n}" for preset in PRESETS.values() for n in preset.players}
    return sorted(found)


def pool_for(preset: str, players: int) -> str:
    if preset not in PRESETS:
        raise NotFound("ruleset", preset)
    return model.pool_of(rules_for(preset, players, {}))


def table(ref: Referee, pool: str) -> model.Table:
    """The pool's ratings now: the cache, brought up to date."""
    cache = ref.store.ratings_cache(pool) or {"applied": 0, "last": None, "table": {}}
    applied, last = cache["applied"], cache["last"]
    if applied and ref.store.rated_at(pool, applied - 1) != last:
        cache = {"applied": 0, "last": None, "table": {}}  # a match was indexed before it
    fresh = ref.store.rated_matches(pool, cache["applied"])
    if not fresh:
        return cache["table"]  # type: ignore[no-any-return]
    outcomes = [o for o in (model.outcome_of(ref.store.read("match", m)) for m in fresh) if o]
    out = model.replay(outcomes, cache["table"])
    ref.store.save_ratings_cache(pool, {"applied": cache["applied"] + len(fresh),
                                        "last": fresh[-1], "table": out})
    return out


def names(ref: Referee, entities: list[str]) -> dict[str, str]:
    out = {}
    for entity in entities:
        if entity.startswith("bot:"):
            bot = entity[4:]
            hook = None if bot in BOTS else ref.store.bot(bot)
            out[entity] = bot if hook is None else hook["name"]
        else:
            player = ref.store.player(entity)
            out[entity] = player["name"] if player else entity
    return out


def leaderboard(ref: Referee, preset: str, players: int) -> dict[str, Any]:
    pool = pool_for(preset, players)
    held = table(ref, pool)
    return {"pool": pool, "family": family_of(rules_for(preset, players, {})).name,
            "players": players, "ratings": model.leaderboard(held, names(ref, list(held)))}


def of_entity(ref: Referee, entity: str) -> list[dict[str, Any]]:
    """An entity's rating in every pool it has one in."""
    out = []
    for pool in pools():
        held = table(ref, pool)
        if entity in held:
            board = model.leaderboard(held, {})
            mine = next(row for row in board if row["id"] == entity)
            out.append({"pool": pool, "rank": mine["rank"], "rating": mine["rating"],
                        "uncertainty": mine["uncertainty"], "matches": mine["matches"]})
    return out


def rebuild(ref: Referee) -> dict[str, int]:
    """Forget every pool's index and table, index every finished rated match again from the
    match logs, and replay each pool from nothing. Returns the matches per pool."""
    for pool in pools():
        ref.store.forget_rated(pool)
    for match_id in ref.store.all_matches():
        note(ref, match_id)
    out = {}
    for pool in pools():
        table(ref, pool)
        out[pool] = len(ref.store.rated_matches(pool))
    return out
