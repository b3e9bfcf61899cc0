"""What one seat of a Serbian whist hand may see."""

from __future__ import annotations

from typing import Any

from .. import trickplay
from ..redaction import deal_only, with_ending
from .play import WhistState, hook, legal_moves


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
