"""The solver's compiled core (``domain/solver/_trick.c``, issue 30) against the pure-Python
reference (``Solver`` on ``TrickGame``): on random positions of every family that plays the
generic trick game (endings of 12 to 20 cards, some in the middle of a trick), both give every
legal move the same value, for every side, card points (Sueca, Italiana), score ranks paranoid
(Serbian whist) and a known stock drawn after each trick (Briscola)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from domain import game, registry
from domain.solver import native, positions
from domain.solver.search import Solver
from domain.solver.trick_game import TrickGame
from tests.helpers import secret, step

pytestmark = pytest.mark.skipif(not native.available(), reason="the C core is not built")

FAMILIES = [("sueca", 4), ("sueca-brazil", 4), ("sueca-italiana", 5), ("sueca-italiana", 6),
            ("serbian-whist", 4), ("serbian-whist", 5), ("briscola", 2), ("briscola", 4)]


def _position(preset: str, players: int, seed: int, cards: int) -> Any:
    """A random deal played at random until at most ``cards`` are left in the hands and the
    stock together (None if the deal ends first)."""
    rules = registry.rules_for(preset, players, {})
    rng, dealt = random.Random(seed), secret(f"n{seed}")
    state = game.fold(game.new_deal(rules, 1, seed % players, dealt))
    while state.phase != "over":
        left = sum(map(len, state.hands)) + len(getattr(state, "stock", ()))
        if positions.in_card_play(state) and left <= cards and positions.supports(state):
            return dataclasses.replace(state, commitment=None)
        state, _ = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)),
                        dealt)
    return None


def _games(state: Any) -> list[tuple[TrickGame, Any]]:
    """Each side's trick game of ``state`` (one a side: the side's own values) and the
    position in it."""
    play = positions.play_of(state.rules)
    assert play is not None
    out = []
    for seats in play.sides(state):
        game = play.game(state, seats)
        assert isinstance(game, TrickGame) and native.native(game)
        out.append((game, game.position(state)))
    return out


@pytest.mark.parametrize(("preset", "players"), FAMILIES)
def test_the_c_core_values_every_move_as_the_python_reference(preset: str,
                                                              players: int) -> None:
    checked = 0
    for seed in range(8):
        cards = 12 + seed % (5 if preset == "briscola" else 9)  # Python draws slowly
        state = _position(preset, players, seed, cards)
        if state is None:
            continue
        for side, (trick_game, position) in enumerate(_games(state)):
            fast, slow = native.NativeSolver(trick_game), Solver(trick_game)
            want = dict(slow.move_values(position))
            assert dict(fast.move_values(position)) == want, (seed, side)
            assert fast.value(position) == slow.value(position)
            assert sorted(fast.core.moves(position)) == sorted(want)  # the same merging
            checked += 1
    assert checked >= 5


def test_a_subclass_that_changes_the_game_is_searched_in_python() -> None:
    class Odd(TrickGame):
        def play(self, s: Any, b: int) -> Any:
            return super().play(s, b)

    order = {r: i for i, r in enumerate("23456789TJQKA")}
    odd = Odd(order, {}, None, 4, [True, False, True, False], False, list(range(14)))
    plain = TrickGame(order, {}, None, 4, [True, False, True, False], False, list(range(14)))
    assert isinstance(native.solver_for(odd), Solver)
    assert isinstance(native.solver_for(plain), native.NativeSolver)


@pytest.mark.parametrize(("preset", "players"), FAMILIES[::2] + [("serbian-whist", 4)])
def test_decide_finds_what_every_moves_value_says(preset: str, players: int) -> None:
    """``Judge.decide`` (each move tested against the position's value, the played one valued
    only if it falls short) gives the played move's value, the best and the best moves as
    valuing every move does: with no guess, the right one and a wrong one."""
    checked = 0
    for seed in range(6):
        state = _position(preset, players, seed, 14 + seed % 5)
        if state is None:
            continue
        seat, rng = state.turn, random.Random(seed)
        legal = game.legal_moves(state, seat)
        values = positions.Judge(state).move_values(state, seat, legal)
        best = max(v for _, v in values)
        played = rng.choice(legal)
        want = (dict((str(m), v) for m, v in values)[str(played)], best,
                [m for m, v in values if v == best])
        for guess in (None, (seat, best), (seat, best + 3)):
            assert positions.Judge(state).decide(state, seat, legal, played, guess) == want
            checked += 1
    assert checked >= 6


def test_quick_tricks_bound_only_the_side_that_cashes_them() -> None:
    """A seat that bid none, to lead with the only spade, the ace, and a low heart: it leads the
    heart, loses it, and throws the ace on the diamond led next, taking nothing. Its sure
    winner bounds its tricks from below only if it wants them (the core once took it for a
    trick it must take, and found 1 trick's score for the best)."""
    order = {r: i for i, r in enumerate("23456789TJQKA")}
    ranks = [2, 0, 1]  # 0 tricks the best, then 2, then 1 (a bid of none)
    trick_game = TrickGame(order, {}, None, 4, [True, False, False, False], True, ranks)
    position = trick_game.cards_position(
        [["AS", "2H"], ["3H", "3D"], ["4H", "4D"], ["5H", "5D"]], [], 0)
    fast = native.NativeSolver(trick_game, native.SMALL_TABLE_BITS)
    assert fast.value(position) == Solver(trick_game).value(position) == 2
    assert dict(fast.move_values(position)) == dict(Solver(trick_game).move_values(position))


@pytest.mark.parametrize("players", [4, 5])
def test_every_bid_of_every_seat_is_valued_as_the_python_reference(players: int) -> None:
    """Each seat's game under each bid it could have made (its scores peak at the bid, so
    they neither rise nor fall with its tricks throughout), core against reference."""
    checked = 0
    for seed in range(6):
        state = _position("serbian-whist", players, 100 + seed, 12 + seed % 5)
        if state is None:
            continue
        play = positions.play_of(state.rules)
        assert play is not None
        for seats in play.sides(state):
            for bid in range(state.cards + 1):
                bids = list(state.bids)
                bids[seats[0]] = bid
                trick_game = play.game(dataclasses.replace(state, bids=bids), seats)
                position = trick_game.position(state)
                fast = native.NativeSolver(trick_game, native.SMALL_TABLE_BITS)
                want = dict(Solver(trick_game).move_values(position))
                assert dict(fast.move_values(position)) == want, (seed, seats, bid)
                checked += 1
    assert checked >= 40
