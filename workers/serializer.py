"""The queue's serializer: JSON as rq's ``JSONSerializer`` writes it, by orjson.

A replay job's result (a view per event of a whole match, megabytes) cost rq's ``json.dumps``
five to seven times what orjson takes (26 to 34 against 5 ms of CPU for a match of 28 hands),
more than the job's own work. The bytes differ only in spacing and in non-ASCII written as UTF-8
rather than escaped, and either reads the other's: jobs queued by one version are read by the
next. What orjson refuses (an integer beyond 64 bits, say) goes through ``json`` as before, and
so does reading what orjson cannot read (``NaN``, which ``json`` writes; orjson writes a NaN
as ``null``: no job of ours carries one)."""

from __future__ import annotations

import json
from typing import Any

import orjson


class OrjsonSerializer:
    """rq's serializer protocol: ``dumps`` to bytes, ``loads`` from bytes."""

    @staticmethod
    def dumps(obj: Any) -> bytes:
        try:
            return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS)
        except orjson.JSONEncodeError:
            return json.dumps(obj).encode("utf-8")

    @staticmethod
    def loads(data: bytes | str) -> Any:
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            return json.loads(data)
