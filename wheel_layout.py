"""How a wheel lays out the checkout (issue 31 item 14): one top-level package, ``tricklog``.

The design card keeps ``api/``, ``domain/``, ``events/``, ``workers/`` and ``integrations/`` at
the checkout's root, and their modules import each other by those names (``from domain import
game``). Installed as they are, a wheel would put five packages with common names into
site-packages, over anything else called ``api`` or ``domain``, and a bot author's own
``domain`` would shadow Tricklog's, or the other way round.

So the wheel's ``build_py`` (``pyproject.toml``: ``[tool.setuptools.cmdclass]``) moves the five
built packages under ``tricklog/`` and rewrites, in the built copies only, each import of
them (``from domain`` becomes ``from tricklog.domain``) and each string that names one of their
modules (gunicorn's ``api.wsgi:app``, the worker's ``workers.bots.play_bot_turn``);
``tricklog_cli`` (the console script's module) gets the same rewrite, and ``openapi.yaml``
goes in beside the packages, where ``api/app.py`` looks for it. The checkout's sources are
not changed: rewriting some 400 imports across the tree (tests included) for the sake of the
wheel would touch every file and every branch in flight. An editable install (``pip install
-e .``, what ``make`` does) keeps the checkout's layout, as before.
``tests/unit/test_wheel_layout.py`` builds a wheel and imports every module of it with the
five short names unimportable.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

from setuptools.command.build_py import build_py

sys.path.insert(0, str(Path(__file__).resolve().parent))  # setuptools loads this file by its path
from profiled_build import ProfiledBuildExt  # noqa: E402

PACKAGES = ("api", "domain", "events", "workers", "integrations")
NAMES = "|".join(PACKAGES)
IMPORT = re.compile(rf"^(\s*)(from|import) ({NAMES})(?=[.\s])", re.M)
STRING = re.compile(rf"""(["'])(python:)?({NAMES})(?=[.:][A-Za-z_])""")
ROOT = Path(__file__).resolve().parent


def rewrite(text: str) -> str:
    """``text`` with its imports and module names of the five packages under ``tricklog.``."""
    text = IMPORT.sub(r"\1\2 tricklog.\3", text)
    return STRING.sub(r"\1\2tricklog.\3", text)


def nest(lib: Path) -> None:
    """Move the five built packages under ``lib/tricklog`` and rewrite every module there."""
    home = lib / "tricklog"
    home.mkdir(exist_ok=True)
    for name in PACKAGES:
        if (lib / name).exists():
            shutil.rmtree(home / name, ignore_errors=True)
            shutil.move(str(lib / name), str(home / name))
    shutil.copyfile(ROOT / "openapi.yaml", home / "openapi.yaml")
    for path in [*home.rglob("*.py"), lib / "tricklog_cli.py"]:
        path.write_text(rewrite(path.read_text(encoding="utf-8")), encoding="utf-8")
    for compiled in home.rglob("__pycache__"):
        shutil.rmtree(compiled)


class BuildPy(build_py):  # type: ignore[misc]
    """setuptools' ``build_py``, then :func:`nest` (not for an editable install)."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            nest(Path(self.build_lib))


class BuildExt(ProfiledBuildExt):
    """setuptools' ``build_ext`` (profile-guided where ``profiled_build.py`` says), writing a
    wheel's compiled modules under ``tricklog/`` beside the packages :func:`nest` moved there
    (in place, as before, for an editable install)."""

    nested = False

    def run(self) -> None:
        # ``inplace`` is switched off while the modules are built, then they are copied over
        self.nested = not (self.inplace or self.editable_mode)
        super().run()

    def get_ext_fullpath(self, ext_name: str) -> str:
        if self.nested and ext_name.split(".")[0] in PACKAGES:
            ext_name = f"tricklog.{ext_name}"
        return str(super().get_ext_fullpath(ext_name))
