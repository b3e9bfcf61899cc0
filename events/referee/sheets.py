"""A match's score sheet: every scored deal's result, with running totals."""

from __future__ import annotations

from typing import Any

from domain import sheet as sheets

from . import matches
from .context import Referee


def sheet(ref: Referee, match_id: str) -> dict[str, Any]:
    match = matches.get(ref, match_id)
    results = []
    for deal in match["deals"]:
        if deal["status"] != "scored":
            continue
        seq = ref.store.head("deal", deal["id"]).seq
        scored = ref.store.read("deal", deal["id"], after=seq - 1)[0]
        results.append((deal, scored["data"]))
    return sheets.sheet(match, results)
