"""Header and token fuzzing: whatever arrives in Authorization, Idempotency-Key or
Last-Event-ID, the answer is a clear 2xx or 4xx, never a 5xx, and the log grows only by a move
that was answered 200.

The Authorization values mix junk with the match's real seat tokens and near-misses of them (a
character changed, cut or added, another scheme), and the move posted is a legal move of the
seat to act: so a request that should be refused and was not would show as events appended.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.http import auth, claim_seats, create

TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=300)
JUNK = st.one_of(TEXT, st.builds(lambda t: "Bearer " + t, TEXT),
                 st.sampled_from(["Bearer", "Bearer ", "bearer x", "Basic abc",
                                  "Bearer " + "a" * 5000]))
# A seat (0-3) and what is done to its real token before it is sent.
TWISTS = st.sampled_from(["as is", "lower scheme", "one char changed", "cut", "longer",
                          "basic scheme", "spaces"])


def twisted(token: str, twist: str) -> str:
    if twist == "one char changed":
        return "Bearer " + token[:-1] + ("A" if token[-1] != "A" else "B")
    return {"as is": f"Bearer {token}", "lower scheme": f"bearer {token}",
            "cut": f"Bearer {token[:-3]}", "longer": f"Bearer {token}x",
            "basic scheme": f"Basic {token}", "spaces": f"Bearer   {token}  "}[twist]


@pytest.fixture
def table(client: FlaskClient) -> dict[str, Any]:
    """A 4-player deal; a new one replaces it once it is over."""
    return {"created": create(client, seed="fuzz")}


def current(client: FlaskClient, table: dict[str, Any]) -> tuple[str, dict[int, str], Any]:
    deal = table["created"]["deal"]["id"]
    view = client.get(f"/v1/deals/{deal}").get_json()
    if view["turn"] is None:
        table["created"] = create(client)
        return current(client, table)
    return deal, claim_seats(client, table["created"]), view


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=JUNK, seat=st.integers(0, 3), twist=TWISTS, real=st.booleans(), key=TEXT,
       last=TEXT)
def test_fuzzed_headers_never_break_anything(client: FlaskClient, table: dict[str, Any],
                                             junk: str, seat: int, twist: str, real: bool,
                                             key: str, last: str) -> None:
    deal, seat_tokens, view = current(client, table)
    header = twisted(seat_tokens[seat], twist) if real else junk
    legal = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[view["turn"]])).get_json()
    headers = {"Authorization": header}
    for resp in (client.get(f"/v1/deals/{deal}", headers=headers),
                 client.get(f"/v1/deals/{deal}/events", headers=headers),
                 client.post(f"/v1/deals/{deal}/disputes", json={"message": "x"},
                             headers=headers)):
        assert resp.status_code in (200, 401, 403, 409, 422), resp.get_data(as_text=True)
    before = client.get(f"/v1/deals/{deal}").get_json()["seq"]
    moved = client.post(f"/v1/deals/{deal}/moves", json=legal["legal_moves"][0],
                        headers={**headers, "Idempotency-Key": key})
    assert moved.status_code in (200, 401, 403, 409, 422), moved.get_data(as_text=True)
    after = client.get(f"/v1/deals/{deal}").get_json()["seq"]
    if moved.status_code == 200:  # a new move, or the first answer to a repeated key
        appended = [e for e in moved.get_json()["events"] if e["seq"] > before]
        assert after == before + len(appended)
        assert real and twist in ("as is", "lower scheme", "spaces")  # a real token
        assert not appended or seat == view["turn"]  # and a new move by the seat to act
    else:
        assert after == before
    stream = client.get(f"/v1/deals/{deal}/stream",
                        headers={"Last-Event-ID": last, "Authorization": header})
    assert stream.status_code in (200, 401, 403, 422)
    if stream.status_code == 422:  # only ASCII digits are a Last-Event-ID
        assert not last.isdigit() and stream.get_json()["field"] == "Last-Event-ID"
    stream.close()
