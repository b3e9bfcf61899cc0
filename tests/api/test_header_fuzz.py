"""Header and token fuzzing: whatever arrives in Authorization, Idempotency-Key or
Last-Event-ID, the answer is a clear 2xx or 4xx, never a 5xx, and nothing is appended."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.conftest import create

TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=300)
HEADER_VALUES = st.one_of(TEXT, st.builds(lambda t: "Bearer " + t, TEXT),
                          st.sampled_from(["Bearer", "Bearer ", "bearer x", "Basic abc",
                                           "Bearer " + "a" * 5000]))


@pytest.fixture
def deal(client: FlaskClient) -> dict[str, Any]:
    created = create(client, seed="fuzz")
    return {"id": created["deal"]["id"], "seq": client.get(
        f"/v1/deals/{created['deal']['id']}").get_json()["seq"]}


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(auth=HEADER_VALUES, key=TEXT, last=TEXT)
def test_fuzzed_headers_never_break_anything(client: FlaskClient, deal: dict[str, Any],
                                             auth: str, key: str, last: str) -> None:
    headers = {"Authorization": auth}
    for resp in (
        client.get(f"/v1/deals/{deal['id']}", headers=headers),
        client.get(f"/v1/deals/{deal['id']}/events", headers=headers),
        client.post(f"/v1/deals/{deal['id']}/moves", json={"type": "stop"},
                    headers={**headers, "Idempotency-Key": key}),
        client.post(f"/v1/deals/{deal['id']}/disputes", json={"message": "x"}, headers=headers),
    ):
        assert resp.status_code < 500, resp.get_data(as_text=True)
        assert resp.status_code in (200, 401, 403, 409, 422)
    stream = client.get(f"/v1/deals/{deal['id']}/stream",
                        headers={"Last-Event-ID": last, "Authorization": auth})
    assert stream.status_code in (200, 401, 403, 422)
    if stream.status_code == 422:  # only ASCII digits are a Last-Event-ID
        assert not last.isdigit() and stream.get_json()["field"] == "Last-Event-ID"
    stream.close()
    assert client.get(f"/v1/deals/{deal['id']}").get_json()["seq"] == deal["seq"]
