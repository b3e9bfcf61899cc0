"""Table talk between partners (RULES.md §4.1, a [choice]): canned calls, heard by the partner only.

Sedmice players may tell their partner *ubij* (take it), *pusti* (let it go) or *napuni* (load
it with points). The referee form: a ``{"type": "hint", "word": ...}`` move, in turn or not,
logged as a ``hinted`` event whose word only the speaker's side may read while the deal runs
(``view.hidden``).
A call changes no rule; each seat may speak once between two cards, so the log stays bounded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import IllegalMove
from ..messages import HINT_WORDS

WORDS = HINT_WORDS  # the move vocabulary's (``messages.MOVES``)

Hint = tuple[int, str, int]  # (seat, word, cards played when it was said)


def check(enabled: bool, over: bool, hints: tuple[Hint, ...], seat: int, word: str | None,
          cards_played: int, legal: list[dict[str, Any]]) -> None:
    """Raise the illegal-move error if ``seat`` may not say ``word`` now. (Every seat has a
    partner: the option is refused at match creation unless four play.)"""
    if not enabled:
        raise IllegalMove("table_talk", "table talk is off in this match (option table_talk)",
                          legal)
    if over:
        raise IllegalMove("deal_over", "the deal is over", [])
    if word not in WORDS:
        raise IllegalMove("table_talk", f"the calls are: {', '.join(WORDS)}", legal)
    if any(s == seat and at == cards_played for s, _, at in hints):
        raise IllegalMove("table_talk", "one call per seat between two cards", legal)


def heard(hints: tuple[Hint, ...], viewer: int, same_side: Callable[[int, int], bool]
          ) -> list[dict[str, Any]]:
    """What ``viewer`` has heard: the calls of its own side, oldest first."""
    return [{"seat": s, "word": w, "cards_played": at} for s, w, at in hints
            if same_side(s, viewer)]
