"""``game.step``, the referee's one call per move: it accepts exactly the moves ``legal_moves``
lists (table talk aside, which is never listed), refuses every other with the legal moves
named, and returns the events with the state they fold into, for every preset. The families
check an ordinary card without listing the legal moves; this holds that fast check to the list.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from domain import game, registry
from domain.errors import IllegalMove
from domain.messages import Command, Move
from domain.records import updater
from tests.helpers import secret

CASES = [(pid, n, {}) for pid, p in registry.PRESETS.items() for n in p.players] + [
    ("sedma", 4, {"burn_tariff": "graded", "burned_hand": True}),
    ("sedma-3-32", 3, {"short_stock": "one_pass"}),
    ("sedmice", 4, {"table_talk": True}),
    ("sueca-brazil", 4, {"weak_hand_redeal": True}),
    ("hola", 4, {"fight_rule": "sedma_style"})]


def candidates(state: Any, rng: random.Random) -> list[dict[str, Any]]:
    """Moves worth trying: every card in a hand or on the table, two cards of the pack at
    random, and every other kind of move with values around the legal ones."""
    cards = {c for h in state.hands for c in h} | {c for _, c in getattr(state, "trick", ())}
    cards |= {c for _, c in getattr(state, "table", ())}
    cards |= set(rng.sample(list(state.rules.pack()), 2))
    out: list[dict[str, Any]] = [{"type": "play", "card": c} for c in sorted(cards)]
    out += [{"type": t} for t in ("stop", "pass", "redeal")]
    low = getattr(state, "bid", 0) or 60
    out += [{"type": "bid", "value": v} for v in range(-1, getattr(state, "cards", 0) + 2)]
    out += [{"type": "bid", "value": v} for v in (low - 1, low, low + 1, 120, 121)]
    out += [{"type": "trump", "suit": s} for s in "SHDC"]
    out += [{"type": "call", "card": c} for c in (None, *sorted(cards)[:3])]
    out += [{"type": "lead", "by": b} for b in ("self", "partner")]
    return out


def _check_every_candidate(state: Any, seat: int, rng: random.Random, dealt: Any) -> None:
    legal = game.legal_moves(state, seat)
    for move in candidates(state, rng):
        try:
            events, after = game.step(state, Command(seat, Move.from_dict(move), dealt))
        except IllegalMove as refused:
            assert move not in legal, f"{move} is listed as legal but refused"
            assert refused.legal_moves == legal
            continue
        assert move in legal, f"{move} is accepted but not listed as legal"
        first = events[0]
        assert first.seat == seat
        assert {k: v for k, v in move.items() if k != "type"}.items() <= first.data.items()
        assert after == game.fold(events, state)
        assert events == game.decide(state, Command(seat, Move.from_dict(move), dealt))


@pytest.mark.parametrize(("preset", "players", "options"), CASES,
                         ids=[f"{p}-{n}-{'-'.join(o)}" for p, n, o in CASES])
def test_step_accepts_exactly_the_legal_moves(preset: str, players: int,
                                              options: dict[str, Any]) -> None:
    rules = registry.rules_for(preset, players, options)
    for seed in range(2):
        rng, dealt = random.Random(seed), secret(f"step-{seed}")
        state = game.fold(game.new_deal(rules, 1 + seed, seed % players, dealt))
        while state.phase != "over":
            for seat in {state.turn, (state.turn + 1) % players}:
                _check_every_candidate(state, seat, rng, dealt)
            move = rng.choice(game.legal_moves(state, state.turn))
            state = game.step(state, Command(state.turn, Move.from_dict(move), dealt))[1]


def test_a_deal_played_by_step_folds_from_its_log() -> None:
    rules = registry.rules_for("sueca", 4, {})
    dealt, rng = secret("fold"), random.Random(3)
    log = game.new_deal(rules, 1, 0, dealt)
    state = game.fold(log)
    while state.phase != "over":
        move = Move.from_dict(rng.choice(game.legal_moves(state, state.turn)))
        events, state = game.step(state, Command(state.turn, move, dealt))
        log += events
    assert game.fold(log) == state
    assert game.from_snapshot(game.to_snapshot(state)) == state


def test_a_copied_state_is_frozen_and_names_its_fields() -> None:
    state = game.fold(game.new_deal(registry.rules_for("sedma", 4, {}), 1, 0, secret("r")))
    update = updater(type(state))
    moved = update(state, turn=3, phase="decide")
    assert moved == dataclasses.replace(state, turn=3, phase="decide")
    assert (state.turn, state.phase) != (3, "decide")  # the original is untouched
    with pytest.raises(dataclasses.FrozenInstanceError):
        moved.turn = 1  # type: ignore[misc]
    with pytest.raises(TypeError, match="trun"):
        update(state, trun=3)


def test_a_move_read_from_a_dict_keeps_each_field() -> None:
    from domain.messages import MOVES

    for kind, spec in MOVES.items():
        given = {"type": kind, **{f.name: f"{f.name}-value" for f in spec}}
        assert Move.from_dict(given).to_dict() == given
