"""A page whose event stream is refused follows the deal by polling (issue 32 item 6): the
server refuses every stream here (``TRICKLOG_STREAM_DEALS_PER_ADDRESS=0``: 429
``too-many-streams``), and the page still shows a move made elsewhere, within seconds, from
conditional GETs of the deal (``If-None-Match``)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.e2e.browser import call, moved_on, seq, text, wait


@pytest.fixture
def streams_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before ``site``: the server it starts refuses every event stream."""
    monkeypatch.setenv("TRICKLOG_STREAM_DEALS_PER_ADDRESS", "0")


def test_a_refused_stream_falls_back_to_polling(streams_refused: None, site: str,
                                                browser: Any) -> None:
    match = call(site, "POST", "/v1/matches", {"ruleset": "sueca", "seed": "polling-page",
                                               "seats": [
        {"name": "Ana"}, {"name": "Bo", "bot": "heuristic"}, {"name": "Cy", "bot": "heuristic"},
        {"name": "Di", "bot": "heuristic"}], "creator_seat": 0})
    deal, token = match["deal"]["id"], match["tokens"][0]["token"]
    deadline = time.monotonic() + 60
    while not (view := call(site, "GET", f"/v1/deals/{deal}", token=token))["legal_moves"]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    browser.get(f"{site}/deals/{deal}")  # a spectator's page
    wait(browser).until(lambda d: seq(d) == str(view["seq"]))
    wait(browser, 10).until(lambda d: "polling" in text(d, "#live-state"))
    before = seq(browser)
    call(site, "POST", f"/v1/deals/{deal}/moves",
         {**view["legal_moves"][0], "expected_seq": view["seq"]}, token=token)
    wait(browser, 15).until(moved_on(before))
    assert int(seq(browser)) > view["seq"]
    log = browser.find_element("css selector", "#log").text
    assert "Ana" in log  # the missed events were fetched too, not just the view
