"""Answers that never lie after a store error on a write (issue 32): a reply lost in a Redis
pause, or a later step that failed after the append, does not mean nothing was changed. The
write is looked up (its envelope at the ``seq`` it was appended after) before anything is
answered: landed, it is a success; not there, the store error stands (nothing was changed);
cannot be asked, ``OutcomeUnknown``.

A command sent on a connection that timed out may still sit in the stalled server's socket
buffer; the server reads it as soon as it resumes, before the lookup sent afterwards on
another connection, so a lookup that finds nothing is not answered too early."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import redis

from .context import Referee
from .errors import OutcomeUnknown

STORE_ERRORS = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)
log = logging.getLogger("tricklog.referee")


def ours(ref: Referee, kind: str, sid: str, envelopes: list[dict[str, Any]]) -> bool:
    """Whether the stream holds ``envelopes``' first at its ``seq`` (its hash, which commits
    to the command's id and time, is this write's and nobody else's)."""
    first = envelopes[0]
    found = ref.store.read(kind, sid, after=first["seq"] - 1, upto=first["seq"])
    return bool(found) and found[0]["hash"] == first["hash"]


def settle(error: Exception, landed: Callable[[], bool]) -> None:
    """After ``error`` on a write: return if the write landed, else raise ``error`` (nothing
    was changed) or ``OutcomeUnknown`` (the store cannot say)."""
    try:
        made = landed()
    except STORE_ERRORS:
        raise OutcomeUnknown("the store stopped answering while this was being written: it "
                             "may have been made or not; retry with the same "
                             "Idempotency-Key") from error
    if not made:
        raise error
    log.warning("a write landed although its reply was lost", exc_info=error)


def appended(ref: Referee, kind: str, sid: str, envelopes: list[dict[str, Any]],
             write: Callable[[], Any]) -> None:
    """``write()`` (an append of ``envelopes``), settled as above on a store error."""
    try:
        write()
    except STORE_ERRORS as exc:
        settle(exc, lambda: ours(ref, kind, sid, envelopes))


def after_commit(step: Callable[[], Any], what: str) -> None:
    """A step after a committed write (advance the match, tell the bots): a store error
    (a full store's refusal included) there is logged, not answered; reads and the workers'
    sweeper redo it (both idempotent)."""
    try:
        step()
    except (*STORE_ERRORS, redis.exceptions.OutOfMemoryError):
        log.warning("%s failed after a committed write; a later read redoes it", what,
                    exc_info=True)
