"""A malformed upload is an audit report that says what is wrong, never an exception: a header
or an envelope that is not an object, a ``dealt`` whose data is not an object (even with a
valid hash chain over it), fields of the wrong type."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest

from events.audit import audit_export
from events.envelope import GENESIS, digest
from tests.unit.test_audit import export_of

ROOT = Path(__file__).resolve().parents[2]


def rechained(envelopes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The envelopes with a valid hash chain over whatever they now hold (an event whose data
    is no longer an object keeps no commitments into it)."""
    prev, out = GENESIS, []
    for env in envelopes:
        dropped = ("hash",) if isinstance(env.get("data"), dict) else (
            "hash", "commitments", "salts")
        env = {k: v for k, v in env.items() if k not in dropped} | {"prev": prev}
        env["hash"] = prev = digest(env)
        out.append(env)
    return out


def text(header: Any, envelopes: list[Any]) -> str:
    return "\n".join(orjson.dumps(line).decode() for line in [header, *envelopes])


def dealt_with(data: Any) -> str:
    header, envelopes = export_of("sedma", 4, 5)
    return text(header, rechained([{**envelopes[0], "data": data}, *envelopes[1:]]))


def cases() -> dict[str, tuple[str, str]]:
    """name -> (upload, words the report must use)"""
    header, envelopes = export_of("sedma", 4, 5)
    dealt = envelopes[0]["data"]
    return {
        "header a list": (text([1, 2], envelopes), "header"),
        "header a string": (text("tricklog", envelopes), "header"),
        "header null": (text(None, envelopes), "header"),
        "dealt data a list": (dealt_with([1]), "data"),
        "dealt data a string": (dealt_with("cards"), "data"),
        "dealt data null": (dealt_with(None), "data"),
        "dealt options a list": (dealt_with({**dealt, "options": [1]}), "options"),
        "dealt players a string": (dealt_with({**dealt, "players": "4"}), "players"),
        "a played event's data a list": (text(header, rechained(
            [envelopes[0], {**envelopes[1], "data": [1]}, *envelopes[2:]])), "data"),
        "a seat that is text": (text(header, rechained(
            [envelopes[0], {**envelopes[1], "seat": "north"}, *envelopes[2:]])), "seat"),
        "a line that is a number": (text(header, [envelopes[0], 5]), "envelope"),
    }


@pytest.mark.parametrize("name", list(cases()))
def test_a_malformed_upload_is_a_report_naming_what_is_wrong(name: str) -> None:
    upload, words = cases()[name]
    report = audit_export(upload)
    assert not report.ok
    assert report.first_error is not None and report.first_error["check"] == "format"
    assert words in report.first_error["why"], report.to_text()
    assert "FAILED" in report.to_text()


def test_the_cli_exits_2_with_the_report(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(dealt_with(["not", "an", "object"]))
    out = subprocess.run([sys.executable, "-m", "tricklog_cli", "audit", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2 and out.stderr == ""
    assert out.stdout.startswith("FAILED") and "dealt" in out.stdout
