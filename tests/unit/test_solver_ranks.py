"""Games that differ in their scores alone valued together (``domain/solver/ranks.py``, the
compiled core's ``reach``): levels of questions "is this game's value at least r?" answered
exactly as the pure-Python search of each game alone says, on random Serbian whist endings
(each seat under every bid it could have made, several scoring systems, some positions in the
middle of a trick); and the analysis of random deals' bids the same as when each bid is
tested alone."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from domain import game, registry
from domain.solver import native, positions, ranks
from domain.solver.analysis import analyse
from domain.solver.contracts import Contracts
from domain.solver.search import Solver
from domain.solver.trick_game import TrickGame
from tests.helpers import secret, step

pytestmark = pytest.mark.skipif(not native.available(), reason="the C core is not built")

SYSTEMS = ["basic", "exact", "negative", "progressive_penalty", "trick_scoring", "fives"]


def _ending(players: int, scoring: str, seed: int, cards: int) -> Any:
    rules = registry.rules_for("serbian-whist", players, {"scoring": scoring})
    rng, dealt = random.Random(seed), secret(f"r{seed}")
    state = game.fold(game.new_deal(rules, 1, seed % players, dealt))
    while state.phase != "over":
        if positions.in_card_play(state) and sum(map(len, state.hands)) <= cards:
            return dataclasses.replace(state, commitment=None)
        state, _ = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)),
                        dealt)
    return None


def _games(state: Any, seat: int) -> list[TrickGame]:
    play = positions.play_of(state.rules)
    assert play is not None
    out = []
    for bid in range(state.cards + 1):
        bids = list(state.bids)
        bids[seat] = bid
        out.append(play.game(dataclasses.replace(state, bids=tuple(bids)), [seat]))
    return out


def _expected(want: list[int], levels: list[list[tuple[int, int]]]) -> tuple[int, set[int]]:
    for at, level in enumerate(levels):
        yes = {g for g, r in level if want[g] >= r}
        if yes:
            return at, yes
    return -1, set()


@pytest.mark.parametrize("scoring", SYSTEMS)
def test_every_bid_asked_together_as_each_alone(scoring: str) -> None:
    """Random levels of questions "is this bid's value at least r?" on every bid of a seat:
    the first level answered yes somewhere, and where, as each game's own value says."""
    rng, checked = random.Random(scoring), 0
    for seed in range(4):
        state = _ending(4 + seed % 2, scoring, seed, 10 + 2 * seed)
        if state is None:
            continue
        for seat in range(state.rules.players):
            games = _games(state, seat)
            position = games[0].position(state)
            want = [Solver(g).value(position) for g in games]
            top = max(max(g.scores or [0]) for g in games)
            for high in (top, *sorted(want)[-2:]):
                levels = [[(g, r) for g in rng.sample(range(len(games)), 3)]
                          for r in range(high + 1, -1, -1)]
                assert ranks.first(games, position, levels) == _expected(want, levels), \
                    (seed, seat, levels)
            checked += 1
    assert checked >= 12


def test_a_sure_winner_kept_to_be_thrown_away() -> None:
    """The seat to lead holds the only spade, the ace: under a bid of none it ducks the heart
    and throws the ace on the diamond; under a bid of one or two it cannot make it (the others
    keep or throw their hearts as suits them)."""
    order = {r: i for i, r in enumerate("23456789TJQKA")}
    games = [TrickGame(order, {}, None, 4, [True, False, False, False], True, scores)
             for scores in ([2, 0, 1], [0, 2, 1], [0, 1, 2])]
    position = games[0].cards_position(
        [["AS", "2H"], ["3H", "3D"], ["4H", "4D"], ["5H", "5D"]], [], 0)
    want = [Solver(g).value(position) for g in games]
    assert want == [2, 1, 1]
    for level in ([(0, 2), (1, 2), (2, 2)], [(1, 2), (2, 2)], [(1, 1), (2, 1)]):
        assert ranks.first(games, position, [level]) == _expected(want, [level])


def test_games_of_other_card_plays_are_not_valued_together() -> None:
    order = {r: i for i, r in enumerate("23456789TJQKA")}
    a = TrickGame(order, {}, None, 4, [True, False, False, False], True, [0, 1, 2])
    b = TrickGame(order, {}, "S", 4, [True, False, False, False], True, [0, 1, 2])
    assert ranks.first([a, b], a.cards_position([["AS"]] * 4, [], 0), [[(0, 1)]]) is None


def _deal(players: int, scoring: str, number: int, seed: int) -> list[Any]:
    rules = registry.rules_for("serbian-whist", players, {"scoring": scoring})
    events = list(game.new_deal(rules, number, seed % players, secret(f"b{seed}")))
    state, rng = game.fold(events), random.Random(seed)
    while state.phase != "over":
        state, new = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)),
                          secret(f"b{seed}"))
        events += new
    return events


@pytest.mark.parametrize("scoring", SYSTEMS)
def test_the_bids_judged_together_as_one_by_one(scoring: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The analysis of random deals' bids the same with the bids valued together as with each
    bid tested against the best so far and valued where it passes it."""
    for seed, (players, number) in enumerate([(4, 9), (4, 11), (5, 7)]):
        events = _deal(players, scoring, number, seed)
        seqs = list(range(len(events)))
        together = analyse(events, seqs, "d")["decisions"]
        with monkeypatch.context() as m:
            m.setattr(Contracts, "together", lambda *args: {})
            alone = analyse(events, seqs, "d")["decisions"]
        bids = [d for d in together if d["move"]["type"] == "bid"]
        assert bids and together == alone, (seed, scoring)
