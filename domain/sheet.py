"""A match's score sheet, in the shape of a bidding game's score table: per hand the cards
dealt and the trump, then each player's bid and running total. Other games fill what they have
(no bids, no cards)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def sheet(match: dict[str, Any], results: Sequence[tuple[dict[str, Any], dict[str, Any]]]
          ) -> dict[str, Any]:
    """``results``: (deal summary, scored result) for every scored deal, in order."""
    names = [" & ".join(match["seats"][s]["name"] for s in side) for side in match["sides"]]
    totals: list[Any] = [0] * len(names)
    rows = []
    rubber_ends = set(match.get("rubbers", {}).get("ends", []))
    for deal, result in results:
        score = result["score"]
        if deal["number"] - 1 in rubber_ends:  # a new rubber counts from zero
            totals = [0] * len(names)
        totals = [t + p for t, p in zip(totals, score["match_points"], strict=True)]
        rows.append({"hand": deal["number"], "dealer": deal["dealer"],
                     "cards": score.get("cards"), "trump": _trump(score),
                     "bids": score.get("bids"), "tricks": score.get("tricks"),
                     "points": score["match_points"], "totals": totals})
    return {"match_id": match["id"], "ruleset": match["ruleset"], "players": names,
            "hands": rows, "totals": totals, "status": match["status"],
            "winners": match.get("winners", [])}


def _trump(score: dict[str, Any]) -> str | None:
    if "cards" not in score:
        return score.get("trump")
    return score.get("trump") or "NT"


# A spreadsheet runs a cell that starts with one of these as a formula (CSV injection):
# =HYPERLINK(...) in a seat's name would become a link in whoever opens the sheet.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    """A CSV cell: text that a spreadsheet would take for a formula gets a leading ``'``;
    numbers (negative totals too) stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _printable(name: str) -> str:
    """A name on one line: control characters (a newline would break the table) written as
    escapes, every other character kept."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in name)


def csv_rows(data: dict[str, Any]) -> list[list[Any]]:
    """One header row, then one row per hand: hand, cards, trump, then bid and total per
    player. Text cells are neutralized against formulas (``_cell``)."""
    head: list[Any] = ["hand", "cards", "trump"]
    for name in data["players"]:
        head += [f"{name} bid", f"{name} total"]
    rows = [head]
    for row in data["hands"]:
        line: list[Any] = [row["hand"], row["cards"], row["trump"]]
        bids = row["bids"] or [None] * len(data["players"])
        for bid, total in zip(bids, row["totals"], strict=True):
            line += [bid, total]
        rows.append(line)
    return [[_cell(value) for value in row] for row in rows]


def text(data: dict[str, Any]) -> str:
    """The sheet as the seed prints it: cards and trump, then bid and running total."""
    names = [_printable(n) for n in data["players"]]
    width = max([12, *(len(n) + 2 for n in names)])
    lines = [" " * 10 + "".join(n.center(width) for n in names)]
    lines.append("-" * len(lines[0]))
    for row in data["hands"]:
        left = f"{row['cards'] or '':>4} {row['trump'] or '':<4} "
        bids = row["bids"] or [""] * len(data["players"])
        cells = "".join(f"{bid if bid is not None else '':>{width // 2}}{_n(total):>{width // 2}}"
                        for bid, total in zip(bids, row["totals"], strict=True))
        lines.append(left + cells)
    return "\n".join(lines) + "\n"


def _n(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)
