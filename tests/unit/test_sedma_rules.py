"""RULES.md §2-§3.1 for Sedma: the worked examples V-SEDMA-01..04 and the rules they pin down."""

from __future__ import annotations

import pytest

from domain import game, registry
from domain.errors import IllegalMove, InvalidDeal, InvalidOptions
from domain.sedma import play as sedma
from domain.sedma.capture import current_winner
from domain.sedma.points import stake_level
from tests.helpers import arrange, random_deal, step

PLAY = "play"


def play(card: str) -> dict[str, str]:
    return {"type": PLAY, "card": card}


def test_v_sedma_01_leader_continues_while_own_side_wins() -> None:
    _, dealt = arrange("sedma", 4, [["KS", "7S", "QD", "JD"], ["9S", "AS"], ["KH", "10S"],
                                   ["8S", "7H"]])
    state = game.fold([dealt])
    for seat, card in [(0, "KS"), (1, "9S"), (2, "KH"), (3, "8S")]:
        state, _ = step(state, seat, play(card))
    assert state.phase == "decide" and state.turn == 0
    assert current_winner(state.table, state.rules.wild) == 2  # S, N's partner, is winning
    assert play("7S") in game.legal_moves(state, 0)  # Sedma lets N go on anyway
    state, events = step(state, 0, play("7S"))
    assert events[0].type == "continued"
    for seat, card in [(1, "AS"), (2, "10S"), (3, "7H")]:
        state, events = step(state, seat, play(card))
    # N holds no K or 7 any more: stop is N's only move, and N is asked all the same
    assert [e.type for e in events] == ["played"]
    assert state.phase == "decide" and game.legal_moves(state, 0) == [{"type": "stop"}]
    state, events = step(state, 0, {"type": "stop"})
    assert [e.type for e in events][:2] == ["stopped", "trick_taken"]
    taken = next(e for e in events if e.type == "trick_taken")
    assert taken.data["seat"] == 3 and taken.data["side"] == 1
    assert len(taken.data["cards"]) == 8 and taken.data["points"] == 20


def test_v_sedma_02_two_players_continue_and_draw_order() -> None:
    _, dealt = arrange("sedma", 2, [["10S", "10H", "7D", "QD"], ["7S", "KS"]], dealer=1)
    state = game.fold([dealt])
    state, _ = step(state, 0, play("10S"))
    state, _ = step(state, 1, play("7S"))
    state, _ = step(state, 0, play("10H"))
    state, _ = step(state, 1, play("KS"))
    state, events = step(state, 0, {"type": "stop"})
    taken = next(e for e in events if e.type == "trick_taken")
    assert (taken.data["seat"], taken.data["points"]) == (0, 20)
    assert taken.data["cards"] == ["10S", "7S", "10H", "KS"]
    drew = next(e for e in events if e.type == "drew")
    assert [d["seat"] for d in drew.data["draws"]] == [0, 1, 0, 1]
    assert state.turn == 0 and [len(h) for h in state.hands] == [4, 4]


def test_v_sedma_03_nobody_matches_leader_wins() -> None:
    _, dealt = arrange("sedma", 4, [["9S"], ["KS"], ["AS"], ["QS"]])
    state = game.fold([dealt])
    for seat, card in [(0, "9S"), (1, "KS"), (2, "AS"), (3, "QS")]:
        state, events = step(state, seat, play(card))
    if state.phase == "decide":
        state, events = step(state, 0, {"type": "stop"})
    taken = next(e for e in events if e.type == "trick_taken")
    assert (taken.data["seat"], taken.data["points"]) == (0, 10)


@pytest.mark.parametrize(("captures", "points", "counters", "rule", "level"), [
    (3, 30, 30, "all_points", 1),   # N-S 60 / E-W 30 -> +1
    (1, 0, 0, "all_points", 2),     # E-W made one capture of blanks -> +2
    (0, 0, 0, "all_points", 3),     # N-S made every capture -> +3
    (2, 10, 0, "all_points", 1),    # losers' only points are the last capture
    (2, 10, 0, "all_counters", 2),  # ... which all_counters ignores
])
def test_v_sedma_04_stake_levels(captures: int, points: int, counters: int, rule: str,
                                 level: int) -> None:
    assert stake_level(captures, points, counters, rule) == level


@pytest.mark.parametrize(("table", "winner"), [
    ([(0, "KS"), (1, "7H"), (2, "KD")], 2),   # a card of the led rank beats an earlier seven
    ([(0, "KS"), (1, "7H"), (2, "7D")], 2),   # a later seven beats an earlier seven
    ([(0, "KS"), (1, "9H"), (2, "AD")], 0),   # nobody matching leaves the leader winning
    ([(0, "7S"), (1, "7H"), (2, "KD")], 1),   # a led seven is matched by any seven
])
def test_current_winner(table: list[tuple[int, str]], winner: int) -> None:
    assert current_winner(table, frozenset({"7"})) == winner


def start() -> object:
    _, dealt = arrange("sedma", 4, [["KS", "9D", "7D", "QD"], ["9S"], ["KH"], ["8S"]])
    return game.fold([dealt])


@pytest.mark.parametrize(("seat", "move", "rule"), [
    (1, play("9S"), "turn"),
    (0, play("AH"), "card_not_held"),
    (0, {"type": "stop"}, "stop"),
    (0, {"type": "bid", "value": 3}, "move_type"),
])
def test_illegal_moves_name_the_rule_and_list_legal_moves(seat: int, move: dict, rule: str
                                                         ) -> None:
    with pytest.raises(IllegalMove) as err:
        step(start(), seat, move)
    assert err.value.rule == rule
    assert (err.value.legal_moves == []) == (seat != 0)


def test_continuation_needs_the_led_rank_or_a_seven() -> None:
    state = start()
    for seat, card in [(0, "KS"), (1, "9S"), (2, "KH"), (3, "8S")]:
        state, _ = step(state, seat, play(card))
    with pytest.raises(IllegalMove) as err:
        step(state, 0, play("9D"))
    assert err.value.rule == "continue_rank"
    assert {"type": "stop"} in err.value.legal_moves


def test_no_eligible_card_leaves_stop_as_the_only_move() -> None:
    _, dealt = arrange("sedma", 2, [["KS", "9D", "8D", "QD"], ["9S", "AD", "AS", "10S"]])
    state = game.fold([dealt])
    state, _ = step(state, 0, play("KS"))
    state, events = step(state, 1, play("9S"))
    assert [e.type for e in events] == ["played"]
    assert game.legal_moves(state, 0) == [{"type": "stop"}]
    with pytest.raises(IllegalMove) as err:
        step(state, 0, play("9D"))
    assert err.value.rule == "continue_rank" and err.value.legal_moves == [{"type": "stop"}]
    state, events = step(state, 0, {"type": "stop"})
    assert [e.type for e in events] == ["stopped", "trick_taken", "drew"]
    assert events[0].seat == 0 and events[0].data["reason"] == "leader"


@pytest.mark.parametrize(("dealer", "winner", "players", "nxt"), [
    (3, 1, 4, 0),  # dealing side (1+3) won: deal passes left
    (3, 0, 4, 1),  # dealing side lost: the dealer's partner deals
    (1, 0, 2, 1),  # two players: the loser deals
    (1, 1, 2, 0),
])
def test_next_dealer(dealer: int, winner: int, players: int, nxt: int) -> None:
    rules = registry.rules_for("sedma", players, {})
    result = {"sides": rules.sides, "points": [0, 0],
              "score": {"winner": winner, "winners": rules.sides[winner]}}
    assert sedma.next_dealer(rules, dealer, result) == nxt


def test_unknown_option_and_bad_player_count_are_errors() -> None:
    with pytest.raises(InvalidOptions) as err:
        registry.rules_for("sedma", 4, {"trumps": True})
    assert err.value.field == "trumps"
    with pytest.raises(InvalidOptions):
        registry.rules_for("sedma", 3, {})
    with pytest.raises(InvalidOptions):
        registry.rules_for("sedma", 4, {"target_stakes": 0})
    assert registry.rules_for("sedma", 4, {"target_stakes": 3.0}).options["target_stakes"] == 3


def test_prearranged_deal_must_be_the_pack() -> None:
    rules = registry.rules_for("sedma", 2, {})
    pack = list(rules.pack())
    with pytest.raises(InvalidDeal):
        game.prearranged_deal(rules, 0, [pack[:4], pack[:4]], pack[8:])
    with pytest.raises(InvalidDeal):
        game.prearranged_deal(rules, 0, [pack[:3], pack[3:7]], pack[7:])


@pytest.mark.parametrize(("preset", "removed"), [
    ("sedma-king", ["KS", "8D"]),   # the solo king itself
    ("sedma-king", ["7S", "8D"]),   # a seven is not an unimportant card
    ("sedma-3", ["7D", "8D"]),
    ("sedma-3", ["AD", "8D"]),
])
def test_removed_cards_are_unimportant_ones(preset: str, removed: list[str]) -> None:
    with pytest.raises(InvalidOptions) as raised:
        registry.rules_for(preset, 3, {"removed_cards": removed})
    assert raised.value.field == "removed_cards"


def test_the_solo_king_may_be_the_other_king_when_one_king_is_removed() -> None:
    rules = registry.rules_for("sedma-king", 3, {"removed_cards": ["KS", "8D"],
                                                 "solo_king": "KH"})
    assert "KS" not in rules.pack() and "KH" in rules.pack()


@pytest.mark.parametrize(("preset", "players", "deal_total"), [
    ("sedma-tricks", 2, 16), ("sedma-tricks", 4, 8),
    ("sedma-osmova-170", 2, 80 + 10 * 16), ("sedma-osmova-170", 4, 80 + 10 * 8)])
def test_each_capture_reports_what_it_is_worth_under_the_preset(
        preset: str, players: int, deal_total: int) -> None:
    """sedma-tricks counts rounds, osmová-170 counters plus 10 a round: each trick_taken says
    so, and the captures add up to the deal's points less the last-capture bonus."""
    for seed in range(6):
        log, state = random_deal(preset, players, seed)
        if state.result["score"].get("burned"):
            continue
        taken = [e.data["points"] for e in log if e.type == "trick_taken"]
        bonus = state.rules.scoring.last_bonus
        assert sum(taken) == deal_total == sum(state.result["points"]) - bonus
