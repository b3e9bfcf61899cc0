"""``api.wire.repeated_key`` given the parsed body (its shortcut for a flat object that kept
every member) finds exactly what the full second parse finds (issue 33)."""

from __future__ import annotations

import itertools
import random

import orjson

from api.wire import repeated_key

CASES = [
    b'{"type": "stop", "type": "play", "card": "AS"}', b'{"type":"play","card":"AS"}',
    b'{"a": "x,y", "a": 1}', b'{"a": "x,y", "b": 1}', b'{"a": 1 , "a" : 2}', b'{}', b'[1, 2]',
    b'{"a": {"b": 1, "b": 2}}', b'{"a": [1, {"b": 1, "b": 2}]}', b'{"a": [1, 2]}',
    b'{"a,": 1, "a,": 2}', b'{"a": null, "b": true, "c": false, "a": 1.5e3}',
    b'{"a": "\\u002c", "a": 1}', b'{"a": "\\"", "a": ","}', b'{"type":"play","card":"AS",'
    b'"expected_seq":18446744073709551616}', b'"x"', b'3',
]


def random_object(rng: random.Random) -> bytes:
    keys = [rng.choice(["a", "b", "c", "a,", ",", '\\"']) for _ in range(rng.randint(0, 4))]
    values = ["1", "null", '","', '"x"', "[1,2]", '{"a":1,"a":2}', "{}", "true"]
    spaces = ["", " ", "\n"]
    members = [f'"{k}"{rng.choice(spaces)}:{rng.choice(spaces)}{rng.choice(values)}'
               for k in keys]
    return ("{" + f"{rng.choice(spaces)},".join(members) + "}").encode()


def test_the_shortcut_agrees_with_the_full_check() -> None:
    rng = random.Random(33)
    for raw in itertools.chain(CASES, (random_object(rng) for _ in range(3000))):
        assert repeated_key(raw, orjson.loads(raw)) == repeated_key(raw), raw


def test_a_repeated_key_is_still_found() -> None:
    raw = b'{"type": "stop", "type": "play", "card": "AS"}'
    assert repeated_key(raw, orjson.loads(raw)) == "type"
    assert repeated_key(b'{"a": "1,2", "b": 1}', {"a": "1,2", "b": 1}) is None
