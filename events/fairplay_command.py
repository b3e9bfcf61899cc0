"""``tricklog fairplay FILE...``: the fair-play report (issue 30) over deal or match exports,
offline: per seat and per side the telling decisions, how often the perfect-information move
was played there, the honest rate and the probability of doing as well honestly; as a table
or as the JSON ``GET /v1/matches/{id}/fairplay`` serves. Exit status 0 (nobody flagged), 1
(a seat or side flagged), 2 for files that cannot be read or judged."""

from __future__ import annotations

import sys
from typing import Any

import orjson

from .audit_command import say
from .exports import deal_exports, read
from .fairplay import THRESHOLD, NotJudged, report


def command(paths: list[str], as_json: bool, quiet: bool = False, cards: int | None = None,
            threshold: float = THRESHOLD) -> int:
    exports: list[Any] = []  # each a deal's export: its items, or its text
    for path in paths:
        text = read(path, "fairplay")
        if text is None:
            return 2
        found = deal_exports(text)  # a match's deals, or one deal's text
        if found is None:
            exports.append(text)
        else:
            exports.extend(found)
    try:
        out = report(exports, None, None if quiet else _progress, cards, threshold=threshold)
    except NotJudged as exc:
        print(f"tricklog fairplay: {exc}", file=sys.stderr)
        return 2
    say(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() if as_json else to_text(out))
    return 1 if out["flagged"] else 0


def _progress(done: int, total: int) -> None:
    end = "\n" if done == total else ""
    print(f"\rjudging: {done}/{total} deals", end=end, file=sys.stderr, flush=True)


def to_text(out: dict[str, Any]) -> str:
    """A line per seat and per side: telling decisions, matched, the probability, the flag."""
    rate = out["honest_rate"]
    honest = ("NO CALIBRATION for this game: counts only, no probability, nobody flagged"
              if rate is None else f"honest rate {rate:.3f}, flagged below p = "
              f"{out['threshold']}")
    lines = [f"{out['ruleset']} {out['players']}p, {out['deals']} deals, the last "
             f"{out['cards']} cards judged; {honest}",
             f"  {'who':<10} {'telling':>7} {'matched':>7} {'rate':>6} {'p':>10}"]
    rows = [(f"seat {s['seat']}", s) for s in out["seats"]]
    rows += [("side " + "+".join(map(str, s["seats"])), s) for s in out["sides"]]
    for who, s in rows:
        share = "-" if s["rate"] is None else f"{s['rate']:.3f}"
        p = "-" if s["p_value"] is None else f"{s['p_value']:.3g}"
        flag = "  FLAGGED" if s["flagged"] else ""
        lines.append(f"  {who:<10} {s['telling']:>7} {s['matched']:>7} {share:>6} {p:>10}{flag}")
    return "\n".join(lines)
