"""scripts/arena_roles.py plays the arena's matches by number and says where the auction put
the hero in every deal, for the card-point share by role (docs/BOTS.md)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from domain.registry import rules_for

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "arena_roles.py"


def load() -> Any:
    spec = importlib.util.spec_from_file_location("arena_roles", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_match_has_a_role_and_a_share_for_every_deal(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    script = load()
    rules = rules_for("sueca-italiana", 5, {})
    row = script.play_one(rules, "heuristic", "random", 3)
    assert row["i"] == 3 and len(row["roles"]) == len(row["shares"]) == rules.deals
    assert {role for role, _, _ in row["roles"]} <= {"bidder", "partner", "defender"}
    assert row["cpu_ms"] and all(0 <= s <= 1 for s in row["shares"])
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps(row) + "\n")
    script.summary([str(path)])
    assert "1 matches: card-point share" in capsys.readouterr().out
