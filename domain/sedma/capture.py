"""The capture engine of the Sedma family (RULES.md §2.3-§2.5, §3.9, §5.2): who is winning, who
may go on and with what, burning, and how the stock is drawn.

Pure functions over plain tuples. The games differ only in the arguments: the wild ranks, the
``winner`` rule (``sedma``, ``osmova``, ``eights_high``, ``last_round``), the continuation policy
and what a continuation may be (``rank`` or ``any`` card). ``rank_of`` lets a card stand for
another rank (the solo king counts as a seven, §3.4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ..cards import rank
from ..drawing import draws as draws  # §2.5: drawn as in every game with a stock

Table = Sequence[tuple[int, str]]  # (seat, card) in play order
RankOf = Callable[[str], str]


def current_winner(table: Table, wild: frozenset[str], rule: str = "sedma",
                   round_start: int = 0, rank_of: RankOf = rank) -> int:
    """The seat winning the capture so far."""
    if rule == "last_round":
        return _sedma_winner(table[round_start:], wild, rank_of)
    if rule in ("osmova", "eights_high"):
        return _osmova_winner(table, eights_high=rule == "eights_high", rank_of=rank_of)
    return _sedma_winner(table, wild, rank_of)


def _sedma_winner(table: Table, wild: frozenset[str], rank_of: RankOf) -> int:
    """§2.4: the last card equal in rank to the first card, or wild, wins."""
    led = rank_of(table[0][1])
    winner = table[0][0]
    for seat, card in table[1:]:
        r = rank_of(card)
        if r == led or r in wild:
            winner = seat
    return winner


def _osmova_winner(table: Table, eights_high: bool, rank_of: RankOf) -> int:
    """§3.9: the led rank beats anything; a seven beats all but an eight; an eight beats all but
    a seven (``symmetric``) or everything (``eights_high``)."""
    led = rank_of(table[0][1])
    seat, best = table[0][0], led
    for s, card in table[1:]:
        r = rank_of(card)
        if (r == led or (r == "7" and best != "8")
                or (r == "8" and (eights_high or best != "7"))):
            seat, best = s, r
    return seat


def may_continue(policy: str, leader_side: int, winner_side: int) -> bool:
    """§2.3's continuation policy: ``always`` (Sedma, Hola) or ``opponent_winning`` (Sedmice)."""
    if policy == "always":
        return True
    if policy == "opponent_winning":
        return winner_side != leader_side
    raise ValueError(f"unknown continuation policy {policy!r}")


def eligible(hand: Sequence[str], led: str, wild: frozenset[str], kind: str = "rank",
             rank_of: RankOf = rank) -> list[str]:
    """Cards of ``hand`` that may continue a capture whose first card has rank ``led``."""
    if kind == "any":
        return list(hand)
    return [c for c in hand if rank_of(c) == led or rank_of(c) in wild]


def burn(table: Table) -> str | None:
    """§3.6: the printed rank of four consecutive plays of one rank that end ``table``."""
    if len(table) < 4:
        return None
    ranks = {rank(card) for _, card in table[-4:]}
    return ranks.pop() if len(ranks) == 1 else None


def four_of_a_kind(hand: Sequence[str]) -> str | None:
    """§3.7: a rank of which ``hand`` holds four cards."""
    counts = Counter(rank(c) for c in hand)
    return next((r for r, n in counts.items() if n >= 4), None)


def next_with_cards(hands: Sequence[Sequence[str]], start: int) -> int | None:
    """§1.6: the first seat from ``start`` in play order that still holds a card."""
    n = len(hands)
    for k in range(n):
        seat = (start + k) % n
        if hands[seat]:
            return seat
    return None
