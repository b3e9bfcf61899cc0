"""RULES.md §3.6, §3.12, §6.4, §6.7: the variants of the seed texts added last, each with its
worked example (V-SEDMA-09, V-TRICKS-02, V-OSMOVA-05, V-VIST-07, V-VIST-08)."""

from __future__ import annotations

from typing import Any

import pytest

from domain import game, registry
from domain.errors import InvalidDeal, InvalidOption
from domain.sedma import points as scoring
from domain.sedma.capture import current_winner
from domain.whist.rules import score
from tests.helpers import arrange, random_deal, secret, step


def run(state: Any, plays: list[tuple[int, dict[str, Any]]]) -> tuple[Any, list[Any]]:
    log: list[Any] = []
    for seat, move in plays:
        state, events = step(state, seat, move)
        log += events
    return state, log


def play(card: str) -> dict[str, str]:
    return {"type": "play", "card": card}


def bid(value: int) -> dict[str, Any]:
    return {"type": "bid", "value": value}


# -- §3.6: the plain tariff ----------------------------------------------------------------------

@pytest.mark.parametrize(("rank", "basic", "plain"), [("9", 1, 1), ("10", 1, 1), ("7", 3, 1)])
def test_v_sedma_09_the_plain_tariff_is_one_stake_sevens_included(rank: str, basic: int,
                                                                   plain: int) -> None:
    four = [[f"{rank}{s}"] for s in "SHDC"]
    for tariff, stakes in (("basic", basic), ("plain", plain)):
        _, dealt = arrange("sedma", 4, four, options={"burn_tariff": tariff})
        state, log = run(game.fold([dealt]), [(s, play(four[s][0])) for s in range(4)])
        burned = next(e for e in log if e.type == "burned")
        assert burned.data["stakes"] == stakes and burned.data["side"] == 1
        assert state.result["score"]["stakes"] == [0, stakes]


# -- §6.4: penalty under, zero over, on the fives scale ------------------------------------------

@pytest.mark.parametrize(("b", "t", "fives", "puzo"), [
    (5, 5, 35, 35),    # made: 10 + 5 x 5, as in fives
    (3, 2, -15, -15),  # under: the fives penalty, 5 a trick bid
    (3, 4, -15, 0),    # over: zero
    (0, 1, -10, 0),    # a zero bid can only be missed over: zero, where fives takes 10
    (0, 0, 10, 10),
])
def test_v_vist_07_penalty_under_zero_over_on_the_fives_scale(b: int, t: int, fives: int,
                                                              puzo: int) -> None:
    assert score("fives", b, t, 5, 4) == fives
    assert score("penalty_under_zero_over_fives", b, t, 5, 4) == puzo


# -- §6.7: trumps turned up at random ------------------------------------------------------------

def turned(options: dict[str, Any] | None = None) -> Any:
    return registry.rules_for("serbian-whist", 4, {"trumps": "turned", **(options or {})})


def test_v_vist_08_a_turned_spade_doubles_the_hand() -> None:
    """Hand 14 (one card each), seat 3 deals and turns its KS: spades are trumps, and with
    ``spades_double`` every score counts twice. Bids 0, 0, 1, then the dealer may not bid 0."""
    rules = turned({"spades_double": True})
    hands = [["2S"], ["3H"], ["AD"], ["KS"]]
    rest = [c for c in rules.pack() if c not in {h[0] for h in hands}]
    state = game.fold(game.prearranged_deal(rules, 3, hands, rest, None, 14))
    assert (state.trump, state.trump_card) == ("S", "KS")
    assert game.view(state, 0)["trump_card"] == "KS" and game.view(state, None)["trump"] == "S"
    state, _ = run(state, [(0, bid(0)), (1, bid(0)), (2, bid(1))])
    assert game.view(state, 3)["forbidden_bid"] == 0
    state, log = run(state, [(3, bid(1)), (0, play("2S")), (1, play("3H")), (2, play("AD")),
                             (3, play("KS"))])
    assert next(e for e in log if e.type == "trick_taken").data["seat"] == 3
    assert state.trump_card is None
    assert state.result["score"]["scores"] == [20, 20, -20, 22]


def test_v_vist_08_another_suit_is_not_doubled_and_no_hand_is_without_trumps() -> None:
    """Hand 5 is no-trumps by the schedule; turned, it has the suit of the dealer's last card."""
    rules = turned({"spades_double": True})
    hands = [[c + s for c in ("2", "3", "4", "5", "6", "7", "8", "9", "10")] for s in "SHDC"]
    rest = [c for c in rules.pack() if c not in {c for h in hands for c in h}]
    state = game.fold(game.prearranged_deal(rules, 3, hands, rest, None, 5))
    assert state.cards == 9 and (state.trump, state.trump_card) == ("C", "10C")
    assert rules.player_score(2, 2, 9, state.trump) == 12
    with pytest.raises(InvalidDeal):
        game.prearranged_deal(rules, 3, hands, rest, "2S", 5)  # not the dealer's card
    assert game.fold(game.prearranged_deal(rules, 3, hands, rest, "4C", 5)).trump_card == "4C"
    with pytest.raises(InvalidDeal):  # the schedule turns nothing
        game.prearranged_deal(registry.rules_for("serbian-whist", 4, {}), 3, hands, rest,
                              "4C", 5)


def test_a_shuffled_turned_deal_shows_the_dealers_last_card_to_everyone() -> None:
    rules = turned()
    dealt = game.new_deal(rules, 1, 2, secret("turned"))[0]
    card = dealt.data["trump_card"]
    assert card == dealt.data["hands"][2][-1] and dealt.data["trump"] == card[-1]
    state = game.fold([dealt])
    assert all(game.view(state, seat)["trump_card"] == card for seat in (None, 0, 1, 2, 3))


@pytest.mark.parametrize("seed", range(6))
def test_random_turned_hands_play_to_the_end(seed: int) -> None:
    log, state = random_deal("serbian-whist", 4, seed, {"trumps": "turned",
                                                        "spades_double": True})
    assert state.phase == "over" and sum(state.result["points"]) == 13
    assert log[0].data["trump"] == log[0].data["trump_card"][-1]


# -- §3.12: sedma-tricks and sedma-osmova for three ----------------------------------------------

def test_three_play_tricks_and_osmova_each_for_themselves_with_30_cards() -> None:
    tricks = registry.rules_for("sedma-tricks", 3, {})
    osmova = registry.rules_for("sedma-osmova", 3, {})
    assert tricks.sides == osmova.sides == [[0], [1], [2]]
    assert len(tricks.pack()) == len(osmova.pack()) == 30
    assert {"8D", "9D"} - set(tricks.pack()) == {"8D", "9D"}
    assert {"9D", "9C"} - set(osmova.pack()) == {"9D", "9C"}
    assert sum(c.startswith("8") for c in osmova.pack()) == 4  # every wild eight stays
    assert tricks.scoring.outcome == osmova.scoring.outcome == "payments"
    assert registry.rules_for("sedma-osmova", 4, {}).scoring.outcome == "stakes"


@pytest.mark.parametrize(("preset", "options", "field"), [
    ("sedma-tricks", {"burn_tariff": "basic"}, "burn_tariff"),
    ("sedma-osmova", {"burned_hand": True}, "burned_hand"),
    ("sedma-osmova", {"removed_cards": ["8D", "9D"]}, "removed_cards"),  # an eight is wild
])
def test_three_players_never_burn_and_keep_the_eights(preset: str, options: dict[str, Any],
                                                      field: str) -> None:
    with pytest.raises(InvalidOption) as refused:
        registry.rules_for(preset, 3, options)
    assert refused.value.field == field


def test_removed_cards_is_for_three_players() -> None:
    with pytest.raises(InvalidOption):
        registry.rules_for("sedma-tricks", 4, {"removed_cards": ["8S", "9S"]})
    assert len(registry.rules_for("sedma-tricks", 4, {}).pack()) == 32


@pytest.mark.parametrize(("rounds", "captures", "net"), [
    ([5, 3, 2], [3, 2, 1], [2, -1, -1]),   # the most rounds is paid 1 by each of the others
    ([4, 4, 2], [2, 2, 1], [1, 1, -2]),    # two tied for most: the third pays each 1
    ([10, 0, 0], [4, 0, 0], [6, -3, -3]),  # the others captured nothing: 3 each
    ([6, 2, 2], [3, 1, 1], [2, -1, -1]),   # no ace or ten among the losers: still 1
])
def test_v_tricks_02_three_players_rounds_and_payments(rounds: list[int], captures: list[int],
                                                       net: list[int]) -> None:
    rules = registry.rules_for("sedma-tricks", 3, {"double_win": "all_counters"})
    s = rules.scoring
    won = [["9S"] * (3 * r) for r in rounds]
    points, counters = scoring.side_points(s, won, 0, 3)
    assert points == rounds and sum(points) == 10
    assert scoring.payments(points, counters, captures, s.double_win, s.levels)["net"] == net


def test_v_osmova_05_three_players() -> None:
    """A-8-7: the eight wins (a seven does not beat a winning eight); 50-30-10: the two
    losers each pay the winner 1; 40-40-10: the third pays each 1."""
    rules = registry.rules_for("sedma-osmova", 3, {})
    win = current_winner
    assert win([(0, "AS"), (1, "8H"), (2, "7C")], rules.wild, rule=rules.winner_rule) == 1
    s = rules.scoring
    paid = scoring.payments([50, 30, 10], [40, 30, 10], [3, 2, 1], s.double_win, s.levels)
    assert paid["net"] == [2, -1, -1]
    paid = scoring.payments([40, 40, 10], [40, 30, 10], [3, 2, 1], s.double_win, s.levels)
    assert paid["net"] == [1, 1, -2]


@pytest.mark.parametrize(("preset", "total"), [("sedma-tricks", 10), ("sedma-osmova", 90)])
@pytest.mark.parametrize("seed", range(4))
def test_three_player_deals_play_out_and_balance(preset: str, total: int, seed: int) -> None:
    log, state = random_deal(preset, 3, seed)
    assert len(log[0].data["stock"]) == 18 and sum(state.result["points"]) == total
    net = state.result["score"]["match_points"]
    assert sum(net) == 0 and len(net) == 3
