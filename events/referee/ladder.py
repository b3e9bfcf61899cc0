"""The bots' ladder, per preset: registered webhook bots (entered with their signing secret
or their owner's key) and players (an SSE bot's key) join it; the workers keep pairing its
entries, and the built-in ``random``, ``heuristic`` and ``search`` bots (fixed anchors that
always take part), into rated matches (``workers/ladder.py``). An entry whose bot fell back (a
timeout, an error, an illegal answer: the ``bot-fallback:<reason>:<seq>`` command ids of its
moves) too often is dropped; it may join again."""

from __future__ import annotations

import hmac
from typing import Any

from domain.registry import PRESETS

from . import bots, players, ratings
from .context import Referee
from .errors import Forbidden, NotFound

ANCHORS = ("bot:random", "bot:heuristic", "bot:search")


def players_of(preset: str) -> int:
    """A ladder plays a preset at the first player count its registry entry lists."""
    return PRESETS[preset].players[0]


def join(ref: Referee, preset: str, bot: str | None, secret: str) -> dict[str, Any]:
    """Enter a webhook bot (``bot``, with its signing secret or its owner's key, ``bk_...``)
    or the player whose key ``secret`` is. Joining again puts a dropped entry back, its
    fallbacks forgotten."""
    if bot is not None:
        hook = ref.store.bot(bot)
        if hook is None:
            raise NotFound("bot", bot)
        signed = hmac.compare_digest(secret.encode(), str(hook["secret"]).encode())
        if not signed and not bots.is_owner(hook, secret):
            raise Forbidden("this is neither the webhook bot's signing secret nor its key")
        entry = {"id": f"bot:{bot}", "kind": "webhook", "name": hook["name"]}
    else:
        player = players.of_key(ref, secret)
        entry = {"id": player, "kind": "player", "name": players.name_of(ref, player)}
    old = next((e for e in ref.store.ladder_entries(preset) if e["id"] == entry["id"]), {})
    entry = {**entry, "status": "active", "fallbacks": 0, "matches": old.get("matches", 0),
             "running": old.get("running"), "joined": ref.clock()}
    ref.store.save_ladder_entry(preset, entry)
    return public(entry)


def public(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: entry.get(k) for k in ("id", "kind", "name", "status", "fallbacks", "matches",
                                      "running")}


def listing(ref: Referee, preset: str) -> dict[str, Any]:
    count = players_of(preset)
    board = {row["id"]: row for row in ratings.leaderboard(ref, preset, count)["ratings"]}
    entries = [{**public(e), "rating": board.get(e["id"], {}).get("rating")}
               for e in ref.store.ladder_entries(preset)]
    return {"preset": preset, "players": count, "anchors": list(ANCHORS), "entries": entries}


def record(ref: Referee, preset: str, entry: dict[str, Any]) -> None:
    ref.store.save_ladder_entry(preset, entry)


def entries(ref: Referee, preset: str) -> list[dict[str, Any]]:
    return ref.store.ladder_entries(preset)


def presets_with_entries(ref: Referee) -> list[str]:
    return [p for p in PRESETS if ref.store.ladder_entries(p)]
