"""Audit a deal from its exported log, with nothing but this package: the hash chain and every
commitment in it, the fairness commitment, the deal itself, and every event re-run through the
rules. Works offline (``tricklog audit FILE``) and in a worker (``POST /v1/audits``);
``audit_match`` adds what only the server has: the deal's place in its match stream."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import orjson

from domain import game, replay
from domain import match as matches
from domain.errors import InvalidOptions
from domain.fairness import DealSecret, MatchSecret, revealed
from domain.game import ENGINE_VERSION
from domain.registry import rules_for
from domain.shuffle import SHUFFLE_VERSION

from .envelope import Break, first_break, to_event

EXPORT_FORMAT = "tricklog-export-v2"
# Engine 1 hashed hidden parts in the clear and committed SHA-256(seed): such logs still verify.
LEGACY_FORMAT = "tricklog-export-v1"
FORMATS = (EXPORT_FORMAT, LEGACY_FORMAT)


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

    def fail(self, seq: int | None, check: str, why: str, expected: Any = None,
             found: Any = None) -> Report:
        self.ok = False
        self.first_error = {"seq": seq, "check": check, "why": why, "expected": expected,
                            "found": found}
        return self


def export_format(envelopes: Sequence[dict[str, Any]]) -> str:
    """The format a stored deal exports as: v2 once its ``dealt`` commits the hands."""
    return EXPORT_FORMAT if envelopes and envelopes[0].get("commitments") else LEGACY_FORMAT


def parse_export(export: str | bytes | list[Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the envelopes of an export: JSON Lines, or the same items as one JSON
    array (compact or pretty-printed, as text or already parsed)."""
    items = export if isinstance(export, list) else _items(export)
    if not items:
        raise ValueError("the export is empty")
    if not isinstance(items[0], dict):
        raise ValueError("the first item must be the export's header object")
    return items[0], items[1:]


def _items(text: str | bytes) -> list[Any]:
    raw = text.decode() if isinstance(text, bytes) else text
    if raw.lstrip().startswith("["):  # one array, or JSON Lines whose first line is a list
        try:
            items = orjson.loads(raw)
        except orjson.JSONDecodeError:
            items = None
        if isinstance(items, list):
            return items
    return [orjson.loads(line) for line in raw.splitlines() if line.strip()]


def audit_export(export: str | bytes | list[Any]) -> Report:
    """The audit of an export as uploaded: whatever it holds, a report (a malformed export
    fails the ``format`` check, saying what is wrong), never an exception."""
    try:
        header, envelopes = parse_export(export)
    except (ValueError, UnicodeDecodeError, orjson.JSONDecodeError) as exc:
        return Report(ok=False).fail(None, "format", f"not a Tricklog export: {exc}")
    try:
        return audit(header, envelopes)
    except Exception as exc:  # a shape _malformed does not know yet: still a report
        return Report(ok=False).fail(None, "format",
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
            if not isinstance(field := value.get(name), types) or isinstance(field, bool)}


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
        return Report(ok=False, deal_id=deal_id if isinstance(deal_id, str) else None,
                      events=len(envelopes)).fail(*malformed)
    report = Report(ok=True, deal_id=header.get("deal_id"), ruleset=header.get("ruleset"),
                    events=len(envelopes))
    fmt = header.get("format")
    if fmt not in FORMATS:
        return report.fail(None, "format", f"the header's format must be {EXPORT_FORMAT}",
                           EXPORT_FORMAT, fmt)
    if header.get("shuffle") != SHUFFLE_VERSION:
        return report.fail(None, "format", "unknown shuffle version", SHUFFLE_VERSION,
                           header.get("shuffle"))
    if header.get("engine") != ENGINE_VERSION:
        report.warnings.append(f"exported by engine {header.get('engine')}, checked with "
                               f"{ENGINE_VERSION}")
    broken = first_break(envelopes)
    if broken is not None:
        return _broken(report, broken)
    report.checks.append("hash chain")
    rules = _rules(report, header, envelopes)
    if rules is None:
        return report
    if fmt == EXPORT_FORMAT and not _commitments(report, rules, envelopes):
        return report
    return _rerun(report, envelopes)


def _broken(report: Report, broken: Break) -> Report:
    check = "commitment" if "commitment" in broken.why else "hash chain"
    return report.fail(broken.seq, check, broken.why, broken.expected, broken.found)


def _rules(report: Report, header: dict[str, Any], envelopes: list[dict[str, Any]]) -> Any:
    """The rules the header names, which the ``dealt`` event must name too."""
    data = envelopes[0].get("data") if envelopes else None
    named = {k: header.get(k) for k in ("ruleset", "players", "options")}
    if not isinstance(data, dict) or (data.get("ruleset"), data.get("players"),
                                      data.get("options")) != tuple(named.values()):
        report.fail(1, "header", "the header and the dealt event name other rules", named, data)
        return None
    try:
        return rules_for(str(named["ruleset"]), named["players"], named["options"])
    except (InvalidOptions, TypeError, AttributeError) as exc:
        report.fail(1, "header", f"unknown rules: {exc}", None, named)
        return None


# Parts that engines 1 and 2 hid and that are public since: table talk's word (RULES.md §4.1,
# said aloud). An old log that committed to one still audits clean; a new one commits nothing.
ONCE_HIDDEN = {"hinted": ["/word"]}


def _commitments(report: Report, rules: Any, envelopes: list[dict[str, Any]]) -> bool:
    """Every part the rules hide is committed, and every commitment is opened by its salt."""
    for env in envelopes:
        try:
            want = sorted(p.pointer for p in game.hidden(rules, to_event(env)))
        except (KeyError, IndexError, TypeError, ValueError):
            report.fail(env.get("seq"), "rules", "an event is malformed", None, env.get("data"))
            return False
        committed = sorted(env.get("commitments") or {})
        if committed == sorted(want + ONCE_HIDDEN.get(env["type"], [])):
            want = committed
        if committed != want:
            report.fail(env["seq"], "commitment", "the hidden parts of this event must each be "
                        "committed, and nothing else", want, committed)
            return False
        if sorted(env.get("salts") or {}) != want:
            report.fail(env["seq"], "commitment", "a finished deal's export reveals every salt",
                        want, sorted(env.get("salts") or {}))
            return False
    last = envelopes[-1] if envelopes else {}
    opened = _opened(last["data"]) if last.get("type") in replay.ENDINGS else None
    if envelopes and not envelopes[0]["data"].get("prearranged") and (
            opened is None or opened.nonce is None):
        report.fail(envelopes[-1].get("seq"), "commitment", "scored (or abandoned) must "
                    "reveal the deal's nonce with its seed", "nonce", None)
        return False
    report.checks.append("every hidden part committed and opened")
    return True


def _opened(scored: dict[str, Any]) -> DealSecret | None:
    """What a ``scored`` event reveals (``reveal``, or an older log's flat fields)."""
    try:
        return revealed(scored)
    except (KeyError, TypeError, AttributeError):
        return None


def _rerun(report: Report, envelopes: list[dict[str, Any]]) -> Report:
    try:
        mismatch = replay.verify([to_event(e) for e in envelopes])
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        return report.fail(None, "rules", f"an event is malformed: {exc!r}")
    if mismatch is not None:
        seq = envelopes[mismatch.index]["seq"] if mismatch.index < len(envelopes) else None
        return report.fail(seq, mismatch.check, mismatch.why, mismatch.expected, mismatch.found)
    if envelopes and envelopes[0]["data"].get("prearranged"):
        report.warnings.append("a prearranged deal: its cards were given, not shuffled")
        report.checks += ["a legal prearranged deal"]
    else:
        report.checks += ["commitment and re-shuffle"]
    report.checks += ["every event re-run through the rules", "result"]
    if not envelopes or envelopes[-1]["type"] not in replay.ENDINGS:
        return report.fail(None, "result", "the deal is not over: no scored event")
    if envelopes[-1]["type"] == "abandoned":
        report.warnings.append(f"an abandoned deal: seat {envelopes[-1]['data']['seat']}'s "
                               "side forfeited the match on its clock; no result")
    return report


def audit_match(report: Report, match_envelopes: list[dict[str, Any]], number: int,
                scored: dict[str, Any]) -> Report:
    """A stored deal's place in its match: the match stream's chain, the deal's recorded score,
    the totals, and once the match is over its commitment and this deal's seed and nonce."""
    broken = first_break(match_envelopes)
    if broken is not None:
        return report.fail(broken.seq, "match", f"the match stream: {broken.why}",
                           broken.expected, broken.found)
    state = matches.fold([to_event(e) for e in match_envelopes])
    problem = _match_problem(state, match_envelopes, number, scored["data"])
    if problem is not None:
        return report.fail(scored["seq"], "match", *problem)
    report.checks.append("match score and totals")
    if state.secret is not None:
        report.checks.append("match commitment and the deal's seed")
    return report


def _match_problem(state: matches.MatchState, envs: list[dict[str, Any]], number: int,
                   scored: dict[str, Any]) -> tuple[str, Any, Any] | None:
    recorded = [e["data"] for e in envs if e["type"] == "deal_scored"]
    mine = next((d for d in recorded if d["number"] == number), None)
    want = scored["score"]["match_points"] if "score" in scored else None  # None: abandoned
    rubber = [d for d in recorded if d["number"] >= state.rubber_start]
    sums = [sum(d["points"][i] for d in rubber) for i in range(len(state.totals))]
    if mine is not None and mine["points"] != want:
        return "the match recorded another score for this deal", want, mine["points"]
    if sums != list(state.totals):
        return ("the match totals are not the sum of its deals (of this rubber)", sums,
                list(state.totals))
    opened = _opened(scored)
    if state.secret is None or opened is None:
        return None
    fair = MatchSecret(state.secret, state.nonce)
    if fair.commitment != state.commitment:
        return ("the revealed match secret and nonce must hash to the match's commitment",
                state.commitment, fair.commitment)
    deal = fair.deal(number)
    if (opened.seed, opened.nonce) != (deal.seed, deal.nonce):
        return ("the deal's seed and nonce do not come from the match secret",
                {"seed": deal.seed, "nonce": deal.nonce},
                {"seed": opened.seed, "nonce": opened.nonce})
    return None
