"""The audit catches any change to an exported log, and passes every untouched one."""

from __future__ import annotations

import copy
import random
from typing import Any

import orjson
import pytest

from domain import game
from domain.cards import is_card
from domain.game import ENGINE_VERSION
from domain.shuffle import SHUFFLE_VERSION
from events.audit import EXPORT_FORMAT, audit, audit_export
from events.envelope import GENESIS, digest, seal
from tests.helpers import random_deal

PRESETS = [("sedma", 4), ("sedma", 2), ("sedmice", 4), ("sedma-king", 3), ("hola", 4),
           ("sedma-3-32", 3)]


def export_of(preset: str, players: int, seed: int) -> tuple[dict[str, Any], list[dict]]:
    log, state = random_deal(preset, players, seed)
    header = {"format": EXPORT_FORMAT, "deal_id": f"m{seed}.1", "match_id": f"m{seed}",
              "ruleset": preset, "players": players, "options": state.rules.options,
              "engine": ENGINE_VERSION, "shuffle": SHUFFLE_VERSION}
    envelopes = seal(log, after_seq=0, prev=GENESIS, at="2026-11-22T00:00:00.000Z",
                     command_id="c", hidden=lambda event: game.hidden(state.rules, event))
    return header, orjson.loads(orjson.dumps(envelopes))


def reseal(envelopes: list[dict], start: int) -> None:
    prev = envelopes[start - 1]["hash"] if start else GENESIS
    for env in envelopes[start:]:
        env["prev"] = prev
        env["hash"] = prev = digest(env)


def mutate_leaf(value: Any, rng: random.Random) -> tuple[Any, bool]:
    """``value`` with one leaf changed (a card, a number, a flag, a string)."""
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        value[key], done = mutate_leaf(value[key], rng)
        return value, done
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        value[i], done = mutate_leaf(value[i], rng)
        return value, done
    if isinstance(value, bool):
        return not value, True
    if isinstance(value, int):
        return value + 1, True
    if is_card(value):
        return ("AS" if value != "AS" else "KD"), True
    if isinstance(value, str):
        return value + "x", True
    if value is None:
        return 0, True
    return value, False


@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_untouched_exports_pass(preset: str, players: int) -> None:
    for seed in range(5):
        header, envelopes = export_of(preset, players, seed)
        report = audit(header, envelopes)
        assert report.ok, report.to_text()


@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_any_changed_field_is_found_and_named(preset: str, players: int) -> None:
    rng = random.Random(f"{preset}{players}")
    for seed in range(8):
        header, original = export_of(preset, players, seed)
        for _ in range(15):
            envelopes = copy.deepcopy(original)
            i = rng.randrange(len(envelopes))
            field = rng.choice(["seq", "type", "data", "seat", "at", "command_id", "prev",
                                "hash", "data", "data", "commitments", "salts"])
            if field not in envelopes[i]:
                continue
            envelopes[i][field], changed = mutate_leaf(envelopes[i][field], rng)
            if not changed or envelopes[i] == original[i]:
                continue
            report = audit(header, envelopes)
            assert not report.ok and report.first_error["seq"] == i + 1, (field, report.to_text())


@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_a_rehashed_change_of_the_rules_content_is_still_found(preset: str, players: int
                                                               ) -> None:
    """A forger who recomputes the chain is caught by re-running the rules."""
    rng = random.Random(f"resealed{preset}{players}")
    for seed in range(8):
        header, original = export_of(preset, players, seed)
        for _ in range(15):
            envelopes = copy.deepcopy(original)
            i = rng.randrange(len(envelopes))
            field = rng.choice(["type", "seat", "data", "data", "data"])
            envelopes[i][field], changed = mutate_leaf(envelopes[i][field], rng)
            if not changed or envelopes[i] == original[i]:
                continue
            reseal(envelopes, i)
            report = audit(header, envelopes)
            assert not report.ok, (i, field, envelopes[i], report.to_text())
            assert report.first_error is not None
            named = report.first_error["seq"]
            assert named is None or named >= i + 1, report.to_text()


@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_swapped_dropped_or_duplicated_lines_are_found(preset: str, players: int) -> None:
    rng = random.Random(preset)
    for seed in range(6):
        header, original = export_of(preset, players, seed)
        n = len(original)
        i, j = sorted(rng.sample(range(n), 2))
        swapped = list(original)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        dropped = original[:i] + original[i + 1:]
        duplicated = original[: i + 1] + [original[i]] + original[i + 1:]
        for broken, named in ((swapped, i + 1), (dropped, i + 1), (duplicated, i + 2)):
            report = audit(header, copy.deepcopy(broken))
            assert not report.ok and report.first_error["seq"] == named


@pytest.mark.parametrize(("preset", "players"), [("sedma", 2), ("sedmice", 4)])
def test_a_hidden_part_changed_under_its_commitment_is_found_and_named(
        preset: str, players: int) -> None:
    """The chain covers a hidden part only through its commitment: changing the part itself
    keeps every hash, and the commitment check names the event."""
    header, envelopes = export_of(preset, players, 3)
    drew = next(e for e in envelopes if e["type"] == "drew")
    card = drew["data"]["draws"][0]["card"]
    drew["data"]["draws"][0]["card"] = "AS" if card != "AS" else "KD"
    report = audit(header, envelopes)
    assert not report.ok
    assert report.first_error["seq"] == drew["seq"]
    assert report.first_error["check"] == "commitment"
    assert "/draws/0/card" in report.first_error["why"]


def test_a_hidden_part_left_uncommitted_is_found() -> None:
    """A log that chains a hidden part in the clear (as engine 1 did) gives it away to anyone
    hashing guesses: a v2 export may not do it, even with a sound chain."""
    header, envelopes = export_of("sedma", 2, 4)
    drew = next(e for e in envelopes if e["type"] == "drew")
    del drew["commitments"], drew["salts"]
    reseal(envelopes, drew["seq"] - 1)
    report = audit(header, envelopes)
    assert not report.ok and report.first_error["seq"] == drew["seq"]
    assert report.first_error["check"] == "commitment"


def test_text_and_garbage() -> None:
    header, envelopes = export_of("sedma", 4, 1)
    text = "\n".join(orjson.dumps(x).decode() for x in [header, *envelopes])
    assert audit_export(text).ok
    assert "OK" in audit_export(text).to_text()
    assert not audit_export("not json").ok
    assert not audit_export(text.replace(EXPORT_FORMAT, "other")).ok
    unfinished = "\n".join(orjson.dumps(x).decode() for x in [header, *envelopes[:-1]])
    assert not audit_export(unfinished).ok


def test_any_rfc3339_rendering_of_the_same_instant_verifies() -> None:
    """A typed client parses ``at`` as a date-time and writes it back its own way
    (``...03.400Z`` becomes ``...03.400000+00:00``): the chain still verifies, as it covers the
    instant in the server's rendering. Another instant, or no instant at all, still fails."""
    header, envelopes = export_of("sedma", 2, 5)
    for env in envelopes:
        env["at"] = "2026-11-22T10:20:03.400Z"
    reseal(envelopes, 0)
    renderings = ["2026-11-22T10:20:03.400000+00:00", "2026-11-22T10:20:03.4Z",
                  "2026-11-22t10:20:03.400z", "2026-11-22T11:20:03.400+01:00",
                  "2026-11-22T05:50:03.400000000-04:30", "2026-11-22 10:20:03.400Z"]
    for i, rendering in enumerate(renderings):
        rewritten = copy.deepcopy(envelopes)
        for env in rewritten:
            env["at"] = rendering
        report = audit(header, rewritten)
        assert report.ok, (rendering, report.to_text())
        rewritten[i]["at"] = "2026-11-22T10:20:03.401Z"  # another instant
        report = audit(header, rewritten)
        assert not report.ok and report.first_error["seq"] == i + 1, rendering
    for wrong in ["2026-11-22T10:20:03.400", "2026-11-22T10:20:03.400123Z", "yesterday", 7]:
        rewritten = copy.deepcopy(envelopes)
        rewritten[2]["at"] = wrong
        report = audit(header, rewritten)
        assert not report.ok and report.first_error["seq"] == 3, wrong


def test_the_export_as_a_json_array_or_pretty_printed() -> None:
    header, envelopes = export_of("sedma", 4, 2)
    items = [header, *envelopes]
    assert audit_export(orjson.dumps(items)).ok
    assert audit_export(orjson.dumps(items, option=orjson.OPT_INDENT_2).decode()).ok
    assert audit_export(items).ok
    assert not audit_export("[]").ok and not audit_export(b"[1, 2]").ok
    assert not audit_export('{"format": 1}').ok
