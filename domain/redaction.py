"""Hiding what a viewer may not see, shared by every family's view module."""

from __future__ import annotations

from typing import Any


def hide_deal(data: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A ``dealt`` event for ``viewer``: its own hand only, the others as sizes, the stock (or
    the cards left undealt) as a count."""
    hidden = {k: v for k, v in data.items() if k not in ("hands", "stock")}
    hidden["hands"] = [h if s == viewer else None for s, h in enumerate(data["hands"])]
    hidden["hand_sizes"] = [len(h) for h in data["hands"]]
    hidden["stock_size"] = len(data.get("stock", []))
    return hidden


def redact_deal_only(event: Any, viewer: int | None, rules: Any) -> dict[str, Any]:
    """The trick games' redaction (Sueca, Serbian whist): every card is dealt at once, so only
    the ``dealt`` event hides anything; every later event is public."""
    data: dict[str, Any] = event.data
    if event.type == "dealt":
        return hide_deal(data, viewer)
    return data


def with_ending(out: dict[str, Any], state: Any) -> dict[str, Any]:
    """Once a deal is over its result and everyone's remaining cards are public."""
    if state.phase == "over":
        out["result"] = state.result
        out["hands"] = [list(h) for h in state.hands]
    return out
