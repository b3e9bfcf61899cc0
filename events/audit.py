"""Audit a deal from its exported log, with nothing but this package: the hash chain, the
fairness commitment, the deal itself, and every event re-run through the rules.

Works offline (``tricklog audit FILE``) and in a worker (``POST /v1/audits``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

import orjson

from domain import replay
from domain.game import ENGINE_VERSION
from domain.shuffle import SHUFFLE_VERSION

from .envelope import GENESIS, digest, to_event

EXPORT_FORMAT = "tricklog-export-v1"


@dataclass
class Report:
    ok: bool
    deal_id: str | None = None
    ruleset: str | None = None
    events: int = 0
    checks: list[str] = field(default_factory=list)
    first_error: dict[str, Any] | None = None
    warnings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_text(self) -> str:
        head = f"deal {self.deal_id or '?'} ({self.ruleset or '?'}), {self.events} events"
        lines = [f"{'OK' if self.ok else 'FAILED'}: {head}"]
        lines += [f"  checked: {c}" for c in self.checks]
        lines += [f"  warning: {w}" for w in self.warnings]
        if self.first_error:
            err = self.first_error
            lines.append(f"  first bad event: seq {err['seq']} ({err['check']}): {err['why']}")
            lines.append(f"    expected: {orjson.dumps(err['expected']).decode()}")
            lines.append(f"    found:    {orjson.dumps(err['found']).decode()}")
        return "\n".join(lines)


def _fail(report: Report, seq: int | None, check: str, why: str, expected: Any = None,
          found: Any = None) -> Report:
    report.ok = False
    report.first_error = {"seq": seq, "check": check, "why": why, "expected": expected,
                          "found": found}
    return report


def parse_export(text: str | bytes) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the envelopes of a JSON Lines export."""
    raw = text.decode() if isinstance(text, bytes) else text
    lines = [orjson.loads(line) for line in raw.splitlines() if line.strip()]
    if not lines:
        raise ValueError("the export is empty")
    return lines[0], lines[1:]


def audit_export(text: str | bytes) -> Report:
    """The audit of an export as uploaded: whatever the text holds, a report (a malformed
    export fails the ``format`` check, saying what is wrong), never an exception."""
    try:
        header, envelopes = parse_export(text)
    except (ValueError, orjson.JSONDecodeError) as exc:
        return _fail(Report(ok=False), None, "format", f"not a Tricklog export: {exc}")
    try:
        return audit(header, envelopes)
    except Exception as exc:  # a shape _malformed does not know yet: still a report
        return _fail(Report(ok=False), None, "format",
                     f"the export could not be checked: {exc!r}")


def _malformed(header: Any, envelopes: list[Any]) -> tuple[int | None, str, str, Any, Any] | None:
    """(seq, check, why, expected, found) for an export whose lines do not have the shape of
    a header and envelopes, else None: the checks after this one may then read fields."""
    if not isinstance(header, dict):
        return None, "format", "the first line (the header) is not a JSON object", "object", \
            header
    for number, env in enumerate(envelopes, start=1):
        if not isinstance(env, dict):
            return number, "format", f"line {number + 1} is not an envelope (a JSON object)", \
                "object", env
        what = f"event {number} ({env['type']})" if isinstance(env.get("type"), str) \
            else f"event {number}"
        fields, wrong = env, _wrong_types(env, ENVELOPE_SHAPE)
        if not wrong and number == 1:
            what, fields = f"{what}'s data", env["data"]
            wrong = _wrong_types(fields, DEALT_SHAPE)
        if wrong:
            why = ", ".join(f"{name} is not {kind}" for name, kind in wrong.items())
            return number, "format", f"{what}: {why}", wrong, {k: fields.get(k) for k in wrong}
    return None


def _wrong_types(value: dict[str, Any], shape: dict[str, tuple[str, tuple[type, ...]]]
                 ) -> dict[str, str]:
    """The fields of ``value`` whose JSON type is not the one ``shape`` names."""
    return {name: kind for name, (kind, types) in shape.items()
            if not isinstance(value.get(name), types) or isinstance(value.get(name), bool)}


# What every envelope, and the first (dealt) event's data, must hold before anything is checked.
ENVELOPE_SHAPE: dict[str, tuple[str, tuple[type, ...]]] = {
    "seq": ("an integer", (int,)), "type": ("a string", (str,)),
    "data": ("an object", (dict,)), "seat": ("an integer or null", (int, type(None)))}
DEALT_SHAPE: dict[str, tuple[str, tuple[type, ...]]] = {
    "ruleset": ("a string", (str,)), "players": ("an integer", (int,)),
    "options": ("an object", (dict,))}


def audit(header: dict[str, Any], envelopes: list[dict[str, Any]]) -> Report:
    malformed = _malformed(header, envelopes)
    if malformed is not None:
        deal_id = header.get("deal_id") if isinstance(header, dict) else None
        return _fail(Report(ok=False, deal_id=deal_id if isinstance(deal_id, str) else None,
                            events=len(envelopes)), *malformed)
    report = Report(ok=True, deal_id=header.get("deal_id"), ruleset=header.get("ruleset"),
                    events=len(envelopes))
    if header.get("format") != EXPORT_FORMAT:
        return _fail(report, None, "format", f"the header's format must be {EXPORT_FORMAT}",
                     EXPORT_FORMAT, header.get("format"))
    if header.get("shuffle") != SHUFFLE_VERSION:
        return _fail(report, None, "format", "unknown shuffle version", SHUFFLE_VERSION,
                     header.get("shuffle"))
    if header.get("engine") != ENGINE_VERSION:
        report.warnings.append(f"exported by engine {header.get('engine')}, checked with "
                               f"{ENGINE_VERSION}")
    broken = _chain(envelopes)
    if broken is not None:
        return _fail(report, *broken)
    report.checks.append("hash chain")
    if envelopes and (envelopes[0].get("data", {}).get("ruleset"), envelopes[0]["data"].get(
            "players"), envelopes[0]["data"].get("options")) != (
            header.get("ruleset"), header.get("players"), header.get("options")):
        return _fail(report, 1, "header", "the header and the dealt event name other rules",
                     {k: header.get(k) for k in ("ruleset", "players", "options")},
                     envelopes[0].get("data"))
    try:
        mismatch = replay.verify([to_event(e) for e in envelopes])
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return _fail(report, None, "rules", f"an event is malformed: {exc!r}")
    if mismatch is not None:
        seq = envelopes[mismatch.index]["seq"] if mismatch.index < len(envelopes) else None
        return _fail(report, seq, mismatch.check, mismatch.why, mismatch.expected,
                     mismatch.found)
    if envelopes and envelopes[0]["data"].get("prearranged"):
        report.warnings.append("a prearranged deal: its cards were given, not shuffled")
        report.checks += ["a legal prearranged deal"]
    else:
        report.checks += ["commitment and re-shuffle"]
    report.checks += ["every event re-run through the rules", "result"]
    if not envelopes or envelopes[-1]["type"] != "scored":
        return _fail(report, None, "result", "the deal is not over: no scored event")
    return report


def _chain(envelopes: Iterable[dict[str, Any]]) -> tuple[int, str, str, Any, Any] | None:
    """(seq, check, why, expected, found) of the first broken link, else None."""
    prev, expected_seq = GENESIS, 1
    for env in envelopes:
        if not isinstance(env, dict):
            return expected_seq, "hash chain", "a line is not an envelope", "an object", env
        if env.get("seq") != expected_seq:
            return expected_seq, "hash chain", "events must be numbered 1, 2, 3, ...", \
                expected_seq, env.get("seq")
        if env.get("prev") != prev:
            return expected_seq, "hash chain", "prev must be the previous event's hash", \
                prev, env.get("prev")
        if env.get("hash") != digest(env):
            return expected_seq, "hash chain", "the event's hash does not match its content", \
                digest(env), env.get("hash")
        prev, expected_seq = env["hash"], expected_seq + 1
    return None
