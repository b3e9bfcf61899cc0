"""Sueca Italiana's heuristic as it bid before issue 28 item 7 (the floor on 24 card points or
more in a five-player hand, never a pass then, so two such hands raise each other to 120),
playing its cards as the heuristic does now: a policy for ``tricklog arena``, to measure the
new auction against the old one (docs/BOTS.md), not a bot of the service:

    tricklog arena --preset sueca-italiana --players 5 --hero heuristic \\
        --villain scripts.italiana_old_heuristic:old --matches 400
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domain.registry import rules_for  # noqa: E402
from domain.sueca import heuristic  # noqa: E402
from domain.sueca.rules import CARD_POINTS  # noqa: E402

OLD_STRENGTH = 30   # card points in hand times players / 4


def old(view: dict[str, Any]) -> dict[str, Any]:
    """The old auction; every other decision the heuristic's."""
    legal = view["legal_moves"]
    if len(legal) > 1 and legal[0]["type"] == "bid":
        strength = sum(CARD_POINTS[c] for c in view["hand"]) * view["players"] / 4
        floor = 61 if view["bidder"] is None else view["bid"] + 1
        bold = strength >= OLD_STRENGTH or {"type": "pass"} not in legal
        return {"type": "bid", "value": floor} if bold else {"type": "pass"}
    if len(legal) == 1:
        return dict(legal[0])
    rules = rules_for(view["ruleset"], view["players"], view.get("options"))
    return heuristic.italiana(view, rules, legal)
