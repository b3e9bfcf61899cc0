"""``tricklog analyse FILE``: a finished deal's export judged move by move with every card
known (issue 30), printed as a table or as the JSON ``GET /v1/deals/{id}/analysis`` serves;
progress on stderr. Exit status 0, or 2 for a file that cannot be read or analysed."""

from __future__ import annotations

import sys
from typing import Any

import orjson

from .analysis import NotAnalysable, analyse_export
from .audit_command import say
from .exports import read


def command(path: str, as_json: bool, quiet: bool = False, last: int | None = None) -> int:
    text = read(path, "analyse")
    if text is None:
        return 2
    try:
        report = analyse_export(text, None if quiet else _progress, last)
    except NotAnalysable as exc:
        print(f"tricklog analyse: {exc}", file=sys.stderr)
        return 2
    say(orjson.dumps(report, option=orjson.OPT_INDENT_2).decode() if as_json
        else to_text(report))
    return 0


def _progress(done: int, total: int) -> None:
    end = "\n" if done == total else ""
    print(f"\ranalysing: {done}/{total} decisions", end=end, file=sys.stderr, flush=True)


def to_text(report: dict[str, Any]) -> str:
    """A line per side (start value, cost, points), then one per decision with its cost."""
    lines = [f"deal {report['deal_id']}"]
    for side in report["sides"]:
        seats = "+".join(map(str, side["seats"]))
        lines.append(f"  seats {seats}: start value {side['start_value']}, cost "
                     f"{side['cost']}, points {side['points']}")
    lines.append(f"  {'seq':>4} {'seat':>4}  {'move':<10} {'value':>6} {'best':>6} "
                 f"{'cost':>5}  best moves")
    for d in report["decisions"]:
        best = ", ".join(_move(m) for m in d["best_moves"])
        mark = "" if d["cost"] == 0 else "  <-"
        lines.append(f"  {d['seq']:>4} {d['seat']:>4}  {_move(d['move']):<10} "
                     f"{d['value']:>6} {d['best']:>6} {d['cost']:>5}  {best}{mark}")
    return "\n".join(lines)


def _move(move: dict[str, Any]) -> str:
    """A card as itself; any other move as its type and fields: "bid 9", "call none"."""
    if move["type"] == "play":
        return str(move["card"])
    rest = ["none" if v is None else str(v) for k, v in move.items() if k != "type"]
    return " ".join([move["type"], *rest])
