"""Generic code never names a game: everything it needs of one is a hook or declared data of
``Family`` (domain/family.py). This reads the tree and fails on any preset id or family name in
the code (not the comments or docstrings) of ``api/`` (the page included), ``events/``,
``workers/``, ``integrations/``, the generic ``domain/`` and the TypeScript client check: a new
game is its own package and one registry line."""

from __future__ import annotations

import ast
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


def _python_words(source: str) -> Iterator[tuple[int, str]]:
    """Every string constant that is not a docstring, and every name, with its line."""
    tree = ast.parse(source)
    docs = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(
                body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            docs.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            yield node.lineno, node.name
        elif isinstance(node, ast.alias):
            yield node.lineno, node.name


def _script_words(source: str) -> Iterator[tuple[int, str]]:
    """Each line of JavaScript or TypeScript without its comments."""
    source = re.sub(r"/\*.*?\*/", lambda m: "\n" * m[0].count("\n"), source, flags=re.S)
    for number, line in enumerate(source.splitlines(), 1):
        yield number, re.sub(r"(^|\s)//.*$", "", line)


def offences() -> list[str]:
    found = []
    for path in _files():
        text = path.read_text()
        words = _python_words(text) if path.suffix == ".py" else _script_words(text)
        for line, word in words:
            for match in PATTERN.finditer(word):
                found.append(f"{path.relative_to(ROOT)}:{line}: {match[0]!r}")
    return found


def test_generic_code_names_no_game() -> None:
    assert offences() == []
