"""The bots' ladder, played by the workers: every ``TRICKLOG_LADDER_INTERVAL`` seconds (off
unless set) one worker (a lock in Redis) goes through each preset with ladder entries: it
settles the ladder matches that ended (the entry's matches, and its fallbacks: moves whose
``command_id`` is ``bot-fallback:<reason>:<seq>``, a random move played because the webhook
bot timed out, failed or answered an illegal move; ``TRICKLOG_LADDER_MAX_FALLBACKS``, 3, drop
the entry), then starts one rated match for the entry that has played least among those not
playing one (a suspended webhook bot sits out), against the anchors and other entries of
near rating (``ladder_pairing``). Workers play its bot seats as any; a player's seat is kept
for it (an SSE bot claims it with its key)."""

from __future__ import annotations

import logging
import os
import random
import time
from typing import Any

from events.referee import NotFound, Referee, bots, ladder, matches, ratings

from . import ladder_pairing

log = logging.getLogger("tricklog.workers.ladder")
MAX_FALLBACKS = 3


def fallbacks(referee: Referee, match_id: str, seats: set[int]) -> int:
    """The moves of ``seats`` in the match's deals that were a bot's fallback."""
    found = set()
    for deal in matches.advance(referee, match_id).deals:
        for env in referee.store.read("deal", deal["id"]):
            command = str(env.get("command_id") or "")
            if command.startswith("bot-fallback:") and env.get("seat") in seats:
                found.add(command)
    return len(found)


def settle(referee: Referee, preset: str, entry: dict[str, Any], max_fallbacks: int) -> bool:
    """Account for the entry's ladder match if it is over; True if the entry is free now."""
    running = entry.get("running")
    if running is None:
        return True
    try:
        state = matches.advance(referee, running)
    except NotFound:
        state = None
    if state is not None and state.status == "playing":
        return False
    if state is not None:
        mine = {s["seat"] for s in state.seats if _entity(s) == entry["id"]}
        entry["fallbacks"] += fallbacks(referee, running, mine)
        entry["matches"] += 1
    entry["running"] = None
    if entry["fallbacks"] >= max_fallbacks and entry["status"] == "active":
        entry["status"] = "dropped"
        log.warning("ladder entry dropped", extra={"entry": entry["id"], "preset": preset})
    ladder.record(referee, preset, entry)
    return True


def _entity(seat: dict[str, Any]) -> str | None:
    return f"bot:{seat['bot']}" if seat.get("bot") else seat.get("player")


def pair(referee: Referee, preset: str, rng: random.Random,
         max_fallbacks: int = MAX_FALLBACKS) -> str | None:
    """Settle the preset's ended ladder matches, then start one; its id, or None."""
    entries = ladder.entries(referee, preset)
    free = [e for e in entries if settle(referee, preset, e, max_fallbacks)
            and e["status"] == "active" and not _suspended(referee, e["id"])]
    if not free:
        return None
    count = ladder.players_of(preset)
    pool = ratings.pool_for(preset, count)
    table = ratings.table(referee, pool)
    focal = min(free, key=lambda e: (e["matches"], rng.random()))["id"]
    rules_sides = [list(side) for side in _sides(preset, count)]
    picks = ladder_pairing.pick([*ladder.ANCHORS, *(e["id"] for e in free)], table,
                                len(rules_sides), rng, focal=focal)
    by_id = {e["id"]: e for e in free}
    seat_list = [_seat(entity, by_id) for entity in
                 ladder_pairing.seats(rules_sides, picks, rng)]
    made = matches.create(referee, ruleset=preset, players=count, seats=seat_list, rated=True)
    for entity in set(picks) & set(by_id):
        by_id[entity]["running"] = made["id"]
        ladder.record(referee, preset, by_id[entity])
    return str(made["id"])


def _suspended(referee: Referee, entity: str) -> bool:
    """A webhook bot entry whose bot is suspended sits out until it is resumed."""
    return entity.startswith("bot:wb_") and bots.suspension(referee, entity[4:]) is not None


def _sides(preset: str, count: int) -> list[list[int]]:
    from domain.registry import rules_for

    return [list(side) for side in rules_for(preset, count, {}).sides]


def _seat(entity: str, entries: dict[str, dict[str, Any]]) -> dict[str, Any]:
    if entity.startswith("bot:"):
        name = entries[entity]["name"] if entity in entries else entity[4:]
        return {"name": name, "bot": entity[4:]}
    return {"name": entries[entity]["name"] or entity, "player": entity}


class Ladder:
    """Runs ``pair`` for every preset with entries at most every ``interval`` seconds, in
    one worker at a time; ``interval`` 0 is off."""

    def __init__(self, referee: Referee, name: str, interval: float,
                 max_fallbacks: int = MAX_FALLBACKS) -> None:
        self.referee, self.name, self.interval = referee, name, interval
        self.max_fallbacks, self.last = max_fallbacks, float("-inf")
        self.rng = random.Random()

    @classmethod
    def from_env(cls, referee: Referee, name: str) -> Ladder:
        return cls(referee, name, float(os.environ.get("TRICKLOG_LADDER_INTERVAL") or 0),
                   int(os.environ.get("TRICKLOG_LADDER_MAX_FALLBACKS") or MAX_FALLBACKS))

    def maybe(self) -> list[str]:
        now = time.monotonic()
        if self.interval <= 0 or now - self.last < self.interval:
            return []
        self.last = now
        made = []
        try:
            if self.referee.store.take_ladder_lock(self.name, int(self.interval * 1000)):
                for preset in ladder.presets_with_entries(self.referee):
                    match = pair(self.referee, preset, self.rng, self.max_fallbacks)
                    made += [match] if match else []
        except Exception:  # Redis away, or one broken preset: the next pass tries again
            log.warning("ladder pass failed", exc_info=True)
        return made
