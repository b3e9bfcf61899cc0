"""One event appended to a match's log together with a change of its facts, if a guard on
the facts holds (``EventStore.change_seat``): a seat away or back, a forfeit, a rematch link."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from domain import match as match_rules
from domain.messages import Event

from ..store import Conflict
from . import dealing, landing
from .context import Referee
from .errors import StaleSeq

RETRIES = 5


def change(ref: Referee, match_id: str, make: Callable[[match_rules.MatchState], Event | None],
           guard: tuple[str, str | None], changes: dict[str, str | None]) -> bool:
    """Append ``make(state)`` and make ``changes`` if ``guard`` holds; False if it does not
    (or ``make`` gives nothing)."""
    seq = 0
    for _ in range(RETRIES):
        seq, prev, state = dealing.stream(ref, match_id)
        event = make(state)
        if event is None:
            return False
        envs = ref.seal([event], seq, prev, f"{event.type}:{event.data.get('seat', '')}:{seq}")
        try:
            return ref.store.change_seat(match_id, guard, changes, (seq, envs[0])) is not None
        except Conflict:
            if landing.ours(ref, "match", match_id, envs):
                return True
        except landing.STORE_ERRORS as exc:
            landing.settle(exc, partial(landing.ours, ref, "match", match_id, envs))
            return True
    raise StaleSeq(seq)
