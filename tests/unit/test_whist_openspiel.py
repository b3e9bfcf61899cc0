"""Differential test of Serbian whist against OpenSpiel's ``oh_hell``.

On many random deals with the same cards and the same plays: the trick winners agree, the legal
bids (the hook rule) agree, and every card our rules allow is legal there too (ours are
stricter: a player who cannot follow must trump)."""

from __future__ import annotations

import random

import pytest

from domain import game, registry
from domain.whist.rules import trump_of
from tests.helpers import step

pyspiel = pytest.importorskip("pyspiel")

HANDS_WITH_TRUMPS = [i for i in range(1, 29) if i % 5 != 0]  # hand 5, 10, ... have no trumps


def spiel_card(card: str) -> str:
    return card[-1] + ("T" if card[:-1] == "10" else card[:-1])


def by_name(state: pyspiel.State) -> dict[str, int]:
    return {state.action_to_string(a): a for a in state.legal_actions()}


@pytest.mark.parametrize("seed", range(40))
def test_same_deal_same_tricks_same_bids(seed: int) -> None:
    rng = random.Random(seed)
    rules = registry.rules_for("serbian-whist", 4, {})
    while True:  # OpenSpiel turns a card for trumps: one of our trump suit must be left over
        number = rng.choice([h for h in HANDS_WITH_TRUMPS if rules.hands[h - 1] <= 12])
        dealer = rng.randrange(4)
        deck = list(rules.pack())
        rng.shuffle(deck)
        hands, stock = game.family_of(rules).deal_layout(rules, deck, dealer, number)
        if any(c[-1] == trump_of(number) for c in stock):
            break
    ours = game.fold(game.prearranged_deal(rules, dealer, hands, stock, None, number))
    n = ours.cards

    theirs = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": n})
    state = theirs.new_initial_state()
    state.apply_action(state.legal_actions()[0])      # the number of tricks (fixed)
    state.apply_action(dealer)                        # the dealer
    for k in range(4 * n):                            # OpenSpiel deals from seat 0 round
        card = hands[k % 4][k // 4]
        state.apply_action(by_name(state)[spiel_card(card)])
    trump_card = next(c for c in stock if c[-1] == ours.trump)
    state.apply_action(by_name(state)[spiel_card(trump_card)])

    while ours.phase == "bid":                        # bids: the same legal set, hook included
        seat = ours.turn
        assert state.current_player() == seat
        legal = sorted(m["value"] for m in game.legal_moves(ours, seat))
        assert legal == sorted(int(s) for s in by_name(state))
        bid = rng.choice(legal)
        ours, _ = step(ours, seat, {"type": "bid", "value": bid})
        state.apply_action(by_name(state)[str(bid)])

    while ours.phase == "play":                       # play: ours is a subset; winners agree
        seat = ours.turn
        assert state.current_player() == seat
        mine = [m["card"] for m in game.legal_moves(ours, seat)]
        theirs_legal = by_name(state)
        assert {spiel_card(c) for c in mine} <= set(theirs_legal)
        card = rng.choice(mine)
        ours, events = step(ours, seat, {"type": "play", "card": card})
        state.apply_action(theirs_legal[spiel_card(card)])
        taken = [e for e in events if e.type == "trick_taken"]
        if taken and not state.is_terminal():
            assert state.current_player() == taken[0].data["seat"]
    assert state.is_terminal() and sum(ours.tricks_won) == n
    assert list(ours.tricks_won) == [int(x) for x in _spiel_tricks(state)]


def _spiel_tricks(state: pyspiel.State) -> list[int]:
    text = str(state)
    line = next(line for line in text.splitlines() if line.startswith("Tricks Won"))
    return [int(x) for x in line.split(":")[1].split()]
