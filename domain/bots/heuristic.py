"""The heuristic bot: the family's rules of thumb (its ``heuristic`` hook), as a function of
one seat's view, never of the hidden state. A family without a heuristic, or a heuristic that
suggests a move that is not legal, gets a random legal move."""

from __future__ import annotations

import random
from typing import Any

from ..registry import family_of, rules_for


def heuristic_bot(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    legal = view["legal_moves"]
    if len(legal) == 1:
        return dict(legal[0])
    rules = rules_for(view["ruleset"], view["players"], view.get("options"))
    choose = family_of(rules).heuristic
    chosen = choose(view, rules, legal) if choose is not None else None
    return dict(chosen) if chosen is not None and chosen in legal else dict(rng.choice(legal))
