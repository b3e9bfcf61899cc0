"""The catalogue: every preset is a name for a family module plus validated option data.

Adding a game is a module in ``domain/`` and a line here; nothing outside ``domain/`` changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from . import sedma
from .errors import InvalidOptions
from .options import Option, validate

TARGET_STAKES = Option("target_stakes", "integer", 5, "the match ends after the deal in which a "
                       "side's stakes reach this number", minimum=1, maximum=100)
DOUBLE_WIN = Option("double_win", "string", "all_points", "what earns 2 stakes: the losers scored "
                    "no points at all (all_points) or took no ace or ten (all_counters)",
                    choices=("all_points", "all_counters"))


@dataclass(frozen=True, slots=True)
class Preset:
    id: str
    title: str
    family: ModuleType
    players: tuple[int, ...]
    options: tuple[Option, ...]
    build: Callable[[str, int, dict[str, Any]], Any]

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "family": self.family.__name__.split(".")[-1],
                "players": list(self.players), "options": [o.describe() for o in self.options]}


def _sedma(preset: str, players: int, options: dict[str, Any]) -> sedma.SedmaRules:
    return sedma.SedmaRules(preset=preset, players=players, options=options)


PRESETS: dict[str, Preset] = {p.id: p for p in [
    Preset("sedma", "Sedma (Czech), 2 players or 4 in two partnerships", sedma, (2, 4),
           (TARGET_STAKES, DOUBLE_WIN), _sedma),
]}


def preset(preset_id: str) -> Preset:
    try:
        return PRESETS[preset_id]
    except KeyError:
        raise InvalidOptions("ruleset", f"unknown ruleset {preset_id!r}; known: "
                             + ", ".join(sorted(PRESETS))) from None


def rules_for(preset_id: str, players: int | None, options: dict[str, Any] | None) -> Any:
    """Validated rules for a preset, player count and options (defaults filled in)."""
    p = preset(preset_id)
    count = p.players[-1] if players is None else players
    if count not in p.players:
        allowed = ", ".join(map(str, p.players))
        raise InvalidOptions("players", f"{p.id} is played by {allowed} players, not {count}")
    return p.build(p.id, count, validate(p.options, options))


def family_of(rules: Any) -> ModuleType:
    return PRESETS[rules.preset].family


def catalogue() -> list[dict[str, Any]]:
    return [p.describe() for p in PRESETS.values()]
