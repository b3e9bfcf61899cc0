"""What one seat of a Briscola deal may see (its view, its redacted feed), how the page shows
the game, and the view's JSON schemas, which ``python -m api.spec`` writes into openapi.yaml."""

from __future__ import annotations

from typing import Any

from .. import trickplay
from ..family import Json, Page
from ..redaction import Hidden, dealt_parts, with_ending
from .play import legal_moves
from .rules import RANKS, BriscolaRules
from .state import BriscolaState


def view(state: BriscolaState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) may see: its hand, the turned card while it lies
    under the stock, who drew it, the tricks and cards each seat has taken."""
    out: dict[str, Any] = {
        "phase": state.phase, "dealer": state.dealer, "leader": state.leader,
        "turn": state.turn, "seat": seat,
        "hand": list(state.hands[seat]) if seat is not None else [],
        "hand_sizes": list(map(len, state.hands)), "stock_size": len(state.stock),
        **trickplay.table(state), "trump": state.trump,
        "trump_card": state.trump_card if state.drawn_by is None else None,
        "sides": state.rules.sides, "tricks": list(state.tricks_won),
        "legal_moves": legal_moves(state, seat),
        "public": {"won": list(map(list, state.won)),
                   "voids": [[] for _ in state.hands], "trump_card": state.trump_card,
                   "drawn_by": state.drawn_by},
    }
    return with_ending(out, state)


def hidden(event: Any, rules: BriscolaRules) -> list[Hidden]:
    """Hands and stock as dealt; each card drawn is its drawer's. (Who drew the turned card,
    which everyone saw, is public in every view: ``public.drawn_by``.)"""
    data = event.data
    if event.type == "dealt":
        return dealt_parts(data)
    if event.type == "drew":
        return [Hidden(f"/draws/{i}/card", frozenset({d["seat"]}))
                for i, d in enumerate(data["draws"])]
    return []


def page(rules: BriscolaRules) -> Page:
    """§13: no need to follow, the turned card names trumps, played counter-clockwise; the
    option ``target`` counts deals won."""
    return Page(ranks=RANKS, clockwise=False, follow="any", trumps="turned",
                target_unit="deal")


def _ref(name: str) -> dict[str, Json]:
    return {"$ref": f"#/components/schemas/{name}"}


def _seat_or_null() -> dict[str, Json]:
    return {"type": ["integer", "null"], "minimum": 0, "maximum": 7}


def _ints() -> dict[str, Json]:
    return {"type": "array", "items": {"type": "integer", "minimum": 0}}


SCORE: dict[str, Json] = {
    "description": "61 or more card points win the deal: one match point to the winning side; "
                   "60-60 is a draw (`winner` null, nobody scores).",
    "type": "object", "additionalProperties": False,
    "required": ["winner", "winners", "match_points"],
    "properties": {"winner": _seat_or_null(), "winners": _ref("Winners"),
                   "match_points": {"type": "array", "items": {"type": "integer"}}}}
RESULT: dict[str, Json] = {
    "type": "object", "additionalProperties": False, "required": ["sides", "points", "score"],
    "properties": {"sides": _ref("Sides"), "points": _ref("Points"),
                   "score": _ref("BriscolaScore")}}
SCORED: dict[str, Json] = {
    "type": "object", "additionalProperties": False,
    "required": ["sides", "points", "score", "tricks"], "dependentRequired": {"nonce": ["seed"]},
    "properties": {"sides": _ref("Sides"), "points": _ref("Points"),
                   "score": _ref("BriscolaScore"), "tricks": _ints(), "seed": {"type": "string"},
                   "nonce": _ref("Digest"), "reveal": _ref("Reveal")}}
PUBLIC: dict[str, Json] = {
    "description": "Everything every seat has seen (what bots reason from).",
    "type": "object", "additionalProperties": False,
    "required": ["won", "voids", "trump_card", "drawn_by"],
    "properties": {
        "won": {"type": "array", "items": _ref("Cards")},
        "voids": {"description": "Always empty: nobody must follow suit.", "type": "array",
                  "items": {"type": "array", "items": _ref("Suit")}},
        "trump_card": _ref("Card"),
        "drawn_by": {**_seat_or_null(), "description": "Who drew the turned card."}}}
VIEW: dict[str, Json] = {
    "description": "Briscola: the turned card names trumps, no need to follow suit.",
    "type": "object", "additionalProperties": False,
    "required": ["id", "match_id", "ruleset", "players", "options", "seq", "phase", "dealer",
                 "leader", "turn", "seat", "hand", "hand_sizes", "stock_size", "table",
                 "winning", "trump", "trump_card", "sides", "tricks", "legal_moves", "public"],
    "properties": {
        "id": {"type": "string"}, "match_id": {"type": "string"},
        "ruleset": {"type": "string"}, "players": {"type": "integer"},
        "options": _ref("RulesetOptions"), "seq": {"type": "integer", "minimum": 0},
        "phase": {"type": "string", "enum": ["play", "draw", "score", "over"]},
        "dealer": _ref("Seat"), "leader": _ref("Seat"), "turn": _seat_or_null(),
        "seat": _seat_or_null(), "hand": _ref("Cards"), "hand_sizes": _ints(),
        "stock_size": {"type": "integer", "minimum": 0},
        "table": {"type": "array", "items": _ref("TableCard")}, "winning": _seat_or_null(),
        "trump": _ref("Suit"),
        "trump_card": {"description": "The turned card while it lies under the stock.",
                       "oneOf": [_ref("Card"), {"type": "null"}]},
        "sides": _ref("Sides"), "tricks": _ints(),
        "legal_moves": {"type": "array", "items": _ref("Move")},
        "public": _ref("BriscolaPublic"), "result": _ref("BriscolaResult"),
        "hands": {"type": "array", "items": _ref("Cards")},
        "event": _ref("Envelope")}}
SCHEMAS: dict[str, Json] = {"BriscolaView": VIEW, "BriscolaPublic": PUBLIC,
                            "BriscolaResult": RESULT, "BriscolaScore": SCORE,
                            "BriscolaScored": SCORED}
