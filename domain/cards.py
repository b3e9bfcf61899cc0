"""Cards as short strings: rank then suit (``AS``, ``10H``, ``7C``).

Strings keep events, views and the wire format identical and make hand operations cheap.
"""

from __future__ import annotations

RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
PIQUET_RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7")

ALL_CARDS = frozenset(r + s for r in RANKS for s in SUITS)


def rank(card: str) -> str:
    """The rank part of a card code: ``rank("10H") == "10"``."""
    return card[:-1]


def suit(card: str) -> str:
    """The suit letter of a card code: ``suit("10H") == "H"``."""
    return card[-1]


def is_card(code: object) -> bool:
    """True for any well-formed card code of the 52-card pack."""
    return isinstance(code, str) and code in ALL_CARDS


def make_pack(ranks: tuple[str, ...], suits: tuple[str, ...] = SUITS) -> tuple[str, ...]:
    """A pack in canonical order: suits in ``SUITS`` order, ranks high to low within each suit.

    The canonical order is the input of the shuffle, so it is part of the shuffle's contract.
    """
    return tuple(r + s for s in suits for r in ranks)
