"""What one seat of a Sedma-family deal may see: its view and its redacted feed."""

from __future__ import annotations

from typing import Any

from ..family import Page
from ..redaction import Hidden, dealt_parts, with_ending
from . import table_talk
from .play import legal_moves, partner_of, winning
from .rules import SedmaRules
from .state import SedmaState


def view(state: SedmaState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) may see. Hidden cards of other seats never appear."""
    rules = state.rules
    out: dict[str, Any] = {
        "phase": state.phase, "dealer": state.dealer, "leader": state.leader, "turn": state.turn,
        "seat": seat, "hand": list(state.hands[seat]) if seat is not None else [],
        "hand_sizes": list(map(len, state.hands)), "stock_size": len(state.stock),
        "table": [{"seat": s, "card": c} for s, c in state.table],
        "winning": winning(state) if state.table else None,
        "trump": None, "sides": rules.sides, "captures": list(state.captures),
        "legal_moves": legal_moves(state, seat),
    }
    out["public"] = {  # everything every seat has seen: what bots reason from
        "won": list(map(list, state.won)), "last_capture": state.last_capture,
        "round_start": state.round_start, "waiting": list(state.waiting),
        "pass_used": state.pass_used, "shown": state.shown}
    if seat is not None and state.shown:
        partner = partner_of(state, seat)
        out["partner_hand"] = list(state.hands[partner]) if partner is not None else []
    if state.rules.table_talk:  # said aloud: spectators hear the calls too
        out["table_talk"] = {"words": table_talk.WORDS, "heard": table_talk.heard(state.hints)}
    return with_ending(out, state)


def hidden(event: Any, rules: SedmaRules) -> list[Hidden]:
    """The parts of an event only some seats may see while the deal runs: hands and stock as
    dealt, each drawn card (its drawer's), a partnership's shown hands. (A table-talk word is
    said aloud: public.)"""
    data = event.data
    if event.type == "dealt":
        return dealt_parts(data)
    if event.type == "drew":
        return [Hidden(f"/draws/{i}/card", frozenset({d["seat"]}))
                for i, d in enumerate(data["draws"])]
    if event.type == "hands_shown":
        return [Hidden(f"/hands/{seat}", _side(rules, seat)) for seat in range(len(data["hands"]))]
    return []


def _side(rules: SedmaRules, seat: int) -> frozenset[int]:
    return frozenset(rules.sides[rules.side_of(seat)])


# A hand grouped by rank: the wild cards, the counting cards (A, 10), then the rest high to low.
HAND_ORDER = ("7", "A", "10", "K", "Q", "J", "9", "8", "6", "5", "4", "3", "2")


def page(rules: SedmaRules) -> Page:
    """Captures, not tricks; suits play no part; the leader may stop (§2)."""
    wild = tuple(r for r in HAND_ORDER if r in rules.wild)
    return Page(ranks=wild + tuple(r for r in HAND_ORDER if r not in rules.wild), by="rank",
                follow="any", trick="capture", trumps="none", wild=wild, stops=True,
                any_goes_on=rules.continue_with == "any")
