"""Full Sueca and Sueca Italiana states consistent with one seat's view: its hand, everything
public (tricks won, voids shown, the turned trump in the dealer's hand, a revealed partner's
called card) and one random sample of the cards it cannot see. An unrevealed Italiana partner
is whoever the sample gives the called card to."""

from __future__ import annotations

import random
from typing import Any

from ..sampling import trick_hands
from .italiana import PASSED, ItalianaState
from .rules import ItalianaRules, SuecaRules
from .sueca import SuecaState


def _won(view: dict[str, Any]) -> list[str]:
    return [c for w in view["public"]["won"] for c in w]


def _common(view: dict[str, Any]) -> dict[str, Any]:
    pub = view["public"]
    return {"dealer": view["dealer"], "phase": view["phase"], "turn": view["turn"],
            "leader": view["leader"], "won": tuple(tuple(w) for w in pub["won"]),
            "tricks_won": tuple(view["tricks"]), "trump": view["trump"],
            "trick": tuple((t["seat"], t["card"]) for t in view["table"]),
            "voids": tuple(tuple(v) for v in pub["voids"])}


def sueca(view: dict[str, Any], rules: SuecaRules, rng: random.Random) -> SuecaState:
    pinned = {view["trump_card"]: view["dealer"]} if view.get("trump_card") else {}
    hands, _ = trick_hands(view, rules, rng, _won(view), pinned, 0)
    return SuecaState(rules=rules, hands=hands, trump_card=view.get("trump_card"),
                      carry=view.get("carry", 0), **_common(view))


def italiana(view: dict[str, Any], rules: ItalianaRules, rng: random.Random) -> ItalianaState:
    partner, called = view.get("partner"), view.get("called")
    pinned = {called: partner} if called and partner is not None else {}
    hands, _ = trick_hands(view, rules, rng, _won(view), pinned, 0)
    if called and partner is None and not view["public"]["revealed"]:
        holder = next((s for s, h in enumerate(hands) if called in h), None)
        partner = holder if holder != view["bidder"] else None
    bids = tuple(None if b is None else (PASSED if b == "pass" else b) for b in view["bids"])
    return ItalianaState(
        rules=rules, hands=hands, bids=bids, bidder=view["bidder"], bid=view["bid"] or 0,
        called=called, partner=partner, revealed=view["public"]["revealed"],
        asked=view["public"]["asked"], **_common(view))
