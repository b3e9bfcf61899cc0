"""Serbian whist's rules of thumb, as a function of one seat's view: bid the tricks the hand
is worth (never the hook), then win tricks cheaply while the bid needs them and duck after."""

from __future__ import annotations

from typing import Any

from ..cards import rank
from ..trick_sense import strength, trick_play
from .rules import WhistRules

Move = dict[str, Any]


def choose(view: dict[str, Any], rules: WhistRules, legal: list[Move]) -> Move:
    if legal[0]["type"] == "bid":
        guess = round(strength(view["hand"], view["trump"], rules.order))
        values = [m["value"] for m in legal]
        return {"type": "bid", "value": min(values, key=lambda v: (abs(v - guess), v))}
    me = view["seat"]
    need = view["bids"][me] - view["tricks"][me]
    cards = [m["card"] for m in legal]
    if not view["table"]:
        ordered = sorted(cards, key=lambda c: rules.order[rank(c)])
        return {"type": "play", "card": ordered[-1] if need > 0 else ordered[0]}
    return {"type": "play", "card": trick_play(view, rules.order, cards, need > 0, {})}
