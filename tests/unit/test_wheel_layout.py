"""Issue 31 item 14: what a wheel installs. ``pip wheel . --no-deps`` (what ``make image``
does) gives one top-level package, ``tricklog``, and the console script's ``tricklog_cli``,
never ``api``, ``domain``, ``events``, ``workers`` or ``integrations``, which would collide with
anything else of those names in a bot author's environment; every module of it imports with
those five short names out of reach; and the ``[rl]`` extra is OpenSpiel and PettingZoo
without the test tools."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from wheel_layout import PACKAGES, rewrite

ROOT = Path(__file__).resolve().parents[2]
NO_INDEX = ("Could not find a version that satisfies", "No matching distribution",
            "Failed to establish a new connection", "Network is unreachable")
# Run by the wheel's own modules, with the five short names made unimportable: every module
# imports, the PettingZoo environment plays, the contract is where the app reads it.
PROBE = """
import importlib, pkgutil, sys
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {names!r}:
            raise ImportError("a short name imported: " + name)
sys.meta_path.insert(0, Refuse())
import tricklog, tricklog_cli
assert tricklog.__file__.startswith({lib!r}) and tricklog_cli.__file__.startswith({lib!r})
for info in pkgutil.walk_packages(tricklog.__path__, "tricklog."):
    if info.name not in ("tricklog.api.wsgi",):  # wsgi builds the app from the environment
        importlib.import_module(info.name)
from tricklog.api.app import SPEC_PATH
from tricklog.integrations.pettingzoo import env
from tricklog.workers.turns import PLAY_BOT_TURN
assert SPEC_PATH.is_file() and PLAY_BOT_TURN == "tricklog.workers.bots.play_bot_turn"
e = env("sedma", 2)
e.reset(seed=1)
print("imported", len(sys.modules))
"""


def test_the_rl_extra_is_openspiel_and_pettingzoo_alone() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    names = {r.split(">")[0].split("=")[0].split("<")[0].strip() for r in extras["rl"]}
    assert names == {"open_spiel", "pettingzoo", "gymnasium"}
    assert "tricklog[rl]" in extras["test"]


def test_the_rewrite_touches_imports_and_module_names_only() -> None:
    source = ('from domain import game\nimport integrations.ismcts  # noqa\n'
              '    from .hub import Feed\nfrom domainx import y\n'
              'APP = "api.wsgi:app"\nHOOKS = "python:api.gunicorn_hooks"\nLOG = "api.log"\n'
              'x = "events"\n')
    assert rewrite(source) == (
        'from tricklog.domain import game\nimport tricklog.integrations.ismcts  # noqa\n'
        '    from .hub import Feed\nfrom domainx import y\n'
        'APP = "tricklog.api.wsgi:app"\nHOOKS = "python:tricklog.api.gunicorn_hooks"\n'
        'LOG = "tricklog.api.log"\nx = "events"\n')


@pytest.mark.slow
def test_a_wheel_installs_one_package(tmp_path: Path) -> None:
    src = tmp_path / "src"  # the committed tree and the work in progress, not build/ or .venv
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split()
    with tarfile.open(tmp_path / "src.tar", "w") as tar:
        for name in listed:
            if (ROOT / name).is_file():
                tar.add(ROOT / name, arcname=name)
    with tarfile.open(tmp_path / "src.tar") as tar:
        tar.extractall(src, filter="data")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "-q",
                            "-w", str(tmp_path / "dist")], cwd=src, capture_output=True,
                           text=True, timeout=600)
    if built.returncode != 0 and any(s in built.stdout + built.stderr for s in NO_INDEX):
        pytest.skip("pip could not fetch setuptools for the isolated build: no index")
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = (tmp_path / "dist").glob("tricklog-*.whl")
    with zipfile.ZipFile(wheel) as z:
        top = {name.split("/")[0] for name in z.namelist()}
        z.extractall(tmp_path / "lib")
        entry_points = z.read(next(n for n in z.namelist() if n.endswith("entry_points.txt")))
    name_version = "-".join(wheel.name.split("-")[:2])  # a wheel with C cores is cp311-...
    assert top == {"tricklog", "tricklog_cli.py", name_version + ".dist-info"}
    assert b"tricklog = tricklog_cli:main" in entry_points
    lib = str(tmp_path / "lib")
    probe = subprocess.run([sys.executable, "-c", PROBE.format(names=set(PACKAGES), lib=lib)],
                           cwd=tmp_path, env={"PYTHONPATH": lib, "PATH": "/usr/bin:/bin"},
                           capture_output=True, text=True, timeout=300)
    assert probe.returncode == 0 and "imported" in probe.stdout, probe.stderr[-3000:]
