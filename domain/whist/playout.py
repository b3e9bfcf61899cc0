"""Serbian whist's fast random playout: the rest of the card play by ``trickplay.play_out``
(trumping compulsory), handed back as the state the reducers reach at scoring."""

from __future__ import annotations

import random

from ..family import Record
from ..trickplay import play_out
from .play import WhistState, replace


def whist_playout(state: WhistState, rng: random.Random, record: Record | None = None
                  ) -> WhistState | None:
    if state.phase != "play":
        return None
    out = play_out(state, rng, record, must_trump=True)
    return replace(state, hands=out.hands, trick=(), leader=out.leader, turn=None,
                   phase="score", tricks_won=out.tricks_won, played=state.played + out.taken,
                   trump_card=None)
