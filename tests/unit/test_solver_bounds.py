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
from domain.solver.trick_game import SUITS, TrickGame, bit_of
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


def _partner_void_deal(rng: random.Random, cards: int) -> tuple[list[list[str]], str]:
    """Seat 0 holds the top two or three cards of a suit in which its partner, seat 2, is void
    with a trump or two; the rest at random from that suit, the trumps and one more suit."""
    trump, suit, third = rng.sample(SUITS, 3)
    ranks = sorted(ORDER, key=ORDER.__getitem__, reverse=True)
    tops = [r + suit for r in ranks[:rng.choice((2, 3))]]
    rest = [r + s for s in (trump, suit, third) for r in ranks if r + s not in tops]
    rng.shuffle(rest)
    hands: list[list[str]] = [tops, [], [c for c in rest if c[-1] == trump][:rng.choice((1, 2))],
                              []]
    for card in (c for c in rest if c not in hands[2]):
        open_ = [s for s in range(4) if len(hands[s]) < cards and (s != 2 or card[-1] != suit)]
        if open_:
            hands[rng.choice(open_)].append(card)
    return hands, trump


@pytest.mark.parametrize("seed", range(4))
def test_a_partner_obliged_to_ruff_agrees_with_the_reference(seed: int) -> None:
    """Where seat 0 cashes a suit its partner must ruff (compulsory trumping), the partner's
    ruff wins the trick for the side but takes the lead from seat 0: the suit's next top
    cards are quick tricks no longer. Tricks counted and card points."""
    rng = random.Random(seed)
    for _ in range(60):
        cards = rng.choice((3, 4))
        hands, trump = _partner_void_deal(rng, cards)
        if any(len(hand) != cards for hand in hands):
            continue
        for scores in (None, list(range(2 * cards + 1))):
            game = TrickGame(ORDER, POINTS if scores is None else {}, trump, 4,
                             [True, False, True, False], True, scores)
            _check(game, game.cards_position(hands, [], 0))


def test_the_partners_ruff_of_the_ace_hands_the_lead_on() -> None:
    """Seat 0 leads AD from AD KD QD JH, hearts trumps, compulsory: its partner (seat 2, no
    diamonds, three hearts) must ruff, and leads from there; the side takes 2 tricks of 4
    after that lead, not the 3 that counting KD and QD as quick tricks too would give."""
    game = TrickGame(ORDER, {}, "H", 4, [True, False, True, False], True, list(range(9)))
    hands = [["AD", "KD", "QD", "JH"], ["KH", "8S", "6H", "9S"], ["QH", "4H", "8H", "7S"],
             ["4S", "8D", "TS", "6S"]]
    position = game.cards_position(hands, [], 0)
    values = dict(Solver(game).move_values(position))
    assert values[bit_of("AD", ORDER)] == 2  # AD KD QD: one move, its highest card
    _check(game, position)
