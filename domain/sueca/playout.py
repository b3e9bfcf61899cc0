"""Sueca's and Sueca Italiana's fast playouts: the rest of the card play, handed back as the
state the reducers reach at scoring. Sueca's are random (``trickplay.play_out``); Italiana's
follow the rules of thumb (``policy``)."""

from __future__ import annotations

import random

from ..family import Record
from ..trickplay import PlayedOut, play_out
from . import italiana, policy, sueca
from .italiana import ItalianaState
from .sueca import SuecaState


def _won(before: tuple[tuple[str, ...], ...], out: PlayedOut) -> tuple[tuple[str, ...], ...]:
    return tuple(w + new for w, new in zip(before, out.won, strict=True))


def sueca_playout(state: SuecaState, rng: random.Random, record: Record | None = None
                  ) -> SuecaState | None:
    if state.phase != "play":
        return None
    out = play_out(state, rng, record, must_trump=False)
    return sueca.replace(state, hands=out.hands, trick=(), leader=out.leader, turn=None,
                         phase="score", tricks_won=out.tricks_won, won=_won(state.won, out),
                         trump_card=None)


def italiana_playout(state: ItalianaState, rng: random.Random, record: Record | None = None
                     ) -> ItalianaState | None:
    if state.phase != "play":
        return None
    out = policy.play_out(state, rng, record, state.bidder, state.partner, state.called,
                          state.revealed)
    return italiana.replace(state, hands=out.hands, trick=(), leader=out.leader, turn=None,
                            phase="score", tricks_won=out.tricks_won,
                            won=_won(state.won, out), revealed=True)
