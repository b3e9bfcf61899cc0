"""What the use cases refuse, each mapped to one problem type by ``api/problems.py``."""

from __future__ import annotations


class NotFound(Exception):
    def __init__(self, kind: str, ident: str) -> None:
        super().__init__(f"no {kind} {ident!r}")
        self.kind, self.ident = kind, ident


class Unauthorized(Exception):
    """No seat token where one is required."""


class Forbidden(Exception):
    """A token that is not a seat of this match, or a seat that may not do this."""


class StaleSeq(Exception):
    def __init__(self, current_seq: int) -> None:
        super().__init__(f"the deal is at seq {current_seq}")
        self.current_seq = current_seq


class IdempotencyKeyReused(Exception):
    """An idempotency key already used by this seat for another move: the first move stands,
    and this one was not made."""


class DealRunning(Exception):
    """The whole log is shown only once the deal is over."""


class MatchOver(Exception):
    """The match has ended; nothing more can be added to it."""


class SeatIsBot(Forbidden):
    """A bot plays this seat: nobody holds its token, claims it, or views or moves in its name."""


class InviteInvalid(Forbidden):
    """The code is not the seat's open invite (wrong, or voided by a newer invite)."""


class InviteUsed(Exception):
    """The seat's invite was claimed already: its code is worth nothing now."""


class SeatTaken(Exception):
    """A player holds the seat: it cannot be invited until the player leaves."""


class Refused(Exception):
    """A well-formed request the state of the match forbids, named by its problem type
    (``seed-already-given``, ``seeds-closed``, ``duplicate-seeds-fixed``)."""

    def __init__(self, problem: str, detail: str) -> None:
        super().__init__(detail)
        self.problem = problem


class OutcomeUnknown(Exception):
    """The store failed while a write was sent and could not be asked afterwards whether the
    write landed: it may have been made or not. A retry with the same ``Idempotency-Key`` is
    answered with the first outcome."""
