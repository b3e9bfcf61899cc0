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


class InvalidDeal(DomainError):
    """A prearranged deal that is not a legal deal of the game."""

    rule = "deal"

    def __init__(self, field: str, detail: str) -> None:
        super().__init__(detail)
        self.field = field
