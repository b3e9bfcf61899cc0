"""The move clock on the page: the mover's time counts down beside their seat, and a seat
that went away (its clock ran out) gets an "I'm back" button that gives its turns back."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.browser import By, call, fresh, sit, text, until
from workers import runtime
from workers.clocks import ClockKeeper


@pytest.fixture
def keeper(site: str) -> Iterator[None]:
    """The clock keeper a worker runs, in this process."""
    kept = ClockKeeper(runtime.referee())
    kept.start()
    yield
    kept.stopping.set()


def test_the_mover_sees_the_clock_and_comes_back_from_away(site: str, browser: Any,
                                                            keeper: None) -> None:
    mine, theirs = ["KS", "7S", "KH", "8D"], ["9C", "10D", "AC", "JH"]
    stock = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")
             if f"{r}{s}" not in mine + theirs]
    match = call(site, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 2, "creator_seat": 0,
        "seats": [{"name": "Ana"}, {"name": "Bo", "bot": "random"}],
        "clock": {"move_seconds": 6, "away_after": 1},  # the page is up in 1-2 s
        "deal": {"dealer": 1, "hands": [mine, theirs], "stock": stock}})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".clock-mark"),
          "a clock beside the mover's seat")
    assert text(browser, ".clock-mark").startswith("⏱")
    limit = time.monotonic() + 30
    while not call(site, "GET", f"/v1/matches/{match['id']}")["away"]:
        assert time.monotonic() < limit, "the seat never went away"
        time.sleep(0.2)
    browser.refresh()
    until(browser, lambda d: d.find_elements(By.ID, "back"), "the “I'm back” button")
    fresh(lambda: browser.find_element(By.ID, "back").click())  # the table redraws as the bot plays
    until(browser, lambda d: not d.find_elements(By.ID, "back"), "“I'm back” gone once pressed")
    assert call(site, "GET", f"/v1/matches/{match['id']}")["away"] == []
