"""``tricklog audit FILE`` as a shell user runs it: every form of the export, and a reader that
stops early (``| head``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from tests.unit.test_audit import export_of

FORMS = {
    "json-lines": lambda items: b"".join(orjson.dumps(i) + b"\n" for i in items),
    "json-array": lambda items: orjson.dumps(items),
    "pretty-printed": lambda items: orjson.dumps(items, option=orjson.OPT_INDENT_2),
}


def audit_cli(*args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tricklog_cli", "audit", *args],
                          capture_output=True, text=True, timeout=120, **kw)  # type: ignore


@pytest.mark.parametrize("form", sorted(FORMS))
def test_every_form_of_the_export_audits(form: str, tmp_path: Path) -> None:
    header, envelopes = export_of("sedma", 2, 1)
    path = tmp_path / "deal.json"
    path.write_bytes(FORMS[form]([header, *envelopes]))
    done = audit_cli(str(path))
    assert done.returncode == 0 and done.stdout.startswith("OK"), done.stdout + done.stderr
    envelopes[2]["seat"] = 1 - envelopes[2]["seat"]
    path.write_bytes(FORMS[form]([header, *envelopes]))
    done = audit_cli("--json", str(path))
    assert done.returncode == 1 and orjson.loads(done.stdout)["first_error"]["seq"] == 3


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    """``tricklog audit f | head``: the pipe is closed before the report is written."""
    header, envelopes = export_of("sedma", 2, 1)
    path = tmp_path / "deal.jsonl"
    path.write_bytes(FORMS["json-lines"]([header, *envelopes]))
    read, write = os.pipe()
    os.close(read)  # head has already gone
    try:
        done = subprocess.run([sys.executable, "-m", "tricklog_cli", "audit", "--json",
                               str(path)], stdout=write, stderr=subprocess.PIPE, text=True,
                              timeout=120)
    finally:
        os.close(write)
    assert "Traceback" not in done.stderr and "BrokenPipeError" not in done.stderr, done.stderr
    assert done.stderr == ""
    assert done.returncode == 0  # the verdict, whoever reads it
