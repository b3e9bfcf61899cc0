"""The fair-play signal (issue 30 item 3): the binomial tail against exact sums, telling
decisions on constructed Sueca endings whose answer is known by hand, and the arena's cheater
(``omniscient``) playing the perfect-information move there."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from math import comb, factorial
from typing import Any

import pytest

from domain import game, registry
from domain.solver import fairplay, positions
from tests.helpers import secret, step
from workers.arena import DealSoFar
from workers.omniscient import omniscient_player


def _exact_tail(k: int, n: int, p: Fraction) -> Fraction:
    return sum((comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1)), Fraction(0))


@pytest.mark.parametrize(("k", "n", "p"), [(0, 5, "1/3"), (3, 3, "1/2"), (7, 20, "3/10"),
                                           (15, 40, "1/4"), (1, 1, "9/10"), (6, 5, "1/2")])
def test_the_binomial_tail_is_the_exact_sum(k: int, n: int, p: str) -> None:
    exact = float(_exact_tail(k, n, Fraction(p)))
    assert fairplay.binomial_tail(k, n, float(Fraction(p))) == pytest.approx(exact, rel=1e-9)


def test_the_tail_of_many_decisions_is_tiny_but_not_zero_and_falls_with_each_match() -> None:
    tails = [fairplay.binomial_tail(k, 2000, 0.3) for k in (600, 700, 800, 900)]
    assert tails[0] == pytest.approx(0.5, abs=0.03)
    assert all(a > b > 0 for a, b in zip(tails, tails[1:], strict=False))


def test_a_tally_flags_only_below_the_threshold() -> None:
    decisions = [{"matched": i < 9} for i in range(10)]
    flagged = fairplay.tally(decisions, 0.3, 0.001)
    assert (flagged["telling"], flagged["matched"], flagged["rate"]) == (10, 9, 0.9)
    assert flagged["p_value"] == pytest.approx(float(_exact_tail(9, 10, Fraction(3, 10))))
    assert flagged["flagged"] is True
    honest = fairplay.tally([{"matched": i < 3} for i in range(10)], 0.3, 0.001)
    assert honest["flagged"] is False and honest["p_value"] > 0.5
    assert fairplay.tally([], 0.3, 0.001) | {"p_value": 1.0} == {
        "telling": 0, "matched": 0, "rate": None, "expected_rate": 0.3, "p_value": 1.0,
        "flagged": False}


def _sueca(hands: tuple[tuple[str, str], ...]) -> Any:
    """Two cards a seat, hearts trumps, seat 0 to lead; every other card is in seat 0's and
    seat 1's won tricks, so each seat's view accounts for the whole deck."""
    rules = registry.rules_for("sueca", 4, {})
    state = game.fold(game.new_deal(rules, 1, 0, secret("s0")))
    rng = random.Random(0)
    while state.phase != "play":
        state, _ = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)))
    held = {c for h in hands for c in h}
    rest = tuple(c for h in state.hands for c in h if c not in held)
    return dataclasses.replace(state, trump="H", trump_card=None, trick=(), turn=0, leader=0,
                               hands=hands, won=(rest[:16], rest[16:], (), ()),
                               tricks_won=(4, 4, 0, 0), voids=((), (), (), ()))


# Seat 0: 7S AH; seat 1: 2D AS; seat 2 (the partner): 7C QH; seat 3: QC QS. Seen from seat 0,
# cashing the ace of trumps is right (it draws a trump and keeps the 7S for later). With every
# hand known, leading the 7S is better: seat 1 takes it with the AS and the partner, void in
# spades, trumps both with his only heart, the QH, which the AH would have drawn.
TELLING = (("7S", "AH"), ("2D", "AS"), ("7C", "QH"), ("QC", "QS"))


def _card(card: str) -> dict[str, str]:
    return {"type": "play", "card": card}


def test_a_lead_only_the_hidden_hands_justify_is_telling() -> None:
    state = _sueca(TELLING)
    judge = positions.Judge(state)
    assert fairplay.perfect_moves(judge, state, 0) == ([_card("7S")], True)
    for seed in range(3):  # the fair reference is stable: the same move whatever its seed
        assert fairplay.fair_move(state, 0, random.Random(seed)) == _card("AH")
    seen = fairplay.telling_decision(judge, state, 0, _card("7S"), random.Random(1))
    assert seen == {"seat": 0, "move": _card("7S"), "best_moves": [_card("7S")],
                    "fair_move": _card("AH"), "matched": True}
    honest = fairplay.telling_decision(judge, state, 0, _card("AH"), random.Random(1))
    assert honest is not None and honest["matched"] is False


def test_a_decision_the_seats_own_view_gets_right_tells_nothing() -> None:
    """Cashing the AS at once is right with every hand known (led later, seat 1 has thrown
    his spade on the club and trumps it), and what the seat's own view plays too."""
    state = _sueca((("AS", "6C"), ("3S", "2H"), ("KS", "4D"), ("JS", "5D")))
    judge = positions.Judge(state)
    assert fairplay.perfect_moves(judge, state, 0) == ([_card("AS")], True)
    assert fairplay.telling_decision(judge, state, 0, _card("AS"), random.Random(1)) is None


def test_a_last_card_tells_nothing() -> None:
    state = dataclasses.replace(_sueca(TELLING), hands=(("7S",), ("AS",), ("7C",), ("QS",)))
    judge = positions.Judge(state)
    assert fairplay.perfect_moves(judge, state, 0)[1] is False
    assert fairplay.telling_decision(judge, state, 0, _card("7S"), random.Random(1)) is None


def test_the_cheater_plays_the_perfect_move_at_its_rate_else_like_search() -> None:
    state = _sueca(TELLING)
    view = fairplay.seat_view(state, 0)
    deal = DealSoFar({}, state=state)
    assert omniscient_player(1, rate=1.0)(view, deal) == _card("7S")
    assert omniscient_player(1, rate=0.0)(view, deal) == _card("AH")
    blind = DealSoFar({})  # without the real deal (never over HTTP) it can only search
    assert omniscient_player(1, rate=1.0)(view, blind) == _card("AH")


def test_telling_decisions_of_a_played_deal_are_its_seats_and_reproducible() -> None:
    rules = registry.rules_for("sueca", 4, {})
    events = list(game.new_deal(rules, 3, 0, secret("played")))
    state, rng = game.fold(events), random.Random(4)
    while state.phase != "over":
        state, new = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)),
                          secret("played"))
        events += new
    seqs = list(range(len(events)))
    found = fairplay.telling(events, seqs, None, "d3", cards=12, playouts=200)
    assert found == fairplay.telling(events, seqs, None, "d3", cards=12, playouts=200)
    states = list(game.states(events))
    for d in found:
        assert d["fair_move"] not in d["best_moves"]
        assert d["matched"] == (d["move"] in d["best_moves"])
        assert fairplay.left(states[d["seq"] - 1]) <= 12
        assert events[d["seq"]].seat == d["seat"]
    mine = fairplay.telling(events, seqs, {1}, "d3", cards=12, playouts=200)
    assert mine == [d for d in found if d["seat"] == 1]


def _beta(x: int, y: int) -> Fraction:
    return Fraction(factorial(x - 1) * factorial(y - 1), factorial(x + y - 1))


@pytest.mark.parametrize(("k", "n", "a", "b"), [(3, 10, 2, 5), (8, 12, 3, 9), (0, 4, 1, 1),
                                                (5, 5, 4, 2)])
def test_the_beta_binomial_tail_is_the_exact_sum(k: int, n: int, a: int, b: int) -> None:
    exact = sum((comb(n, i) * _beta(i + a, n - i + b) / _beta(a, b) for i in range(k, n + 1)),
                Fraction(0))
    assert fairplay.beta_binomial_tail(k, n, a, b) == pytest.approx(float(exact), rel=1e-9)


def test_a_small_calibration_widens_the_tail_and_a_large_one_is_the_binomial() -> None:
    """30 of 100 honest decisions matched: 40 of 80 is far less surprising than if the rate
    were known to be 0.3; with a calibration ten thousand times larger it is the binomial."""
    known = fairplay.binomial_tail(40, 80, 0.3)
    assert fairplay.beta_binomial_tail(40, 80, 30.5, 70.5) > 10 * known
    assert fairplay.beta_binomial_tail(40, 80, 300_000.5, 700_000.5) == pytest.approx(
        known, rel=0.01)
    measured = fairplay.tally([{"matched": i < 40} for i in range(80)], 0.3, 0.001, (30, 100))
    assert measured["p_value"] == pytest.approx(fairplay.beta_binomial_tail(40, 80, 30.5, 70.5))


def test_the_arena_seats_the_cheater_at_a_rate_in_the_unit_interval(capsys: Any) -> None:
    from workers import arena

    assert arena.command("sueca", 4, "omniscient", "search", 1, None, False, 1.5) == 2
    assert "--cheat-rate in [0, 1]" in capsys.readouterr().err
    assert arena.check("sueca", 4, ("omniscient", "search")).players == 4
