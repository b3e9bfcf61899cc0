"""Briscola (RULES.md §13) as data: the 40-card Italian pack, the rank order, the card points,
the partnerships, the presets and options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import make_pack
from ..options import Option
from ..tricks import card_values, strengths

# §13.1: Asso, Tre, Re, Cavallo, Fante, 7 ... 2, on the project's card codes (the French-suited
# 40-card pack of Sueca): the king is the Re, the queen the Cavallo, the jack the Fante.
RANKS = ("A", "3", "K", "Q", "J", "7", "6", "5", "4", "2")
POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
CARD_POINTS = card_values(POINTS)  # card: its points
TOTAL = 120
HAND = 3   # cards in hand while the stock lasts
WIN = 61   # card points that win a deal; 60-60 is a draw


@dataclass(frozen=True, slots=True)
class BriscolaRules:
    """Two players each for themselves, or four in two fixed partnerships (opposite)."""

    preset: str
    players: int
    options: dict[str, Any]
    cards: tuple[str, ...] = make_pack(RANKS)
    order: dict[str, int] = field(default_factory=lambda: strengths(RANKS))
    hand_size: int = HAND
    target: int = 1  # deal wins that win the match; 1: the match is one deal

    @property
    def sides(self) -> list[list[int]]:
        half = self.players // 2
        return [[s, s + half] for s in range(half)] if self.players == 4 else [[0], [1]]

    def side_of(self, seat: int) -> int:
        return seat % 2

    def pack(self) -> tuple[str, ...]:
        return self.cards


TARGET = Option("target", "integer", 1, "deals a side must win to win the match: 1 (the "
                "default) is a match of one deal, which a 60-60 draw leaves drawn; more, the "
                "first side to win that many deals (a drawn deal counts for nobody)",
                minimum=1, maximum=20)


def build(p: str, n: int, o: dict[str, Any]) -> BriscolaRules:
    return BriscolaRules(p, n, o, target=o["target"])


PRESETS = {
    "briscola": ("Briscola: the turned card names trumps, no need to follow, 61 wins", (2, 4),
                 (TARGET,), build),
}
