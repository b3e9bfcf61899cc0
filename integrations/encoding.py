"""Moves as integers and a seat's view as a flat tensor, the same for OpenSpiel and PettingZoo.

Every preset gets one fixed action table (``actions``): a move of every type the catalogue
knows, over the preset's own pack, so an action id means the same move in every deal of it.
The tensor (``ViewEncoder``) reads only the seat's view (``domain.game.view``): what the
server would show that seat, with the same redaction, laid out as card planes (whose hand,
which seat put it on the table, whose pile it is in) and a few numbers. Seats are counted from
the viewer (0 = me, 1 = the next seat, ...), so one policy fits every seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import orjson

BID_VALUES = range(0, 121)          # tricks (0..13) or card points (61..120)
SUITS = ("S", "H", "D", "C")
LEADS = ("self", "partner")
WORDS = ("ubij", "pusti", "napuni")  # domain.table_talk.WORDS, in a fixed order
PHASES = ("bid", "trump", "call", "lead", "play", "decide", "draw", "take", "score", "over")


def distinct_cards(rules: Any) -> list[str]:
    return list(dict.fromkeys(rules.pack()))


def actions(rules: Any) -> list[dict[str, Any]]:
    """Every move this preset could ever offer, in a fixed order: the id is the index."""
    cards = distinct_cards(rules)
    moves: list[dict[str, Any]] = [{"type": "play", "card": c} for c in cards]
    moves += [{"type": "stop"}, {"type": "pass"}, {"type": "redeal"}]
    moves += [{"type": "bid", "value": v} for v in BID_VALUES]
    moves += [{"type": "trump", "suit": s} for s in SUITS]
    moves += [{"type": "call", "card": c} for c in cards] + [{"type": "call", "card": None}]
    moves += [{"type": "lead", "by": b} for b in LEADS]
    moves += [{"type": "hint", "word": w} for w in WORDS]
    return moves


MoveKey = tuple[Any, ...]


def move_key(move: dict[str, Any]) -> MoveKey:
    """A hashable key: equal for equal moves (a move's fields as ``Move`` names them)."""
    get = move.get
    return (get("type"), get("card"), get("value"), get("suit"), get("by"), get("word"))


class ActionTable:
    """Move dicts to ids and back, for one preset."""

    def __init__(self, rules: Any) -> None:
        self.moves = actions(rules)
        self.ids = {move_key(m): i for i, m in enumerate(self.moves)}

    def __len__(self) -> int:
        return len(self.moves)

    def id_of(self, move: dict[str, Any]) -> int:
        return self.ids[move_key(move)]

    def legal_ids(self, legal: Sequence[dict[str, Any]]) -> list[int]:
        return sorted(self.id_of(m) for m in legal)

    def name(self, action: int) -> str:
        move = self.moves[action]
        arg = next((v for k, v in move.items() if k != "type"), "")
        return f"{move['type']} {'none' if arg is None else arg}".strip()


def view_string(view: dict[str, Any]) -> str:
    """The seat's view as canonical JSON: equal strings exactly when the views are equal."""
    return orjson.dumps(view, option=orjson.OPT_SORT_KEYS).decode()


CARD_FIELDS = ("hand", "partner_hand", "trump_card", "called", "public.played")
SEAT_LIST_FIELDS = ("table", "public.won")              # one card plane per seat (or side)
COUNT_FIELDS = ("hand_sizes", "captures", "tricks", "bids")
SEAT_FIELDS = ("dealer", "leader", "turn", "winning", "bidder", "partner")
NUMBER_FIELDS = ("stock_size", "bid", "hand_no", "cards", "carry", "forbidden_bid")
FLAG_FIELDS = ("public.revealed", "public.asked", "public.shown", "public.pass_used")


def _get(view: dict[str, Any], path: str) -> Any:
    value: Any = view
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


class ViewEncoder:
    """A view to a float32 vector of fixed size for one preset and player count."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.players = rules.players
        self.cards = distinct_cards(rules)
        self.index = {c: i for i, c in enumerate(self.cards)}
        self.scale = float(len(rules.pack()))
        n, k = self.players, len(self.cards)
        self.layout = [(f, k) for f in CARD_FIELDS] + [
            (f, n * k) for f in SEAT_LIST_FIELDS] + [(f, n) for f in COUNT_FIELDS] + [
            ("public.voids", n * 4)] + [(f, n + 1) for f in SEAT_FIELDS] + [
            (f, 1) for f in NUMBER_FIELDS] + [(f, 1) for f in FLAG_FIELDS] + [
            ("trump", 5), ("phase", len(PHASES))]
        self.size = sum(size for _, size in self.layout)

    def encode(self, view: dict[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        vec = np.zeros(self.size, np.float32) if out is None else out
        vec.fill(0.0)
        at = 0
        for name, size in self.layout:
            self._write(name, _get(view, name), view, vec[at:at + size])
            at += size
        return vec

    def _rotate(self, seat: int | None, view: dict[str, Any], length: int) -> int | None:
        """A seat (or a side, when a list has one entry per side) counted from the viewer."""
        if seat is None or view.get("seat") is None:
            return seat
        me: int = view["seat"]
        if length != self.players:
            me = next(i for i, side in enumerate(view["sides"]) if me in side)
        return (seat - me) % length

    def _write(self, name: str, value: Any, view: dict[str, Any], out: np.ndarray) -> None:
        if value is None:
            if name in SEAT_FIELDS:
                out[self.players] = 1.0
            elif name == "trump":
                out[4] = 1.0  # no trumps
            return
        if name in CARD_FIELDS:
            self._cards([value] if isinstance(value, str) else value, out)
        elif name == "table":
            for item in value:
                rel = self._rotate(item["seat"], view, self.players) or 0
                self._cards([item["card"]], out[rel * len(self.cards):])
        elif name in SEAT_LIST_FIELDS:
            for i, pile in enumerate(value):
                rel = self._rotate(i, view, len(value)) or 0
                self._cards(pile, out[rel * len(self.cards):])
        elif name in COUNT_FIELDS:
            for i, count in enumerate(value):
                rel = self._rotate(i, view, len(value)) or 0
                out[rel] = -1.0 if count == "pass" else (
                    -0.5 if count is None else float(count) / self.scale)
        elif name == "public.voids":
            for i, suits in enumerate(value):
                rel = self._rotate(i, view, len(value)) or 0
                for s in suits:
                    out[rel * 4 + SUITS.index(s)] = 1.0
        elif name in SEAT_FIELDS:
            out[self._rotate(int(value), view, self.players) or 0] = 1.0
        elif name in NUMBER_FIELDS or name in FLAG_FIELDS:
            out[0] = float(value) / (1.0 if name in FLAG_FIELDS else self.scale)
        elif name == "trump":
            out[SUITS.index(value) if value in SUITS else 4] = 1.0
        elif name == "phase":
            out[PHASES.index(value)] = 1.0

    def _cards(self, cards: Sequence[str], out: np.ndarray) -> None:
        for card in cards:
            out[self.index[card]] += 1.0
