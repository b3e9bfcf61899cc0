"""Briscola's rules (docs/RULES.md §13), each with a worked example: the deal and the turned
card, no need to follow, who takes a trick, the winner drawing first, the turned card drawn
last, 61 wins and 60-60 draws, the partnerships, the match."""

from __future__ import annotations

from typing import Any

import pytest

from domain import game, registry
from domain.briscola.play import score
from domain.briscola.rules import CARD_POINTS, RANKS
from domain.briscola.state import BriscolaState, replace
from domain.errors import IllegalMove
from tests.helpers import random_deal, step


def prearranged(players: int, hands: list[list[str]], stock: list[str], dealer: int = 1
                ) -> BriscolaState:
    rules = registry.rules_for("briscola", players, {})
    state = game.fold(game.prearranged_deal(rules, dealer, hands, stock))
    assert isinstance(state, BriscolaState)
    return state


def rest(*taken: list[str]) -> list[str]:
    """The pack without ``taken``, in canonical order."""
    used = {c for cards in taken for c in cards}
    return [c for c in registry.rules_for("briscola", 2, {}).pack() if c not in used]


def test_the_pack_is_forty_cards_worth_120_in_the_italian_order() -> None:
    """§13.1: A 3 K Q J 7 6 5 4 2 in each suit; A 11, 3 10, K 4, Q 3, J 2."""
    pack = registry.rules_for("briscola", 2, {}).pack()
    assert len(pack) == len(set(pack)) == 40
    assert RANKS == ("A", "3", "K", "Q", "J", "7", "6", "5", "4", "2")
    assert sum(CARD_POINTS[c] for c in pack) == 120
    assert [CARD_POINTS[r + "S"] for r in RANKS[:6]] == [11, 10, 4, 3, 2, 0]


def test_three_each_from_the_dealers_right_then_the_turned_card_goes_under_the_stock() -> None:
    """§13.2, worked: dealer seat 1 of 2 deals one card at a time from seat 0; the seventh card
    (2S) is turned, public, and is the stock's last card."""
    rules = registry.rules_for("briscola", 2, {})
    deck = ["AS", "3S", "KS", "QS", "JS", "7S", "2S", *rest(["AS", "3S", "KS", "QS", "JS",
                                                             "7S", "2S"])]
    family = registry.PRESETS["briscola"].family
    hands, stock = family.deal_layout(rules, deck, 1, 1)
    assert hands == [["AS", "KS", "JS"], ["3S", "QS", "7S"]]
    assert len(stock) == 34 and stock[-1] == "2S" and stock[0] == deck[7]
    dealt = game.prearranged_deal(rules, 1, hands, stock)[0]
    assert dealt.data["trump_card"] == "2S" and dealt.data["leader"] == 0
    seen = game.redact(rules, dealt, 0, over=False)
    assert seen["trump_card"] == "2S" and seen["stock"] is None and seen["hands"][1] is None


def test_no_one_must_follow_suit_or_trump() -> None:
    """§13.3: seat 1 holds a spade but may throw a heart on a spade lead."""
    state = prearranged(2, [["AS", "2C", "4C"], ["3S", "KH", "4H"]],
                        rest(["AS", "2C", "4C", "3S", "KH", "4H"]))
    state, _ = step(state, 0, {"type": "play", "card": "AS"})
    assert game.legal_moves(state, 1) == [{"type": "play", "card": c} for c in ("3S", "KH", "4H")]
    state, events = step(state, 1, {"type": "play", "card": "KH"})
    assert events[1].type == "trick_taken" and events[1].data["seat"] == 0


@pytest.mark.parametrize(("cards", "taker"), [
    (["KS", "3S"], 1),   # the 3 outranks the king in its suit
    (["AS", "2D"], 1),   # the lowest trump takes the ace of another suit (trumps: D)
    (["7S", "AH"], 0),   # a card of neither the led suit nor trumps never takes the trick
])
def test_the_highest_trump_else_the_highest_of_the_suit_led_takes(cards: list[str],
                                                                   taker: int) -> None:
    """§13.3; the turned card here is the stock's last, a diamond."""
    hands = [[cards[0], "4C", "5C"], [cards[1], "4H", "5H"]]
    stock = [c for c in rest(*hands) if c != "6D"] + ["6D"]
    state = prearranged(2, hands, stock)
    assert state.trump == "D"
    state, _ = step(state, 0, {"type": "play", "card": cards[0]})
    _, events = step(state, 1, {"type": "play", "card": cards[1]})
    assert events[1].data["seat"] == taker


def test_the_winner_draws_first_and_leads() -> None:
    """§13.3: seat 1 takes the trick, draws the stock's top card (its first), seat 0 the next;
    seat 1 leads; each draw is seen only by its drawer."""
    hands = [["4S", "4C", "5C"], ["AS", "4H", "5H"]]
    stock = rest(*hands)
    state = prearranged(2, hands, stock)
    state, _ = step(state, 0, {"type": "play", "card": "4S"})
    state, events = step(state, 1, {"type": "play", "card": "AS"})
    assert [e.type for e in events] == ["played", "trick_taken", "drew"]
    assert events[2].data["draws"] == [{"seat": 1, "card": stock[0]},
                                       {"seat": 0, "card": stock[1]}]
    assert state.turn == state.leader == 1 and state.hands[1][-1] == stock[0]
    seen = game.redact(state.rules, events[2], 0, over=False)["draws"]
    assert seen == [{"seat": 1, "card": None}, {"seat": 0, "card": stock[1]}]


def test_the_turned_card_is_drawn_last_and_the_last_three_tricks_are_played_out() -> None:
    """§13.2, §13.3: a whole 2-player deal: 20 tricks, the turned card in the last draw, and
    every card played once."""
    log, state = random_deal("briscola", 2, 7)
    draws = [d for e in log if e.type == "drew" for d in e.data["draws"]]
    turned = log[0].data["trump_card"]
    assert draws[-1]["card"] == turned and len(draws) == 34
    assert sum(state.tricks_won) == 20 and sum(state.result["points"]) == 120




def test_sixty_one_wins_and_sixty_all_is_a_draw() -> None:
    """§13.4, worked: seat 0 takes A A A 3 3 (53) + K K (8) = 61 of 120: it wins one match
    point; with A A A 3 3 3 (63) to seat 1 and 57 to seat 0 it loses; 60-60 is a draw."""
    pack = list(registry.rules_for("briscola", 2, {}).pack())
    mine = ["AS", "AH", "AD", "3S", "3H", "KS", "KH"]
    won = score_of(2, [mine, [c for c in pack if c not in mine]])
    assert won["points"] == [61, 59] and won["score"]["winners"] == [0]
    assert won["score"]["match_points"] == [1, 0]
    sixty = ["AS", "AH", "AD", "3S", "3H", "KS", "QH", "7S"]  # 33 + 20 + 4 + 3 = 60
    drawn = score_of(2, [sixty, [c for c in pack if c not in sixty]])
    assert drawn["points"] == [60, 60]
    assert drawn["score"] == {"winner": None, "winners": [], "match_points": [0, 0]}


def score_of(players: int, won: list[list[str]]) -> dict[str, Any]:
    rules = registry.rules_for("briscola", players, {})
    base = BriscolaState(rules=rules, dealer=0, hands=((),) * players, phase="score",
                         turn=None, leader=0, won=((),) * players, tricks_won=(0,) * players,
                         trump="S", trump_card="2S", stock=())
    return score(replace(base, won=tuple(map(tuple, won))))


def test_four_players_in_two_partnerships_opposite() -> None:
    """§13.1: seats 0 and 2 against 1 and 3; partners' cards count together (30 + 32); the
    trick goes to seat 2's ace, which draws first, then the others in play order."""
    rules = registry.rules_for("briscola", 4, {})
    assert rules.sides == [[0, 2], [1, 3]]
    pack = list(rules.pack())
    a, b = ["AS", "3S", "KS", "QS", "JS"], ["AH", "3H", "KH", "QH", "JH", "JD"]
    others = [c for c in pack if c not in a + b]
    result = score_of(4, [a, others[:20], b, others[20:]])
    assert result["points"] == [62, 58] and result["score"]["winners"] == [0, 2]
    state = prearranged(4, [["2S", "4C", "5C"], ["4H", "5H", "6H"], ["AS", "4D", "5D"],
                            ["3S", "2H", "6D"]], rest(["2S", "4C", "5C", "4H", "5H", "6H",
                                                       "AS", "4D", "5D", "3S", "2H", "6D"]),
                        dealer=3)
    assert len(state.stock) == 28 and state.turn == 0
    for seat, card in ((0, "2S"), (1, "4H"), (2, "AS"), (3, "3S")):
        state, events = step(state, seat, {"type": "play", "card": card})
    assert events[1].data["seat"] == 2 and [d["seat"] for d in events[2].data["draws"]] == [
        2, 3, 0, 1]


def test_a_match_is_one_deal_or_the_first_to_target_deal_wins() -> None:
    """§13.5: by default the match ends after one deal, a drawn deal drawing it; with
    ``target`` 2 it goes on until a side has won two deals."""
    family = registry.PRESETS["briscola"].family
    one = registry.rules_for("briscola", 2, {})
    assert family.match_winners(one, [1, 0], 1, []) == [0]
    assert family.match_winners(one, [0, 0], 1, []) == [0, 1]
    two = registry.rules_for("briscola", 2, {"target": 2})
    assert family.match_winners(two, [1, 0], 1, []) is None
    assert family.match_winners(two, [1, 2], 3, []) == [1]


def test_a_card_not_held_or_out_of_turn_is_refused() -> None:
    state = prearranged(2, [["AS", "2C", "4C"], ["3S", "KH", "4H"]],
                        rest(["AS", "2C", "4C", "3S", "KH", "4H"]))
    with pytest.raises(IllegalMove) as refused:
        step(state, 0, {"type": "play", "card": "3S"})
    assert refused.value.rule == "card_not_held"
    with pytest.raises(IllegalMove) as refused:
        step(state, 1, {"type": "play", "card": "3S"})
    assert refused.value.rule == "turn"
