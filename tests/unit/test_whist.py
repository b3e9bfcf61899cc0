"""RULES.md §6: Serbian whist — V-VIST-01..06, every scoring system's examples, the hook rule,
compulsory trumping and the schedule of hands."""

from __future__ import annotations

from fractions import Fraction

import pytest

from domain import game, registry, tricks
from domain.errors import IllegalMove
from domain.sheet import csv_rows, sheet, text
from domain.whist.rules import schedule, score, trump_of
from tests.helpers import step


def test_v_vist_01_the_seeds_score_sheet() -> None:
    hand1 = [(2, 2), (4, 4), (2, 1), (6, 6)]
    hand2 = [(1, 2), (3, 3), (5, 4), (4, 3)]
    first = [int(score("basic", b, t, 13, 4)) for b, t in hand1]
    second = [int(score("basic", b, t, 12, 4)) for b, t in hand2]
    assert first == [12, 14, 1, 16] and second == [2, 13, 4, 3]
    assert sum(b for b, _ in hand1) != 13 and sum(t for _, t in hand1) == 13
    match = {"id": "m", "ruleset": "serbian-whist", "status": "playing",
             "seats": [{"name": n} for n in ("Igor", "Jovana", "Dunja", "Dušan")],
             "sides": [[0], [1], [2], [3]]}
    results = [({"number": 1, "dealer": 3}, {"score": {"cards": 13, "trump": "S",
                                                       "bids": [2, 4, 2, 6],
                                                       "match_points": first}}),
               ({"number": 2, "dealer": 0}, {"score": {"cards": 12, "trump": "D",
                                                       "bids": [1, 3, 5, 4],
                                                       "match_points": second}})]
    data = sheet(match, results)
    assert [r["totals"] for r in data["hands"]] == [[12, 14, 1, 16], [14, 27, 5, 19]]
    assert csv_rows(data)[1] == [1, 13, "S", 2, 12, 4, 14, 2, 1, 6, 16]
    assert csv_rows(data)[2] == [2, 12, "D", 1, 14, 3, 27, 5, 5, 4, 19]
    rendered = text(data).splitlines()
    assert "Igor" in rendered[0] and rendered[2].split() == ["13", "S", "2", "12", "4", "14",
                                                              "2", "1", "6", "16"]


@pytest.mark.parametrize(("system", "b", "t", "value"), [
    ("basic", 2, 2, 12), ("basic", 2, 1, 1), ("basic", 2, 0, -10),        # V-VIST-02
    ("basic_harsh", 3, 2, -8), ("basic_harsh", 2, 3, 3),
    ("exact", 3, 2, 0), ("exact_penalty", 3, 2, -3), ("exact_penalty", 0, 1, 0),
    ("set_penalty", 4, 4, 14), ("set_penalty", 4, 5, 5), ("set_penalty", 4, 3, -10),
    ("progressive_penalty", 4, 4, 14), ("progressive_penalty", 4, 3, -14),
    ("progressive_penalty", 4, 5, -14), ("progressive_penalty", 4, 2, -24),
    ("progressive_penalty", 4, 6, -24),
    ("fives", 3, 2, -15), ("fives", 0, 1, -10), ("fives", 5, 5, 35),
    ("progressive", 4, 4, 26), ("negative", 2, 5, 6), ("negative_simple", 2, 5, 9),
    ("ten_times", 4, 4, 40), ("ten_times", 4, 3, 0), ("ten_times_penalty", 4, 3, -40),
    ("trick_scoring", 3, 2, -1), ("trick_scoring", 2, 3, -1), ("trick_scoring", 3, 3, 3),
    ("get_fred", 3, 2, -1), ("get_fred", 3, 4, -1), ("oy_vey", 3, 3, 19),
    ("montreal", 3, 3, 16), ("binary", 3, 3, 10), ("binary", 3, 2, 0),
    ("adjusted_exact", 3, 3, 16), ("reduced_zero", 0, 0, 5), ("scratch", 2, 3, 1),
    ("penalty_under_zero_over", 3, 4, 0), ("penalty_under_zero_over", 3, 2, -3),
    # RULES.md §6.4's bracketed sub-variants: the x10 form, and reduced_zero on exact
    ("penalty_under_zero_over_x10", 3, 3, 30), ("penalty_under_zero_over_x10", 3, 4, 0),
    ("penalty_under_zero_over_x10", 3, 2, -30), ("reduced_zero_exact", 0, 0, 5),
    ("reduced_zero_exact", 2, 2, 12), ("reduced_zero_exact", 2, 1, 0),
    ("reduced_zero_exact", 2, 0, 0), ("reduced_zero", 2, 0, -10),
])
def test_v_vist_04_scoring_systems(system: str, b: int, t: int, value: int) -> None:
    assert score(system, b, t, 13, 4) == value


def test_half_points_and_n_dependent_systems() -> None:
    assert score("trick_scoring", 0, 0, 5, 4) == Fraction(1, 2)
    assert score("adjusted_zero", 0, 0, 1, 4) == 6 and score("adjusted_zero", 0, 0, 13, 4) == 18
    assert score("negative_variant", 2, 3, 5, 4) == 5
    assert score("binary_nil", 0, 0, 5, 4) == 20 and score("binary_nil", 0, 1, 5, 4) == -10
    assert score("binary_nil", 0, 0, 3, 4) == 10


def whist_hand(number: int, players: int = 4, options: dict | None = None,
               dealer: int = 3) -> object:
    rules = registry.rules_for("serbian-whist", players, options or {})
    deck = list(rules.pack())
    hands, stock = game.family_of(rules).deal_layout(rules, deck, dealer, number)
    return game.fold(game.prearranged_deal(rules, dealer, hands, stock, None, number))


def test_v_vist_03_the_hook_rule() -> None:
    state = whist_hand(8)  # 6 cards
    assert state.cards == 6
    for seat, bid in [(0, 2), (1, 0), (2, 1)]:
        state, _ = step(state, seat, {"type": "bid", "value": bid})
    assert [m["value"] for m in game.legal_moves(state, 3)] == [0, 1, 2, 4, 5, 6]
    with pytest.raises(IllegalMove) as err:
        step(state, 3, {"type": "bid", "value": 3})
    assert err.value.rule == "hook" and {"type": "bid", "value": 4} in err.value.legal_moves
    assert game.view(state, 3)["forbidden_bid"] == 3


def test_v_vist_05_must_trump() -> None:
    assert tricks.legal_cards(["3H", "AS"], [(0, "KD")], "H", must_trump=True) == ["3H"]
    assert tricks.legal_cards(["3H", "AS"], [(0, "KD")], None, must_trump=True) == ["3H", "AS"]
    assert tricks.legal_cards(["3H", "2D"], [(0, "KD")], "H", must_trump=True) == ["2D"]


def test_v_vist_06_the_schedule() -> None:
    four = schedule(4)
    assert len(four) == 28 and four[12:16] == [1, 1, 1, 1] and four[27] == 13
    assert trump_of(28) == "H" and [trump_of(i) for i in range(1, 6)] == ["S", "D", "H", "C",
                                                                          None]
    assert len(schedule(5)) == 23 and len(schedule(6)) == 20 and schedule(5)[0] == 10


def test_first_bidder_and_leader_are_the_dealers_right() -> None:
    state = whist_hand(1)
    assert state.turn == 0 and state.cards == 13 and state.trump == "S"
    for seat in range(4):
        state, _ = step(state, seat, game.legal_moves(state, seat)[0])
    assert state.phase == "play" and state.turn == 0
