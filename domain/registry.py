"""The catalogue: every preset is a name for a family plus validated option data.

Each family registers itself here with its presets; ``register`` checks the family against
``domain/family.py`` first and names any part it lacks. Adding a game is a package in
``domain/`` and one ``register`` line below (or a call from anywhere: the conformance test
registers a tiny game of its own).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import briscola, sedma, sueca, whist
from . import family as contract
from .errors import InvalidOptions
from .family import Family
from .options import Option, validate

Builder = Callable[[str, int, dict[str, Any]], Any]
PresetData = tuple[str, tuple[int, ...], tuple[Option, ...], Builder]


@dataclass(frozen=True, slots=True)
class Preset:
    id: str
    title: str
    family: Family[Any, Any]
    players: tuple[int, ...]
    options: tuple[Option, ...]
    build: Builder

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "family": self.family.name,
                "players": list(self.players), "options": [o.describe() for o in self.options],
                "table": self.table()}

    def table(self) -> dict[str, Any]:
        """How the page shows this game (``Family.page`` with the default options), with the
        deals in a match by player count where the rules fix it."""
        pages = {n: self.family.page(rules_for(self.id, n, None)) for n in self.players}
        out: dict[str, Any] = pages[self.players[-1]].describe()
        out["deals"] = {str(n): page.deals for n, page in pages.items() if page.deals}
        return out


PRESETS: dict[str, Preset] = {}


def register(family: Family[Any, Any], presets: Mapping[str, PresetData]) -> None:
    """Add ``family`` and its presets (id: (title, player counts, options, builder))."""
    contract.check(family)
    taken = sorted(set(presets) & set(PRESETS))
    if taken:
        raise ValueError(f"preset {taken[0]!r} is registered already")
    for pid, (title, players, options, build) in presets.items():
        PRESETS[pid] = Preset(pid, title, family, players, options, build)


def unregister(family: Family[Any, Any]) -> None:
    """Remove every preset of ``family`` (tests register games of their own)."""
    for pid in [p for p, preset in PRESETS.items() if preset.family is family]:
        del PRESETS[pid]
    _BUILT.clear()


def preset(preset_id: str) -> Preset:
    try:
        return PRESETS[preset_id]
    except KeyError:
        raise InvalidOptions("ruleset", f"unknown ruleset {preset_id!r}; known: "
                             + ", ".join(sorted(PRESETS))) from None


# Rules already built, by (preset, players, options): every event folded from a ``dealt`` event
# or a snapshot asks for its deal's rules again, and validating the options and building the
# rule tables costs more than folding a card. Rules are immutable data, shared by every state
# that plays by them: treat their ``options`` as read-only. Bounded: emptied when full.
_BUILT: dict[Any, Any] = {}
_BUILT_MAX = 512


def rules_for(preset_id: str, players: int | None, options: dict[str, Any] | None) -> Any:
    """Validated rules for a preset, player count and options (defaults filled in)."""
    key = _key(preset_id, players, options)
    built = _BUILT.get(key) if key is not None else None
    if built is not None:
        return built
    p = preset(preset_id)
    count = p.players[-1] if players is None else players
    if count not in p.players:
        allowed = ", ".join(map(str, p.players))
        raise InvalidOptions("players", f"{p.id} is played by {allowed} players, not {count}")
    rules = p.build(p.id, count, validate(p.options, options, count))
    if key is not None:
        if len(_BUILT) >= _BUILT_MAX:
            _BUILT.clear()
        _BUILT[key] = rules
    return rules


def _key(preset_id: Any, players: Any, options: Any) -> Any:
    """A hashable key for a ``rules_for`` call, or None unless it is plain data: a string,
    an int or None, and options whose values are strings, numbers, booleans, None or lists of
    strings. ``repr`` tells their types apart (``True`` is refused where an integer is due,
    ``1`` is not): two calls share a key only with equal arguments of equal types."""
    if type(preset_id) is not str or (players is not None and type(players) is not int):
        return None
    if options is None:
        return preset_id, players, None
    if type(options) is not dict:
        return None
    for value in options.values():
        kind = type(value)
        if kind is list:
            if any(type(v) is not str for v in value):
                return None
        elif kind not in _PLAIN:
            return None
    return preset_id, players, repr(options)


_PLAIN = frozenset({str, int, float, bool, type(None)})


def family_of(rules: Any) -> Family[Any, Any]:
    return PRESETS[rules.preset].family


def catalogue() -> list[dict[str, Any]]:
    return [p.describe() for p in PRESETS.values()]


register(sedma.FAMILY, sedma.PRESETS)
register(sueca.SUECA, sueca.SUECA_PRESETS)
register(sueca.ITALIANA, sueca.ITALIANA_PRESETS)
register(whist.FAMILY, whist.PRESETS)
register(briscola.FAMILY, briscola.PRESETS)
