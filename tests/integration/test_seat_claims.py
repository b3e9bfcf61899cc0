"""Two claims racing on one invite, on a real redis-server: exactly one wins, settled by the
store (``seats.lua`` checks the invite and appends ``seat_claimed`` in one step), while other
writers move the match stream on at the same time."""

from __future__ import annotations

import contextlib
import threading
from typing import Any

from events.referee import InviteUsed, Referee, Refused, deals, invites, matches


def race(referee: Referee, match: str, seat: int, code: str, claimants: int,
         seeding: list[tuple[str, str]]) -> tuple[list[dict[str, Any]], list[Exception]]:
    """``claimants`` threads claim the invite at once while each of ``seeding`` (a token and a
    seed) gives a client seed, which appends to the same match stream."""
    won: list[dict[str, Any]] = []
    lost: list[Exception] = []
    barrier = threading.Barrier(claimants + len(seeding))

    def claim() -> None:
        barrier.wait()
        try:
            won.append(invites.claim(referee, match, seat, code))
        except Exception as exc:  # every refusal is counted
            lost.append(exc)

    def seed(token: str, text: str) -> None:
        barrier.wait()
        with contextlib.suppress(Refused):  # a seat gives one seed: the others are refused
            matches.contribute_seed(referee, match, token, text)

    threads = [threading.Thread(target=claim) for _ in range(claimants)]
    threads += [threading.Thread(target=seed, args=pair) for pair in seeding]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return won, lost


def test_racing_claims_on_one_invite_exactly_one_wins(referee: Referee) -> None:
    for round_ in range(5):
        created = matches.create(referee, ruleset="sedma", players=4, seed=f"race-{round_}",
                                 seats=[{"name": f"p{i}"} for i in range(4)], creator_seat=0)
        match, invite = created["id"], created["invites"][round_ % 3]
        creator = created["tokens"][0]["token"]
        won, lost = race(referee, match, invite["seat"], invite["code"], 8,
                         [(creator, f"seed-{i}") for i in range(3)])
        assert len(won) == 1 and len(lost) == 7, (won, lost)
        assert all(isinstance(exc, InviteUsed) for exc in lost), lost
        view = deals.view(referee, created["deal"]["id"], won[0]["token"])
        assert view["seat"] == invite["seat"]
        stream = referee.store.read("match", match)
        claims = [e["data"]["seat"] for e in stream if e["type"] == "seat_claimed"]
        assert claims == [0, invite["seat"]]
        assert sum(e["type"] == "client_seed" for e in stream) == 1
        assert matches.get(referee, match)["seated"] == sorted({0, invite["seat"]})
