"""The checks at the end of ``scripts/chaos.py``, read straight from the store: every deal's
log is a whole chain (seqs 1..n, each event's ``prev`` the hash before it), every command was
appended once (its events one contiguous run), every acknowledged move is in its log once at
the seqs its answer gave, and every finished deal passes its audit."""

from __future__ import annotations

from typing import Any

from events.envelope import first_break
from events.referee import Referee, audits
from events.referee import deals as deal_records

Acked = tuple[str, str, int, int]  # deal, idempotency key, seq before, seq answered


def runs_of(log: list[dict[str, Any]]) -> dict[str, list[int]]:
    runs: dict[str, list[int]] = {}
    for env in log:
        runs.setdefault(env["command_id"], []).append(env["seq"])
    return runs


def check_deal(referee: Referee, deal: str, acked: list[Acked]) -> list[str]:
    """What is wrong with one deal's log (nothing: an empty list)."""
    log = referee.store.read("deal", deal)
    wrong = []
    if [e["seq"] for e in log] != list(range(1, len(log) + 1)):
        wrong.append(f"{deal}: seqs are not 1..{len(log)}")
    if first_break(log) is not None:
        wrong.append(f"{deal}: the hash chain breaks at {first_break(log)}")
    runs = runs_of(log)
    for command, seqs in runs.items():
        if seqs != list(range(seqs[0], seqs[0] + len(seqs))):
            wrong.append(f"{deal}: command {command} appended more than once: {seqs}")
    for _, key, before, answered in acked:
        if runs.get(key) != list(range(before + 1, answered + 1)):
            wrong.append(f"{deal}: acknowledged move {key} at {before + 1}..{answered} is "
                         f"in the log at {runs.get(key)}")
    if deal_records.is_over(referee, deal):
        report = audits.audit_stored(referee, deal)
        if not report.ok:
            wrong.append(f"{deal}: the audit fails: {report.to_text()[:300]}")
    return wrong


def check_all(referee: Referee, deals: list[str], acked: list[Acked]) -> tuple[list[str], int]:
    """Every deal checked: (what is wrong, how many deals audited clean)."""
    by_deal: dict[str, list[Acked]] = {}
    for item in acked:
        by_deal.setdefault(item[0], []).append(item)
    wrong: list[str] = []
    audited = 0
    for deal in deals:
        found = check_deal(referee, deal, by_deal.get(deal, []))
        wrong += found
        audited += not found and deal_records.is_over(referee, deal)
    missing = set(by_deal) - set(deals)
    wrong += [f"{deal}: acknowledged moves in a deal no match names" for deal in missing]
    return wrong, audited
