"""Ruleset options: typed, documented, validated. An unknown option is an error."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import is_card
from .errors import InvalidOption


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a preset as the catalogue shows it.

    ``type`` is ``integer``, ``string``, ``boolean`` or ``cards`` (a list of ``count`` distinct
    card codes, none of them in ``excluded``). ``by_players`` overrides the default for some
    player counts (a higher target with more players)."""

    name: str
    type: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    by_players: tuple[tuple[int, Any], ...] = ()
    count: int | None = None
    excluded_ranks: tuple[str, ...] = ()

    def default_for(self, players: int) -> Any:
        return dict(self.by_players).get(players, self.default)

    def check(self, value: Any) -> Any:
        """The value, normalised, or ``InvalidOptions`` naming this option."""
        if self.type == "integer":
            value = _integral(self.name, value)
            if self.minimum is not None and value < self.minimum:
                raise InvalidOption(self.name, f"{self.name} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOption(self.name, f"{self.name} must be at most {self.maximum}")
        elif self.type == "boolean" and not isinstance(value, bool):
            raise InvalidOption(self.name, f"{self.name} must be true or false")
        elif self.type == "string" and not isinstance(value, str):
            raise InvalidOption(self.name, f"{self.name} must be a string")
        elif self.type == "cards":
            value = self._cards(value)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise InvalidOption(self.name, f"{self.name} must be one of: {allowed}")
        return value

    def _cards(self, value: Any) -> list[str]:
        if (not isinstance(value, list) or not all(is_card(c) for c in value)
                or len(set(value)) != len(value) or len(value) != self.count):
            raise InvalidOption(self.name, f"{self.name} must be {self.count} distinct cards")
        if any(c[:-1] in self.excluded_ranks for c in value):
            banned = ", ".join(self.excluded_ranks)
            raise InvalidOption(self.name, f"{self.name} may not hold cards of rank {banned}")
        return list(value)

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default,
                               "description": self.doc}
        for key in ("choices", "minimum", "maximum", "count"):
            value = getattr(self, key)
            if value is not None:
                out[key] = list(value) if isinstance(value, tuple) else value
        if self.by_players:
            out["default_by_players"] = {str(n): v for n, v in self.by_players}
        return out


def _integral(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidOption(name, f"{name} must be an integer")
    if isinstance(value, float) and not value.is_integer():
        raise InvalidOption(name, f"{name} must be an integer")
    return int(value)


def validate(specs: tuple[Option, ...], given: Mapping[str, Any] | None, players: int
             ) -> dict[str, Any]:
    """Every option of ``specs`` with its value: the given one (checked) or the default."""
    given = dict(given or {})
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise InvalidOption(unknown[0], f"unknown option {unknown[0]!r}; known: "
                             + (", ".join(sorted(known)) or "none"))
    return {name: (spec.check(given[name]) if name in given else spec.default_for(players))
            for name, spec in known.items()}
