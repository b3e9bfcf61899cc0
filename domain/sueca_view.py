"""What one seat of a Sueca or Sueca Italiana deal may see. The hidden partner appears in no
view and no feed until the called card is played (or the bidder asks the partner to lead)."""

from __future__ import annotations

from typing import Any

from . import tricks
from .redaction import deal_only, with_ending
from .sueca import SuecaState, legal_moves


def view(state: SuecaState, seat: int | None) -> dict[str, Any]:
    rules = state.rules
    out: dict[str, Any] = {
        "phase": state.phase, "dealer": state.dealer, "leader": state.leader,
        "turn": state.turn, "seat": seat,
        "hand": list(state.hands[seat]) if seat is not None else [],
        "hand_sizes": [len(h) for h in state.hands], "stock_size": 0,
        "table": [{"seat": s, "card": c} for s, c in state.trick],
        "winning": (tricks.trick_winner(state.trick, state.trump, rules.order)
                    if state.trick else None),
        "trump": state.trump, "trump_card": state.trump_card, "sides": rules.sides,
        "tricks": list(state.tricks_won), "legal_moves": legal_moves(state, seat),
        "public": {"won": [list(w) for w in state.won], "voids": [list(v) for v in state.voids],
                   "revealed": state.revealed, "asked": state.asked},
    }
    if rules.italiana:
        out["bids"] = [None if b is None else ("pass" if b < 0 else b) for b in state.bids]
        out["bidder"], out["bid"], out["called"] = state.bidder, state.bid, state.called
        out["partner"] = state.partner if state.revealed else None
    else:
        out["carry"] = state.carry
    return with_ending(out, state)


hidden = deal_only
