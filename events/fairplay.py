"""The fair-play report (issue 30 item 3) over a match's (or several matches') deal exports:
per seat and per side, the telling decisions (``domain/solver/fairplay.py``), how often the
perfect-information move was played there, the rate an honest strong player plays it (the
calibration: ``fairplay_calibration.json`` beside this module, one entry per family, made by
``scripts/fairplay_power.py`` from the built-in bots' play) and the probability of doing as well
honestly (the binomial tail). A seat or side is ``flagged`` when that probability is below
``THRESHOLD``, set from the false-positive rates measured in docs/FAIRPLAY.md. Shared by the
worker's job behind ``GET /v1/matches/{id}/fairplay`` and ``tricklog fairplay``."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from domain.registry import family_of, rules_for
from domain.replay import ENDINGS
from domain.solver import fairplay, positions

from .audit import parse_export
from .envelope import to_event

CALIBRATION = Path(__file__).with_name("fairplay_calibration.json")
THRESHOLD = 0.0001  # the p-value below which a seat or side is flagged (docs/FAIRPLAY.md)
Progress = Callable[[int, int], None]


class NotJudged(ValueError):
    """Exports the report cannot judge: not over, not of one game, or of a game the solver
    does not play or that has no calibration."""


def calibration() -> dict[str, Any]:
    with CALIBRATION.open(encoding="utf-8") as file:
        data: dict[str, Any] = json.load(file)
    return data


def write_calibration(family: str, entry: dict[str, Any]) -> None:
    """Record one family's honest rate (``scripts/fairplay_power.py summarize --write``)."""
    data = calibration() if CALIBRATION.exists() else {"families": {}}
    data["families"][family] = entry
    CALIBRATION.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def calibrated(rules: Any) -> dict[str, Any] | None:
    """The family's calibration if the solver plays these rules and the family has one."""
    if not positions.supports_rules(rules):
        return None
    entry: dict[str, Any] | None = calibration()["families"].get(family_of(rules).name)
    return entry


def supported(ruleset: str, players: int, options: dict[str, Any]) -> bool:
    try:
        return calibrated(rules_for(ruleset, players, options)) is not None
    except ValueError:
        return False


def _parsed(export: Any) -> tuple[dict[str, Any], list[Any], list[int], Any]:
    try:
        header, envelopes = parse_export(export)
        rules = rules_for(header["ruleset"], header["players"], header["options"])
        events = [to_event(e) for e in envelopes]
        seqs = [int(e["seq"]) for e in envelopes]
    except (KeyError, TypeError, ValueError) as exc:
        raise NotJudged(f"not a Tricklog deal export: {exc}") from None
    if not envelopes or envelopes[-1].get("type") not in ENDINGS:
        raise NotJudged(f"deal {header.get('deal_id')} is not over: no scored event")
    return header, events, seqs, rules


def report(exports: Sequence[Any], match_id: str | None = None,
           progress: Progress | None = None, cards: int | None = None,
           playouts: int = fairplay.PLAYOUTS, threshold: float | None = None) -> dict[str, Any]:
    """The report over deal ``exports`` (each either form) of one game and player count;
    ``cards``: the ending judged (default: the calibration's, which its rate was measured
    on). Raises ``NotJudged`` (a ValueError) saying why it cannot."""
    parsed = [p for p in map(_parsed, exports) if p[1][-1].type == "scored"]  # not abandoned
    if not parsed:
        raise NotJudged("no finished deal to judge")
    rules = parsed[0][3]
    if any((p[3].preset, p[3].players) != (rules.preset, rules.players) for p in parsed):
        raise NotJudged("the exports are not all of one game and player count")
    entry = calibrated(rules)
    if entry is None:
        raise NotJudged(f"no fair-play calibration for {rules.preset} with these options "
                        "(the solver does not play it, or its honest rate is not measured)")
    cards = int(entry["cards"]) if cards is None else cards
    decisions: list[dict[str, Any]] = []
    for done, (header, events, seqs, _) in enumerate(parsed):
        if progress is not None:
            progress(done, len(parsed))
        deal_id = str(header.get("deal_id") or done)
        found = fairplay.telling(events, seqs, None, deal_id, cards, playouts)
        decisions += [{"deal_id": deal_id, **d} for d in found]
    if progress is not None:
        progress(len(parsed), len(parsed))
    return _shape(match_id, rules, entry, cards, len(parsed), decisions,
                  THRESHOLD if threshold is None else threshold)


def _shape(match_id: str | None, rules: Any, entry: dict[str, Any], cards: int, deals: int,
           decisions: list[dict[str, Any]], threshold: float) -> dict[str, Any]:
    rate = float(entry["honest_rate"])
    measured = int(entry["matched"]), int(entry["telling"])
    seats = [{"seat": s, **fairplay.tally([d for d in decisions if d["seat"] == s], rate,
                                          threshold, measured)} for s in range(rules.players)]
    sides = [{"seats": list(side), **fairplay.tally(
        [d for d in decisions if d["seat"] in side], rate, threshold, measured)}
        for side in rules.sides if len(side) > 1]
    return {"match_id": match_id, "family": family_of(rules).name, "ruleset": rules.preset,
            "players": rules.players, "deals": deals, "cards": cards,
            "honest_rate": rate, "threshold": threshold,
            "flagged": any(x["flagged"] for x in seats + sides),
            "seats": seats, "sides": sides, "decisions": decisions}
