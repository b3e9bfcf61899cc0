"""Move clocks, as data: a match's clock (``move_seconds``, what a timeout does, which bot plays
a seat that timed out or is away, after how many timeouts in a row a seat is away), a turn's
deadline, and the ``timed_out`` event of a deal's log. Pure: the time comes in as an argument
(seconds since the epoch).

A turn starts when the event that made it the seat's turn is appended (its envelope's ``at``);
its deadline is that instant plus ``move_seconds``. ``timed_out`` (``seat``, ``deadline``,
``forfeit`` when the seat's side loses the match) changes nothing in a deal's state: with
``on_timeout: bot`` the bot's move follows it in the same append. After a forfeit, once the
match has ended, the deal's log closes with ``abandoned``: the deal is over with no result,
and that event reveals the deal's secret as ``scored`` does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from . import event_data
from .errors import InvalidOptions
from .event_data import AbandonedData, TimedOutData
from .fairness import DealSecret, reveal
from .messages import Event

TIMED_OUT = "timed_out"
ABANDONED = "abandoned"
ON_TIMEOUT = ("bot", "forfeit")
DEFAULT_BOT = "heuristic"
DEFAULT_AWAY_AFTER = 2
MAX_MOVE_SECONDS = 86400


@dataclass(frozen=True, slots=True)
class Clock:
    move_seconds: float
    on_timeout: str = "bot"
    bot: str = DEFAULT_BOT
    away_after: int = DEFAULT_AWAY_AFTER
    bank_seconds: float = 0  # extra time per seat for the whole match, spent past move_seconds

    def to_dict(self) -> dict[str, Any]:
        return {"move_seconds": self.move_seconds, "on_timeout": self.on_timeout,
                "bot": self.bot, "away_after": self.away_after,
                "bank_seconds": self.bank_seconds}

    @property
    def forfeits(self) -> bool:
        return self.on_timeout == "forfeit"


def clock_of(data: dict[str, Any] | None) -> Clock | None:
    """A clock from a match's ``created`` (or the body of ``POST /v1/matches``), or None."""
    if not data:
        return None
    seconds = data.get("move_seconds")
    if not isinstance(seconds, int | float) or not 0 < seconds <= MAX_MOVE_SECONDS:
        raise InvalidOptions("clock.move_seconds", f"a number of seconds, 0 < s <= "
                             f"{MAX_MOVE_SECONDS}")
    on_timeout = data.get("on_timeout", "bot")
    if on_timeout not in ON_TIMEOUT:
        raise InvalidOptions("clock.on_timeout", "bot or forfeit")
    bank = data.get("bank_seconds", 0)
    if not isinstance(bank, int | float) or not 0 <= bank <= MAX_MOVE_SECONDS:
        raise InvalidOptions("clock.bank_seconds", f"0 <= s <= {MAX_MOVE_SECONDS}")
    return Clock(seconds, on_timeout, data.get("bot") or DEFAULT_BOT,
                 int(data.get("away_after", DEFAULT_AWAY_AFTER)), bank)


def deadline(turn_at: float, clock: Clock, bank_used: float = 0) -> float:
    """When the turn that began at ``turn_at`` runs out (both in seconds since the epoch): its
    ``move_seconds``, then what is left of the seat's bank (``bank_used`` spent already)."""
    return turn_at + clock.move_seconds + max(0.0, clock.bank_seconds - bank_used)


def overtime(turn_at: float, moved_at: float, clock: Clock) -> float:
    """The bank a move made at ``moved_at`` spends: its time past ``move_seconds``."""
    return max(0.0, moved_at - turn_at - clock.move_seconds)


def expired(turn_deadline: float, now: float) -> bool:
    return now >= turn_deadline


def timed_out(seat: int, turn_deadline: str, *, forfeit: bool = False) -> Event:
    """The seat to act let its deadline pass (an automatic event: nobody's act)."""
    data: TimedOutData = {"seat": seat, "deadline": turn_deadline}
    if forfeit:
        data["forfeit"] = True
    return event_data.TIMED_OUT(data)


def is_timeout(event: Event) -> bool:
    return event.type == TIMED_OUT


def forfeits(event: Event) -> bool:
    """A ``timed_out`` by which the seat's side forfeits the match."""
    return event.type == TIMED_OUT and bool(event.data.get("forfeit"))


def abandoned(state: Any, seat: int, secret: DealSecret | None) -> Event:
    """The last event of a deal whose match ended on ``seat``'s forfeit: the deal ends with
    no result, revealing what opens its commitments as ``scored`` would (``secret``; nothing
    for a prearranged deal). ``side``: the forfeiting side, as the match's ``ended`` names
    it."""
    side = next(i for i, seats in enumerate(state.rules.sides) if seat in seats)
    data: AbandonedData = {"reason": "forfeit", "seat": seat, "side": side}
    data.update(cast(AbandonedData, reveal(state.commitment, secret)))
    return event_data.ABANDONED(data)


def is_abandon(event: Event) -> bool:
    return event.type == ABANDONED
