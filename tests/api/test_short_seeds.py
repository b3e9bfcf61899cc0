"""A creator's short seed opens nothing: a spectator who tries every seed of up to three
characters against everything public while the match runs finds none that fits, and the audit
still verifies the deal once it is over.

The spectator tries each candidate the ways the deal's public facts could have been made of it:
as the commitment itself (``SHA-256(seed)``), through a deal seed drawn from it, and by
re-shuffling: Sueca turns the dealer's last card face up, so a candidate's deck must put that
card at the bottom. On the design this replaced, the first of those found ``q7`` at once.
"""

from __future__ import annotations

import hashlib
import random
import string
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain import game, registry
from domain.shuffle import shuffle
from events.audit import audit_export
from events.referee import audits
from tests.http import auth, claim_seats, create

ALPHABET = [c.encode() for c in string.printable if c.isprintable()]  # the 95 printable ASCII


def seeds_up_to_three() -> list[bytes]:
    out = list(ALPHABET)
    out += [a + b for a in ALPHABET for b in ALPHABET]
    out += [a + b + c for a in ALPHABET for b in ALPHABET for c in ALPHABET]
    return out


def public_facts(client: FlaskClient, match_id: str, deal_id: str) -> dict[str, Any]:
    match = client.get(f"/v1/matches/{match_id}").get_json()
    events = client.get(f"/v1/deals/{deal_id}/events").get_json()["events"]
    dealt = events[0]["data"]
    return {"digests": {match["commitment"], dealt["commitment"]},
            "trump_card": dealt.get("trump_card"), "dealer": dealt["dealer"],
            "played": [(e["seat"], e["data"]["card"]) for e in events if e["type"] == "played"]}


def sha(raw: bytes) -> bytes:
    return hashlib.sha256(raw).digest()


def fits(seed: bytes, facts: dict[str, Any], rules: Any) -> bool:
    """Whether ``seed`` is confirmed by the public facts: as a commitment, through a deal seed
    made of it, or by a re-shuffle that deals the turned trump and every card played so far."""
    digests = facts["digests"]
    if sha(seed).hex() in digests:
        return True
    deal_seed = sha(seed + b"\x001").hex()
    if sha(deal_seed.encode()).hex() in digests:
        return True
    trump, pack = facts["trump_card"], rules.pack()
    if trump is None:
        return False
    key = sha(b"tricklog-shuffle-v1\x00" + deal_seed.encode() + b"\x001")
    word = int.from_bytes(sha(key + bytes(8))[:8], "big")  # the bottom card, cheaply first
    if word >= 2**64 - 2**64 % len(pack) or pack[word % len(pack)] != trump:
        return False
    deck = shuffle(pack, deal_seed, "1")
    hands, _ = game.family_of(rules).deal_layout(rules, deck, facts["dealer"], 1)
    return hands[facts["dealer"]][-1] == trump and all(
        card in hands[seat] for seat, card in facts["played"])


@pytest.mark.parametrize(("preset", "players", "seed"), [("sueca", 4, "q7"), ("sedma", 2, "1")])
def test_a_short_seed_is_not_found_while_the_match_runs(
        client: FlaskClient, app: Flask, preset: str, players: int, seed: str) -> None:
    options = {"target": 1} if preset == "sueca" else {"target_stakes": 1}
    created = create(client, ruleset=preset, players=players, options=options, seed=seed)
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    rng = random.Random(seed)
    for _ in range(16):  # cards on the table: public facts to test guesses against
        turn = client.get(f"/v1/deals/{deal}").get_json()["turn"]
        mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[turn])).get_json()
        client.post(f"/v1/deals/{deal}/moves", headers=auth(seat_tokens[turn]),
                    json=rng.choice(mine["legal_moves"]))
    facts = public_facts(client, created["id"], deal)
    rules = registry.rules_for(preset, players, options)
    assert [s for s in seeds_up_to_three() if fits(s, facts, rules)] == []
    finish_deal(client, deal, seat_tokens, rng)
    export = client.get(f"/v1/deals/{deal}/export").get_data(as_text=True)
    report = audit_export(export)
    assert report.ok, report.to_text()
    stored = audits.audit_stored(app.extensions["tricklog.referee"], deal)
    assert stored.ok, stored.to_text()


def finish_deal(client: FlaskClient, deal: str, seat_tokens: dict[int, str],
                rng: random.Random) -> None:
    while (turn := client.get(f"/v1/deals/{deal}").get_json()["turn"]) is not None:
        mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[turn])).get_json()
        resp = client.post(f"/v1/deals/{deal}/moves", headers=auth(seat_tokens[turn]),
                           json=rng.choice(mine["legal_moves"]))
        assert resp.status_code == 200, resp.get_json()
