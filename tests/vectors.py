"""The worked examples of ``../shared/vectors`` as prearranged deals.

A copy lives in ``tests/data/vectors`` so the suite runs on any clone; ``test_vector_copies``
checks the copy against ``../shared`` wherever that is beside the checkout.

The files say "4 cards to each seat", but the plays fix the real layout; rather than trust the
sentence we recover each seat's first hand from the plays themselves: of the cards a seat plays,
those among the first 16 of the deck are its dealt hand. The stock is the rest of the deck.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

SHARED = pathlib.Path(__file__).resolve().parents[2] / "shared"
VECTORS = pathlib.Path(__file__).resolve().parent / "data" / "vectors"


def load(name: str) -> list[dict[str, Any]]:
    path = VECTORS / name
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def sedma_deal(vector: dict[str, Any], hand_size: int = 4) -> dict[str, Any]:
    deck = vector["deck_top_first"]
    players = vector["players"]
    dealt = set(deck[: players * hand_size])
    hands: list[list[str]] = [[] for _ in range(players)]
    for seat, card in vector["plays"]:
        if card in dealt:
            hands[seat].append(card)
    return {"dealer": players - 1, "hands": hands, "stock": deck[players * hand_size :]}
