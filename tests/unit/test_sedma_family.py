"""RULES.md §3-§5: the worked examples of every Sedma-family preset (V-SEDMA-05..08,
V-OSMOVA, V-KING, V-TRICKS, V-SEDMICE, V-SUSTER, V-HOLA)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from domain import game, registry
from domain.messages import Event
from domain.sedma import points as scoring
from domain.sedma import rotation
from domain.sedma.capture import current_winner
from tests.helpers import arrange, step


def play(card: str) -> dict[str, str]:
    return {"type": "play", "card": card}


def run(state: Any, plays: list[tuple[int, Any]]) -> tuple[Any, list[Event]]:
    """Apply (seat, card-or-move) pairs; returns the state and every event they produced."""
    log: list[Event] = []
    for seat, move in plays:
        state, events = step(state, seat, play(move) if isinstance(move, str) else move)
        log += events
    return state, log


def types(log: list[Event]) -> list[str]:
    return [e.type for e in log]


# -- three players -------------------------------------------------------------------------------

@pytest.mark.parametrize(("points", "net"), [
    ([40, 40, 10], [1, 1, -2]),    # C pays A 1 and B 1
    ([30, 30, 30], [0, 0, 0]),     # nobody pays
    ([50, 30, 10], [2, -1, -1]),   # B and C each pay A 1
])
def test_v_sedma_05_three_player_payments(points: list[int], net: list[int]) -> None:
    assert scoring.payments(points, points, [2, 2, 2], "all_points")["net"] == net


def test_three_players_deal_30_cards_and_pay_each_other() -> None:
    rules = registry.rules_for("sedma-3", 3, {"removed_cards": ["8S", "9S"]})
    assert len(rules.pack()) == 30 and "8S" not in rules.pack()
    assert rules.sides == [[0], [1], [2]]


@pytest.mark.parametrize(("winners", "dealer", "nxt"), [
    ([1], 0, 0),       # 0 is a loser with the winner 1 on his left
    ([0, 1], 1, 2),    # 2 loses and has winner 0 on his left
    ([0, 1, 2], 2, 0),  # all tied: the deal passes to the left
])
def test_three_player_next_dealer(winners: list[int], dealer: int, nxt: int) -> None:
    assert rotation.next_dealer("loser_right_of_winner", dealer, 3, {"winners": winners}) == nxt


def test_one_pass_lets_a_non_leader_keep_his_card_once() -> None:
    _, dealt = arrange("sedma-3-32", 3, [["KS"], ["9S"], ["QH"]], dealer=2,
                       options={"short_stock": "one_pass"})
    state = game.fold([dealt])
    state, _ = step(state, 0, play("KS"))
    assert {"type": "pass"} in game.legal_moves(state, 1)
    state, events = step(state, 1, {"type": "pass"})
    assert types(events) == ["passed"] and state.turn == 2
    state, _ = step(state, 2, play("QH"))
    state, log = run(state, [(0, {"type": "stop"})] if state.phase == "decide" else [])
    assert [len(h) for h in state.hands] == [4, 4, 4]  # the passer drew nothing
    assert state.pass_used and all({"type": "pass"} not in game.legal_moves(state, s)
                                   for s in range(3))


def test_v_king_01_the_solo_king_counts_as_a_seven() -> None:
    rules = registry.rules_for("sedma-king", 3, {})
    win = current_winner
    assert win([(0, "AH"), (1, "KS"), (2, "AC")], rules.wild, rank_of=rules.rank_of) == 2
    assert win([(0, "AH"), (1, "KS"), (2, "9C")], rules.wild, rank_of=rules.rank_of) == 1
    assert win([(0, "KS"), (1, "KH"), (2, "9D")], rules.wild, rank_of=rules.rank_of) == 0
    khrules = registry.rules_for("sedma-king", 3, {"solo_king": "KH"})
    assert win([(0, "KS"), (1, "KH")], khrules.wild, rank_of=khrules.rank_of) == 1


# -- burning -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("tariff", "rank", "stakes"), [
    ("basic", "9", 1), ("flat4", "9", 4), ("graded", "9", 5),
    ("basic", "7", 3), ("flat4", "7", 4), ("graded", "7", 15),
    ("basic", "10", 1), ("flat4", "10", 4), ("graded", "10", 10),
])
def test_v_sedma_06_burned_round(tariff: str, rank: str, stakes: int) -> None:
    four = [[f"{rank}{s}"] for s in "SHDC"]
    _, dealt = arrange("sedma", 4, four, options={"burn_tariff": tariff})
    state, log = run(game.fold([dealt]), [(s, four[s][0]) for s in range(4)])
    assert types(log)[-2:] == ["burned", "scored"]
    assert state.result["score"]["winner"] == 1 and state.result["score"]["stakes"] == [0, stakes]
    assert state.result["points"] == [0, 0]


def test_v_sedma_06_a_seven_is_not_a_nine_and_burning_is_off_by_default() -> None:
    hands = [["9S"], ["7H"], ["9D"], ["9C"]]
    _, dealt = arrange("sedma", 4, hands, options={"burn_tariff": "basic"})
    _, log = run(game.fold([dealt]), [(s, hands[s][0]) for s in range(4)])
    assert "burned" not in types(log)
    nines = [["9S"], ["9H"], ["9D"], ["9C"]]
    _, dealt = arrange("sedma", 4, nines)
    _, log = run(game.fold([dealt]), [(s, nines[s][0]) for s in range(4)])
    assert "burned" not in types(log)


def test_v_sedma_07_burn_straddling_two_rounds() -> None:
    hands = [["AS", "7S"], ["7H"], ["7D"], ["7C"]]
    _, dealt = arrange("sedma", 4, hands, options={"burn_tariff": "graded"})
    state, log = run(game.fold([dealt]), [(0, "AS"), (1, "7H"), (2, "7D"), (3, "7C"), (0, "7S")])
    burned = next(e for e in log if e.type == "burned")
    assert burned.data == {"seat": 0, "side": 0, "kind": "round", "rank": "7", "stakes": 15}
    assert state.result["score"]["stakes"] == [15, 0]


def test_v_sedma_07_two_players_burn_with_a_continuation() -> None:
    _, dealt = arrange("sedma", 2, [["9S", "9H"], ["9D", "9C"]], options={"burn_tariff": "basic"})
    state, log = run(game.fold([dealt]), [(0, "9S"), (1, "9D"), (0, "9H"), (1, "9C")])
    assert state.result["score"]["winner"] == 1 and "burned" in types(log)


def test_v_sedma_08_burned_hand_after_a_refill() -> None:
    rules = registry.rules_for("sedma", 2, {"burned_hand": True})
    hands = [["QC", "QS", "QH", "9S"], ["KS", "KH", "JD", "JC"]]
    used = {c for h in hands for c in h} | {"QD"}
    stock = ["QD"] + [c for c in rules.pack() if c not in used]
    state = game.fold(game.prearranged_deal(rules, 1, hands, stock))
    state, log = run(state, [(0, "9S"), (1, "KS")])
    if state.phase == "decide":
        state, more = run(state, [(0, {"type": "stop"})])
        log += more
    assert types(log)[-3:] == ["drew", "burned", "scored"]
    assert log[-3].data["draws"] == [{"seat": 0, "card": "QD"}]  # drawing stops at once
    assert state.result["score"]["stakes"] == [4, 0]


def test_v_sedma_08_burned_hand_as_dealt_ends_the_deal_at_once() -> None:
    rules = registry.rules_for("sedma", 4, {"burned_hand": True})
    hands = [["QC", "QS", "QH", "QD"], ["KS", "KH", "KD", "KC"], ["JS", "JH", "JD", "JC"],
             ["AS", "AH", "AD", "AC"]]
    stock = [c for c in rules.pack() if all(c not in h for h in hands)]
    log = game.prearranged_deal(rules, 3, hands, stock)
    assert types(log) == ["dealt", "burned", "scored"]
    assert log[1].data["seat"] == 0  # the first in dealing order (from the dealer's left)


# -- osmová, 170, tricks, Slovak -----------------------------------------------------------------

@pytest.mark.parametrize(("cards", "winner", "rule"), [
    ("A 8 9 7", 1, "osmova"),    # V-OSMOVA-01
    ("A 8 A 7", 3, "osmova"),    # V-OSMOVA-02
    ("A 7 8 9", 1, "osmova"),    # V-OSMOVA-03
    ("8 7 K 9", 0, "osmova"),
    ("K 8 8 J", 2, "osmova"),
    ("7 8 K 7", 3, "osmova"),
    ("A 7 8 9", 2, "eights_high"),
    ("A 8 9 7", 1, "eights_high"),
])
def test_v_osmova_winners(cards: str, winner: int, rule: str) -> None:
    table = [(seat, f"{r}{'SHDC'[seat]}") for seat, r in enumerate(cards.split())]
    assert current_winner(table, frozenset({"7", "8"}), rule) == winner


def test_v_osmova_04_170_points() -> None:
    s = registry.rules_for("sedma-osmova-170", 4, {}).scoring
    ns = ["AS", "AH", "AD", "10S", "10H"] + ["9S"] * 15   # 20 cards, 5 rounds, 50 points
    ew = ["AC", "10D", "10C"] + ["8S"] * 9                # 12 cards, 3 rounds, 30 points
    points, _ = scoring.side_points(s, [ns, ew], 0, 4)
    assert points == [110, 60] and sum(points) == 170
    assert scoring.two_sided(s, points, [50, 30], [5, 3], 0) == {"winner": 0, "level": 1}


def test_v_tricks_01_rounds_are_points() -> None:
    s = registry.rules_for("sedma-tricks", 4, {}).scoring
    points, _ = scoring.side_points(s, [["9S"] * 20, ["9H"] * 12], 1, 4)
    assert points == [5, 3]
    assert scoring.two_sided(s, points, [0, 0], [5, 3], 1) == {"winner": 0, "level": 1}
    assert scoring.two_sided(s, [4, 4], [0, 0], [4, 4], 1)["winner"] == 1  # tie: last capture
    assert scoring.two_sided(s, [8, 0], [0, 0], [8, 0], 0)["level"] == 3


def test_slovak_scoring_has_no_last_bonus_and_a_tie_goes_to_the_last_capture() -> None:
    s = registry.rules_for("sedma-slovak", 2, {}).scoring
    points, _ = scoring.side_points(s, [["AS", "AH", "AD", "AC"], ["10S", "10H", "10D", "10C"]],
                                    1, 2)
    assert points == [40, 40]
    assert scoring.two_sided(s, points, points, [3, 5], 1) == {"winner": 1, "level": 1}
    facts = {"winners": [1], "dealer_opponent_counters": 60}
    assert rotation.next_dealer("slovak", 0, 2, facts) == 1
    assert rotation.next_dealer("slovak", 0, 2, {**facts, "dealer_opponent_counters": 50}) == 0


# -- Sedmice and Šuster --------------------------------------------------------------------------

def test_v_sedmice_01_leader_winning_ends_the_capture() -> None:
    _, dealt = arrange("sedmice", 4, [["8S", "8H"], ["QS"], ["9S"], ["9H"]])
    state, log = run(game.fold([dealt]), [(0, "8S"), (1, "QS"), (2, "9S"), (3, "9H")])
    taken = next(e for e in log if e.type == "trick_taken")
    assert (taken.data["seat"], taken.data["points"], len(taken.data["cards"])) == (0, 0, 4)


def test_v_sedmice_02_going_on_while_an_opponent_wins() -> None:
    hands = [["AS", "AH", "7S", "8D"], ["JS", "QS", "10S"], ["8S", "KS", "9S"], ["AD", "7H", "KH"]]
    _, dealt = arrange("sedmice", 4, hands)
    state, log = run(game.fold([dealt]), [
        (0, "AS"), (1, "JS"), (2, "8S"), (3, "AD"),
        (0, "AH"), (1, "QS"), (2, "KS"), (3, "7H"),
        (0, "7S"), (1, "10S"), (2, "9S"), (3, "KH")])
    taken = next(e for e in log if e.type == "trick_taken")
    assert (taken.data["seat"], len(taken.data["cards"]), taken.data["points"]) == (0, 12, 40)
    assert types(log).count("continued") == 2


def test_v_sedmice_03_a_led_rank_card_beats_the_seven() -> None:
    hands = [["10S", "7S", "8D", "9D"], ["7H", "10H"], ["KS", "JS"], ["JH", "AH"]]
    _, dealt = arrange("sedmice", 4, hands)
    state, log = run(game.fold([dealt]), [
        (0, "10S"), (1, "7H"), (2, "KS"), (3, "JH"),
        (0, "7S"), (1, "10H"), (2, "JS"), (3, "AH")])
    assert "stopped" not in types(log)  # N holds no 10 and no 7, and is asked all the same
    assert state.phase == "decide" and game.legal_moves(state, 0) == [{"type": "stop"}]
    state, log = run(state, [(0, {"type": "stop"})])
    stopped = next(e for e in log if e.type == "stopped")
    taken = next(e for e in log if e.type == "trick_taken")
    assert (stopped.seat, stopped.data) == (0, {"reason": "leader"})
    assert (taken.data["seat"], taken.data["side"], taken.data["points"]) == (1, 1, 30)


def test_v_sedmice_04_no_continuation_while_the_partner_wins() -> None:
    hands = [["9S", "9H", "7S", "KD"], ["7H"], ["9D"], ["KS"]]
    _, dealt = arrange("sedmice", 4, hands)
    state, log = run(game.fold([dealt]), [(0, "9S"), (1, "7H"), (2, "9D"), (3, "KS")])
    assert "trick_taken" in types(log) and state.leader == 2
    _, dealt = arrange("sedma", 4, hands)  # Sedma offers the choice
    state, _ = run(game.fold([dealt]), [(0, "9S"), (1, "7H"), (2, "9D"), (3, "KS")])
    assert state.phase == "decide" and play("9H") in game.legal_moves(state, 0)


def test_v_sedmice_05_two_players() -> None:
    _, dealt = arrange("sedmice", 2, [["KS", "KH", "7D", "8D"], ["AS", "7S"]])
    state, log = run(game.fold([dealt]), [(0, "KS"), (1, "AS")])
    assert next(e for e in log if e.type == "trick_taken").data["points"] == 10
    _, dealt = arrange("sedmice", 2, [["KS", "KH", "7D", "8D"], ["AS", "7S"]])
    state, _ = run(game.fold([dealt]), [(0, "KS"), (1, "7S")])
    assert {m.get("card") for m in game.legal_moves(state, 0)} == {"KH", "7D", None}


def test_v_sedmice_06_match_end() -> None:
    assert rotation.match_winners("points", 120, [70, 110]) is None
    assert rotation.match_winners("points", 120, [120, 150]) == [1]
    assert rotation.match_winners("points", 120, [130, 130]) is None  # tied: play another deal


def test_sedmice_partners_see_each_others_hands_after_the_last_draw() -> None:
    from tests.helpers import random_deal

    log, _ = random_deal("sedmice", 4, 11)
    shown = next(e for e in log if e.type == "hands_shown")
    before = log[: log.index(shown)]
    last_draw = max(i for i, e in enumerate(before) if e.type == "drew")
    assert all(e.type != "drew" for e in log[last_draw + 1:])
    state = game.fold(log[: log.index(shown) + 1])
    rules = state.rules
    mine = game.view(state, 0)
    assert mine["partner_hand"] == list(state.hands[2])
    assert "partner_hand" not in game.view(state, None)
    feed = game.redact(rules, shown, 1, over=False)
    assert feed["hands"][0] is None and feed["hands"][2] is None and feed["hands"][1] is not None


@pytest.mark.parametrize(("points", "captures", "last", "winner", "level"), [
    ([40, 40], [3, 5], 1, 1, 1),   # 40-40: the last capture wins
    ([80, 0], [5, 1], 0, 0, 2),    # all 80 points, the losers captured once
    ([80, 0], [6, 0], 0, 0, 3),    # every capture
])
def test_v_suster_01_game_points(points: list[int], captures: list[int], last: int,
                                 winner: int, level: int) -> None:
    s = registry.rules_for("suster", 4, {}).scoring
    assert scoring.two_sided(s, points, points, captures, last) == {"winner": winner,
                                                                   "level": level}


# -- Hola ----------------------------------------------------------------------------------------

def test_v_hola_01_a_wild_two() -> None:
    _, dealt = arrange("hola", 4, [["5S"], ["5H"], ["KS"], ["2S"]])
    state, log = run(game.fold([dealt]), [(0, "5S"), (1, "5H"), (2, "KS"), (3, "2S"),
                                          (0, {"type": "stop"})])
    taken = next(e for e in log if e.type == "trick_taken")
    assert (taken.data["seat"], taken.data["points"]) == (3, 0)


def test_v_hola_02_the_fight_round_decides_and_nobody_draws() -> None:
    hands = [["AS", "9S"], ["7H", "KH"], ["3S", "9H"], ["10S", "4S"]]
    _, dealt = arrange("hola", 4, hands)
    state, log = run(game.fold([dealt]), [(0, "AS"), (1, "7H"), (2, "3S"), (3, "10S")])
    assert state.phase == "decide" and current_winner(state.table, state.rules.wild) == 1
    state, log = run(state, [(0, "9S"), (1, "KH"), (2, "9H"), (3, "4S")])
    assert "drew" not in types(log)
    state, log = run(state, [(0, {"type": "stop"})])
    taken = next(e for e in log if e.type == "trick_taken")
    assert (taken.data["seat"], len(taken.data["cards"]), taken.data["points"]) == (2, 8, 20)


def test_v_hola_03_a_lost_fight_gives_everything_away() -> None:
    hands = [["KS", "AS"], ["QS", "2H"], ["3S", "5S"], ["4S", "JS"]]
    _, dealt = arrange("hola", 4, hands)
    state, log = run(game.fold([dealt]), [
        (0, "KS"), (1, "QS"), (2, "3S"), (3, "4S"),
        (0, "AS"), (1, "2H"), (2, "5S"), (3, "JS"), (0, {"type": "stop"})])
    taken = next(e for e in log if e.type == "trick_taken")
    assert (taken.data["seat"], taken.data["side"], taken.data["points"]) == (1, 1, 10)


def test_v_hola_04_a_sweep_is_worth_170() -> None:
    rules, dealt = arrange("hola", 4, [[], [], [], []])
    state = replace(game.fold([dealt]), won=(rules.pack(), ()),
                    captures=(13, 0), last_capture=0, phase="score", hands=((),) * 4)
    result = game.settle(state, None)[-1].data
    assert result["points"] == [90, 0] and result["score"]["match_points"] == [170, 0]


@pytest.mark.parametrize(("points", "nxt"), [([40, 50], 1), ([50, 40], 2)])
def test_v_hola_05_the_dealer_keeps_the_deal_after_a_majority(points: list[int], nxt: int
                                                              ) -> None:
    rules = registry.rules_for("hola", 4, {})
    result = {"sides": rules.sides, "points": points,
              "score": {"winners": rules.sides[points.index(max(points))]}}
    assert game.family_of(rules).next_dealer(rules, 1, result) == nxt


def test_hola_six_players_two_packs_and_500() -> None:
    rules = registry.rules_for("hola", 6, {})
    assert len(rules.pack()) == 104 and rules.target == 500 and rules.sides == [[0, 2, 4],
                                                                                 [1, 3, 5]]
    assert registry.rules_for("hola", 4, {}).target == 300
