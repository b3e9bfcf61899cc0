"""The perfect-information solver (issue 30): constructed endings whose best move is known by
hand, agreement with the reducers' own exact endgame search, and the analysis' additive
identity on random deals of every two-sided preset (endings only, to keep it fast)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from domain import game, registry
from domain.bots import endgame
from domain.solver import positions
from domain.solver.analysis import analyse
from tests.helpers import secret, step


def _fresh(preset: str, players: int, seed: int = 0, options: dict[str, Any] | None = None
           ) -> Any:
    rules = registry.rules_for(preset, players, options or {})
    state = game.fold(game.new_deal(rules, 1, 0, secret(f"s{seed}")))
    rng = random.Random(seed)
    while state.phase not in ("play", "decide"):
        state, _ = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)))
    return state


def _values(state: Any) -> dict[str, float]:
    seat = state.turn
    judge = positions.Judge(state)
    legal = game.legal_moves(state, seat)
    return {m.get("card") or m["type"]: v for m, v in judge.move_values(state, seat, legal)}


def test_sueca_lead_the_ace_before_the_trumping_opponent_can_use_his_trump() -> None:
    """Hearts trumps. Leading AS wins 18 (the 3S must follow); leading 6C lets seat 1, void in
    clubs, throw away his spade and then trump the ace: all the partner can save is his KS,
    thrown on the club trick: 4."""
    state = dataclasses.replace(
        _fresh("sueca", 4), trump="H", trick=(), turn=0, leader=0,
        hands=(("AS", "6C"), ("3S", "2H"), ("KS", "4D"), ("JS", "5D")),
        won=((), (), (), ()))
    assert _values(state) == {"AS": 18, "6C": 4}


def test_sedma_lead_the_ace_and_keep_the_seven_to_go_on() -> None:
    """Two players, stock gone. Seat 0 holds AS 7C, seat 1 AH 8D. Leading the ace takes all
    (20 and the last capture's 10); leading the seven lets seat 1 keep its ace: 0."""
    state = dataclasses.replace(
        _fresh("sedma", 2), hands=(("AS", "7C"), ("AH", "8D")), stock=(), table=(),
        waiting=(), leader=0, turn=0, phase="play", won=((), ()), captures=(0, 0))
    assert _values(state) == {"AS": 30, "7C": 0}


def test_sedma_the_leader_stops_when_going_on_would_hand_over_the_capture() -> None:
    """Seat 0 led AS, seat 1 played 8D: going on with the 7C lets seat 1's AH take all three
    counters; stopping takes the ace now and the other with the seven: 30."""
    state = dataclasses.replace(
        _fresh("sedma", 2), hands=(("7C",), ("AH",)), stock=(),
        table=((0, "AS"), (1, "8D")), waiting=(), leader=0, turn=0, phase="decide",
        won=((), ()), captures=(0, 0))
    assert _values(state) == {"stop": 30, "7C": 0}


def test_whist_a_bid_of_one_with_the_only_trump_is_made() -> None:
    state = _fresh("serbian-whist", 4, options={})
    state = dataclasses.replace(
        state, trump="S", hand_no=13, cards=1, hands=(("2S",), ("AH",), ("KH",), ("QH",)),
        bids=(1, 0, 0, 0), tricks_won=(0, 0, 0, 0), trick=(), turn=1, leader=1, phase="play")
    judge = positions.Judge(state)
    assert judge.value(state, 0) == 11  # basic scoring: 10 + the bid


ENDINGS = [("sedma", 2), ("sedma", 4), ("sedma-osmova", 4), ("hola", 2), ("sueca", 4),
           ("serbian-whist", 4), ("sedma-3", 3)]


@pytest.mark.parametrize(("preset", "players"), ENDINGS)
def test_the_solver_agrees_with_the_reducers_exact_endgame_search(preset: str,
                                                                   players: int) -> None:
    """``bots.endgame`` plays the reducers themselves (no merging, no bounds, no tokens): on
    random endings of two or three cards a seat, both find the same value for every side."""
    checked = 0
    for seed in range(6):
        state = _ending(preset, players, seed, cards_left=2 + seed % 2)
        if state is None:
            continue
        checked += 1
        judge = positions.Judge(state)
        for side, seats in enumerate(judge.sides):
            want = endgame.solve(state, seats[0], _final_value(judge, side))
            assert judge.value(state, side) == want, (seed, side)
    assert checked >= 3


def _final_value(judge: positions.Judge, side: int) -> Any:
    def value(final: Any, me: int) -> float:
        from domain.solver.analysis import _points
        return _points(final, judge.sides)[side]
    return value


def _ending(preset: str, players: int, seed: int, cards_left: int) -> Any:
    """A random deal played at random until each seat holds ``cards_left`` cards and the
    stock is gone (None if the deal ends first)."""
    rules = registry.rules_for(preset, players, {})
    rng, dealt = random.Random(seed), secret(f"e{seed}")
    number = 1 if preset != "serbian-whist" else 10
    state = game.fold(game.new_deal(rules, number, seed % players, dealt))
    while state.phase != "over":
        if (positions.in_card_play(state) and not getattr(state, "stock", ())
                and max(map(len, state.hands)) <= cards_left and not getattr(state, "trick",
                                                                             ())
                and not getattr(state, "table", ())):
            return dataclasses.replace(state, commitment=None)  # endgame scores unsealed
        state, _ = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)),
                        dealt)
    return None


TWO_SIDED = [(pid, n) for pid, p in registry.PRESETS.items() for n in p.players
             if pid not in ("serbian-whist",) and (n % 2 == 0 or pid == "sueca-italiana")]


@pytest.mark.parametrize(("preset", "players"), TWO_SIDED)
def test_points_are_the_start_value_minus_own_costs_plus_the_opponents(preset: str,
                                                                      players: int) -> None:
    for seed in range(3):
        events, first = _played(preset, players, seed)
        report = analyse(events, list(range(len(events))), "d", first=first)
        sides = report["sides"]
        assert len(sides) == 2 and report["decisions"]
        for me, them in ((sides[0], sides[1]), (sides[1], sides[0])):
            assert me["points"] == me["start_value"] - me["cost"] + them["cost"]
        for d in report["decisions"]:
            assert d["cost"] == d["best"] - d["value"] >= 0 and d["best_moves"]


def _played(preset: str, players: int, seed: int) -> tuple[list[Any], int]:
    """A random deal's log and the index of its first event once few cards are left."""
    rules = registry.rules_for(preset, players, {})
    rng, dealt = random.Random(seed), secret(f"p{seed}")
    events = list(game.new_deal(rules, 1, seed % players, dealt))
    state, first = game.fold(events), None
    small = 2 * players + 2
    while state.phase != "over":
        left = sum(map(len, state.hands)) + len(getattr(state, "stock", ()))
        if first is None and positions.in_card_play(state) and left <= small:
            first = len(events)
        state, new = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)),
                          dealt)
        events += new
    assert first is not None
    return events, first


@pytest.mark.parametrize(("preset", "players"), [("sedma-king", 3), ("sedma-3-32", 3),
                                                 ("serbian-whist", 4)])
def test_each_for_themselves_every_seat_is_judged_against_all_others(preset: str,
                                                                     players: int) -> None:
    """Paranoid values: a seat's start value is what it makes however the others combine
    against it, so with the others' mistakes it can only take more, and a perfect seat takes
    at least its start value."""
    for seed in range(2):
        events, first = _played(preset, players, seed)
        report = analyse(events, list(range(len(events))), "d", first=first)
        assert [s["seats"] for s in report["sides"]] == [[s] for s in range(players)]
        for side in report["sides"]:
            if side["cost"] == 0:
                assert side["points"] >= side["start_value"]
