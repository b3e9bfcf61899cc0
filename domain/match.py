"""A match: the sequence of deals until its target, as its own small event stream.

Events: ``created``, ``deal_started``, ``deal_scored``, ``ended``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from typing import Any

from .messages import Event
from .registry import family_of, rules_for


@dataclass(frozen=True, slots=True)
class MatchState:
    id: str
    rules: Any
    seats: tuple[dict[str, Any], ...]
    totals: tuple[int, ...]
    deals: tuple[dict[str, Any], ...] = ()
    status: str = "playing"
    winner: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "ruleset": self.rules.preset, "players": self.rules.players,
            "options": self.rules.options, "seats": list(self.seats), "sides": self.rules.sides,
            "deals": list(self.deals), "totals": list(self.totals), "status": self.status,
            "winner": self.winner,
        }


def deal_id(match_id: str, number: int) -> str:
    """Deal ids are derived, so creating the next deal twice is the same deal (idempotent)."""
    return f"{match_id}.{number}"


def match_id_of(deal: str) -> str:
    return deal.rsplit(".", 1)[0]


def number_of(deal: str) -> int:
    tail = deal.rsplit(".", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def first_dealer(match_seed: str, players: int) -> int:
    """RULES.md §11.35: the first dealer is drawn from the match seed, so replays are exact."""
    digest = hashlib.sha256(b"tricklog-first-dealer\x00" + match_seed.encode()).digest()
    return int.from_bytes(digest[:8], "big") % players


def created(match_id: str, rules: Any, seats: list[dict[str, Any]], dealer: int) -> list[Event]:
    """The opening events of a match: ``created`` and the first ``deal_started``."""
    return [
        Event("created", {"id": match_id, "ruleset": rules.preset, "players": rules.players,
                          "options": rules.options, "seats": seats}),
        Event("deal_started", {"deal_id": deal_id(match_id, 1), "number": 1, "dealer": dealer}),
    ]


def after_deal(match: MatchState, number: int, result: dict[str, Any]) -> list[Event]:
    """What follows a scored deal: record it, then end the match or start the next deal."""
    if match.status != "playing" or any(
            d["number"] == number and d["status"] == "scored" for d in match.deals):
        return []
    dealer = next(d["dealer"] for d in match.deals if d["number"] == number)
    family = family_of(match.rules)
    scored = Event("deal_scored", {"deal_id": deal_id(match.id, number), "number": number,
                                   "points": result["score"]["match_points"]})
    after = evolve(match, scored)
    winner = family.match_winner(match.rules, list(after.totals))
    if winner is not None:
        return [scored, Event("ended", {"winner": winner, "totals": list(after.totals)})]
    nxt = family.next_dealer(match.rules, dealer, result)
    return [scored, Event("deal_started", {"deal_id": deal_id(match.id, number + 1),
                                           "number": number + 1, "dealer": nxt})]


def evolve(match: MatchState | None, event: Event) -> MatchState:
    data = event.data
    if event.type == "created":
        rules = rules_for(data["ruleset"], data["players"], data["options"])
        return MatchState(id=data["id"], rules=rules, seats=tuple(data["seats"]),
                          totals=(0,) * len(rules.sides))
    assert match is not None
    if event.type == "deal_started":
        deal = {"id": data["deal_id"], "number": data["number"], "dealer": data["dealer"],
                "status": "playing"}
        return replace(match, deals=match.deals + (deal,))
    if event.type == "deal_scored":
        deals = tuple({**d, "status": "scored"} if d["number"] == data["number"] else d
                      for d in match.deals)
        totals = tuple(t + s for t, s in zip(match.totals, data["points"], strict=True))
        return replace(match, deals=deals, totals=totals)
    if event.type == "ended":
        return replace(match, status="over", winner=data["winner"])
    raise ValueError(f"unknown match event {event.type!r}")


def fold(events: list[Event]) -> MatchState:
    state: MatchState | None = None
    for event in events:
        state = evolve(state, event)
    assert state is not None
    return state
