"""``api.schemas.load_move``'s shortcut for a body of plain values answers what the move's
marshmallow schema answers: the same dict in the same order, or the schema's own error
(issue 33)."""

from __future__ import annotations

import random
from typing import Any

from marshmallow import ValidationError

from api.schemas import _MOVE_LOADERS, MOVES, load_move

VALUES: list[Any] = ["AS", "10H", "7C", "AS\n", "1S", "S", "H", "X", "self", "partner",
                     "ubij", "pusti", "", None, 0, 1, 200, 201, -1, 3.0, 3.5, True, False,
                     "1", [], {}, 2**70, "stop", "play"]
KEYS = ["type", "card", "value", "suit", "by", "word", "expected_seq", "other"]


def schema_answer(body: dict[str, Any]) -> Any:
    try:
        return list(_MOVE_LOADERS[body["type"]].load(body).items())
    except ValidationError as exc:
        return ("error", exc.messages)


def our_answer(body: dict[str, Any]) -> Any:
    try:
        return list(load_move(body).items())
    except ValidationError as exc:
        return ("error", exc.messages)


def test_the_shortcut_answers_as_the_schema() -> None:
    rng = random.Random(33)
    taken = 0
    for _ in range(20_000):
        body: dict[str, Any] = {"type": rng.choice(list(MOVES))}
        for key in rng.sample(KEYS[1:], rng.randint(0, 3)):
            body[key] = rng.choice(VALUES)
        expected = schema_answer(body)
        assert our_answer(body) == expected, body
        taken += expected[0] != "error"
    assert taken > 1000  # the valid bodies were tried, not only errors


def test_a_typical_move_keeps_the_schemas_order() -> None:
    body = {"card": "AS", "type": "play", "expected_seq": 4}
    assert list(load_move(body)) == list(_MOVE_LOADERS["play"].load(body)) == [
        "expected_seq", "type", "card"]
