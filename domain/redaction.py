"""Hidden parts of events, and hiding them from a viewer; shared by every family.

A family declares, per event, which parts of its data are hidden and who may see each while the
deal runs (``Hidden``: a JSON pointer, RFC 6901, and the seats allowed). Both the redacted feed
(``redact``: each part the viewer may not see becomes ``null``) and the log's commitments (each
hidden part is replaced by a salted digest in the hash chain, ``events/envelope.py``) come from
that one declaration, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

NOBODY: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Hidden:
    """The part of an event's data at ``pointer``, which only ``seats`` may see."""

    pointer: str
    seats: frozenset[int]

    def visible_to(self, viewer: int | None) -> bool:
        return viewer is not None and viewer in self.seats


def tokens(pointer: str) -> list[str]:
    """The reference tokens of a JSON pointer (``/draws/0/card`` -> draws, 0, card)."""
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]


def get(doc: Any, pointer: str) -> Any:
    for token in tokens(pointer):
        doc = doc[int(token)] if isinstance(doc, list) else doc[token]
    return doc


def replaced(doc: Any, pointer: str, value: Any) -> Any:
    """A copy of ``doc`` with ``value`` at ``pointer``; only the containers on the path are
    copied, the rest is shared."""
    return _replace(doc, tokens(pointer), value)


def _replace(doc: Any, path: list[str], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(doc, list):
        i = int(head)
        return [*doc[:i], _replace(doc[i], rest, value), *doc[i + 1 :]]
    return {**doc, head: _replace(doc[head], rest, value)}


def redact(data: dict[str, Any], parts: Iterable[Hidden], viewer: int | None) -> dict[str, Any]:
    """``data`` as ``viewer`` (None: a spectator) may see it: every part it may not see is null."""
    for part in parts:
        if not part.visible_to(viewer):
            data = replaced(data, part.pointer, None)
    return data


def dealt_parts(data: dict[str, Any]) -> list[Hidden]:
    """A ``dealt`` event: each hand is its own seat's; the stock (or the cards left undealt)
    is nobody's."""
    parts = [Hidden(f"/hands/{seat}", frozenset({seat})) for seat in range(len(data["hands"]))]
    return [*parts, Hidden("/stock", NOBODY)]


def deal_only(event: Any, rules: Any) -> list[Hidden]:
    """Games where every card is dealt at once: only the
    ``dealt`` event hides anything; every later event is public."""
    return dealt_parts(event.data) if event.type == "dealt" else []


def with_ending(out: dict[str, Any], state: Any) -> dict[str, Any]:
    """Once a deal is over its result and everyone's remaining cards are public; a deal over
    with no result was ``abandoned`` (its match ended first, on a forfeit): ``abandoned``."""
    if state.phase == "over":
        if state.result is None:
            out["abandoned"] = True
        else:
            out["result"] = state.result
        out["hands"] = list(map(list, state.hands))
    return out
