"""Bridge's card play as the solver's generic trick game, for the check against the field's
reference (issue 30): 52 cards, follow suit, no obligation to trump, seats 0 and 2 (North,
South) against 1 and 3 (East, West), tricks counted; and the same deal for DDS through the
``endplay`` package (``pip install endplay``, the ``test`` extra)."""

from __future__ import annotations

import random
from typing import Any

from domain.solver.trick_game import TrickGame

RANKS = "23456789TJQKA"
ORDER = {r: i for i, r in enumerate(RANKS)}
STRAINS: list[str | None] = ["S", "H", "D", "C", None]  # None: no trump


def declarer(deal: int, strain: int) -> int:
    """The declarer of the ``deal``-th deal in the ``strain``-th strain: North, East, South,
    West in turn from deal to deal, the next seat for no trump; its left-hand opponent leads."""
    return (deal + (strain == 4)) % 4


def random_deal(rng: random.Random) -> list[list[str]]:
    """Four hands of 13 (North, East, South, West), cards as "AS", "TD"."""
    cards = [r + s for s in "SHDC" for r in RANKS]
    rng.shuffle(cards)
    return [cards[13 * i:13 * i + 13] for i in range(4)]


def pbn(hands: list[list[str]]) -> str:
    """The deal in PBN, North first: spades.hearts.diamonds.clubs, high cards first."""
    def holding(hand: list[str]) -> str:
        return ".".join("".join(sorted((c[0] for c in hand if c[1] == s), key=ORDER.__getitem__,
                                       reverse=True)) for s in "SHDC")
    return "N:" + " ".join(holding(h) for h in hands)


def game(strain: str | None, declarer: int) -> TrickGame:
    """The declarer's side maximizes its tricks (a score by tricks: rank t for t tricks)."""
    return TrickGame(ORDER, {}, strain, 4, [s % 2 == declarer % 2 for s in range(4)], False,
                     list(range(14)))


def dds_tricks(hands: list[list[str]]) -> Any:
    """DDS's table of the deal: ``table[denom, player]``, the declarer's tricks."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal
    return calc_dd_table(Deal.from_pbn(pbn(hands)))


def dds_key(strain: str | None, declarer: int) -> tuple[Any, Any]:
    from endplay.types import Denom, Player
    denom = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs,
             None: Denom.nt}[strain]
    return denom, [Player.north, Player.east, Player.south, Player.west][declarer]
