"""A table's people over time, as match events: a seat away after timeouts in a row and back
when its holder says so, a side that forfeits on its clock, a rematch's link. Each is a public
event of the match log (``match.MUTATORS`` folds them)."""

from __future__ import annotations

from typing import Any

from .fairness import MatchSecret
from .match import MatchState
from .messages import Event


def seat_away(seat: int, timeouts: int) -> Event:
    """``seat`` let its clock run out ``timeouts`` times in a row: its bot plays it now."""
    return Event("seat_away", {"seat": seat, "timeouts": timeouts})


def seat_back(seat: int) -> Event:
    """The seat's holder is back: its turns are its own again."""
    return Event("seat_back", {"seat": seat}, seat)


def rematched(match_id: str) -> Event:
    """This match's rematch is ``match_id``."""
    return Event("rematched", {"match_id": match_id})


def forfeited(match: MatchState, seat: int, deadline: str, secret: MatchSecret
              ) -> list[Event]:
    """``seat`` timed out in a match whose clock forfeits: its side loses, every other side
    wins (the match ends as any other, revealing its secret)."""
    if match.status != "playing":
        return []
    sides: list[list[int]] = match.rules.sides
    loser = next(i for i, side in enumerate(sides) if seat in side)
    winners = [i for i in range(len(sides)) if i != loser]
    data: dict[str, Any] = {"winner": winners[0], "winners": winners,
                            "totals": list(match.totals),
                            "forfeit": {"seat": seat, "side": loser, "deadline": deadline},
                            **secret.revealed()}
    return [Event("ended", data)]
