"""What one seat of a Serbian whist hand may see."""

from __future__ import annotations

from typing import Any

from .. import trickplay
from ..cards import RANKS
from ..family import Page
from ..redaction import deal_only, with_ending
from .play import WhistState, hook, legal_moves
from .rules import WhistRules, schedule


def view(state: WhistState, seat: int | None) -> dict[str, Any]:
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


hidden = deal_only


def page(rules: WhistRules) -> Page:
    """§6: follow suit, else trump; bids count tricks, a hand's trumps are its own; played
    counter-clockwise; the schedule fixes how many hands a match has."""
    return Page(ranks=RANKS, clockwise=False, follow="suit_then_trump",
                points=False, trumps="per_hand", bids="tricks",
                deals=len(schedule(rules.players)))
