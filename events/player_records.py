"""The store's records of players, rated matches, the ratings projection's cache and the
bots' ladder. Mixed into ``EventStore`` with ``Records``: every key comes from ``keys.py``."""

from __future__ import annotations

from typing import Any, cast

import orjson
import redis

from . import keys


class PlayerRecords:
    _redis: redis.Redis

    # -- players -----------------------------------------------------------------------------

    def save_player(self, player: dict[str, Any]) -> None:
        """A new player: its record (the key only as a digest) and the digest's index."""
        pipe = self._redis.pipeline(transaction=True)
        pipe.hset(keys.players_key(), player["id"], orjson.dumps(player))
        pipe.hset(keys.player_keys_key(), player["key"], player["id"])
        pipe.execute()

    def player(self, player_id: str) -> dict[str, Any] | None:
        raw = self._redis.hget(keys.players_key(), player_id)
        return None if raw is None else cast(dict[str, Any], orjson.loads(cast(bytes, raw)))

    def player_by_key(self, digest: str) -> str | None:
        raw = self._redis.hget(keys.player_keys_key(), digest)
        return None if raw is None else cast(bytes, raw).decode()

    def note_player_match(self, player_id: str, match_id: str, at: float) -> None:
        self._redis.zadd(keys.player_matches_key(player_id), {match_id: at}, nx=True)

    def player_matches(self, player_id: str) -> list[str]:
        ids = cast(list[bytes], self._redis.zrange(keys.player_matches_key(player_id), 0, -1))
        return [i.decode() for i in ids]

    # -- rated matches and the ratings projection ---------------------------------------------

    def note_rated(self, pool: str, match_id: str, ended_ms: int) -> None:
        self._redis.zadd(keys.rated_key(pool), {match_id: ended_ms}, nx=True)

    def rated_matches(self, pool: str, start: int = 0) -> list[str]:
        ids = cast(list[bytes], self._redis.zrange(keys.rated_key(pool), start, -1))
        return [i.decode() for i in ids]

    def rated_at(self, pool: str, index: int) -> str | None:
        ids = cast(list[bytes], self._redis.zrange(keys.rated_key(pool), index, index))
        return ids[0].decode() if ids else None

    def forget_rated(self, pool: str) -> None:
        self._redis.delete(keys.rated_key(pool), keys.ratings_key(pool))

    def ratings_cache(self, pool: str) -> dict[str, Any] | None:
        raw = self._redis.get(keys.ratings_key(pool))
        return None if raw is None else cast(dict[str, Any], orjson.loads(cast(bytes, raw)))

    def save_ratings_cache(self, pool: str, cache: dict[str, Any]) -> None:
        self._redis.set(keys.ratings_key(pool), orjson.dumps(cache))

    def all_matches(self) -> list[str]:
        ids = cast(list[bytes], self._redis.zrange(keys.match_index_key(), 0, -1))
        return [i.decode() for i in ids]

    # -- the bots' ladder --------------------------------------------------------------------

    def save_ladder_entry(self, preset: str, entry: dict[str, Any]) -> None:
        self._redis.hset(keys.ladder_key(preset), entry["id"], orjson.dumps(entry))

    def ladder_entries(self, preset: str) -> list[dict[str, Any]]:
        raw = cast(dict[bytes, bytes], self._redis.hgetall(keys.ladder_key(preset)))
        return sorted((orjson.loads(v) for v in raw.values()), key=lambda e: e["id"])

    def take_ladder_lock(self, holder: str, ms: int) -> bool:
        return bool(self._redis.set(keys.ladder_lock_key(), holder, nx=True, px=ms))
