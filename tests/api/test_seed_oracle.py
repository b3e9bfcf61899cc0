"""Creating matches is no oracle for another match's seed (issue 26, item 1): a creator's
``seed`` is only its contribution to the match secret, the nonce is always fresh, so creating
matches with guessed seeds never reproduces another match's commitment or cards. (The design
this replaced drew the nonce from the seed under the store's key: a two-character seed was
found in 610 creations, and the copy's tokens showed the victim's hands.)"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.http import auth, claim_seats, create


def fingerprint(client: FlaskClient, created: dict[str, Any]) -> dict[str, Any]:
    """What an attacker compares: the commitments and the hand its own seat 0 was dealt."""
    deal = created["deal"]["id"]
    match = client.get(f"/v1/matches/{created['id']}").get_json()
    dealt = client.get(f"/v1/deals/{deal}/events").get_json()["events"][0]["data"]
    view = client.get(f"/v1/deals/{deal}", headers=auth(claim_seats(client, created)[0])).get_json()
    return {"match": match["commitment"], "deal": dealt["commitment"],
            "hand": sorted(view["hand"])}


def test_guessed_seeds_never_reproduce_a_match(client: FlaskClient) -> None:
    victim = fingerprint(client, create(client, ruleset="sedma", players=2, seed="ab"))
    for guess in ("aa", "ab", "ac", "ba"):
        copy = fingerprint(client, create(client, ruleset="sedma", players=2, seed=guess))
        assert copy["match"] != victim["match"] and copy["deal"] != victim["deal"], guess


def test_the_same_seed_twice_deals_different_cards(client: FlaskClient) -> None:
    hands = [fingerprint(client, create(client, ruleset="sedma", players=4, seed="same"))
             for _ in range(3)]
    assert len({h["match"] for h in hands}) == 3
    assert len({h["deal"] for h in hands}) == 3
    assert len({tuple(h["hand"]) for h in hands}) == 3  # 4 of 32 cards: a repeat is ~1e-5
