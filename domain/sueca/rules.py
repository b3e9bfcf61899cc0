"""Sueca (§7) and Sueca Italiana (§8) presets as data: the two families share the pack, the
rank order and the card points, and nothing that plays."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import make_pack
from ..options import Option
from ..tricks import card_values, strengths

SUECA_RANKS = ("A", "7", "K", "J", "Q", "6", "5", "4", "3", "2")
ITALIANA_SIX_RANKS = ("A", "7", "K", "J", "Q", "9", "8", "6", "5", "4", "3", "2")
POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}
CARD_POINTS = card_values(POINTS)  # card: its points
WEAK_HAND = {"leader": 10, "other": 5}  # §7.7: a redeal below these card points in hand


@dataclass(frozen=True, slots=True)
class SuecaRules:
    """Sueca (Portugal, the Azores, Brazil): two partnerships, trumps turned by the dealer."""

    preset: str
    players: int
    options: dict[str, Any]
    cards: tuple[str, ...] = make_pack(SUECA_RANKS)
    order: dict[str, int] = field(default_factory=lambda: strengths(SUECA_RANKS))
    hand_size: int = 10
    bandeira: str = "points120"   # points120 | all_tricks
    tie_60: str = "void"          # void | carry_one
    target: int = 4               # game points that win a rubber
    rubbers: int = 1              # the match is the best of this many rubbers
    weak_hand_redeal: bool = False  # Brazil [choice]: a weak hand may ask for a redeal

    @property
    def sides(self) -> list[list[int]]:
        return [[0, 2], [1, 3]]

    def side_of(self, seat: int) -> int:
        return seat % 2

    def pack(self) -> tuple[str, ...]:
        return self.cards


@dataclass(frozen=True, slots=True)
class ItalianaRules:
    """Sueca Italiana: each for themselves, an auction, named trumps, a hidden partner."""

    preset: str
    players: int
    options: dict[str, Any]
    cards: tuple[str, ...] = make_pack(SUECA_RANKS)
    order: dict[str, int] = field(default_factory=lambda: strengths(SUECA_RANKS))
    hand_size: int = 10
    deals: int = 8                # deals in the match

    @property
    def sides(self) -> list[list[int]]:
        return [[s] for s in range(self.players)]

    def side_of(self, seat: int) -> int:
        return seat

    def pack(self) -> tuple[str, ...]:
        return self.cards


BANDEIRA = Option("bandeira", "string", "points120", "what wins 4 game points: all 120 card "
                  "points (points120) or all ten tricks (all_tricks)",
                  choices=("points120", "all_tricks"))
TIE_PT = Option("tie_60", "string", "void", "a 60-60 deal: void, or carry_one (the next deal is "
                "worth one game point more, accumulating)", choices=("void", "carry_one"))
TIE_BR = Option("tie_60", "string", "carry_one", TIE_PT.doc, choices=("void", "carry_one"))
TARGET = Option("target", "integer", 4, "game points that win the rubber", minimum=1,
                maximum=100)
RUBBERS = Option("rubbers", "integer", 1, "rubbers in the match: the first team to win more "
                 "than half of them wins it (best of 1, 3, 5, 7 or 9)", choices=(1, 3, 5, 7, 9))
WEAK_HAND_REDEAL = Option("weak_hand_redeal", "boolean", False, "before the first card, the "
                          "player to lead with fewer than 10 card points in hand, or another "
                          "player with fewer than 5, may ask for a redeal by the same dealer")
DEALS = Option("deals", "integer", 8, "deals in the match (default: everyone deals twice)",
               minimum=1, maximum=100, by_players=((5, 10), (6, 12)))


def sueca(p: str, n: int, o: dict[str, Any]) -> SuecaRules:
    return SuecaRules(p, n, o, bandeira=o["bandeira"], tie_60=o["tie_60"], target=o["target"],
                      rubbers=o["rubbers"], weak_hand_redeal=o.get("weak_hand_redeal", False))


def italiana(p: str, n: int, o: dict[str, Any]) -> ItalianaRules:
    if n == 6:
        return ItalianaRules(p, n, o, cards=make_pack(ITALIANA_SIX_RANKS),
                             order=strengths(ITALIANA_SIX_RANKS), hand_size=8, deals=o["deals"])
    return ItalianaRules(p, n, o, hand_size=40 // n, deals=o["deals"])


SUECA_PRESETS = {
    "sueca": ("Sueca (Portugal): trumps turned by the dealer, a rubber to 4", (4,),
              (BANDEIRA, TIE_PT, TARGET, RUBBERS), sueca),
    "sueca-azores": ("Sueca of the Azores (as Portugal until its differences are known)", (4,),
                     (BANDEIRA, TIE_PT, TARGET, RUBBERS), sueca),
    "sueca-brazil": ("Sueca (Brazil): clockwise, a 60-60 deal carries a game point", (4,),
                     (BANDEIRA, TIE_BR, TARGET, RUBBERS, WEAK_HAND_REDEAL), sueca),
}
ITALIANA_PRESETS = {
    "sueca-italiana": ("Sueca Italiana: an auction, named trumps and a hidden partner",
                       (4, 5, 6), (DEALS,), italiana),
}
