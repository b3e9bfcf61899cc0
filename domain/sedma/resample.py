"""A full Sedma-family state consistent with one seat's view: its hand, its partner's shown
hand, everything public, and one random sample of the cards it cannot see (the search bot's
determinization; OpenSpiel calls it ``resample_from_infostate``)."""

from __future__ import annotations

import random
from typing import Any

from ..sampling import deal, unseen
from .rules import SedmaRules
from .state import SedmaState


def resample(view: dict[str, Any], rules: SedmaRules, rng: random.Random) -> SedmaState:
    pub, me = view["public"], view["seat"]
    known = {me: list(view["hand"])}
    partner = next((s for s in rules.sides[rules.side_of(me)] if s != me), None)
    if "partner_hand" in view and partner is not None:
        known[partner] = list(view["partner_hand"])
    seen = [c for h in known.values() for c in h] + [t["card"] for t in view["table"]] + [
        c for w in pub["won"] for c in w]
    sizes = {s: n for s, n in enumerate(view["hand_sizes"]) if s not in known}
    sizes[-1] = view["stock_size"]
    dealt = deal(unseen(rules.pack(), seen), sizes, {}, rng)
    hands = tuple(tuple(known.get(s, dealt.get(s, []))) for s in range(rules.players))
    return SedmaState(
        rules=rules, dealer=view["dealer"], hands=hands, stock=tuple(dealt[-1]),
        leader=view["leader"], turn=view["turn"], phase=view["phase"],
        won=tuple(tuple(w) for w in pub["won"]), captures=tuple(view["captures"]),
        table=tuple((t["seat"], t["card"]) for t in view["table"]),
        round_start=pub["round_start"], waiting=tuple(pub["waiting"]),
        last_capture=pub["last_capture"], pass_used=pub["pass_used"], shown=pub["shown"])
