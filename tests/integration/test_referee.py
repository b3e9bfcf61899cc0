"""The use cases on a real redis-server: snapshots, concurrency, idempotency, the match."""

from __future__ import annotations

import random
import threading

import pytest

from domain import game
from events.envelope import first_break, to_event
from events.referee import Referee, StaleSeq, deals, matches, moves
from events.store import EventStore
from tests.helpers import claim_all


def new_match(referee: Referee, players: int = 4, **kw: object) -> tuple[str, dict[int, str]]:
    created = matches.create(referee, ruleset="sedma", players=players,
                                   seats=[{"name": f"p{i}"} for i in range(players)], **kw)
    return created["deal"]["id"], claim_all(referee, created)


def test_snapshot_is_current_so_a_read_folds_nothing(referee: Referee, store: EventStore
                                                     ) -> None:
    deal, tokens = new_match(referee, seed="snap")
    rng = random.Random(0)
    for _ in range(20):
        view = deals.view(referee, deal, None)
        mine = deals.view(referee, deal, tokens[view["turn"]])
        moves.move(referee, deal, tokens[view["turn"]], rng.choice(mine["legal_moves"]))
    head = store.head("deal", deal)
    assert head.snap_seq == head.seq > 20
    rebuilt = game.fold(to_event(e) for e in store.read("deal", deal))
    assert deals.load(referee, deal).state == rebuilt


def test_the_log_rebuilds_the_live_state_after_a_whole_deal(referee: Referee,
                                                           store: EventStore) -> None:
    deal, tokens = new_match(referee, players=2, seed="rebuild")
    rng = random.Random(1)
    while (view := deals.view(referee, deal, None))["turn"] is not None:
        mine = deals.view(referee, deal, tokens[view["turn"]])
        moves.move(referee, deal, tokens[view["turn"]], rng.choice(mine["legal_moves"]))
    log = store.read("deal", deal)
    assert first_break(log) is None
    assert game.fold(to_event(e) for e in log) == deals.load(referee, deal).state


def test_competing_moves_for_one_turn_land_once(referee: Referee, store: EventStore) -> None:
    deal, tokens = new_match(referee, seed="race")
    view = deals.view(referee, deal, None)
    token = tokens[view["turn"]]
    card = deals.view(referee, deal, token)["hand"][0]
    outcomes: list[str] = []
    barrier = threading.Barrier(6)

    def post() -> None:
        barrier.wait()
        try:
            moves.move(referee, deal, token, {"type": "play", "card": card},
                       expected_seq=view["seq"])
            outcomes.append("ok")
        except StaleSeq:
            outcomes.append("stale")

    threads = [threading.Thread(target=post) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["ok"] + ["stale"] * 5
    assert [e["type"] for e in store.read("deal", deal)] == ["dealt", "played"]


def test_only_a_duplicate_link_deals_the_same_cards(referee: Referee) -> None:
    """The same seed twice deals other cards (a seed is no oracle, issue 26); ``duplicate_of``
    deals the source's."""
    one, tokens_one = new_match(referee, seed="same")
    two, tokens_two = new_match(referee, seed="same")
    three, tokens_three = new_match(referee, duplicate_of=matches_of(one))
    hands_one = [deals.view(referee, one, tokens_one[s])["hand"] for s in range(4)]
    assert hands_one != [deals.view(referee, two, tokens_two[s])["hand"] for s in range(4)]
    assert hands_one == [deals.view(referee, three, tokens_three[s])["hand"] for s in range(4)]


def matches_of(deal: str) -> str:
    return deal.rsplit(".", 1)[0]


def test_a_move_without_token_or_with_a_stale_seq_changes_nothing(referee: Referee,
                                                                  store: EventStore) -> None:
    from events.referee import Unauthorized

    deal, tokens = new_match(referee, seed="nothing")
    with pytest.raises(Unauthorized):
        moves.move(referee, deal, None, {"type": "stop"})
    assert len(store.read("deal", deal)) == 1
