"""RULES.md §7-§8: Sueca and Sueca Italiana — the peer vectors and V-SUECA / V-ITALIANA."""

from __future__ import annotations

from typing import Any

import pytest

from domain import game, registry, tricks
from domain.errors import IllegalMove
from domain.sueca.rules import POINTS
from domain.sueca.scoring import game_points
from tests.helpers import step
from tests.vectors import load

VECTORS = load("sueca-peer-deals.jsonl")


def vector_deal(vector: dict[str, Any]) -> tuple[Any, list[list[str]]]:
    rules = registry.rules_for("sueca", 4, {})
    hands, stock = game.family_of(rules).deal_layout(rules, vector["deck_top_first"], 3)
    assert stock == [] and hands[3][-1] == vector["trump_card"]
    return rules, hands


@pytest.mark.parametrize("vector", VECTORS, ids=[f"deal{i}" for i in range(len(VECTORS))])
def test_sueca_vector_deal(vector: dict[str, Any]) -> None:
    rules, hands = vector_deal(vector)
    state = game.fold(game.prearranged_deal(rules, 3, hands, [], vector["trump_card"]))
    leaders, log = [], []
    for seat, card in vector["plays"]:
        if not state.trick:
            leaders.append(state.turn)
        state, events = step(state, seat, {"type": "play", "card": card})
        log += events
    assert leaders == vector["trick_leaders"]
    assert state.result["points"] == [vector["points_team_02"], vector["points_team_13"]]
    assert sum(e.data["points"] for e in log if e.type == "trick_taken") == 120


def order() -> dict[str, int]:
    return registry.rules_for("sueca", 4, {}).order


def test_v_sueca_01_a_small_trump_wins() -> None:
    trick = [(0, "AD"), (1, "7D"), (2, "KD"), (3, "2H")]
    assert tricks.trick_winner(trick, "H", order()) == 3
    assert tricks.points([c for _, c in trick], POINTS) == 25


def test_v_sueca_02_a_discard_does_not_win() -> None:
    trick = [(0, "KS"), (1, "AS"), (2, "7H"), (3, "2S")]
    assert tricks.trick_winner(trick, "C", order()) == 1
    assert tricks.points([c for _, c in trick], POINTS) == 25


@pytest.mark.parametrize(("high", "low"), [("7S", "KS"), ("JS", "QS"), ("AS", "7S")])
def test_v_sueca_03_rank_order(high: str, low: str) -> None:
    assert tricks.trick_winner([(0, low), (1, high)], None, order()) == 1


def test_v_sueca_04_follow_suit_trumping_optional() -> None:
    assert tricks.legal_cards(["3D", "AH"], [(0, "KD")], "H") == ["3D"]
    assert tricks.legal_cards(["AS", "AH"], [(0, "KD")], "H") == ["AS", "AH"]


@pytest.mark.parametrize(("points", "all_tricks", "bandeira", "value"), [
    (61, False, "points120", 1), (90, False, "points120", 1), (91, False, "points120", 2),
    (119, False, "points120", 2), (120, False, "points120", 4), (120, False, "all_tricks", 2),
    (120, True, "all_tricks", 4), (60, False, "points120", 0)])
def test_v_sueca_05_game_points(points: int, all_tricks: bool, bandeira: str, value: int
                                ) -> None:
    assert game_points(points, all_tricks, bandeira) == value


def test_v_sueca_05_a_60_60_deal_carries_in_brazil_only() -> None:
    from dataclasses import replace

    for preset, carry in (("sueca", 0), ("sueca-brazil", 1)):
        rules = registry.rules_for(preset, 4, {})
        hands, _ = game.family_of(rules).deal_layout(rules, list(rules.pack()), 3)
        state = game.fold(game.prearranged_deal(rules, 3, hands, []))
        pack = rules.pack()
        tied = replace(state, won=(tuple(c for c in pack if c[:-1] in "AK"),
                                   tuple(c for c in pack if c[:-1] in "7JQ"), (), ()),
                       hands=((),) * 4, phase="score")
        result = game.settle(tied, None)[-1].data
        assert result["points"] == [60, 60] and result["score"]["carry_next"] == carry


def test_v_sueca_06_rubber_to_four() -> None:
    rules = registry.rules_for("sueca", 4, {})
    family = game.family_of(rules)
    assert family.match_winners(rules, [3, 2], 5, []) is None
    assert family.match_winners(rules, [5, 2], 6, []) == [0]


def test_v_sueca_07_dealer_three_means_seat_zero_leads_and_deals_next() -> None:
    rules = registry.rules_for("sueca", 4, {})
    hands, _ = game.family_of(rules).deal_layout(rules, list(rules.pack()), 3)
    state = game.fold(game.prearranged_deal(rules, 3, hands, []))
    assert state.turn == 0 and game.family_of(rules).next_dealer(rules, 3, {}) == 0
    assert state.trump_card == hands[3][-1] and game.view(state, None)["trump_card"]


# -- Sueca Italiana ------------------------------------------------------------------------------

def italiana(players: int, hands: list[list[str]] | None = None) -> Any:
    rules = registry.rules_for("sueca-italiana", players, {})
    if hands is None:
        hands, _ = game.family_of(rules).deal_layout(rules, list(rules.pack()), 0)
    return game.fold(game.prearranged_deal(rules, 0, hands, []))


def moves(state: Any, plan: list[tuple[int, dict[str, Any]]]) -> tuple[Any, list[Any]]:
    log = []
    for seat, move in plan:
        state, events = step(state, seat, move)
        log += events
    return state, log


def test_v_italiana_01_auction_trumps_call_and_a_hidden_partner() -> None:
    state = italiana(5)  # seats 0..4 are P1..P5; P1 (seat 0) deals
    holder = next(s for s, h in enumerate(state.hands) if "AH" in h)
    with pytest.raises(IllegalMove) as err:
        step(state, 0, {"type": "pass"})
    assert err.value.rule == "dealer_must_open"
    with pytest.raises(IllegalMove):
        step(state, 0, {"type": "bid", "value": 60})
    state, log = moves(state, [(0, {"type": "bid", "value": 61}), (1, {"type": "pass"}),
                               (2, {"type": "pass"}), (3, {"type": "pass"}),
                               (4, {"type": "bid", "value": 70}), (0, {"type": "pass"})])
    assert [e.type for e in log][-1] == "contract" and state.bidder == 4 and state.bid == 70
    state, log = moves(state, [(4, {"type": "trump", "suit": "H"}),
                               (4, {"type": "call", "card": "AH"})])
    assert state.partner == (holder if holder != 4 else None)
    assert all(game.view(state, s)["partner"] is None for s in range(5))
    state, log = moves(state, [(4, {"type": "lead", "by": "self"})])
    assert state.turn == 4 and not state.revealed


@pytest.mark.parametrize(("taken", "made"), [(78, True), (65, False)])
def test_v_italiana_01_scoring(taken: int, made: bool) -> None:
    from dataclasses import replace

    from domain.sueca.italiana import _score as score

    state = replace(italiana(5), bidder=4, bid=70, partner=2, phase="score")
    heaps = {78: ("AS", "AH", "AD", "AC", "7S", "7H", "7D", "KS"),
             65: ("AS", "AH", "AD", "AC", "7S", "JS", "JH", "JD", "QS")}
    state = replace(state, won=((), (), heaps[taken][:3], (), heaps[taken][3:]))
    result = score(state, None)
    assert result["points"][0] == taken
    net = result["score"]["match_points"]
    assert net == ([0, 0, 78, 0, 78] if made else [70, 70, -70, 70, -70])


def test_v_italiana_02_alone() -> None:
    from dataclasses import replace

    from domain.sueca.italiana import _score as score

    state = replace(italiana(4), bidder=1, bid=75, partner=None, phase="score")
    won = ("AS", "AH", "AD", "AC", "7S", "7H", "7D", "KS", "QS")  # 80
    assert score(replace(state, won=((), won, (), ())), None)["score"]["match_points"] == [
        0, 80, 0, 0]
    short = ("AS", "AH", "AD", "AC", "7S", "7H", "KS", "KH")  # 72
    assert score(replace(state, won=((), short, (), ())), None)["score"]["match_points"] \
        == [75, -75, 75, 75]


def test_v_italiana_03_six_players() -> None:
    rules = registry.rules_for("sueca-italiana", 6, {})
    assert len(rules.pack()) == 48 and rules.hand_size == 8
    assert tricks.trick_winner([(0, "8S"), (1, "9S")], None, rules.order) == 1
    assert tricks.trick_winner([(0, "6S"), (1, "8S")], None, rules.order) == 0 + 1
    assert tricks.points(list(rules.pack()), POINTS) == 120


def test_v_italiana_04_a_bid_of_120_ends_the_auction() -> None:
    state, log = moves(italiana(4), [(0, {"type": "bid", "value": 61}),
                                     (1, {"type": "bid", "value": 120})])
    assert [e.type for e in log][-4:] == ["passed", "passed", "passed", "contract"]
    assert all(e.seat is None for e in log[-4:])
    assert state.phase == "trump" and state.bidder == 1


def test_the_partner_is_revealed_when_asked_to_lead_or_when_the_card_is_played() -> None:
    state = italiana(4)
    holder = next(s for s, h in enumerate(state.hands) if "AC" in h)
    bidder = (holder + 1) % 4
    plan = [(s, {"type": "bid", "value": 61 + i} if s == bidder or (s == 0 and i == 0)
             else {"type": "pass"}) for i, s in enumerate(range(4))]
    state, _ = moves(state, plan)
    while state.phase == "bid":
        state, _ = step(state, state.turn, {"type": "pass"})
    assert state.bidder == bidder
    state, _ = moves(state, [(bidder, {"type": "trump", "suit": "S"}),
                             (bidder, {"type": "call", "card": "AC"})])
    asked, log = step(state, bidder, {"type": "lead", "by": "partner"})
    assert [e.type for e in log] == ["lead_chosen", "partner_revealed"]
    assert log[1].data == {"seat": holder} and asked.turn == holder
    assert game.view(asked, (holder + 2) % 4)["partner"] == holder
