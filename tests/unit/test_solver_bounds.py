"""The compiled core's quick tricks in trump games (``quick`` in ``domain/solver/_trick.c``): the
leader's top trumps first (each round draws a trump from every seat), then a suit's top cards
round by round while every seat that could ruff them and still holds a trump follows suit, so
they bound the cashing side where a seat short in the suit holds trumps; and a lone max
seat's trump tricks (``trump_tricks``: its trumps less those the opponents' higher trumps can
beat one to one), which it takes however anyone plays, even when it would rather not. Each
value is checked against the pure-Python search, which has no such bound, on random endings
where such seats abound (few suits, trumps, compulsory trumping or not), with score ranks for
every bid (a seat that bid low would rather not cash its winners) and card points."""

from __future__ import annotations

import random

import pytest

from domain.solver import native
from domain.solver.search import Solver
from domain.solver.trick_game import SUITS, TrickGame
from domain.whist.rules import score

pytestmark = pytest.mark.skipif(not native.available(), reason="the C core is not built")

ORDER = {r: i for i, r in enumerate("23456789TJQKA")}
POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}


def _deal(rng: random.Random, cards: int) -> list[list[str]]:
    """Four hands of ``cards`` from two or three suits (voids and short suits are common)."""
    suits = rng.sample(SUITS, rng.choice((2, 3)))
    deck = [r + s for s in suits for r in ORDER]
    dealt = rng.sample(deck, 4 * cards)
    return [dealt[i::4] for i in range(4)]


def _ranks(bid: int, cards: int) -> list[int]:
    """A whist seat's score ranks for ``bid`` (0 the best): they peak at the bid."""
    raw = [score("basic", bid, t, cards, 4) for t in range(cards + 1)]
    better = sorted(set(raw), reverse=True)
    return [better.index(v) for v in raw]


def _check(game: TrickGame, position: object) -> None:
    fast, slow = native.NativeSolver(game, native.SMALL_TABLE_BITS), Solver(game)
    assert dict(fast.move_values(position)) == dict(slow.move_values(position))


@pytest.mark.parametrize("seed", range(8))
def test_quick_tricks_round_by_round_agree_with_the_reference_on_every_bid(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        cards = rng.choice((3, 4, 5))
        hands, trump = _deal(rng, cards), rng.choice(SUITS)
        me, lead = rng.randrange(4), rng.randrange(4)
        for bid in range(cards + 1):
            game = TrickGame(ORDER, {}, trump, 4, [s == me for s in range(4)], True,
                             _ranks(bid, cards))
            _check(game, game.cards_position(hands, [], lead))


@pytest.mark.parametrize("must_trump", [True, False])
def test_quick_tricks_round_by_round_agree_with_the_reference_for_teams(
        must_trump: bool) -> None:
    """Partners (seats 0 and 2), for tricks counted and for card points."""
    rng = random.Random(7 + must_trump)
    for _ in range(24):
        cards = rng.choice((3, 4, 5))
        hands, trump, lead = _deal(rng, cards), rng.choice(SUITS), rng.randrange(4)
        team = [True, False, True, False]
        for scores in (None, list(range(2 * cards + 1))):
            game = TrickGame(ORDER, POINTS if scores is None else {}, trump, 4, team,
                             must_trump, scores)
            _check(game, game.cards_position(hands, [], lead))


def test_a_short_seat_with_trumps_stops_the_cash() -> None:
    """Seat 0 leads AS KS QS; seat 1 holds one spade and a trump: the first round stands, the
    second is ruffed, and the others keep the lead from there: seat 0 takes 1 (counting all
    three rounds as quick tricks would make it 3)."""
    game = TrickGame(ORDER, {}, "H", 4, [True, False, False, False], True, [0, 1, 2, 3])
    hands = [["AS", "KS", "QS"], ["2S", "2H", "2D"], ["3S", "4S", "3D"], ["5S", "6S", "4D"]]
    position = game.cards_position(hands, [], 0)
    fast = native.NativeSolver(game, native.SMALL_TABLE_BITS)
    assert fast.value(position) == Solver(game).value(position) == 1
    _check(game, position)


def test_long_low_trumps_take_tricks_their_holder_does_not_want() -> None:
    """Seat 0 bid none and holds 2H 3H 4H, hearts trumps; the others hold one trump, the ace,
    and spades: two of its trumps win whatever happens (the ace beats one at most), so its best
    is 2 tricks, not the bid."""
    game = TrickGame(ORDER, {}, "H", 4, [True, False, False, False], True, _ranks(0, 3))
    hands = [["2H", "3H", "4H"], ["AH", "5S", "6S"], ["2S", "3S", "4S"], ["7S", "8S", "9S"]]
    for lead in range(4):
        position = game.cards_position(hands, [], lead)
        fast = native.NativeSolver(game, native.SMALL_TABLE_BITS)
        assert fast.value(position) == Solver(game).value(position) == _ranks(0, 3)[2]
        _check(game, position)
