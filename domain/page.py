"""How the page shows a game (``Family.page``), declared by each family so the page never
switches on a preset's name."""

from __future__ import annotations

from dataclasses import dataclass

FOLLOW = ("any", "suit", "suit_then_trump")
TRUMPS = ("none", "turned", "named", "per_hand")


@dataclass(frozen=True, slots=True)
class Page:
    """How the page shows a game, published in ``GET /v1/rulesets`` (``table``) so that it
    never switches on a preset's name.

    ``ranks``: high to low, how a hand is sorted (wild ranks first where there are some);
    ``by``: ``suit`` (suits grouped) or ``rank`` (ranks grouped, where suits play no part);
    ``clockwise``: where the next player sits; ``follow``: what a seat must play to a trick
    (``any``, ``suit``, ``suit_then_trump``); ``trick``: the word for one (``trick`` or
    ``capture``); ``points``: whether tricks are worth card points; ``trumps``: ``none`` (the
    game has none), ``turned``, ``named`` (after an auction) or ``per_hand``; ``bids``: what a
    bid counts (``tricks``, ``points`` or None); ``wild``: ranks that go on any capture;
    ``stops``: the leader may stop a capture (and ``any_goes_on``: with any card);
    ``target_unit``: what the option ``target`` counts; ``deals``: deals in a match where the
    rules fix it (by player count)."""

    ranks: tuple[str, ...]
    by: str = "suit"
    clockwise: bool = True
    follow: str = "suit"
    trick: str = "trick"
    points: bool = True
    trumps: str = "turned"
    bids: str | None = None
    wild: tuple[str, ...] = ()
    stops: bool = False
    any_goes_on: bool = False
    target_unit: str = "point"
    deals: int | None = None

    def describe(self) -> dict[str, str | bool | list[str] | None]:
        return {"ranks": list(self.ranks), "by": self.by, "clockwise": self.clockwise,
                "follow": self.follow, "trick": self.trick, "points": self.points,
                "trumps": self.trumps, "bids": self.bids, "wild": list(self.wild),
                "stops": self.stops, "any_goes_on": self.any_goes_on,
                "target_unit": self.target_unit}
