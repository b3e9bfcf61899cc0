"""The catalogue: every preset is a name for a family plus validated option data.

Adding a game is a module in ``domain/`` and a line here; nothing outside ``domain/`` changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import (
    sedma,
    sedma_rules,
    sedma_view,
    sueca,
    sueca_rules,
    sueca_view,
    whist,
    whist_rules,
    whist_view,
)
from .errors import InvalidOptions
from .family import Family
from .options import Option, validate

SEDMA = Family.of("sedma", sedma.SedmaState, sedma_view, sedma)
SUECA = Family.of("sueca", sueca.SuecaState, sueca_view, sueca)
WHIST = Family.of("whist", whist.WhistState, whist_view, whist)


@dataclass(frozen=True, slots=True)
class Preset:
    id: str
    title: str
    family: Family
    players: tuple[int, ...]
    options: tuple[Option, ...]
    build: Callable[[str, int, dict[str, Any]], Any]

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "family": self.family.name,
                "players": list(self.players), "options": [o.describe() for o in self.options]}


PRESETS: dict[str, Preset] = {
    pid: Preset(pid, title, family, players, options, build)
    for family, presets in ((SEDMA, sedma_rules.PRESETS), (SUECA, sueca_rules.PRESETS),
                            (WHIST, whist_rules.PRESETS))
    for pid, (title, players, options, build) in presets.items()
}


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
    return p.build(p.id, count, validate(p.options, options, count))


def family_of(rules: Any) -> Family:
    return PRESETS[rules.preset].family


def catalogue() -> list[dict[str, Any]]:
    return [p.describe() for p in PRESETS.values()]
