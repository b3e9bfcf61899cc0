"""The README's shell blocks marked ``<!-- readme-test -->`` run as written, in order, as one
``sh -e`` script against a real HTTP server (the app on a free port, a worker thread), with
``BASE`` pointing at it, in an empty directory: the curl walkthrough plays a whole deal to the
end and the offline audit of its export says OK. Run without ``jq`` on the ``PATH``, since the
README says it is optional (issue 31 item 5)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
MARK = "<!-- readme-test -->"


def marked_blocks(text: str) -> list[str]:
    """The fenced ``sh`` blocks right after the marker, in order."""
    return re.findall(re.escape(MARK) + r"\n```sh\n(.*?)\n```\n", text, flags=re.S)


def test_the_walkthrough_is_marked() -> None:
    blocks = marked_blocks(README.read_text())
    assert len(blocks) == README.read_text().count(MARK) >= 2
    assert "BASE=" in blocks[0] and "while " in blocks[0]
    assert "localhost:8000" not in README.read_text()


def test_the_readme_blocks_run_as_written(site: str, tmp_path: Path) -> None:
    """Without jq: the PATH holds curl, python3 and tricklog only. (With jq, ``show`` pipes
    through ``jq .`` instead of ``python3 -m json.tool``; nothing else changes.)"""
    if shutil.which("curl") is None:
        pytest.skip("no curl on PATH")
    script = "\n".join(marked_blocks(README.read_text()))
    tools = tmp_path / "bin"  # the PATH: what the README needs and the venv's tricklog
    tools.mkdir()
    (tools / "python3").symlink_to(Path(sys.executable).resolve())
    (tools / "curl").symlink_to(str(shutil.which("curl")))
    (tools / "tricklog").symlink_to(Path(sys.executable).with_name("tricklog"))
    env = {"BASE": site, "PATH": str(tools), "HOME": str(tmp_path), "LC_ALL": "C.UTF-8"}
    shell = shutil.which("sh") or "/bin/sh"
    run = subprocess.run([shell, "-e", "-c", script], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    out = run.stdout
    assert f"seat 1's link: {site}/" in out and "seat 3's link:" in out
    assert re.search(r'^seat [0-3]: \{"type": "(play|stop)"', out, flags=re.M)
    assert '"sides"' in out and re.search(r"^OK: ", out, flags=re.M)  # result, audit verdict
