"""A move's fingerprint (the digest kept under its idempotency key) is a digest of the same
bytes whichever encoder writes them (issue 33: orjson where it writes what ``json`` does)."""

from __future__ import annotations

import json
import random
from typing import Any

from events.referee.moves import canonical

VALUES: list[Any] = [None, True, False, 0, -1, 2**63 - 1, -2**63, 2**64 - 1, 2**64, -2**63 - 1,
                     2**200, "AS", 'a"b', "a\\b", "/", "é", "\x7f", "\n", "\u2028", 1.5, 3.0,
                     "", "self", "10H"]
KEYS = ["type", "card", "value", "expected_seq", "suit", "by", 'a"', "é"]


def test_canonical_writes_what_json_writes() -> None:
    rng = random.Random(33)
    for _ in range(20_000):
        command = {k: rng.choice(VALUES) for k in rng.sample(KEYS, rng.randint(0, 5))}
        assert canonical(command) == json.dumps(command, sort_keys=True,
                                                separators=(",", ":")).encode(), command
