"""The standard-library chain check of ``examples/sse_bot.py`` agrees with the server's: it
accepts every envelope a seat is served, and catches a changed hash, a changed own card and a
broken link."""

from __future__ import annotations

import copy
from typing import Any

import orjson
import pytest

from domain import game
from events.envelope import GENESIS, seal
from events.referee.deals import served_envelopes
from examples.sse_bot import Chain
from tests.helpers import random_deal

CASES = [("sedma", 2), ("sedmice", 4), ("sueca-italiana", 5), ("serbian-whist", 4)]


def served(preset: str, players: int, seat: int) -> list[dict[str, Any]]:
    log, state = random_deal(preset, players, 11)
    envelopes = seal(log, after_seq=0, prev=GENESIS, at="2026-11-23T00:00:00.000Z",
                     command_id="c", hidden=lambda event: game.hidden(state.rules, event))
    stored = orjson.loads(orjson.dumps(envelopes))
    running = served_envelopes(state.rules, stored[:-1], seat, shown=False)
    return [*running, stored[-1]]  # the last one ends the deal: served whole


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_a_seat_verifies_everything_it_is_served(preset: str, players: int) -> None:
    chain = Chain()
    for env in served(preset, players, seat=1):
        chain.add(env)
    assert chain.seq > 1


def test_changes_are_caught() -> None:
    feed = served("sedma", 2, seat=0)
    drew = next(i for i, e in enumerate(feed) if e["type"] == "drew")
    mine = next(j for j, d in enumerate(feed[drew]["data"]["draws"]) if d["seat"] == 0)
    for change in ("hash", "card", "link"):
        broken = copy.deepcopy(feed)
        if change == "hash":
            broken[drew]["hash"] = "0" * 64
        elif change == "card":
            card = broken[drew]["data"]["draws"][mine]["card"]
            broken[drew]["data"]["draws"][mine]["card"] = "AS" if card != "AS" else "KS"
        else:
            del broken[drew - 1]
        chain = Chain()
        with pytest.raises(ValueError):
            for env in broken:
                chain.add(env)
