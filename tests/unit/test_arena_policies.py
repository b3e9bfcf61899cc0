"""``tricklog arena --hero module:function`` (issue 31 item 16): a third-party policy, found
on the path or from the working directory as ``examples/sse_bot.py --policy`` finds it, plays
whole matches; one that cannot be loaded, or plays an illegal move, is a one-line error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[2]
LOWEST = '''
def choose(view):
    """The first legal move: a policy anyone could write."""
    return view["legal_moves"][0]


def cheat(view):
    return {"type": "play", "card": "XX"}
'''


def arena(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tricklog_cli", "arena", *args],
                          capture_output=True, text=True, timeout=300, cwd=cwd,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **env})


def test_a_policy_from_the_working_directory_plays_the_arena(tmp_path: Path) -> None:
    (tmp_path / "mypolicy.py").write_text(LOWEST)
    done = arena("--hero", "mypolicy:choose", "--villain", "random", "--matches", "4",
                 "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    row = orjson.loads(done.stdout)
    assert row["hero"] == "mypolicy:choose" and row["matches"] == 4
    assert "mypolicy:choose" in row["ms_per_move"]


def test_a_policy_that_cannot_load_or_cheats_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "mypolicy.py").write_text(LOWEST)
    for hero, words in (("nosuch:choose", "cannot load"), ("mypolicy:nothing", "cannot load"),
                        ("mypolicy:cheat", "not one of its legal moves"),
                        ("nobot", "module:function")):
        done = arena("--hero", hero, "--matches", "1", cwd=tmp_path)
        assert done.returncode == 2 and words in done.stderr, (hero, done.stderr)
        assert "Traceback" not in done.stderr


def test_the_example_pettingzoo_policy_plays_the_arena(tmp_path: Path) -> None:
    trained = subprocess.run([sys.executable, str(ROOT / "examples" / "pettingzoo_policy.py"),
                              "--episodes", "20", "--out", str(tmp_path / "p.npz")],
                             capture_output=True, text=True, timeout=300, cwd=ROOT,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert trained.returncode == 0, trained.stderr
    done = arena("--hero", "examples.pettingzoo_policy:choose", "--matches", "2", "--json",
                 cwd=ROOT, TRICKLOG_POLICY=str(tmp_path / "p.npz"))
    assert done.returncode == 0, done.stderr
    assert orjson.loads(done.stdout)["hero"] == "examples.pettingzoo_policy:choose"
