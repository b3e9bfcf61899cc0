"""The generic trick game for the solver, for every family whose card play is tricks of one card
a seat: a position is ``(hands, trick, turn, rem, taken, drawn)`` with each hand a bit set of
cards (bit ``16 * suit + strength``), the trick a tuple of (seat, bit), ``rem`` the card points
still to be taken (a score by tricks: the cards not yet in a trick taken), ``taken`` the max
seat's tricks so far (a score by tricks only) and ``drawn`` the cards drawn from the stock.

The rules are the family's own data, given by its solver hook (``domain/family.py``): the rank
order, the card points, the trump, whether a player must follow suit and whether a void one
must trump, and the stock (known: the solver sees everything) from which hands are refilled to
``hand_size`` after each trick, its winner first. Two ways to value a
deal: by card points (the max side's, additive: the table holds the future alone) or by
``scores`` (the max seat's score for its trick count, paranoid, as the rank of that score among
the ones it can reach, so that the engine's integers keep their order).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

SUITS = "SHDC"
Position = tuple[tuple[int, ...], tuple[tuple[int, int], ...], int, int, int, int]


def bit_of(card: str, order: dict[str, int]) -> int:
    return 16 * SUITS.index(card[-1]) + order[card[:-1]]


class TrickGame:
    """One deal's card play. ``team[seat]``: whether the seat plays for the max side;
    ``scores``: the value of the max seat's final trick count (None for card points), with
    ``taken_of`` its tricks so far in a deal's state."""

    def __init__(self, order: dict[str, int], points: dict[str, int], trump: str | None,
                 players: int, team: Sequence[bool], must_trump: bool,
                 scores: Sequence[int] | None = None,
                 taken_of: Callable[[Any], int] | None = None, follow_suit: bool = True,
                 stock: Sequence[str] = (), hand_size: int = 0) -> None:
        self.n, self.team, self.must_trump = players, tuple(team), must_trump
        self.order, self.follow_suit, self.hand_size = order, follow_suit, hand_size
        self.stock = tuple(bit_of(c, order) for c in stock)
        self.stock_left = [sum(1 << b for b in self.stock[i:]) for i in range(len(stock) + 1)]
        self.trump = SUITS.index(trump) if trump else -1
        self.points = [0] * 64
        for rank_, strength in order.items():
            for s in range(4):
                self.points[16 * s + strength] = points.get(rank_, 0)
        self.scores = None if scores is None else tuple(scores)
        self.additive = scores is None
        self.taken_of = taken_of
        self.step = 1
        if scores is None:
            from math import gcd
            self.step = 0
            for p in self.points:
                self.step = gcd(self.step, p)
            self.step = self.step or 1

    def position(self, state: Any) -> Position:
        """The position of a deal's state (its ``hands``, ``trick``, ``turn`` and the ``stock``
        if any, a tail of the game's)."""
        taken = self.taken_of(state) if self.taken_of is not None else 0
        drawn = len(self.stock) - len(getattr(state, "stock", ()))
        return self.cards_position(state.hands, state.trick, state.turn, taken, drawn)

    def cards_position(self, hands: Sequence[Sequence[str]], trick: Sequence[tuple[int, str]],
                       turn: int, taken: int = 0, drawn: int = 0) -> Position:
        masks = tuple(sum(1 << bit_of(c, self.order) for c in h) for h in hands)
        cards = [(seat, bit_of(c, self.order)) for seat, c in trick]
        if self.scores is not None:  # by tricks: ``rem`` counts the cards not in a trick taken
            rem = sum(bin(m).count("1") for m in masks) + len(cards) + len(self.stock) - drawn
        else:
            rem = sum(self.points[b] for b in range(64) for m in masks if m >> b & 1)
            rem += sum(self.points[b] for _, b in cards)
            rem += sum(self.points[b] for b in self.stock[drawn:])
        return masks, tuple(cards), turn, rem, taken, drawn

    def mover(self, position: object) -> Callable[[dict[str, Any]], int]:
        """A reducers' move to the solver's: the first card of its class of equals (at a
        position of this game's, ``position``'s)."""
        rep = {b: group[0] for group in self.groups(cast(Position, position)) for b in group}
        return lambda m: rep[bit_of(m["card"], self.order)]

    def report(self, raw: int) -> float:
        """The value the solver found as the max side's own (the identity for points)."""
        return raw

    # -- the engine's functions
    def maximizing(self, s: Position) -> bool:
        return self.team[s[2]]
    def key(self, s: Position) -> Any:
        """At a trick's start only: the hands by relative rank (DDS's trick), each suit as the
        owner and the points of its cards left, highest first; played cards drop out, so
        positions that differ only in which low cards are gone share an entry."""
        if s[1]:
            return None
        if self.stock:  # the stock's cards are not gone: no relative ranks
            return s[2], s[4], s[5], s[0]
        hands, points = s[0], self.points
        every = 0
        for h in hands:
            every |= h
        suits = []
        for suit in range(4):
            left = (every >> (16 * suit)) & 0xFFFF
            code = []
            while left:
                b = left.bit_length() - 1
                left ^= 1 << b
                bit = 16 * suit + b
                owner = 0
                while not hands[owner] >> bit & 1:
                    owner += 1
                code.append(8 * points[bit] + owner)
            suits.append(tuple(code))
        return s[2], s[4], tuple(suits)

    def bounds(self, s: Position) -> tuple[int, int]:
        if self.scores is None:
            return 0, s[3]
        left = (s[3] + self.n - 1) // self.n
        reach = self.scores[s[4]:s[4] + left + 1]
        return min(reach), max(reach)

    def legal(self, s: Position) -> int:
        hands, trick, turn = s[0], s[1], s[2]
        hand = hands[turn]
        if not trick or not self.follow_suit:
            return hand
        follow = hand & (0xFFFF << (16 * (trick[0][1] >> 4)))
        if follow:
            return follow
        if self.must_trump and self.trump >= 0:
            trumps = hand & (0xFFFF << (16 * self.trump))
            if trumps:
                return trumps
        return hand

    def groups(self, s: Position) -> list[list[int]]:
        """The legal cards in classes of equals: one suit, no other hand's card nor the trick's
        between them (the king over the partner's queen wins the trick, the jack does not), the
        same points. Highest first within each class."""
        hands, turn = s[0], s[2]
        legal = self.legal(s)
        others = 0
        for h in hands:
            others |= h
        others = (others & ~hands[turn]) | self.stock_left[s[5]]
        for _, b in s[1]:
            others |= 1 << b
        out: list[list[int]] = []
        prev = -1
        while legal:
            b = legal.bit_length() - 1
            legal ^= 1 << b
            if (prev >= 0 and prev >> 4 == b >> 4 and self.points[prev] == self.points[b]
                    and not others & ((1 << prev) - (1 << (b + 1)))):
                out[-1].append(b)
            else:
                out.append([b])
            prev = b
        return out

    def moves(self, s: Position) -> list[int]:
        reps = [g[0] for g in self.groups(s)]
        reps.sort(key=self._orderer(s))
        return reps

    def _orderer(self, s: Position) -> Callable[[int], Any]:
        trick, turn, points, trump = s[1], s[2], self.points, self.trump
        if not trick:
            return lambda b: ((b >> 4) == trump, -(b & 15))
        win_seat, win = self._winner(trick)
        friend = self.team[win_seat] == self.team[turn]
        led = trick[0][1] >> 4

        def beats(b: int) -> bool:
            own, best = b >> 4, win >> 4
            if own == best:
                return (b & 15) > (win & 15)
            return own == trump

        if friend:
            return lambda b: (beats(b), -points[b], b & 15)
        return lambda b: ((0, (b >> 4) != led, b & 15) if beats(b)
                          else (1, points[b], b & 15))

    def _winner(self, trick: Sequence[tuple[int, int]]) -> tuple[int, int]:
        seat, best = trick[0]
        trump = self.trump
        for s, b in trick[1:]:
            own, top = b >> 4, best >> 4
            if (own == top and b > best) or (own == trump and top != trump):
                seat, best = s, b
        return seat, best

    def play(self, s: Position, b: int) -> tuple[int, Position]:
        hands, trick, turn, rem, taken, drawn = s
        hands = hands[:turn] + (hands[turn] & ~(1 << b),) + hands[turn + 1:]
        trick = trick + ((turn, b),)
        if len(trick) < self.n:
            return 0, (hands, trick, (turn + 1) % self.n, rem, taken, drawn)
        seat, _ = self._winner(trick)
        if drawn < len(self.stock):
            hands, drawn = self._draw(hands, seat, drawn)
        if self.scores is not None:
            return 0, (hands, (), seat, rem - self.n, taken + self.team[seat], drawn)
        pts = sum(self.points[c] for _, c in trick)
        return (pts if self.team[seat] else 0), (hands, (), seat, rem - pts, taken, drawn)

    def _draw(self, hands: tuple[int, ...], first: int, drawn: int
              ) -> tuple[tuple[int, ...], int]:
        """The hands refilled from the stock one card at a time in play order from ``first``
        (as ``domain/drawing.py``), and the cards drawn so far."""
        new, stock, n = list(hands), self.stock, self.n
        sizes = [bin(h).count("1") for h in new]
        while drawn < len(stock) and any(x < self.hand_size for x in sizes):
            for k in range(n):
                seat = (first + k) % n
                if drawn < len(stock) and sizes[seat] < self.hand_size:
                    new[seat] |= 1 << stock[drawn]
                    sizes[seat] += 1
                    drawn += 1
        return tuple(new), drawn
