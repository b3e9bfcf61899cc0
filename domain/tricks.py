"""The trick engine every trick game shares: what may be played to a
trick and who wins it. Rank orders and point tables are the games' data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import ALL_CARDS, rank, suit

Trick = Sequence[tuple[int, str]]  # (seat, card) in play order


def legal_cards(hand: Sequence[str], trick: Trick, trump: str | None,
                must_trump: bool = False) -> list[str]:
    """Follow the led suit if you can; otherwise anything, or (``must_trump``)
    a trump if you hold one."""
    if not trick:
        return list(hand)
    led = trick[0][1][-1]  # a card's suit is its last letter (``cards.suit``)
    following = [c for c in hand if c[-1] == led]
    if following:
        return following
    if must_trump and trump is not None:
        trumps = [c for c in hand if c[-1] == trump]
        if trumps:
            return trumps
    return list(hand)


def may_play(hand: Sequence[str], trick: Trick, card: str, trump: str | None,
             must_trump: bool = False) -> bool:
    """Whether ``card``, which ``hand`` holds, is one of ``legal_cards``: the referee's check
    of a move, without building the list."""
    if not trick:
        return True
    led, own = trick[0][1][-1], card[-1]
    if own == led:
        return True
    if any(c[-1] == led for c in hand):
        return False
    if must_trump and trump is not None and own != trump:
        return not any(c[-1] == trump for c in hand)
    return True


def trick_winner(trick: Trick, trump: str | None, order: Mapping[str, int]) -> int:
    """The highest trump if any was played, else the highest card of the led suit.
    ``order`` maps a rank to its strength (higher wins)."""
    best_seat, best = trick[0]
    led = best[-1]
    best_trumps, best_rank = led == trump, order[best[:-1]]
    for seat, card in trick[1:]:
        own = card[-1]
        if own == trump:
            rank_ = order[card[:-1]]
            if not best_trumps or rank_ > best_rank:
                best_seat, best_trumps, best_rank = seat, True, rank_
        elif own == led and not best_trumps:
            rank_ = order[card[:-1]]
            if rank_ > best_rank:
                best_seat, best_rank = seat, rank_
    return best_seat


def note_void(voids: tuple[tuple[str, ...], ...], trick: Trick, seat: int, card: str,
              players: int) -> tuple[tuple[str, ...], ...]:
    """Public knowledge: a player who does not follow the led suit has none of it."""
    if voids and (not trick or card[-1] == trick[0][1][-1]):
        return voids  # nothing new
    known = [tuple(v) for v in voids] or [() for _ in range(players)]
    if trick and suit(card) != suit(trick[0][1]) and suit(trick[0][1]) not in known[seat]:
        known[seat] = known[seat] + (suit(trick[0][1]),)
    return tuple(known)


def points(cards: Sequence[str], table: Mapping[str, int]) -> int:
    """The card points of ``cards`` by ``table`` (rank: points; a rank not in it is 0)."""
    get = table.get
    return sum(get(c[:-1], 0) for c in cards)


def card_values(table: Mapping[str, int]) -> dict[str, int]:
    """``table`` (rank: points) as card: points for every card code, so that counting a
    pile is one lookup a card: ``sum(map(values.__getitem__, cards))``."""
    return {card: table.get(rank(card), 0) for card in ALL_CARDS}


def strengths(ranks_high_to_low: Sequence[str]) -> dict[str, int]:
    return {r: len(ranks_high_to_low) - i for i, r in enumerate(ranks_high_to_low)}
