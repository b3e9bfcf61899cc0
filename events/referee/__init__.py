"""The use cases: what the API and the workers ask of the referee, one module per subject.

``matches`` (create, read, client seeds, bring a match up to date), ``invites`` (claim a
seat, leave it, invite it again), ``deals`` (load, views,
feeds, replay, export), ``moves`` (a seat's move, a bot's move), ``turns`` (telling the bot
runner), ``disputes``, ``bots`` (webhook bots), ``sheets``, ``audits``, ``players``,
``ratings`` (the ratings read model), ``ladder`` (the bots' ladder). Each is a set of
functions over a ``Referee``: the dependencies and nothing else, composed once by the API
(``api/app.py``) and by the workers (``workers/runtime.py``). This is the only place that
joins the pure rules (``domain``) to the store.
"""

from __future__ import annotations

from .context import Referee, TurnHook, utc_now
from .errors import (
    DealRunning,
    Forbidden,
    IdempotencyKeyReused,
    InviteInvalid,
    InviteUsed,
    MatchOver,
    NotFound,
    OutcomeUnknown,
    Refused,
    SeatIsBot,
    SeatTaken,
    StaleSeq,
    Unauthorized,
)

__all__ = ["DealRunning", "Forbidden", "IdempotencyKeyReused", "InviteInvalid", "InviteUsed",
           "MatchOver", "NotFound", "OutcomeUnknown", "Referee", "Refused", "SeatIsBot",
           "SeatTaken", "StaleSeq", "TurnHook", "Unauthorized", "utc_now"]
