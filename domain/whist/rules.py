"""Serbian whist (RULES.md §6) as data: the schedule of hands, trumps, and every scoring system."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..cards import RANKS, make_pack
from ..options import Option
from ..tricks import strengths

TRUMP_CYCLE: tuple[str | None, ...] = ("S", "D", "H", "C", None)  # None: no trumps ("Sans")


def schedule(players: int) -> list[int]:
    """§6.1: cards per hand, M down to 2, one one-card hand per player, then 2 up to M."""
    most = 52 // players
    return list(range(most, 1, -1)) + [1] * players + list(range(2, most + 1))


def trump_of(hand: int) -> str | None:
    return TRUMP_CYCLE[(hand - 1) % 5]


SUITS: tuple[str | None, ...] = ("S", "H", "D", "C")


def score(system: str, b: int, t: int, n: int, players: int) -> Fraction:
    """One player's score for bid ``b``, tricks ``t``, ``n`` cards each (§6.3-§6.4)."""
    d = abs(t - b)
    made = t == b
    table: dict[str, Any] = {
        "basic": lambda: 10 + b if made else (-10 if t == 0 < b else t),
        "basic_harsh": lambda: 10 + b if made else (t - 10 if t < b else t),
        "exact": lambda: 10 + b if made else 0,
        "exact_penalty": lambda: 10 + b if made else -b,
        "ten_times": lambda: 10 * b if made else 0,
        "ten_times_penalty": lambda: 10 * b if made else -10 * b,
        "penalty_under_zero_over": lambda: 10 + b if made else (0 if t > b else -b),
        "penalty_under_zero_over_x10": lambda: 10 * b if made else (0 if t > b else -10 * b),
        "fives": lambda: 10 + 5 * b if made else (-10 if b == 0 else -5 * b),
        "penalty_under_zero_over_fives": lambda: 10 + 5 * b if made else (
            0 if t > b else -5 * b),
        "set_penalty": lambda: 10 + b if made else (t if t > b else -10),
        "progressive_penalty": lambda: 10 + b if made else -(b + 10 * d),
        "reduced_zero": lambda: (5 if b == 0 else 10 + b) if made else (
            -10 if t == 0 < b else t),
        "reduced_zero_exact": lambda: (5 if b == 0 else 10 + b) if made else 0,
        "adjusted_zero": lambda: (5 + n if b == 0 else 10 + b) if made else (
            -10 if t == 0 < b else t),
        "progressive": lambda: 10 + b * b if made else t,
        "montreal": lambda: 10 + 2 * t if made else 0,
        "negative": lambda: d * (d + 1) // 2,
        "negative_simple": lambda: d * d,
        "negative_variant": lambda: 0 if made else n,
        "trick_scoring": lambda: (Fraction(1, 2) if b == 0 else b) if made else -d,
        "binary": lambda: 10 if made else 0,
        "binary_nil": lambda: (20 if b == 0 and n > players else 10) if made else (
            -10 if b == 0 and n > players else 0),
        "scratch": lambda: 0 if made else 1,
        "adjusted_exact": lambda: b + n if made else 0,
        "get_fred": lambda: 10 + b if made else -d,
        "oy_vey": lambda: 10 + b * b if made else -d,
    }
    return Fraction(table[system]())


SYSTEMS = ("basic", "basic_harsh", "exact", "exact_penalty", "ten_times", "ten_times_penalty",
           "penalty_under_zero_over", "penalty_under_zero_over_x10", "fives",
           "penalty_under_zero_over_fives", "set_penalty",
           "progressive_penalty", "reduced_zero", "reduced_zero_exact", "adjusted_zero",
           "progressive", "montreal", "negative", "negative_simple", "negative_variant",
           "trick_scoring", "binary", "binary_nil", "scratch", "adjusted_exact", "get_fred",
           "oy_vey")
LOW_WINS = ("negative", "negative_simple", "negative_variant", "scratch")


@dataclass(frozen=True, slots=True)
class WhistRules:
    preset: str
    players: int
    options: dict[str, Any]
    order: dict[str, int]
    cards: tuple[str, ...] = make_pack(RANKS)

    @property
    def sides(self) -> list[list[int]]:
        return [[s] for s in range(self.players)]

    def side_of(self, seat: int) -> int:
        return seat

    def pack(self) -> tuple[str, ...]:
        return self.cards

    @property
    def hands(self) -> list[int]:
        return schedule(self.players)

    @property
    def turned(self) -> bool:
        """§6.7: trumps are the suit of a card turned up each hand, not the schedule's."""
        return bool(self.options.get("trumps") == "turned")

    def possible_trumps(self, hand: int) -> tuple[str | None, ...]:
        """The trumps hand number ``hand`` may have: the schedule's, or any suit when turned."""
        return SUITS if self.turned else (trump_of(hand),)

    def player_score(self, b: int, t: int, n: int, trump: str | None) -> Fraction:
        system = self.options["scoring"]
        value = score(system, b, t, n, self.players)
        if system in ("ten_times", "ten_times_penalty") and b == 0 and \
                self.options["ten_times_zero_bid_5"]:
            value = Fraction(5 if t == 0 else -5)
        if self.options["spades_double"] and trump == "S":
            value *= 2
        return value


SCORING = Option("scoring", "string", "basic", "the scoring system (RULES.md §6.3-§6.4; "
                 "penalty_under_zero_over_x10 and reduced_zero_exact are the sub-variants "
                 "its table names in brackets; penalty_under_zero_over_fives is the same rule on "
                 "the Cypriot fives scale); negative, negative_simple, negative_variant and "
                 "scratch: low wins",
                 choices=SYSTEMS)
SPADES_DOUBLE = Option("spades_double", "boolean", False, "every score of a spades hand counts "
                       "double")
TRUMPS = Option("trumps", "string", "schedule", "schedule: trumps follow S D H C no-trumps; "
                "turned: the dealer's last card is turned up and its suit is trumps (public "
                "until played), every hand", choices=("schedule", "turned"))
ZERO_BID_5 = Option("ten_times_zero_bid_5", "boolean", False, "ten_times systems: a zero bid "
                    "scores +5 made, -5 missed")


def serbian_whist(p: str, n: int, o: dict[str, Any]) -> WhistRules:
    return WhistRules(p, n, o, order=strengths(RANKS))


PRESETS = {
    "serbian-whist": ("Serbian whist: bid your tricks, the hook rule, compulsory trumping; "
                      "28 hands for four", (4, 5, 6), (SCORING, SPADES_DOUBLE, ZERO_BID_5, TRUMPS),
                      serbian_whist),
}
