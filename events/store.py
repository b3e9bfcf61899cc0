"""The Redis event store: one stream per deal or match, appended only by ``append.lua``, and
(``records.py``) every other record; the one owner of the store's keys and connection."""

from __future__ import annotations

import importlib.resources
from dataclasses import dataclass
from typing import Any, cast

import orjson
import redis

from . import keys
from .deadlines import Deadlines
from .player_records import PlayerRecords
from .records import Records

ANSWER_TTL = 24 * 3600
MAX_SEQ = 2**63 - 1  # the largest stream ID Redis accepts


class Conflict(Exception):
    """Another writer appended first: the stream is now at ``current_seq``."""

    def __init__(self, current_seq: int) -> None:
        super().__init__(f"stream is at seq {current_seq}")
        self.current_seq = current_seq


@dataclass(frozen=True, slots=True)
class Remembered:
    """What an idempotency key was first used for: the answer, and the fingerprint (a digest
    of the canonical command) given with it; None for answers stored without one."""

    answer: bytes
    fingerprint: str | None

    def encode(self) -> bytes:
        return (self.fingerprint or "").encode() + b"\n" + self.answer

    @classmethod
    def decode(cls, stored: bytes) -> Remembered:
        if stored.startswith(b"{"):  # stored before fingerprints were kept
            return cls(stored, None)
        fingerprint, _, answer = stored.partition(b"\n")
        return cls(answer, fingerprint.decode() or None)


class Duplicate(Exception):
    """The idempotency key was used before; ``remembered`` is what the first request got."""

    def __init__(self, remembered: Remembered) -> None:
        super().__init__("repeated idempotency key")
        self.remembered = remembered
        self.answer = remembered.answer


@dataclass(frozen=True, slots=True)
class Head:
    """Where a stream stands: last ``seq`` and ``hash``, and the snapshot if there is one."""

    seq: int
    hash: str | None
    snap_seq: int
    snapshot: dict[str, Any] | None


class EventStore(Records, PlayerRecords):
    def __init__(self, client: redis.Redis) -> None:
        self._redis = client
        scripts = importlib.resources.files(__package__)
        self._append = client.register_script(scripts.joinpath("append.lua").read_text())
        self._seat_change = client.register_script(scripts.joinpath("seats.lua").read_text())
        self.deadlines = Deadlines(client)

    def append(self, kind: str, sid: str, envelopes: list[dict[str, Any]], *, expected_seq: int,
               idempotency: tuple[str, str] | None = None, answer: bytes = b"",
               fingerprint: str | None = None, snapshot: dict[str, Any] | None = None) -> int:
        """Append ``envelopes`` after ``expected_seq``; returns the new last ``seq``.

        ``idempotency`` is (scope, key): a repeat raises ``Duplicate`` with the first ``answer``
        and the ``fingerprint`` of the command it answered.
        """
        cmd = keys.command_key(kind, sid, *idempotency) if idempotency else keys.head_key(kind, sid)
        argv: list[Any] = [
            expected_seq, 1 if idempotency else 0,
            Remembered(answer, fingerprint).encode() if idempotency else b"",  # else unused
            ANSWER_TTL,
            orjson.dumps(snapshot) if snapshot is not None else b"",
            keys.feed_channel(kind, sid), envelopes[-1]["hash"],
            *(orjson.dumps(e) for e in envelopes),
        ]
        status, value = self._append(
            keys=[keys.stream_key(kind, sid), keys.head_key(kind, sid), cmd], args=argv)
        if status == b"dup":
            raise Duplicate(Remembered.decode(value))
        if status == b"conflict":
            raise Conflict(int(value))
        return int(value)

    def change_seat(self, match_id: str, guard: tuple[str, str | None],
                    changes: dict[str, str | None],
                    append: tuple[int, dict[str, Any]] | None = None) -> int | None:
        """Change a match's seat facts if ``guard`` (field, value; None: absent) holds, and
        append one envelope after an expected ``seq`` to its stream, all at once (``seats.lua``).
        Returns the stream's ``seq``, or None when the guard did not hold; raises ``Conflict``
        when the stream has moved on. ``changes``: field -> value (None deletes)."""
        expected, envelope = append if append is not None else ("", None)
        argv: list[Any] = [guard[0], guard[1] or "", expected, keys.feed_channel("match", match_id),
                           envelope["hash"] if envelope else "",
                           orjson.dumps(envelope) if envelope else ""]
        for field, value in changes.items():
            argv += [field, value or ""]
        status, value = self._seat_change(keys=[
            keys.meta_key(match_id), keys.stream_key("match", match_id),
            keys.head_key("match", match_id)], args=argv)
        if status == b"conflict":
            raise Conflict(int(value))
        return int(value) if status == b"ok" else None

    def remembered(self, kind: str, sid: str, scope: str, key: str) -> Remembered | None:
        """The stored answer of an earlier command with this idempotency key, if any."""
        value = self._redis.get(keys.command_key(kind, sid, scope, key))
        return Remembered.decode(value) if isinstance(value, bytes) else None

    def head(self, kind: str, sid: str) -> Head:
        raw = self._redis.hgetall(keys.head_key(kind, sid))
        return self.head_from(cast(dict[bytes, bytes], raw))

    @staticmethod
    def head_from(raw: dict[bytes, bytes], snapshot: bool = True) -> Head:
        """The head; ``snapshot``: with the snapshot parsed (else None)."""
        if not raw:
            return Head(0, None, 0, None)
        snap = raw.get(b"snap") if snapshot else None
        return Head(seq=int(raw[b"seq"]), hash=raw[b"hash"].decode(),
                    snap_seq=int(raw.get(b"snap_seq", 0)),
                    snapshot=orjson.loads(snap) if snap else None)

    def read(self, kind: str, sid: str, *, after: int = 0, limit: int | None = None,
             upto: int | None = None) -> list[dict[str, Any]]:
        """Envelopes with ``after < seq <= upto``, at most ``limit`` of them, in order."""
        if after >= MAX_SEQ:
            return []
        high = f"{min(upto, MAX_SEQ)}-0" if upto is not None else "+"
        rows = cast(list[tuple[bytes, dict[bytes, bytes]]], self._redis.xrange(
            keys.stream_key(kind, sid), f"({after}-0" if after else "-", high, count=limit))
        return [orjson.loads(fields[b"e"]) for _, fields in rows]

    def last(self, kind: str, sid: str) -> dict[str, Any] | None:
        """The stream's last envelope, if any."""
        rows = cast(list[tuple[bytes, dict[bytes, bytes]]], self._redis.xrevrange(
            keys.stream_key(kind, sid), count=1))
        return orjson.loads(rows[0][1][b"e"]) if rows else None

    def wait(self, blocking: redis.Redis, kind: str, sid: str, after: int, block_ms: int
             ) -> bool:
        """Block until the stream has an event after ``after`` or ``block_ms`` pass; True if
        one came. ``blocking`` is a client with no socket timeout (``XREAD BLOCK``)."""
        return bool(blocking.xread({keys.stream_key(kind, sid): f"{after}-0"}, count=1,
                                   block=block_ms))

    def ping(self) -> bool:
        return bool(self._redis.ping())
