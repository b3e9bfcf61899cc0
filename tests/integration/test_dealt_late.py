"""A process that records a match's next deal (``deal_started``) and dies before dealing it
leaves a deal the match lists but no log holds. The first read or move that needs it deals it
(the sweeper's work, done at once): a client never gets a 404 for a deal its match lists."""

from __future__ import annotations

import random

import pytest

from events.referee import Referee, dealing, deals, matches, moves
from events.referee.errors import NotFound
from events.store import EventStore
from tests.helpers import claim_all


class Died(BaseException):
    """The process's death, between recording the next deal and dealing it."""


def play_first_deal_dying_before_the_next(referee: Referee, monkeypatch: pytest.MonkeyPatch
                                          ) -> str:
    """Deal 1 played to its end, with the next deal recorded but never dealt; its id."""
    created = matches.create(referee, ruleset="sedma", players=2, seed="late",
                             options={"target_stakes": 5},
                             seats=[{"name": "a"}, {"name": "b"}])
    deal, tokens = created["deal"]["id"], claim_all(referee, created)
    rng, ensure = random.Random(3), dealing.ensure_deal

    def dies_before_dealing(ref: Referee, state: object, seq: int, number: int) -> None:
        if number > 1:
            raise Died
        ensure(ref, state, seq, number)  # type: ignore[arg-type]

    with monkeypatch.context() as dying, pytest.raises(Died):
        dying.setattr(dealing, "ensure_deal", dies_before_dealing)
        while (view := deals.view(referee, deal, None))["turn"] is not None:
            mine = deals.view(referee, deal, tokens[view["turn"]])
            moves.move(referee, deal, tokens[view["turn"]], rng.choice(mine["legal_moves"]))
    listed = matches.get(referee, created["id"])["deals"]
    assert [d["number"] for d in listed] == [1, 2]
    return str(listed[-1]["id"])


def test_a_listed_deal_never_dealt_is_dealt_by_the_first_read(
        referee: Referee, store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    deal = play_first_deal_dying_before_the_next(referee, monkeypatch)
    assert store.head("deal", deal).seq == 0  # the log is missing, as the crash left it
    view = deals.view(referee, deal, None)
    assert view["seq"] == store.head("deal", deal).seq > 0
    assert view["turn"] is not None


def test_a_deal_no_match_lists_is_still_not_found(
        referee: Referee, store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    deal = play_first_deal_dying_before_the_next(referee, monkeypatch)
    beyond = deal.rsplit(".", 1)[0] + ".3"
    with pytest.raises(NotFound):
        deals.view(referee, beyond, None)
    assert store.head("deal", beyond).seq == 0


def test_a_replay_of_a_listed_deal_never_dealt_deals_it_and_an_unknown_one_is_not_found(
        referee: Referee, store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay job's read (head, facts and log in one round trip) takes the same way as
    every other read for a deal its match lists but no log holds, and for one not listed."""
    deal = play_first_deal_dying_before_the_next(referee, monkeypatch)
    loaded, envelopes, states = deals.load_whole(referee, deal)
    assert loaded.seq == store.head("deal", deal).seq == len(envelopes) == len(states) > 0
    assert [e["seq"] for e in envelopes] == list(range(1, loaded.seq + 1))
    assert states[-1] == deals.load(referee, deal).state
    with pytest.raises(NotFound):
        deals.load_whole(referee, deal.rsplit(".", 1)[0] + ".3")


def test_the_whole_read_folds_to_the_state_the_snapshot_holds(
        referee: Referee, monkeypatch: pytest.MonkeyPatch) -> None:
    deal = play_first_deal_dying_before_the_next(referee, monkeypatch)
    first = deal.rsplit(".", 1)[0] + ".1"
    loaded, envelopes, states = deals.load_whole(referee, first)
    assert loaded == deals.load(referee, first)
    assert len(states) == len(envelopes) == loaded.seq
