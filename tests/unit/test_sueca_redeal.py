"""RULES.md §7.7 [choice] ``weak_hand_redeal`` (Brazil, off by default): before the first card,
the player to lead with fewer than 10 card points in hand, or another player with fewer than 5,
may ask for a redeal; the deal is worth nothing and the same dealer deals again."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from domain import game, registry, tricks
from domain.errors import IllegalMove
from domain.sueca.rules import POINTS
from tests.helpers import step

REDEAL = {"type": "redeal"}
# Dealer 3, so seat 0 leads: seat 0 holds 2 card points, seat 1 none, seats 2 and 3 plenty.
WEAK_HANDS = [
    ["6S", "5S", "4S", "3S", "2S", "6H", "5H", "4H", "3H", "QH"],
    ["6D", "5D", "4D", "3D", "2D", "6C", "5C", "4C", "3C", "2H"],
    ["2C", "AS", "7S", "KS", "JS", "QS", "AH", "7H", "KH", "JH"],
    ["AD", "7D", "KD", "JD", "QD", "AC", "7C", "KC", "JC", "QC"],
]


def weak_deal(redeal: bool = True) -> Any:
    rules = registry.rules_for("sueca-brazil", 4, {"weak_hand_redeal": redeal})
    return game.fold(game.prearranged_deal(rules, 3, WEAK_HANDS, []))


def test_who_may_ask_for_a_redeal() -> None:
    state = weak_deal()
    assert state.turn == 0
    assert REDEAL in game.legal_moves(state, 0)          # the leader, under 10 points
    assert game.legal_moves(state, 1) == [REDEAL]        # out of turn, under 5 points
    assert game.legal_moves(state, 2) == [] and game.legal_moves(state, 3) == []


def test_off_by_default_and_off_in_portugal() -> None:
    assert REDEAL not in game.legal_moves(weak_deal(redeal=False), 0)
    with pytest.raises(Exception, match="weak_hand_redeal"):
        registry.rules_for("sueca", 4, {"weak_hand_redeal": True})


def test_a_redeal_scores_nothing_and_the_same_dealer_deals_again() -> None:
    state, events = step(weak_deal(), 1, REDEAL)
    assert [e.type for e in events] == ["redeal_asked", "scored"] and events[0].seat == 1
    assert state.phase == "over"
    score = state.result["score"]
    assert score["match_points"] == [0, 0] and score["redeal"] == {"seat": 1}
    rules = state.rules
    assert game.family_of(rules).next_dealer(rules, 3, state.result) == 3


@pytest.mark.parametrize(("seat", "after_a_card"), [(2, False), (1, True)])
def test_a_redeal_is_refused_for_a_strong_hand_or_after_the_first_card(
        seat: int, after_a_card: bool) -> None:
    state = weak_deal()
    if after_a_card:
        state, _ = step(state, 0, {"type": "play", "card": "6S"})
    with pytest.raises(IllegalMove) as error:
        step(state, seat, REDEAL)
    assert error.value.rule == "redeal"


def _swap(hands: list[list[str]], a: str, b: str) -> list[list[str]]:
    """The hands with cards ``a`` and ``b`` exchanged between their holders."""
    return [[b if c == a else a if c == b else c for c in hand] for hand in hands]


@pytest.mark.parametrize(("swaps", "seat", "points", "offered"), [
    ([("4H", "KH"), ("3H", "JH")], 0, 9, True),     # the leader: under 10 is weak
    ([("4H", "KH"), ("3H", "JH"), ("5H", "QS")], 0, 11, False),
    ([("3C", "KS")], 1, 4, True),                  # another player: under 5 is weak
    ([("3C", "JS"), ("2H", "QS")], 1, 5, False),
])
def test_the_weak_hand_thresholds(swaps: list[tuple[str, str]], seat: int, points: int,
                                  offered: bool) -> None:
    hands = WEAK_HANDS
    for a, b in swaps:
        hands = _swap(hands, a, b)
    rules = registry.rules_for("sueca-brazil", 4, {"weak_hand_redeal": True})
    state = game.fold(game.prearranged_deal(rules, 3, hands, []))
    assert tricks.points(state.hands[seat], POINTS) == points
    assert (REDEAL in game.legal_moves(state, seat)) is offered


def test_a_60_60_carry_waits_through_a_redeal() -> None:
    state, _ = step(replace(weak_deal(), carry=2), 1, REDEAL)
    assert state.result["score"]["carry_next"] == 2
