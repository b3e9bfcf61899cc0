"""Ruleset options: typed, documented, validated. An unknown option is an error."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import InvalidOptions


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a preset as the catalogue shows it."""

    name: str
    type: str  # "integer" | "string" | "boolean"
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        """The value, normalised, or ``InvalidOptions`` naming this option."""
        if self.type == "integer":
            value = _integral(self.name, value)
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptions(self.name, f"{self.name} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptions(self.name, f"{self.name} must be at most {self.maximum}")
        elif self.type == "boolean" and not isinstance(value, bool):
            raise InvalidOptions(self.name, f"{self.name} must be true or false")
        elif self.type == "string" and not isinstance(value, str):
            raise InvalidOptions(self.name, f"{self.name} must be a string")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise InvalidOptions(self.name, f"{self.name} must be one of: {allowed}")
        return value

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default,
                               "description": self.doc}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


def _integral(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidOptions(name, f"{name} must be an integer")
    if isinstance(value, float) and not value.is_integer():
        raise InvalidOptions(name, f"{name} must be an integer")
    return int(value)


def validate(specs: tuple[Option, ...], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every option of ``specs`` with its value: the given one (checked) or the default."""
    given = dict(given or {})
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise InvalidOptions(unknown[0], f"unknown option {unknown[0]!r}; known: "
                             + (", ".join(sorted(known)) or "none"))
    return {name: (spec.check(given[name]) if name in given else spec.default)
            for name, spec in known.items()}
