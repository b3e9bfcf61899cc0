"""Small builders shared by the tests."""

from __future__ import annotations

import hashlib
import random
from typing import Any

from domain import game, registry
from domain.fairness import DealSecret
from domain.messages import Command, Event, Move


def secret(text: str) -> DealSecret:
    """A deal secret for tests: the text as seed, with a nonce drawn from it."""
    return DealSecret(text, hashlib.sha256(text.encode()).hexdigest())


def arrange(preset: str, players: int, partial: list[list[str]], dealer: int | None = None,
            options: dict[str, Any] | None = None) -> tuple[Any, Event]:
    """A prearranged deal whose hands start with ``partial``; the rest of the pack fills the
    hands (canonical order) and then the stock."""
    rules = registry.rules_for(preset, players, options or {})
    used = {c for h in partial for c in h}
    rest = [c for c in rules.pack() if c not in used]
    hands = [list(h) for h in partial]
    for hand in hands:
        while len(hand) < rules.hand_size:
            hand.append(rest.pop(0))
    dealer = players - 1 if dealer is None else dealer
    return rules, game.prearranged_deal(rules, dealer, hands, rest)[0]


def step(state: Any, seat: int, move: dict[str, Any], deal_secret: DealSecret | None = None
         ) -> tuple[Any, list[Event]]:
    events = game.decide(state, Command(seat, Move.from_dict(move), deal_secret))
    return game.fold(events, state), events


def random_deal(preset: str, players: int, seed: int, options: dict[str, Any] | None = None
                ) -> tuple[list[Event], Any]:
    """A whole deal under random legal play: (the log, the final state)."""
    rules = registry.rules_for(preset, players, options or {})
    rng = random.Random(seed)
    dealt = secret(f"secret-{seed}")
    log = game.new_deal(rules, 1, rng.randrange(players), dealt)
    state = game.fold(log)
    while state.phase != "over":
        move = rng.choice(game.legal_moves(state, state.turn))
        state, events = step(state, state.turn, move, dealt)
        log += events
    return log, state


def replay_export(path: Any) -> tuple[Any, dict[str, Any]]:
    """Load an export (any export doubles as a regression fixture), audit it, and return the
    state its events fold into, with its header."""
    from pathlib import Path

    from events.audit import audit_export, parse_export
    from events.envelope import to_event

    text = Path(path).read_text()
    report = audit_export(text)
    assert report.ok, report.to_text()
    header, envelopes = parse_export(text)
    return game.fold(to_event(e) for e in envelopes), header


def cards_in(value: object) -> set[str]:
    """Every card code anywhere in a JSON-like value."""
    from domain.cards import is_card

    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return {value} if is_card(value) else set()  # type: ignore[arg-type]


def claim_all(referee: Any, created: dict[str, Any]) -> dict[int, str]:
    """Every person's seat token of a match made with ``matches.create``, by seat: the
    creator's, and one claim per invite (the referee-level ``tests.http.claim_seats``)."""
    from events.referee import invites

    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    for invite in created["invites"]:
        tokens[invite["seat"]] = invites.claim(referee, created["id"], invite["seat"],
                                               invite["code"])["token"]
    return tokens
