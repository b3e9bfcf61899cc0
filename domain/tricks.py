"""The trick engine shared by Sueca, Sueca Italiana and Serbian whist: what may be played to a
trick and who wins it. Rank orders and point tables are the games' data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import rank, suit

Trick = Sequence[tuple[int, str]]  # (seat, card) in play order


def legal_cards(hand: Sequence[str], trick: Trick, trump: str | None,
                must_trump: bool = False) -> list[str]:
    """Follow the led suit if you can; otherwise anything, or (``must_trump``, Serbian whist)
    a trump if you hold one."""
    if not trick:
        return list(hand)
    led = suit(trick[0][1])
    following = [c for c in hand if suit(c) == led]
    if following:
        return following
    if must_trump and trump is not None:
        trumps = [c for c in hand if suit(c) == trump]
        if trumps:
            return trumps
    return list(hand)


def trick_winner(trick: Trick, trump: str | None, order: Mapping[str, int]) -> int:
    """The highest trump if any was played, else the highest card of the led suit.
    ``order`` maps a rank to its strength (higher wins)."""
    led = suit(trick[0][1])

    def strength(card: str) -> tuple[int, int]:
        s = suit(card)
        return (2 if s == trump else 1 if s == led else 0, order[rank(card)])

    return max(trick, key=lambda play: strength(play[1]))[0]


def note_void(voids: Sequence[Sequence[str]], trick: Trick, seat: int, card: str,
              players: int) -> tuple[tuple[str, ...], ...]:
    """Public knowledge: a player who does not follow the led suit has none of it."""
    known = [tuple(v) for v in voids] or [() for _ in range(players)]
    if trick and suit(card) != suit(trick[0][1]) and suit(trick[0][1]) not in known[seat]:
        known[seat] = known[seat] + (suit(trick[0][1]),)
    return tuple(known)


def points(cards: Sequence[str], table: Mapping[str, int]) -> int:
    return sum(table.get(rank(c), 0) for c in cards)


def strengths(ranks_high_to_low: Sequence[str]) -> dict[str, int]:
    return {r: len(ranks_high_to_low) - i for i, r in enumerate(ranks_high_to_low)}
