"""The compiled core's table entries that keep only the ranks that mattered (DDS's winning
ranks, ``_trick.c``'s ranked entries, for games that count tricks with no stock): an entry
found in one position serves another that differs only in who holds the cards below those
ranks. Checked where a wrong "did not matter" would show: positions solved one after another
on one solver (so later ones meet the earlier ones' entries), each next position the last with
two cards of a suit swapped between two hands (often low ones), every bid of a lone whist seat
(its scores peak at the bid, so it may want to lose a trick), against the Python search and
against the core with exact entries only; and a position built so that the owner of a two
decides a trick."""

from __future__ import annotations

import random

import pytest

from domain.solver import native
from domain.solver.search import Solver
from domain.solver.trick_game import SUITS, TrickGame
from domain.whist.rules import score

pytestmark = pytest.mark.skipif(not native.available(), reason="the C core is not built")

ORDER = {r: i for i, r in enumerate("23456789TJQKA")}


def _ranks(bid: int, cards: int) -> list[int]:
    """A whist seat's score ranks for ``bid`` (0 the best): they peak at the bid."""
    raw = [score("basic", bid, t, cards, 4) for t in range(cards + 1)]
    better = sorted(set(raw), reverse=True)
    return [better.index(v) for v in raw]


def _swapped(rng: random.Random, hands: list[list[str]]) -> list[list[str]]:
    """``hands`` with two cards of one suit swapped between two hands, low ones more often."""
    pairs = [(i, a, j, b) for i in range(4) for j in range(i + 1, 4) for a in hands[i]
             for b in hands[j] if a[1] == b[1]]
    if not pairs:
        return hands
    pairs.sort(key=lambda p: ORDER[p[1][0]] + ORDER[p[3][0]])
    i, a, j, b = pairs[min(int(rng.expovariate(0.3)), len(pairs) - 1)]
    out = [list(h) for h in hands]
    out[i][out[i].index(a)], out[j][out[j].index(b)] = b, a
    return out


def _series(rng: random.Random, cards: int, count: int) -> tuple[list[list[list[str]]], str | None]:
    """A random deal of ``cards`` a hand from three or four suits, and ``count`` positions in
    all, each the last with two cards swapped."""
    suits = rng.sample(SUITS, rng.choice((3, 4)))
    deck = [r + s for s in suits for r in ORDER]
    dealt = rng.sample(deck, 4 * cards)
    hands = [dealt[i::4] for i in range(4)]
    series = [hands]
    for _ in range(count - 1):
        series.append(_swapped(rng, series[-1]))
    return series, rng.choice([None, *suits])


def _series_agree(rng: random.Random, count: int) -> None:
    """A series of ``count`` positions of 4 or 5 cards a hand (``_series``) solved one after
    the other on one solver, for every bid of a lone seat, against the Python search."""
    cards = rng.choice((4, 5))
    series, trump = _series(rng, cards, count)
    me, lead = rng.randrange(4), rng.randrange(4)
    for bid in range(cards + 1):
        game = TrickGame(ORDER, {}, trump, 4, [s == me for s in range(4)], True,
                         _ranks(bid, cards))
        fast = native.NativeSolver(game, native.SMALL_TABLE_BITS)
        for hands in series:
            position = game.cards_position(hands, [], lead)
            want = dict(Solver(game).move_values(position))
            assert dict(fast.move_values(position)) == want, (bid, hands)


@pytest.mark.parametrize("seed", range(6))
def test_swapped_low_cards_on_one_solver_agree_with_the_python_search(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(2):
        _series_agree(rng, 5)


@pytest.mark.parametrize("seed", range(6))
def test_swapped_low_cards_on_one_solver_agree_with_exact_entries(seed: int) -> None:
    """Larger endings (6 to 8 cards a hand), the core with exact entries only (itself checked
    against the Python search elsewhere) as the reference, one fresh solver a position."""
    rng = random.Random(100 + seed)
    cards = 6 + seed % 3
    series, trump = _series(rng, cards, 8)
    me, lead = rng.randrange(4), rng.randrange(4)
    for bid in rng.sample(range(cards + 1), 3):
        game = TrickGame(ORDER, {}, trump, 4, [s == me for s in range(4)], True,
                         _ranks(bid, cards))
        ranked = native.NativeSolver(game, native.SMALL_TABLE_BITS)
        for hands in series:
            position = game.cards_position(hands, [], lead)
            exact = native.NativeSolver(game, native.SMALL_TABLE_BITS, ranked=False)
            assert ranked.value(position) == exact.value(position), (seed, bid, hands)
            for target in range(len(set(_ranks(bid, cards))) + 1):
                got, want = ranked.test(position, target), exact.test(position, target)
                assert (got >= target) == (want >= target), (seed, bid, target, hands)


def test_the_owner_of_a_two_decides_a_trick() -> None:
    """No trumps, seat 0 to lead, wanting tricks. With the three of spades against seat 1's
    two it takes the spade trick (the three beats the two by rank) and the ace of hearts: two
    tricks; with the two against the three it takes only the ace. Solved one after the other
    on one solver, the second must not take the first's entries, where the spades' ranks
    mattered."""
    game = TrickGame(ORDER, {}, None, 4, [True, False, False, False], True, [0, 1, 2, 3])
    first = [["3S", "AH", "2D"], ["2S", "KC", "3D"], ["4H", "5H", "6H"], ["4C", "5C", "6C"]]
    second = [["2S", "AH", "2D"], ["3S", "KC", "3D"], ["4H", "5H", "6H"], ["4C", "5C", "6C"]]
    fast = native.NativeSolver(game, native.SMALL_TABLE_BITS)
    for hands in (first, second):
        position = game.cards_position(hands, [], 0)
        want = Solver(game).value(position)
        assert fast.value(position) == want
        assert dict(fast.move_values(position)) == dict(Solver(game).move_values(position))
    assert [Solver(game).value(game.cards_position(h, [], 0)) for h in (first, second)] == [2, 1]


@pytest.mark.parametrize("seed", [21, 1160])
def test_series_where_a_bound_decides_agree_with_the_python_search(seed: int) -> None:
    """Two series of eight positions found by a random search (seeds 0 to 1,500 of this
    generator) against builds that dropped the cards a bound looked at: the quick tricks'
    (seed 21) and the lone seat's trump tricks' (seed 1160). Each of those builds gives a wrong
    move value in its series; the others agree."""
    _series_agree(random.Random(seed), 8)
