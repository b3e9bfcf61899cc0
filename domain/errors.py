"""Domain errors. Each names the rule that forbids what was asked, so adapters can explain it."""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """Base of every error the rules raise."""

    rule = "rules"

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.extra = extra


# Every ``rule`` an ``IllegalMove`` names, with what it means. The API's problem pages, the
# spec's ``IllegalMoveRule`` and README list these; a test collects the rules the code raises
# and keeps this table equal to them.
RULES: dict[str, str] = {
    "deal_over": "The deal is over; nothing more can be played in it.",
    "turn": "It is another seat's turn.",
    "move_type": "That kind of move is not a move of this game, or not of this phase.",
    "card_not_held": "The seat does not hold that card.",
    "continue_rank": "A capture is continued only with a card of the first card's rank or a "
                     "wild card (the capture games).",
    "stop": "Only the leader may stop, and only after a complete round (the capture games).",
    "pass": "No pass here: with the option `short_stock: one_pass` once per deal, not by "
            "the leader, while the stock lasts.",
    "table_talk": "Table talk is off, the word is not one of the calls, or the seat has "
                  "spoken since the last card.",
    "follow_suit": "Follow the led suit if you can.",
    "follow_or_trump": "Follow the led suit, else trump if you can.",
    "bid_too_low": "A bid must be above the current one; the dealer opens at 61 or more, at "
                   "most 120.",
    "dealer_must_open": "The dealer opens the auction and may not pass.",
    "hook": "The dealer may not bid the number that makes the bids add up to the tricks "
            "(the hook rule).",
    "redeal": "A redeal only before the first card, by the player to lead with under 10 card "
              "points or another with under 5 (the option `weak_hand_redeal`).",
}


class IllegalMove(DomainError):
    """A well-formed move the rules forbid now (out of turn, a card not held, ...)."""

    def __init__(self, rule: str, detail: str, legal_moves: list[dict[str, Any]]) -> None:
        super().__init__(detail)
        self.rule = rule
        self.legal_moves = legal_moves


class InvalidOptions(DomainError):
    """A ruleset, player count or option that the catalogue does not allow."""

    rule = "options"

    def __init__(self, field: str, detail: str) -> None:
        super().__init__(detail)
        self.field = field


class InvalidOption(InvalidOptions):
    """One option's value (or name): ``field`` is a key of the request's ``options``."""


class InvalidDeal(DomainError):
    """A prearranged deal that is not a legal deal of the game."""

    rule = "deal"

    def __init__(self, field: str, detail: str) -> None:
        super().__init__(detail)
        self.field = field
