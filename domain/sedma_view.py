"""What one seat of a Sedma-family deal may see: its view and its redacted feed."""

from __future__ import annotations

from typing import Any

from . import table_talk
from .redaction import hide_deal, with_ending
from .sedma import SedmaState, legal_moves, partner_of, same_side, winning


def view(state: SedmaState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) may see. Hidden cards of other seats never appear."""
    rules = state.rules
    out: dict[str, Any] = {
        "phase": state.phase, "dealer": state.dealer, "leader": state.leader, "turn": state.turn,
        "seat": seat, "hand": list(state.hands[seat]) if seat is not None else [],
        "hand_sizes": [len(h) for h in state.hands], "stock_size": len(state.stock),
        "table": [{"seat": s, "card": c} for s, c in state.table],
        "winning": winning(state) if state.table else None,
        "trump": None, "sides": rules.sides, "captures": list(state.captures),
        "legal_moves": legal_moves(state, seat),
    }
    out["public"] = {  # everything every seat has seen: what bots reason from
        "won": [list(w) for w in state.won], "last_capture": state.last_capture,
        "round_start": state.round_start, "waiting": list(state.waiting),
        "pass_used": state.pass_used, "shown": state.shown}
    if seat is not None and state.shown:
        partner = partner_of(state, seat)
        out["partner_hand"] = list(state.hands[partner]) if partner is not None else []
    if state.rules.table_talk and seat is not None:  # four players: everyone has a partner
        out["table_talk"] = {"words": table_talk.WORDS,
                             "heard": table_talk.heard(state.hints, seat, same_side(rules))}
    return with_ending(out, state)


def redact(event: Any, viewer: int | None, rules: Any) -> dict[str, Any]:
    """An event's data as ``viewer`` may see it while the deal runs."""
    data: dict[str, Any] = event.data
    if event.type == "dealt":
        return hide_deal(data, viewer)
    if event.type == "drew":
        return {"draws": [d if d["seat"] == viewer else {"seat": d["seat"], "card": None}
                          for d in data["draws"]]}
    if event.type == "hands_shown":
        mine = rules.side_of(viewer) if viewer is not None else None
        return {"hands": [h if rules.side_of(s) == mine else None
                          for s, h in enumerate(data["hands"])]}
    if event.type == "hinted":
        return table_talk.redact(data, event.seat, viewer, same_side(rules))
    return data
