"""Properties of random legal play, for every preset and player count (hypothesis picks the
seeds): points add up to the preset's total, every card is played exactly once, the log and
snapshots rebuild the live state, and no view or feed shows a card its seat may not know."""

from __future__ import annotations

from collections import Counter
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import game, registry
from domain.fairness import commit
from domain.messages import Event
from domain.shuffle import shuffle
from tests.helpers import cards_in, random_deal

SEEDS = st.integers(min_value=0, max_value=2**32)
BURNING = {"burn_tariff": "graded", "burned_hand": True}


def total(preset: str, players: int) -> int:
    """What the first deal's points add up to, as the family declares (``points_total``)."""
    hook = registry.PRESETS[preset].family.points_total
    assert hook is not None, f"{preset}'s family declares no points_total"
    return hook(registry.rules_for(preset, players, None), 1)


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for pid, preset in registry.PRESETS.items():
        names = {o.name for o in preset.options}
        for players in preset.players:
            out.append((pid, players, {}))
            if "burn_tariff" in names and players != 3:  # nobody burns with three (§3.6)
                out.append((pid, players, BURNING))
    out += [("sedma-3-32", 3, {"short_stock": "one_pass"}), ("hola", 4, {"fight_rule":
                                                                          "sedma_style"})]
    return out


CASES = cases()
IDS = [f"{p}-{n}{'-' + '-'.join(map(str, o.values())) if o else ''}" for p, n, o in CASES]


@pytest.mark.parametrize(("preset", "players", "options"), CASES, ids=IDS)
@settings(max_examples=25, deadline=None)
@given(seed=SEEDS)
def test_points_add_up_and_every_card_is_played_once(preset: str, players: int,
                                                     options: dict[str, Any], seed: int) -> None:
    log, state = random_deal(preset, players, seed, options)
    played = Counter(e.data["card"] for e in log if e.type in ("played", "continued"))
    taken = Counter(c for e in log if e.type == "trick_taken" for c in e.data["cards"])
    pack = Counter(state.rules.pack())
    if preset == "serbian-whist":  # the cards left over are not dealt
        pack -= Counter(log[0].data["stock"])
    burned = any(e.type == "burned" for e in log)
    assert played - pack == Counter() and taken - played == Counter()
    if burned:
        assert state.result["points"] == [0] * len(state.result["points"])
    else:
        assert played == pack == taken
        assert sum(state.result["points"]) == total(preset, players)
    scored = log[-1]
    assert scored.type == "scored"
    opened = scored.data["reveal"]
    assert commit(opened["seed"], opened["nonce"]) == log[0].data["commitment"]
    assert len(scored.data["score"]["match_points"]) == len(state.rules.sides)


@pytest.mark.parametrize(("preset", "players", "options"), CASES, ids=IDS)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_state_rebuilt_from_log_or_snapshot_equals_live_state(
        preset: str, players: int, options: dict[str, Any], seed: int) -> None:
    log, state = random_deal(preset, players, seed, options)
    assert game.fold(log) == state
    middle = game.fold(log[: len(log) // 2])
    snap = orjson.loads(orjson.dumps(game.to_snapshot(middle)))
    assert game.fold(log[len(log) // 2 :], game.from_snapshot(snap)) == state


@pytest.mark.parametrize(("preset", "players", "options"), CASES, ids=IDS)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_no_view_or_feed_shows_a_card_its_seat_may_not_know(
        preset: str, players: int, options: dict[str, Any], seed: int) -> None:
    log, _ = random_deal(preset, players, seed, options)
    viewers: list[int | None] = [None, *range(players)]
    known: dict[int | None, set[str]] = {v: set() for v in viewers}
    seen: dict[int | None, set[str]] = {v: set() for v in viewers}
    state = None
    revealed = False
    for event in log[:-1]:  # up to the scoring, the deal is running
        state = game.evolve(state, event)
        learn(known, event, state)
        revealed = revealed or event.type == "partner_revealed"
        if not revealed:  # Sueca Italiana: the called card's holder stays hidden
            assert all(game.view(state, v).get("partner") is None for v in viewers)
            assert b'"partner":' not in orjson.dumps(game.redact(state.rules, event, None, False))
        for viewer in viewers:
            seen[viewer] |= cards_in(game.redact(state.rules, event, viewer, over=False))
            view = game.view(state, viewer)
            # a bidder may call any card of the pack: those moves reveal nothing
            view["legal_moves"] = [m for m in view["legal_moves"] if m["type"] != "call"]
            assert "solo" not in orjson.dumps(view).decode()
            assert seen[viewer] | cards_in(view) <= known[viewer], (viewer, event.type)


def learn(known: dict[int | None, set[str]], event: Event, state: Any) -> None:
    """What each viewer may know after ``event``: its own cards, every card played, and a
    partner's hand once hands are shown."""
    data = event.data
    if event.type == "dealt":
        for seat, hand in enumerate(data["hands"]):
            known[seat] |= set(hand)
        for cards in known.values():  # options and a turned trump card are public
            cards |= cards_in(data["options"]) | cards_in(data.get("trump_card"))
    elif event.type == "drew":
        for draw in data["draws"]:
            known[draw["seat"]].add(draw["card"])
    elif event.type in ("played", "continued", "card_called"):
        for cards in known.values():
            cards.add(data["card"])
    elif event.type == "hands_shown":
        rules = state.rules
        for viewer in [s for s in known if s is not None]:
            for seat, hand in enumerate(data["hands"]):
                if rules.side_of(seat) == rules.side_of(viewer):
                    known[viewer] |= set(hand)


def test_shuffle_is_a_deterministic_permutation() -> None:
    pack = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]
    one = shuffle(pack, "seed", "1")
    assert one == shuffle(pack, "seed", "1")
    assert sorted(one) == sorted(pack)
    assert one != shuffle(pack, "seed", "2") != shuffle(pack, "other", "1")
