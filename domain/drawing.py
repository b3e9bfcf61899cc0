"""Drawing from a stock, shared by every game that refills hands after each trick or capture:
one card at a time in play order from the seat that draws first, until every hand is full or
the stock is empty."""

from __future__ import annotations

from collections.abc import Sequence


def draws(sizes: Sequence[int], stock: Sequence[str], first: int, full: int
          ) -> list[tuple[int, str]]:
    """From ``first`` in play order, one card at a time off the top of ``stock`` (its first
    card), until all hold ``full`` or the stock is empty. Returns (seat, card) in order."""
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
