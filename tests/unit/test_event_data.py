"""Each event type's ``TypedDict`` (``Family.events``, ``domain/event_data.py``) is the spec's
``*Data`` schema of that type: the same fields, the same ones required, the same JSON types
(``python -m api.spec`` writes most of them from the TypedDicts; the families' ``XScored`` are
written by hand or in ``Family.schemas``); and the events of random deals of every preset are
what their ``TypedDict`` says (and what the spec says)."""

from __future__ import annotations

import copy
import random
import typing
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import clock, game, registry
from domain.errors import IllegalMove
from domain.event_data import GENERIC, BidData, Declared, EventType
from domain.messages import HINT_WORDS, Event
from tests.contract import spec, validator
from tests.event_types import Shape, conforms, differences, merged, of_schema, of_type
from tests.helpers import arrange, secret, step
from tests.unit.test_properties import cases
from tests.unit.test_sueca_redeal import WEAK_HANDS

SCHEMAS: dict[str, Any] = spec()["components"]["schemas"]
# Hidden parts (``Family.hidden``, ``game.hidden``): null in a caller's feed while hidden, so
# the spec allows null where the rules always write a value.
NULLABLE = frozenset({"/hands/[]", "/stock", "/draws/[]/card", "/reveal"})


def families() -> list[Any]:
    return list({id(p.family): p.family for p in registry.PRESETS.values()}.values())


def declared() -> dict[str, list[Declared]]:
    """Event type -> its declaration by each family that logs it (the generic ones once)."""
    out: dict[str, list[Declared]] = {t: [d] for t, d in GENERIC.items()}
    for family in families():
        for kind, declaration in family.events.items():
            out.setdefault(kind, []).append(declaration)
    return out


def data_schema(kind: str) -> str:
    """The spec's ``*Data`` schema of an event type, through the ``Envelope`` union."""
    envelope = SCHEMAS["Envelope"]["discriminator"]["mapping"][kind].rsplit("/", 1)[-1]
    return str(SCHEMAS[envelope]["properties"]["data"]["$ref"].rsplit("/", 1)[-1])


def scored_schema(family: Any) -> str:
    """``ScoredData`` is one schema per family: ``XScored`` beside its ``XView``."""
    return str(family.view_schema.removesuffix("View") + "Scored")


def mismatches(kind: str, types: list[Any], schema: dict[str, Any]) -> list[str]:
    return differences(merged([of_type(t) for t in types]), of_schema(schema, SCHEMAS),
                       "", NULLABLE)


KINDS = sorted(k for k in declared() if k != "scored")


def test_the_spec_logs_exactly_the_declared_event_types() -> None:
    assert sorted(SCHEMAS["Envelope"]["discriminator"]["mapping"]) == sorted(declared())


@pytest.mark.parametrize("kind", KINDS)
def test_an_event_types_data_is_its_spec_schema(kind: str) -> None:
    types = [d.data for d in declared()[kind]]
    assert mismatches(kind, types, SCHEMAS[data_schema(kind)]) == []


@pytest.mark.parametrize("family", families(), ids=lambda f: f.name)
def test_a_familys_scored_data_is_its_spec_schema(family: Any) -> None:
    assert data_schema("scored") == "ScoredData"
    refs = [b["$ref"].rsplit("/", 1)[-1] for b in SCHEMAS["ScoredData"]["oneOf"]]
    assert scored_schema(family) in refs
    scored = family.events["scored"].data
    assert mismatches("scored", [scored], SCHEMAS[scored_schema(family)]) == []


def _with_field(td: Any, name: str, tp: Any) -> Any:
    hints = typing.get_type_hints(td, include_extras=True)
    return typing.TypedDict(f"{td.__name__}Mutant", {**hints, name: tp})  # type: ignore[operator]


@pytest.mark.parametrize("kind", [*KINDS, "scored"])
def test_a_field_on_one_side_only_is_a_mismatch(kind: str) -> None:
    """The comparison can fail: a field added to the TypedDict, or to the spec, or a
    required field made optional in the spec, is named."""
    if kind == "scored":
        family = families()[0]
        types, schema = [family.events["scored"].data], SCHEMAS[scored_schema(family)]
    else:
        types, schema = [d.data for d in declared()[kind]], SCHEMAS[data_schema(kind)]
    mutants = [_with_field(t, "mutant", int) for t in types]
    assert mismatches(kind, mutants, schema) == ["/mutant: in the code, not in the spec"]
    wider = copy.deepcopy(schema)
    wider.setdefault("properties", {})["mutant"] = {"type": "integer"}
    assert mismatches(kind, types, wider) == ["/mutant: in the spec, not in the code"]
    required = schema.get("required", [])
    if required:
        looser = {**schema, "required": required[1:]}
        assert mismatches(kind, types, looser) == [
            f"/{required[0]}: required in the code, optional in the spec"]


def test_a_type_or_value_that_differs_is_a_mismatch() -> None:
    card = of_schema(SCHEMAS["CardData"], SCHEMAS)
    class Numbered(typing.TypedDict):
        card: int

    assert differences(of_type(Numbered), card) == [
        "/card: types ['integer'] in the code, ['string'] in the spec"]
    lead = of_schema(SCHEMAS["LeadChosenData"], SCHEMAS)

    class Three(typing.TypedDict):
        by: typing.Literal["self", "partner", "nobody"]

    assert differences(of_type(Three), lead) == [
        "/by: values ['nobody', 'partner', 'self'] in the code, ['partner', 'self'] in the "
        "spec"]
    assert differences(Shape(frozenset({"array"}), items=Shape(frozenset({"string"}))),
                       of_schema(SCHEMAS["Cards"], SCHEMAS)) == []


# -- the events of random deals ------------------------------------------------------------------

CASES = [*cases(), ("sueca-brazil", 4, {"weak_hand_redeal": True}),
         ("serbian-whist", 4, {"trumps": "turned"}), ("sedmice", 4, {"table_talk": True}),
         ("suster", 4, {"table_talk": True})]
IDS = [f"{p}-{n}{'-' + '-'.join(map(str, o.values())) if o else ''}" for p, n, o in CASES]


def played_deal(preset: str, players: int, options: dict[str, Any], seed: int) -> list[Event]:
    """A deal of random legal moves, with table talk (a word, said in turn) where it is on."""
    rules = registry.rules_for(preset, players, options)
    rng = random.Random(seed)
    dealt = secret(f"events-{seed}")
    log = game.new_deal(rules, 1, rng.randrange(players), dealt)
    state = game.fold(log)
    while state.phase != "over":
        moves = game.legal_moves(state, state.turn)
        if rules.options.get("table_talk") and rng.random() < 0.3:
            moves = [{"type": "hint", "word": rng.choice(list(HINT_WORDS))}]
        seat = state.turn
        assert seat is not None
        try:
            state, events = step(state, seat, rng.choice(moves), dealt)
        except IllegalMove:  # a word the rules do not allow now
            continue
        log += events
    return log


def check(event: Event, family: Any) -> None:
    declaration = family.events.get(event.type) or GENERIC.get(event.type)
    assert declaration is not None, f"{family.name} logs {event.type!r}, not in its events"
    assert conforms(event.data, declaration.data) == [], event
    name = scored_schema(family) if event.type == "scored" else data_schema(event.type)
    errors = [e.message for e in validator(f"/components/schemas/{name}").iter_errors(
        dict(event.data))]
    assert errors == [], (event, errors)


@pytest.mark.parametrize(("preset", "players", "options"), CASES, ids=IDS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_deals_log_events_their_typeddict_describes(
        preset: str, players: int, options: dict[str, Any], seed: int) -> None:
    family = registry.PRESETS[preset].family
    for event in played_deal(preset, players, options, seed):
        check(event, family)


def test_a_timeout_is_what_its_typeddict_describes() -> None:
    family = families()[0]
    check(clock.timed_out(1, "2026-11-25T10:00:00.000Z"), family)
    check(clock.timed_out(1, "2026-11-25T10:00:00.000Z", forfeit=True), family)
    state = game.fold(game.new_deal(registry.rules_for("sedma", 2, {}), 1, 0, secret("x")))
    check(clock.abandoned(state, 1, secret("x")), family)  # a forfeited deal's close


def test_the_checker_names_what_an_event_lacks_or_adds() -> None:
    family = registry.PRESETS["sedma"].family
    taken = family.events["trick_taken"].data
    assert conforms({"seat": 0, "cards": ["AS"], "side": 0}, taken) == [
        "/points: required, missing"]
    assert conforms({"seat": 0, "cards": ["AS"], "side": 0, "points": 1, "x": 1}, taken) == [
        "/x: not declared"]
    assert conforms({"seat": True, "cards": [7], "side": 0, "points": 1}, taken) == [
        "/seat: True is not a int", "/cards/0: 7 is not a str"]


def rare_logs() -> list[tuple[str, list[Event]]]:
    """Events random play seldom meets: a redeal asked for a weak hand (§7.7), a hand of four
    sevens burned at once (§3.7)."""
    rules = registry.rules_for("sueca-brazil", 4, {"weak_hand_redeal": True})
    state = game.fold(game.prearranged_deal(rules, 3, WEAK_HANDS, []))
    _, redeal = step(state, 0, {"type": "redeal"})
    _, burned = arrange("sedma", 2, [["7S", "7H", "7D", "7C"], []], options={"burned_hand": True})
    return [("sueca-brazil", redeal), ("sedma", game.opening(burned, None))]


def test_every_declared_event_type_is_met_and_checked() -> None:
    """Between a few random deals of every case and the rare events, every event type each
    family declares is logged, and each is what its TypedDict and the spec say."""
    met = set()
    logs = [(p, played_deal(p, n, o, seed)) for p, n, o in CASES for seed in (1, 2)]
    for preset, log in [*logs, *rare_logs()]:
        family = registry.PRESETS[preset].family
        for event in log:
            check(event, family)
            met.add((family.name, event.type))
    assert {(f.name, kind) for f in families() for kind in f.events} - met == set()


def test_a_new_games_new_event_type_gets_its_envelope_from_its_declaration() -> None:
    """``python -m api.spec`` writes an envelope for every declared event type: a new game's
    new event needs only its declaration (and its data's schema, in ``Family.schemas``)."""
    from api import spec as api_spec
    from tests.tiny_game import PRESETS, Tiny

    bonus = EventType("bonus_paid", BidData, "A bonus is paid.")

    class Bonus(Tiny):
        name = "bonus"
        events = {**Tiny.events, "bonus_paid": bonus}

    family = Bonus()
    registry.register(family, {"bonus-game": PRESETS["tiny"]})
    try:
        union, envelopes = api_spec.envelope_union(), api_spec.envelopes()
    finally:
        registry.unregister(family)
    assert "          bonus_paid: '#/components/schemas/BonusPaidEvent'" in union
    at = envelopes.index("    BonusPaidEvent:")
    assert envelopes[at + 1] == '      description: "A bonus is paid."'
    assert "        data: {$ref: '#/components/schemas/BonusPaidData'}" in envelopes[at:at + 16]
    assert "bonus-game" not in registry.PRESETS


def test_two_families_declaring_one_field_differently_is_refused() -> None:
    """``python -m api.spec`` merges one event type's declarations: a field two families type
    differently has no one schema, and is named."""
    from api.event_schemas import data_schema, merged

    class One(typing.TypedDict):
        seat: int

    class Other(typing.TypedDict):
        seat: str

    with pytest.raises(ValueError, match="'seat'"):
        merged([data_schema(One), data_schema(Other)])


def test_a_family_without_its_events_is_refused_by_name() -> None:
    from domain.family import IncompleteFamily, check
    from tests.tiny_game import Tiny

    class Silent(Tiny):
        events = None

    class Misnamed(Tiny):
        events = {"played": EventType("laid", BidData)}

    with pytest.raises(IncompleteFamily, match="'tiny' lacks 'events'"):
        check(Silent())
    with pytest.raises(IncompleteFamily, match=r"events\['played'\] must be an EventType named"):
        check(Misnamed())
