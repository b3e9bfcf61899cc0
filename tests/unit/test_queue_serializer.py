"""The queue's serializer (``workers.serializer``) reads and writes what rq's JSON serializer
did: a job queued or a result stored by either is read alike by the other."""

from __future__ import annotations

import json
import math

from hypothesis import given
from hypothesis import strategies as st
from rq.serializers import JSONSerializer

from workers.serializer import OrjsonSerializer

PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text()
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20)


@given(PLAIN)
def test_either_reads_what_the_other_wrote(value: object) -> None:
    assert OrjsonSerializer.loads(JSONSerializer.dumps(value)) == json.loads(json.dumps(value))
    assert JSONSerializer.loads(OrjsonSerializer.dumps(value)) == json.loads(json.dumps(value))


def test_what_orjson_refuses_or_cannot_read_goes_through_json() -> None:
    huge = {"seed": 2**80, 3: ("Ana", "Đorđe"), "seats": [1, 2]}
    written = OrjsonSerializer.dumps(huge)
    assert OrjsonSerializer.loads(written) == {"seed": 2**80, "3": ["Ana", "Đorđe"],
                                               "seats": [1, 2]}
    assert math.isnan(OrjsonSerializer.loads(JSONSerializer.dumps({"x": float("nan")}))["x"])


def test_a_job_s_arguments_keep_their_shape() -> None:
    """rq stores a job's call as (function, instance, args, kwargs): a tuple read back as a
    list, as with the JSON serializer, int keys as strings."""
    call = ("workers.replays.replay_job", None, ["m1.1", 0], {"seat": None, "by": {1: "x"}})
    assert OrjsonSerializer.loads(OrjsonSerializer.dumps(call)) == JSONSerializer.loads(
        JSONSerializer.dumps(call))
