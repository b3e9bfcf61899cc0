"""Generic code never names a game: everything it needs of one is a hook or declared data of
``Family`` (domain/family.py). This reads the tree and fails on any preset id or family name,
in code or in comments, in ``api/`` (the page included), ``events/``, ``workers/``,
``integrations/``, the generic ``domain/`` and the TypeScript client check: a new game is its
own package and one registry line. (``scripts/bench*.py`` measure chosen presets on purpose.)"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

from domain.registry import PRESETS

ROOT = Path(__file__).resolve().parents[2]
GENERIC = ("api", "events", "workers", "integrations", "domain")


def _names() -> list[str]:
    names = set(PRESETS) | {p.family.name for p in PRESETS.values()}
    return sorted(names, key=len, reverse=True)


PATTERN = re.compile(r"(?<![a-z0-9])(" + "|".join(map(re.escape, _names())) + r")(?![a-z0-9])",
                     re.I)


def _family_packages() -> set[Path]:
    """The folders of the registered families (their own code may name themselves)."""
    out = set()
    for preset in PRESETS.values():
        module = sys.modules[type(preset.family).__module__]
        out.add(Path(module.__file__ or "").resolve().parent)
    return out


def _files() -> Iterator[Path]:
    own = _family_packages()
    for top in GENERIC:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in (".py", ".js") or "__pycache__" in path.parts:
                continue
            if any(folder in path.resolve().parents for folder in own):
                continue
            if path == ROOT / "domain" / "registry.py":
                continue
            yield path
    yield ROOT / "scripts" / "typescript" / "usage.ts"


def offences() -> list[str]:
    found = []
    for path in _files():
        for line, text in enumerate(path.read_text().splitlines(), 1):
            for match in PATTERN.finditer(text):
                found.append(f"{path.relative_to(ROOT)}:{line}: {match[0]!r}")
    return found


def test_generic_code_names_no_game() -> None:
    assert offences() == []
