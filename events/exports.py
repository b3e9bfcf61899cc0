"""An export as a file holds it: one deal's (``GET /v1/deals/{id}/export``) or a whole
match's (``GET /v1/matches/{id}/export``: a JSON array of deal exports, or one a line)."""

from __future__ import annotations

import sys
from typing import Any

from .audit import _items


def read(path: str, prog: str) -> str | None:
    """The file's text (``-``: stdin), or ``None`` after saying why on stderr."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as file:
            return file.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"tricklog {prog}: {exc}", file=sys.stderr)
        return None


def deal_exports(text: str) -> list[list[Any]] | None:
    """A match export's deal exports, in order; ``None`` for anything else (one deal's export,
    or what is not an export at all: the audit of it says what is wrong)."""
    try:
        items = _items(text)
    except ValueError:
        return None
    if items and all(isinstance(item, list) for item in items):
        return items
    return None
