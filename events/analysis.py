"""A finished deal's analysis (issue 30) from its export: the envelopes turned into events,
judged by the solver (``domain/solver/analysis.py``). Shared by the worker's job behind
``GET /v1/deals/{id}/analysis`` and ``tricklog analyse``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.registry import rules_for
from domain.solver import analysis, positions

from .audit import parse_export
from .envelope import to_event

Progress = Callable[[int, int], None]


class NotAnalysable(ValueError):
    """An export the solver cannot judge: not over, or a game it does not play."""


def supported(ruleset: str, players: int, options: dict[str, Any]) -> bool:
    """Whether the solver plays this preset's card play (the family's ``solver`` hook says;
    not where burning or a pass decide a deal)."""
    return positions.supports_rules(rules_for(ruleset, players, options))


def analyse_export(export: str | bytes | list[Any], progress: Progress | None = None,
                   last: int | None = None) -> dict[str, Any]:
    """The analysis of one deal's export (either form); ``last``: judge only the decisions
    once at most that many cards are left (hands and stock). Raises ``NotAnalysable`` (a
    ``ValueError``) for what cannot be analysed, saying why."""
    try:
        header, envelopes = parse_export(export)
        events = [to_event(e) for e in envelopes]
        seqs = [int(e["seq"]) for e in envelopes]
        rules_ok = supported(header["ruleset"], header["players"], header["options"])
    except (KeyError, TypeError, ValueError) as exc:
        raise NotAnalysable(f"not a Tricklog deal export: {exc}") from None
    if not rules_ok:
        raise NotAnalysable(f"the solver does not play {header['ruleset']} with these options "
                            "(burning and the one pass are not card play)")
    if envelopes and envelopes[-1].get("type") == "abandoned":
        raise NotAnalysable("the deal was abandoned (its match ended on a forfeit): no result")
    if not envelopes or envelopes[-1].get("type") != "scored":
        raise NotAnalysable("the deal is not over: no scored event")
    first = 1 if last is None else analysis.ending(events, last)
    return analysis.analyse(events, seqs, header.get("deal_id"), progress, first)
