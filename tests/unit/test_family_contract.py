"""The family contract (``domain/family.py``): typed with no ``Any``, every shipped family
answers the hooks generic code asks instead of inspecting its states, and what a deal carries
over to the next one or to the match's end passes through the match as the family's own data."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from domain import family as contract
from domain import game, registry
from domain.bots import endgame
from tests.helpers import random_deal

FAMILY_PY = Path(contract.__file__)


def test_the_contract_names_no_any() -> None:
    """Neither imported nor written in an annotation, an alias or a string."""
    tree = ast.parse(FAMILY_PY.read_text())
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    strings = [n.value for n in ast.walk(tree)
               if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    assert "Any" not in names | attributes | imported
    assert not [s for s in strings if re.search(r"\bAny\b", s)]


def _random_deal(preset: str, players: int, seed: int) -> list[Any]:
    """Every state of one deal played at random, from the deal to the end."""
    log, _ = random_deal(preset, players, seed)
    return list(game.states(log))


KINDS = {"card": {"play"}, "continue": {"play", "stop"}, "bid": {"bid", "pass"}, "trump": {"trump"},
         "call": {"call"}}
CASES = [(p.id, n) for p in registry.PRESETS.values() for n in p.players]


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_every_family_says_what_each_state_asks(preset: str, players: int) -> None:
    """``decision``: None exactly where no seat is to move; a card where the seat may play
    one, a bid where it may bid or pass... ``endgame``: the cards still in the hands and the
    stock while the seat plays a card, else None."""
    for seed in range(3):
        for state in _random_deal(preset, players, seed):
            family = registry.family_of(state.rules)
            kind = family.decision(state)
            assert (kind is None) == (state.turn is None or game.is_over(state)), state.phase
            assert kind is None or kind in contract.DECISIONS
            types = {m["type"] for m in family.legal_moves(state, state.turn)}
            assert kind not in KINDS or KINDS[kind] & types, (kind, types)
            left = family.endgame(state)
            in_play = sum(map(len, state.hands)) + len(getattr(state, "stock", ()))
            assert left == (in_play if kind in contract.CARD_PLAY else None)


def test_the_search_bot_solves_only_the_last_cards_in_hand() -> None:
    """Through the ``endgame`` hook: never while cards are left to draw."""
    states = _random_deal("briscola", 2, 1)
    solved = [s for s in states if endgame.applies(s)]
    assert solved and all(not s.stock and sum(map(len, s.hands)) <= 4 for s in solved)
    assert any(s.stock for s in states if registry.family_of(s.rules).endgame(s))


def test_a_family_without_a_required_hook_is_named() -> None:
    class Undecided(type(registry.PRESETS["briscola"].family)):  # type: ignore[misc]
        name = "undecided"
        decision = None

    with pytest.raises(contract.IncompleteFamily, match="'undecided' lacks 'decision'"):
        registry.register(Undecided(), {})
