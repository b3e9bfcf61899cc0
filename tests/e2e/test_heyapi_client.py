"""A third generator (issue 31): the fetch SDK @hey-api/openapi-ts generates from openapi.yaml,
compiled strictly with tsc (scripts/heyapi/check.sh), plays a two-seat deal to the end against
a real HTTP server from Node: the spectator's calls without a token, the seats' with theirs,
then the sheet as CSV and text and the export as JSON Lines (strings), and a bounded read of
the event stream (``once``). Skipped, saying why, without Node and npm or when npm cannot
install the two pinned packages."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("heyapi-build")  # its module-scoped fixture, set up once

HERE = Path(__file__).resolve().parents[2] / "scripts" / "heyapi"


@pytest.fixture(scope="module")
def built() -> Path:
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("no Node.js and npm (the hey-api client check needs them)")
    run = subprocess.run([str(HERE / "check.sh")], capture_output=True, text=True, timeout=600)
    if run.returncode == 3:
        pytest.skip(run.stderr.strip())
    assert run.returncode == 0, run.stdout + run.stderr
    return HERE / "dist" / "play.js"


def test_the_hey_api_sdk_plays_a_deal(built: Path, site: str) -> None:
    run = subprocess.run([str(shutil.which("node")), str(built)], env={"BASE": site},
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["phase"] == "over" and out["complete"] and out["moves"] >= 16
    assert out["csv_rows"] >= 2 and out["text_lines"] >= 2 and out["export_lines"] >= 17
    assert out["frames"][0] == "view" and out["frames"][-1] == "end"
