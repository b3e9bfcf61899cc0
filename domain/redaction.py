"""Hiding what a viewer may not see, shared by every family's view module."""

from __future__ import annotations

from typing import Any


def hide_deal(data: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A ``dealt`` event for ``viewer``: its own hand only; the other hands and the stock (or
    the cards left undealt) are null. (The envelope shape of issue 14: a hidden part of
    ``data`` is null; its size is in the view.)"""
    hidden = dict(data)
    hidden["hands"] = [h if s == viewer else None for s, h in enumerate(data["hands"])]
    hidden["stock"] = None
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
