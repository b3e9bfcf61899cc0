"""Sueca Italiana's search decides the auction, the trump and the call by sampled playouts:
in positions where the right choice is clear it makes it, and always a legal move."""

from __future__ import annotations

import random

import pytest

from domain import game, registry
from domain.bots.search import search_bot
from domain.messages import Command, Move
from domain.sueca.italiana import replace
from tests.helpers import secret

STRONG = ["AS", "7S", "KS", "JS", "AH", "AD", "AC", "7H"]     # 64 card points, five spades
HOPELESS = ["2S", "3S", "4H", "5H", "6D", "2C", "3C", "4C"]   # no card points at all
PLAYOUTS = 320


def _after_opening(hand: list[str], moves: list[dict]) -> tuple[object, dict]:
    """Seat 1 holds ``hand``; the dealer (seat 0) has opened at 61; then ``moves``."""
    rules = registry.rules_for("sueca-italiana", 5, {})
    state = game.fold(game.new_deal(rules, 1, 0, secret("bidding")))
    rest = [c for c in rules.pack() if c not in hand]
    hands = [rest[0:8], hand, rest[8:16], rest[16:24], rest[24:32]]
    state = replace(state, hands=tuple(tuple(h) for h in hands))
    for move in [{"type": "bid", "value": 61}, *moves]:
        _, state = game.step(state, Command(state.turn, Move.from_dict(move)))
    view = {"ruleset": rules.preset, "players": 5, "options": rules.options,
            **game.view(state, 1)}
    return state, view


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_very_strong_hand_outbids_the_opening(seed: int) -> None:
    _, view = _after_opening(STRONG, [])
    move = search_bot(view, random.Random(seed), PLAYOUTS)
    assert move == {"type": "bid", "value": 62}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_hopeless_hand_passes(seed: int) -> None:
    _, view = _after_opening(HOPELESS, [])
    assert search_bot(view, random.Random(seed), PLAYOUTS) == {"type": "pass"}


def test_the_strong_hand_names_its_long_suit_and_calls_a_card_it_lacks() -> None:
    passes = [{"type": "bid", "value": 62}] + [{"type": "pass"}] * 4
    state, view = _after_opening(STRONG, passes)
    assert view["phase"] == "trump" and view["turn"] == 1
    trump = search_bot(view, random.Random(1), PLAYOUTS)
    assert trump == {"type": "trump", "suit": "S"}
    _, state = game.step(state, Command(1, Move.from_dict(trump)))
    view = {**view, **game.view(state, 1)}
    call = search_bot(view, random.Random(1), PLAYOUTS)
    assert call in view["legal_moves"] and call["card"] not in STRONG


def test_card_play_playouts_follow_the_rules_of_thumb(monkeypatch: pytest.MonkeyPatch) -> None:
    """Italiana's playouts (``domain/sueca/policy.py``): with no random card, a seat takes a
    trick worth four points with its cheapest winning card, and throws its cheapest card on
    a trick worth less."""
    from domain.sueca import policy
    from domain.sueca.italiana import ItalianaState

    rules = registry.rules_for("sueca-italiana", 5, {})
    hands = (("2C", "4C"), ("AD",), ("5D",), ("KH", "3H"), ("5H", "6H"))

    def first_card(trick: tuple[tuple[int, str], ...]) -> str:
        state = ItalianaState(
            rules=rules, dealer=0, hands=hands, phase="play", turn=3, leader=1, won=((),) * 5,
            tricks_won=(0,) * 5, bids=(None,) * 5, trump="S", trick=trick, bidder=0)
        record: list = []
        policy.play_out(state, random.Random(1), record, 0, None, None, True)
        return str(record[0][1]["card"])

    monkeypatch.setattr(policy, "EPSILON", 0.0)
    assert first_card(((1, "QH"), (2, "JH"))) == "KH"   # 5 points: take it
    assert first_card(((1, "2D"), (2, "4H"))) == "3H"   # no points at stake: throw low


def test_only_trumps_near_the_longest_suit_are_searched() -> None:
    """The auction's playouts are shared by the candidate trumps: the longest suit in hand
    and those one card shorter, not a singleton beside a five-card suit."""
    from domain.sueca.bidding import trump_candidates

    assert trump_candidates(STRONG) == ["S"]
    assert trump_candidates(HOPELESS) == ["S", "H", "C"]
    assert trump_candidates(["AS", "2S", "AH", "2H", "AD", "2D", "AC", "2C"]) == list("SHDC")
