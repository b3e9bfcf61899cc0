"""The page reads each game's facts from ``GET /v1/rulesets`` (``table``) instead of switching on
preset names: games.js and words.js run under Node against the registry's catalogue, for every
preset, and Briscola's hand is sorted A 3 K Q J 7 ... 2 and its turn needs no following."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from domain import registry

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
pytestmark = [pytest.mark.skipif(NODE is None, reason="no node here"),
              pytest.mark.xdist_group("page-facts")]  # its module fixture, set up once


@pytest.fixture(scope="module")
def shown(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    catalogue = tmp_path_factory.mktemp("page") / "rulesets.json"
    catalogue.write_text(json.dumps(registry.catalogue()))
    out = subprocess.run([str(NODE), str(ROOT / "tests" / "page" / "facts.mjs"), str(catalogue),
                          str(ROOT)], capture_output=True, text=True, timeout=60, check=True)
    rows = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    return {row["id"]: row for row in rows}


def test_every_preset_is_shown_from_its_declared_facts(shown: dict[str, dict[str, Any]]) -> None:
    assert sorted(shown) == sorted(registry.PRESETS)
    for pid, row in shown.items():
        table = registry.PRESETS[pid].table()
        assert row["clockwise"] is table["clockwise"], pid
        word = table["trick"]
        assert row["taken"].startswith(f"Ana takes the {word}"), (pid, row["taken"])


def test_a_briscola_hand_and_turn(shown: dict[str, dict[str, Any]]) -> None:
    row = shown["briscola"]
    # trumps (hearts) first, then suits in alternating colours; A 3 K Q J 7 ... 2 within each
    assert row["sorted"] == ["3H", "JH", "2H", "AS", "KS", "10D", "7C"]
    assert row["turn"] == "Your turn: play any card." and row["target"] == "one deal"
    assert row["taken"] == "Ana takes the trick: 14 points."
    assert row["clockwise"] is False


def test_an_abandoned_deal_is_told_without_a_result(shown: dict[str, dict[str, Any]]) -> None:
    row = shown["sedma"]
    assert row["abandoned"].startswith("The deal ends unplayed: Ana forfeited the match")
    assert "nobody scores it" in row["unplayed"]
