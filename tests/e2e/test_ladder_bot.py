"""An SSE bot written from the docs (``examples/ladder_bot.py``) joins a ladder as a player,
finds the seat the ladder keeps for it, claims it with its key, plays the whole match over
its event stream against a built-in anchor, and gets a rating."""

from __future__ import annotations

import importlib.util
import json
import random
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from workers import ladder as ladder_worker
from workers import runtime

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "ladder_bot.py"


def get(site: str, path: str) -> Any:
    with urllib.request.urlopen(site + path, timeout=30) as resp:
        return json.load(resp)


def test_an_sse_bot_joins_the_ladder_and_gets_a_rating(site: str) -> None:
    spec = importlib.util.spec_from_file_location("ladder_bot", EXAMPLE)
    assert spec and spec.loader
    bot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bot)
    player, key = bot.player_of(site, None, "Sse")
    done: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: done.update(
        played=bot.run(site, "sedma", key, "", 1, 0, None, wait=0.1)), daemon=True)
    thread.start()
    for _ in range(100):
        if get(site, "/v1/ladder/sedma")["entries"]:
            break
        time.sleep(0.1)
    match = ladder_worker.pair(runtime.referee(), "sedma", random.Random(5))
    assert match is not None
    thread.join(timeout=300)
    assert done.get("played") == 1
    assert get(site, f"/v1/matches/{match}")["status"] == "over"
    board = get(site, "/v1/ratings?preset=sedma&players=2")["ratings"]
    assert player in {row["id"] for row in board}
    assert get(site, f"/v1/players/{player}")["ratings"][0]["pool"] == "sedma-2"
