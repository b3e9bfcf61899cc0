"""Table talk (RULES.md §4.1): canned calls, spoken aloud, so heard by everyone.

Sedmice players may tell their partner *ubij* (take it), *pusti* (let it go) or *napuni* (load
it with points). At a real table the words are said out loud, opponents hear them too; a private
channel between partners would be collusion built into the referee. The referee form: a
``{"type": "hint", "word": ...}`` move, in turn or not, logged as a public ``hinted`` event
(nothing in it is hidden: every seat and spectator reads who said which word, and when).
A call changes no rule; each seat may speak once between two cards, so the log stays bounded.
"""

from __future__ import annotations

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


def heard(hints: tuple[Hint, ...]) -> list[dict[str, Any]]:
    """What everyone at the table has heard: every call, oldest first."""
    return [{"seat": s, "word": w, "cards_played": at} for s, w, at in hints]
