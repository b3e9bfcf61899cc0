"""The capture engine of the Sedma family (RULES.md §2.3-§2.5): who is winning, who may go on,
and how the stock is drawn. Pure functions over plain tuples; the differences between games are
the arguments (wild ranks, continuation policy), never copies of this code.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import rank

Table = Sequence[tuple[int, str]]  # (seat, card) in play order


def current_winner(table: Table, wild: frozenset[str]) -> int:
    """§2.4: the last card equal in rank to the first card of the capture, or wild, wins."""
    led = rank(table[0][1])
    winner = table[0][0]
    for seat, card in table[1:]:
        r = rank(card)
        if r == led or r in wild:
            winner = seat
    return winner


def may_continue(policy: str, leader_side: int, winner_side: int) -> bool:
    """§2.3's continuation policy: ``always`` (Sedma) or ``opponent_winning`` (Sedmice)."""
    if policy == "always":
        return True
    if policy == "opponent_winning":
        return winner_side != leader_side
    raise ValueError(f"unknown continuation policy {policy!r}")


def eligible(hand: Sequence[str], led: str, wild: frozenset[str]) -> list[str]:
    """Cards of ``hand`` that may continue a capture led with rank ``led``."""
    return [c for c in hand if rank(c) == led or rank(c) in wild]


def draws(sizes: Sequence[int], stock: Sequence[str], first: int, full: int
          ) -> list[tuple[int, str]]:
    """§2.5: from ``first`` in play order, one card at a time, until all hold ``full`` or the stock
    is empty. Returns (seat, card) in drawing order."""
    sizes = list(sizes)
    n = len(sizes)
    out: list[tuple[int, str]] = []
    top = 0
    while top < len(stock) and any(s < full for s in sizes):
        for k in range(n):
            seat = (first + k) % n
            if top < len(stock) and sizes[seat] < full:
                out.append((seat, stock[top]))
                sizes[seat] += 1
                top += 1
    return out


def next_with_cards(hands: Sequence[Sequence[str]], start: int) -> int | None:
    """§1.6: the first seat from ``start`` in play order that still holds a card."""
    n = len(hands)
    for k in range(n):
        seat = (start + k) % n
        if hands[seat]:
            return seat
    return None
