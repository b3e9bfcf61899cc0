"""The fair-play report judges each game against its own calibration (issue 30 item 3): the
entry measured on the preset at its player count, else its family's at that player count;
a game the solver plays without one gets the counts, no probability, and says so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from domain.registry import rules_for
from events import fairplay
from events.fairplay_command import to_text
from tests.unit.test_audit import export_of


def _entry(preset: str, players: int, matched: int, telling: int, cards: int) -> dict[str, Any]:
    return {"preset": preset, "players": players, "cards": cards, "deals": 10,
            "telling": telling, "matched": matched, "honest_rate": matched / telling,
            "bots": "search"}


@pytest.fixture
def calibration(tmp_path: Path, monkeypatch: Any) -> dict[str, Any]:
    data = {"families": {"sueca": _entry("sueca", 4, 20, 100, 8)},
            "rulesets": {"sedma/2": _entry("sedma", 2, 45, 90, 10)}}
    path = tmp_path / "calibration.json"
    path.write_text(json.dumps(data))
    monkeypatch.setattr(fairplay, "CALIBRATION", path)
    return data


def _report(preset: str, players: int) -> dict[str, Any]:
    exports = [[header, *envelopes] for header, envelopes in
               (export_of(preset, players, seed) for seed in (1, 2))]
    return fairplay.report(exports, "m", playouts=40)


def test_a_game_is_judged_on_its_own_calibration_and_ending(calibration: Any) -> None:
    report = _report("sedma", 2)
    assert report["calibration"] == {"ruleset": "sedma", "players": 2, "cards": 10,
                                     "deals": 10, "telling": 90, "matched": 45,
                                     "honest_rate": 0.5, "prior": [45.5, 45.5]}
    assert report["honest_rate"] == 0.5 and report["cards"] == 10
    for seat in report["seats"]:
        assert seat["expected_rate"] == 0.5
        assert seat["p_value"] == pytest.approx(fairplay.fairplay.beta_binomial_tail(
            seat["matched"], seat["telling"], 45.5, 45.5))


def test_a_family_entry_stands_for_its_presets_at_its_player_count(calibration: Any) -> None:
    azores = fairplay.calibrated(rules_for("sueca-azores", 4, {}))
    assert azores is not None and azores["honest_rate"] == 0.2
    assert fairplay.calibrated(rules_for("sedma", 4, {})) is None  # sedma/2 is not sedma/4
    assert fairplay.calibrated(rules_for("hola", 2, {})) is None   # nor another preset


def test_a_game_without_calibration_gets_counts_and_says_so(calibration: Any) -> None:
    report = _report("sedma", 4)
    assert report["calibration"] is None and report["honest_rate"] is None
    assert not report["flagged"]
    for tally in report["seats"] + report["sides"]:
        assert tally["p_value"] is None and tally["expected_rate"] is None
        assert not tally["flagged"]
    assert sum(s["telling"] for s in report["seats"]) == len(report["decisions"])
    assert "NO CALIBRATION" in to_text(report)


def test_every_measured_game_in_the_repository_is_judged_on_its_own_entry() -> None:
    data = fairplay.calibration()
    for key, entry in data.get("rulesets", {}).items():
        preset, players = key.split("/")
        assert (entry["preset"], entry["players"]) == (preset, int(players))
        assert fairplay.calibrated(rules_for(preset, int(players), {})) == entry
        assert 0 < entry["matched"] < entry["telling"]
        assert entry["honest_rate"] == pytest.approx(entry["matched"] / entry["telling"],
                                                     abs=1e-4)
