"""A full Serbian whist state consistent with one seat's view: its hand, the cards played,
the voids shown, and one random sample of the cards it cannot see (some of the pack is not
dealt in most hands)."""

from __future__ import annotations

import random
from typing import Any

from ..sampling import trick_hands
from .play import WhistState
from .rules import WhistRules


def resample(view: dict[str, Any], rules: WhistRules, rng: random.Random) -> WhistState:
    undealt = 52 - view["cards"] * rules.players
    played = list(view["public"]["played"])
    turned = view.get("trump_card")
    pinned = {turned: view["dealer"]} if turned else {}  # the dealer holds the turned card
    hands, _ = trick_hands(view, rules, rng, played, pinned, undealt)
    return WhistState(
        rules=rules, dealer=view["dealer"], hand_no=view["hand_no"], cards=view["cards"],
        trump=view["trump"], hands=hands, phase=view["phase"], turn=view["turn"],
        leader=view["leader"], bids=tuple(view["bids"]), tricks_won=tuple(view["tricks"]),
        trick=tuple((t["seat"], t["card"]) for t in view["table"]),
        voids=tuple(tuple(v) for v in view["public"]["voids"]), played=tuple(played),
        trump_card=turned)
