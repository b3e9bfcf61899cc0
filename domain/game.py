"""One vocabulary for every game: deal, ``decide``, ``evolve``, ``view``, ``redact``, snapshots.

These functions dispatch on the ruleset to its family module; adapters use only this module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from typing import Any

from .errors import InvalidDeal
from .messages import Command, Event
from .registry import family_of, rules_for
from .shuffle import shuffle

ENGINE_VERSION = "tricklog-engine-1"


def deck_for(rules: Any, seed: str, number: int, client_seeds: list[str | None]) -> list[str]:
    return shuffle(rules.pack(), seed, str(number), client_seeds)


def new_deal(rules: Any, number: int, dealer: int, seed: str,
             client_seeds: list[str | None] | None = None, carry: int = 0) -> list[Event]:
    """A fair deal: the deck is ``shuffle(pack, seed, str(number), client_seeds)``, dealt by the
    game's pattern, then whatever the rules make happen at once (a burned hand). ``number`` is
    the deal's place in its match (1, 2, ...)."""
    family = family_of(rules)
    seeds = list(client_seeds or [])
    hands, stock = family.deal_layout(rules, deck_for(rules, seed, number, seeds), dealer, number)
    event: Event = family.dealt(rules, dealer, hands, stock, seed, None, number)
    event.data["number"] = number
    event.data["client_seeds"] = seeds
    if carry:
        event.data["carry"] = carry  # Brazilian Sueca: game points carried by 60-60 deals
    return opening(event, seed)


def prearranged_deal(rules: Any, dealer: int, hands: list[list[str]], stock: list[str],
                     trump_card: str | None = None, number: int = 1) -> list[Event]:
    """A deal given card by card (tests, duplicate play, disputes): marked, with no commitment.
    ``trump_card`` only where the game turns one (Sueca: one of the dealer's cards)."""
    if not 0 <= dealer < rules.players:
        raise InvalidDeal("dealer", f"dealer must be a seat 0..{rules.players - 1}")
    family = family_of(rules)
    family.check_prearranged(rules, hands, stock, number)
    return opening(family.dealt(rules, dealer, hands, stock, None, trump_card, number), None)


def opening(dealt: Event, seed: str | None) -> list[Event]:
    """``dealt`` and what the rules make happen at once (a burned hand, §3.7)."""
    state = evolve(None, dealt)
    return [dealt, *family_of(state.rules).settle(state, seed)]


def evolve(state: Any, event: Event) -> Any:
    if event.type == "dealt":
        data = event.data
        rules = rules_for(data["ruleset"], data["players"], data["options"])
        return family_of(rules).start(rules, data)
    return family_of(state.rules).evolve(state, event)


def fold(events: Iterable[Event], state: Any = None) -> Any:
    for event in events:
        state = evolve(state, event)
    return state


def decide(state: Any, command: Command) -> list[Event]:
    return family_of(state.rules).decide(state, command)


def view(state: Any, seat: int | None) -> dict[str, Any]:
    return family_of(state.rules).view(state, seat)


def legal_moves(state: Any, seat: int | None) -> list[dict[str, Any]]:
    return family_of(state.rules).legal_moves(state, seat)


def redact(rules: Any, event: Event, viewer: int | None, over: bool) -> dict[str, Any]:
    """An event's data as ``viewer`` may see it; whole once the deal is over."""
    if over:
        return event.data
    return family_of(rules).redact(event, viewer, rules)


def is_over(state: Any) -> bool:
    return state is not None and state.phase == "over"


def to_snapshot(state: Any) -> dict[str, Any]:
    """A JSON-ready snapshot; ``from_snapshot`` rebuilds an equal state."""
    rules = state.rules
    body = {f.name: getattr(state, f.name) for f in fields(state) if f.name != "rules"}
    return {"rules": {"preset": rules.preset, "players": rules.players, "options": rules.options},
            "state": body}


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def from_snapshot(snapshot: dict[str, Any]) -> Any:
    r = snapshot["rules"]
    rules = rules_for(r["preset"], r["players"], r["options"])
    cls = family_of(rules).state
    body = {k: (v if k == "result" else _tuples(v)) for k, v in snapshot["state"].items()}
    return cls(rules=rules, **body)
