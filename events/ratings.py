"""Ratings: a projection of the finished rated matches' logs, one table per pool (a game
family and a player count: ``<family>-<players>``, the family's registered name), computed
with openSkill's Plackett-Luce model.

openSkill rates teams and free-for-all tables in one model (partnerships, and tables where
each plays for themselves), is maintained, and is free of patents;
Glicko-2 rates only one against one, and TrueSkill is patent-encumbered and its Python
package barely kept.

Where a table has more than two sides (each for themselves), the match ranks every side, not
only the winners against the rest: the family's own ``match_winners`` is asked again among the
sides not yet placed (``places``), so last place tells against a bot as first place tells for
one. A ladder among three bots settles in far fewer matches so; two sides are ranked as before.

Who is rated: a seat's player (``p_...``, from the seat or its ``seat_claimed``) or its bot
(``bot:heuristic``, ``bot:wb_...``). Each side of the match is a team; the winning sides rank
first, the others after them. An entity at several seats (a bot playing both partners, or
several seats of an each-for-themselves table, where three anchors fill four seats) is rated
as if each seat were a copy of it, and gets the mean of those seats' updates.

``replay`` folds outcomes in order: the same outcomes in the same order give the same table,
whether applied one by one as matches end or all again by a rebuild."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce

from domain import match as match_rules
from domain.registry import family_of, rules_for

from .envelope import to_event

MODEL = PlackettLuce()
Table = dict[str, dict[str, Any]]  # entity -> {mu, sigma, matches}


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished rated match as the ratings see it."""

    match_id: str
    pool: str
    entities: tuple[str, ...]               # by seat
    sides: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    ended_ms: int = 0
    places: tuple[int, ...] = ()            # each side's place, 0 first, if more than 2 sides


def pool_of(rules: Any) -> str:
    return f"{family_of(rules).name}-{rules.players}"


def entity_of(seat: dict[str, Any]) -> str | None:
    if seat.get("bot"):
        return f"bot:{seat['bot']}"
    return seat.get("player")


def outcome_of(envelopes: list[dict[str, Any]]) -> Outcome | None:
    """The outcome of a match log, or None unless it is a finished rated match whose every
    seat is a player or a bot."""
    if not envelopes or envelopes[0]["type"] != "created":
        return None
    made = envelopes[0]["data"]
    if not made.get("rated"):
        return None
    seats = [dict(s) for s in made["seats"]]
    ended = None
    for env in envelopes[1:]:
        if env["type"] == "seat_claimed" and env["data"].get("player"):
            seats[env["data"]["seat"]]["player"] = env["data"]["player"]
        elif env["type"] == "ended":
            ended = env
    entities = [entity_of(s) for s in seats]
    if ended is None or any(e is None for e in entities):
        return None
    rules = rules_for(made["ruleset"], made["players"], made["options"])
    final = match_rules.fold([to_event(e) for e in envelopes]) if len(rules.sides) > 2 else None
    return Outcome(made["id"], pool_of(rules), tuple(e for e in entities if e),
                   tuple(tuple(side) for side in rules.sides),
                   tuple(ended["data"].get("winners", [ended["data"]["winner"]])),
                   ms_of(ended["at"]), places(final) if final is not None else ())


def _among(carried: Mapping[str, Any], sides: list[int], count: int) -> dict[str, Any]:
    """A deal's carried context as a match of ``sides`` alone would have it: a field with one
    value per side (a list as long as the sides) keeps those sides' values."""
    return {k: [v[s] for s in sides] if isinstance(v, list) and len(v) == count else v
            for k, v in carried.items()}


def places(match: Any) -> tuple[int, ...]:
    """Each side's place at the end of ``match`` (0 first; level sides share one), found by
    asking the family who has won among the sides not yet placed, again and again; sides it
    cannot part (a target nobody else reached) share the last place. () for two sides."""
    rules, totals = match.rules, list(match.totals)
    if len(rules.sides) <= 2 or len(totals) != len(rules.sides):
        return ()
    decide, deals = family_of(rules).match_winners, len(match.deals)
    out, left, place = [0] * len(totals), list(range(len(totals))), 0
    while left:
        won = decide(rules, [totals[s] for s in left], deals,
                     [_among(c, left, len(totals)) for c in match.carried])
        picked = [left[i] for i in won] if won and len(won) < len(left) else list(left)
        for side in picked:
            out[side] = place
        place += 1
        left = [s for s in left if s not in picked]
    return tuple(out)


def ms_of(at: str) -> int:
    return int(datetime.fromisoformat(at).timestamp() * 1000)


def rate(table: Table, outcome: Outcome) -> Table:
    """``table`` after ``outcome`` (a new table; the old one is left as it was)."""
    teams = [[_rating(table, outcome.entities[s]) for s in side] for side in outcome.sides]
    ranks: list[float] = [float(p) for p in outcome.places] or [
        0.0 if i in outcome.winners or not outcome.winners else 1.0
        for i in range(len(outcome.sides))]
    after = MODEL.rate(teams, ranks=ranks)
    updates: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for side, new in zip(outcome.sides, after, strict=True):
        for seat, rating in zip(side, new, strict=True):
            updates[outcome.entities[seat]].append((rating.mu, rating.sigma))
    out = dict(table)
    for entity, got in updates.items():
        played = table.get(entity, {}).get("matches", 0)
        out[entity] = {"mu": sum(m for m, _ in got) / len(got),
                       "sigma": sum(s for _, s in got) / len(got), "matches": played + 1}
    return out


def outcome_of_state(match: Any, entities: list[str], ended_ms: int = 0) -> Outcome:
    """The outcome of a finished match state whose seats are ``entities`` (the arena's and
    ``scripts/ladder_run.py``'s matches, played without a store)."""
    return Outcome(match.id, pool_of(match.rules), tuple(entities),
                   tuple(tuple(side) for side in match.rules.sides), tuple(match.winners),
                   ended_ms, places(match))


def _rating(table: Table, entity: str) -> Any:
    held = table.get(entity)
    if held is None:
        return MODEL.rating()
    return MODEL.rating(mu=held["mu"], sigma=held["sigma"])


def replay(outcomes: list[Outcome], table: Table | None = None) -> Table:
    out = dict(table or {})
    for outcome in outcomes:
        out = rate(out, outcome)
    return out


def conservative(entry: dict[str, Any]) -> float:
    """The rating shown and ranked by: mu - 3 sigma (a skill the entity very likely has)."""
    return float(entry["mu"] - 3 * entry["sigma"])


def leaderboard(table: Table, names: dict[str, str]) -> list[dict[str, Any]]:
    """Rank, id, name, rating, uncertainty and matches, best first (equal ratings by id)."""
    order = sorted(table.items(), key=lambda kv: (-conservative(kv[1]), kv[0]))
    return [{"rank": i + 1, "id": entity, "name": names.get(entity, entity),
             "rating": round(conservative(entry), 3), "uncertainty": round(entry["sigma"], 3),
             "matches": entry["matches"]} for i, (entity, entry) in enumerate(order)]
