"""The analysis judges the decisions before the card play (issue 30 item 2): constructed deals
whose best bid, trump or call is known by hand, valued in the mover's deal score with the
card play perfect from the contract on (``domain/solver/auction.py``)."""

from __future__ import annotations

import random
from typing import Any

from domain import game, registry
from domain.solver import auction
from domain.solver.analysis import analyse
from tests.helpers import arrange, secret, step

SPADES = ["AS", "7S", "KS", "JS", "QS", "6S", "5S", "4S", "3S", "2S"]
LOW = ["6H", "5H", "4H", "3H", "2H", "6D", "5D", "4D", "3D", "2D"]


def _play(events: list[Any], moves: list[tuple[int, dict[str, Any]]]) -> list[Any]:
    """The deal's log: ``moves`` in turn, then the first legal card until the deal is over."""
    state = game.fold(events)
    for seat, move in moves:
        assert state.turn == seat, (state.turn, seat, move)
        state, new = step(state, seat, move)
        events = events + new
    while state.phase != "over":
        state, new = step(state, state.turn, game.legal_moves(state, state.turn)[0])
        events = events + new
    return events


def _judged(events: list[Any]) -> dict[tuple[int, str], dict[str, Any]]:
    """The decisions before the card play, by (seat, move type): the last of each."""
    report = analyse(events, list(range(len(events))), "d")
    return {(d["seat"], d["move"]["type"]): d for d in report["decisions"]
            if d["move"]["type"] != "play"}


def _italiana(moves: list[tuple[int, dict[str, Any]]]) -> list[Any]:
    """Four players, seat 0 deals (and opens) holding every spade, seat 1 ten worthless low
    hearts and diamonds; seats 2 and 3 the rest."""
    _, dealt = arrange("sueca-italiana", 4, [SPADES, LOW, [], []], dealer=0)
    return _play(game.opening(dealt, None), moves)


def bid(value: int) -> dict[str, Any]:
    return {"type": "bid", "value": value}


PASS = {"type": "pass"}


def test_italiana_every_spade_makes_any_contract_and_spades_is_the_only_right_trump() -> None:
    events = _italiana([(0, bid(61)), (1, PASS), (2, PASS), (3, PASS),
                        (0, {"type": "trump", "suit": "S"}), (0, {"type": "call", "card": None})])
    judged = _judged(events)
    opening, trump = judged[0, "bid"], judged[0, "trump"]
    assert opening["value"] == opening["best"] == 120 and opening["cost"] == 0
    assert opening["best_moves"] == [bid(v) for v in range(61, 121)]  # all made: 120 each
    assert trump["value"] == 120 and trump["best_moves"] == [{"type": "trump", "suit": "S"}]
    assert judged[1, "pass"]["cost"] == 0  # seat 1 could take nothing from seat 0's spades


def test_italiana_naming_another_trump_costs_what_the_spades_would_have_taken() -> None:
    events = _italiana([(0, bid(61)), (1, PASS), (2, PASS), (3, PASS),
                        (0, {"type": "trump", "suit": "H"}), (0, {"type": "call", "card": None})])
    trump = _judged(events)[0, "trump"]
    assert trump["best"] == 120 and trump["best_moves"] == [{"type": "trump", "suit": "S"}]
    assert trump["value"] < 120 and trump["cost"] == 120 - trump["value"]


def test_italiana_an_overbid_on_a_worthless_hand_costs_its_bid_and_passing_was_best() -> None:
    """Seat 1 outbids the dealer with ten cards worth nothing: alone it cannot take 70 and loses
    its bid; had it passed, the dealer's 61 (with the trumps seat 1 named, kept as played)
    makes seat 1 an opponent, whose score is never below zero."""
    events = _italiana([(0, bid(61)), (1, bid(70)), (2, PASS), (3, PASS), (0, PASS),
                        (1, {"type": "trump", "suit": "H"}), (1, {"type": "call", "card": None})])
    overbid = _judged(events)[1, "bid"]
    assert overbid["value"] == -70
    assert overbid["best_moves"] == [PASS] and overbid["best"] >= 0
    assert overbid["cost"] == overbid["best"] + 70


def _whist(bids: list[int], options: dict[str, Any] | None = None) -> list[Any]:
    """Four players, a one-card hand (number 13, hearts trumps), seat 3 deals, seat 0 leads the
    ace of trumps; seats 1 to 3 hold low clubs."""
    rules = registry.rules_for("serbian-whist", 4, options or {})
    hands = [["AH"], ["2C"], ["3C"], ["4C"]]
    stock = [c for c in rules.pack() if c not in {"AH", "2C", "3C", "4C"}]
    events = game.prearranged_deal(rules, 3, hands, stock, number=13)
    return _play(events, [(seat, bid(b)) for seat, b in enumerate(bids)])


def test_whist_the_ace_of_trumps_should_bid_one_and_a_low_club_nothing() -> None:
    judged = _judged(_whist([0, 0, 0, 0]))
    ace = judged[0, "bid"]
    assert (ace["value"], ace["best"], ace["cost"]) == (1, 11, 10)  # basic: 10 + 1 made
    assert ace["best_moves"] == [bid(1)]
    low = judged[1, "bid"]
    assert (low["value"], low["best"], low["cost"], low["best_moves"]) == (10, 10, 0, [bid(0)])


def test_whist_where_low_scores_win_the_best_bid_is_the_lowest_score_and_costs_are_positive(
        ) -> None:
    """``negative``: a miss by d tricks scores d(d+1)/2, the lowest total wins."""
    report = analyse(events := _whist([0, 0, 0, 0], {"scoring": "negative"}),
                     list(range(len(events))), "d")
    ace = report["decisions"][0]
    assert (ace["seat"], ace["value"], ace["best"], ace["cost"]) == (0, 1, 0, 1)
    assert ace["best_moves"] == [bid(1)]
    assert all(d["cost"] >= 0 for d in report["decisions"])


def test_a_replaced_bid_keeps_the_later_ones_and_moves_the_hooked_dealer_to_the_nearest() -> None:
    """Seat 0 bidding 1 instead of 0 would make the dealer's recorded 0 the hooked bid (the
    bids would add up to the one trick): the dealer bids the nearest legal, 1."""
    events = _whist([0, 0, 0, 0])
    states = list(game.states(events))
    later = auction.recorded(events, states, 1)
    start = auction.Replay(later).start(states[0], 0, bid(1))
    assert start.bids == (1, 0, 0, 1)
    assert auction.Replay(later).start(states[0], 0, bid(0)).bids == (0, 0, 0, 0)


def test_card_play_families_have_no_decisions_before_it() -> None:
    for preset, players in (("sueca", 4), ("sedma", 2), ("briscola", 2)):
        rules = registry.rules_for(preset, players, {})
        assert auction.auction_of(rules) is None


def _random(preset: str, players: int, number: int, seed: int) -> list[Any]:
    rules = registry.rules_for(preset, players, {})
    events = game.new_deal(rules, number, seed % players, secret(f"a{seed}"))
    state, rng = game.fold(events), random.Random(seed)
    while state.phase != "over":
        state, new = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)),
                          secret(f"a{seed}"))
        events = events + new
    return events


def test_the_move_played_is_worth_its_seats_score_at_the_card_plays_start() -> None:
    """Random deals: every bid, trump and call played is worth what the card play's start
    value scores for its seat, and no move is worth more than the best."""
    deals = (("serbian-whist", 4, 10, 0), ("serbian-whist", 5, 8, 1), ("sueca-italiana", 6, 1, 2))
    for preset, players, number, seed in deals:
        events = _random(preset, players, number, seed)
        report = analyse(events, list(range(len(events))), "d")
        final = game.fold(events)
        early = [d for d in report["decisions"] if d["move"]["type"] != "play"]
        assert early
        assert all(d["cost"] >= 0 and (d["cost"] == 0) == (d["move"] in d["best_moves"])
                   for d in early)
        for d in early:
            side = next(s for s in report["sides"] if d["seat"] in s["seats"])
            hook = auction.auction_of(final.rules)
            assert hook is not None
            assert d["value"] == hook.score(final, d["seat"], side["start_value"])
