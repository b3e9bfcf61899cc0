"""What one seat of a Serbian whist hand may see."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .. import trickplay
from ..cards import RANKS
from ..family import Page
from ..redaction import deal_only, with_ending
from .play import WhistState, hook, legal_moves
from .rules import WhistRules, schedule


def view(state: WhistState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) may see. ``views`` builds the same from the view of
    the state before: a field added here is added there."""
    out: dict[str, Any] = {
        "phase": state.phase, "dealer": state.dealer, "leader": state.leader,
        "turn": state.turn, "seat": seat, "hand_no": state.hand_no, "cards": state.cards,
        "hand": list(state.hands[seat]) if seat is not None else [],
        "hand_sizes": list(map(len, state.hands)), "stock_size": 0,
        **trickplay.table(state),
        "trump": state.trump, "trump_card": state.trump_card, "sides": state.rules.sides,
        "bids": list(state.bids),
        "forbidden_bid": hook(state) if state.phase == "bid" else None,
        "tricks": list(state.tricks_won), "legal_moves": legal_moves(state, seat),
        "public": {"voids": list(map(list, state.voids)), "played": list(state.played)},
    }
    return with_ending(out, state)


def views(states: Iterable[WhistState], seat: int | None) -> Iterator[dict[str, Any]]:
    """``view`` of each of a deal's states in turn (a replay's), each a copy of the one before
    with what changed rebuilt: the fields of the state that are the same objects as before
    (a card played leaves the bids, the tricks won and the cards played as they were) keep
    their lists, shared between the views. A deal over is built afresh (``with_ending``)."""
    before: WhistState | None = None
    out: dict[str, Any] = {}
    for state in states:
        if (before is None or state.phase == "over" or before.phase == "over"
                or state.rules is not before.rules):
            out = view(state, seat)
        else:
            out = _changed(before, state, seat, out)
        before = state
        yield out


def _changed(before: WhistState, state: WhistState, seat: int | None,
             old: dict[str, Any]) -> dict[str, Any]:
    """``view(state, seat)`` from ``old``, the view of ``before`` (same rules, neither over)."""
    out = dict(old)  # the same keys in the same order
    out["phase"], out["dealer"], out["leader"] = state.phase, state.dealer, state.leader
    out["turn"], out["hand_no"], out["cards"] = state.turn, state.hand_no, state.cards
    out["trump"], out["trump_card"] = state.trump, state.trump_card
    if state.hands is not before.hands:
        out["hand"] = list(state.hands[seat]) if seat is not None else []
        out["hand_sizes"] = list(map(len, state.hands))
    if state.trick is not before.trick or state.trump != before.trump:
        out.update(trickplay.table(state))
    if state.bids is not before.bids:
        out["bids"] = list(state.bids)
    out["forbidden_bid"] = hook(state) if state.phase == "bid" else None
    if state.tricks_won is not before.tricks_won:
        out["tricks"] = list(state.tricks_won)
    out["legal_moves"] = legal_moves(state, seat)
    if state.voids is not before.voids or state.played is not before.played:
        out["public"] = {"voids": list(map(list, state.voids)), "played": list(state.played)}
    return out


hidden = deal_only


def page(rules: WhistRules) -> Page:
    """§6: follow suit, else trump; bids count tricks, a hand's trumps are its own; played
    counter-clockwise; the schedule fixes how many hands a match has."""
    return Page(ranks=RANKS, clockwise=False, follow="suit_then_trump",
                points=False, trumps="per_hand", bids="tricks",
                deals=len(schedule(rules.players)))
