"""``tricklog audit FILE``: read an export (either form), print its report, exit with its
verdict: 0 for a clean log, 1 for one that differs, 2 for a file that cannot be read or is not
a well-formed export."""

from __future__ import annotations

import os
import sys

import orjson

from .audit import audit_export


def command(path: str, as_json: bool) -> int:
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as exc:
        print(f"tricklog audit: {exc}", file=sys.stderr)
        return 2
    report = audit_export(text)
    say(orjson.dumps(report.to_dict(), option=orjson.OPT_INDENT_2).decode() if as_json
        else report.to_text())
    if report.ok:
        return 0
    return 2 if report.first_error and report.first_error.get("check") == "format" else 1


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
