"""``tricklog audit FILE``: read an export (either form, of one deal or of a whole match),
print its report, exit with its verdict: 0 for a clean log, 1 for one that differs, 2 for a
file that cannot be read or is not a well-formed export."""

from __future__ import annotations

import os
import sys
from typing import Any

import orjson

from .audit import Report, audit_export
from .exports import deal_exports, read


def command(path: str, as_json: bool) -> int:
    text = read(path, "audit")
    if text is None:
        return 2
    deals = deal_exports(text)
    if deals is not None:
        return _match(deals, as_json)
    report = audit_export(text)
    say(orjson.dumps(report.to_dict(), option=orjson.OPT_INDENT_2).decode() if as_json
        else report.to_text())
    return _status([report])


def _match(deals: list[list[Any]], as_json: bool) -> int:
    """A whole match's export: each deal audited in turn, its id before its report."""
    reports = [audit_export(items) for items in deals]
    ids = [items[0].get("deal_id") if items and isinstance(items[0], dict) else None
           for items in deals]
    if as_json:
        say(orjson.dumps({"ok": all(r.ok for r in reports), "deals": [
            {"deal_id": i, **r.to_dict()} for i, r in zip(ids, reports, strict=True)]},
            option=orjson.OPT_INDENT_2).decode())
    else:
        say("\n".join(f"{i}: {r.to_text()}" for i, r in zip(ids, reports, strict=True)))
    return _status(reports)


def _status(reports: list[Report]) -> int:
    """0 when every report is clean; 2 when one is not an export at all; else 1."""
    if all(r.ok for r in reports):
        return 0
    malformed = any(r.first_error and r.first_error.get("check") == "format" for r in reports)
    return 2 if malformed else 1


def say(text: str) -> None:
    """Print ``text``; a reader that went away (``| head``) does not change the verdict."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        quiet_stdout()


def quiet_stdout() -> None:
    """The reader went away: nothing more goes to stdout, and Python's flush at exit does not
    complain (the ``BrokenPipeError`` recipe in the documentation of ``signal``)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
