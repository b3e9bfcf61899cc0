"""Auditing a stored deal: like an export, then its place in the match
(``events.audit.audit_match``)."""

from __future__ import annotations

from domain import match as matches

from ..audit import Report, audit, audit_match
from . import deals
from .context import Referee


def audit_stored(ref: Referee, deal_id: str) -> Report:
    lines = deals.export(ref, deal_id)
    report = audit(lines[0], lines[1:])
    if report.ok:
        audit_match(report, ref.store.read("match", matches.match_id_of(deal_id)),
                    matches.number_of(deal_id), lines[-1])
    return report
