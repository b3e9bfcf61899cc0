"""The table's marks (issue 29, "everything the new rules and features bring"): public table
talk as a speech bubble by the seat that spoke, for one round of cards; the hidden partner of
Sueca Italiana marked once revealed; an away seat marked on its plate as soon as its clock runs
out, without a reload, and the mark gone once its holder is back."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.browser import (
    By,
    axe_source,
    call,
    click,
    finished_deal,
    fresh,
    sit,
    text,
    violations,
    wait,
)
from tests.e2e.test_browser import fill_lobby
from tests.e2e.test_phone import FULL
from workers import runtime
from workers.clocks import ClockKeeper


def test_table_talk_is_a_bubble_by_the_seat_that_spoke_for_one_round(site: str,
                                                                      browser: Any) -> None:
    browser.get(site + "/")
    fill_lobby(browser, "sedmice", [("Ana", ""), ("Bo", "heuristic"), ("Cy", "heuristic"),
                                    ("Di", "heuristic")])
    browser.find_element(By.CSS_SELECTOR, "[data-option=table_talk]").click()
    browser.find_element(By.ID, "create-button").click()
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#talk button"))
    fresh(lambda: browser.find_element(By.CSS_SELECTOR, "#talk button").click())
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".plate .bubble"))
    spoke = fresh(lambda: [b.find_element(By.XPATH, "./ancestor::section[1]")
                           .get_attribute("data-seat")
                           for b in browser.find_elements(By.CSS_SELECTOR, ".plate .bubble")])
    assert spoke == ["0"]  # yours, by your seat
    assert text(browser, ".plate[data-seat='0'] .bubble").startswith("“ubij”")
    assert not violations(browser, axe_source())
    deadline = time.monotonic() + 60  # play on: a round later the bubble is gone
    while fresh(lambda: browser.find_elements(By.CSS_SELECTOR, ".plate .bubble")):
        assert time.monotonic() < deadline, "the bubble stayed"
        legal = browser.find_elements(By.CSS_SELECTOR, "#hand .card.legal")
        if legal:
            fresh(lambda: click(browser, "#hand .card.legal"))
        time.sleep(0.2)
    assert "said “ubij”" in text(browser, "#talk")  # the record in words stays


def test_the_revealed_partner_is_marked(site: str, browser: Any) -> None:
    bots = [{"name": n, "bot": "heuristic"} for n in ("Ana", "Bo", "Cy", "Di")]
    for seed in range(20):  # a deal where the bidder called a partner (not played alone)
        deal = finished_deal(site, {"ruleset": "sueca-italiana", "seed": f"mark{seed}",
                                    "seats": bots})
        view = call(site, "GET", f"/v1/deals/{deal}")
        if view.get("partner") is not None and view["partner"] != view["bidder"]:
            break
    else:
        pytest.fail("every bidder played alone")
    browser.get(f"{site}/deals/{deal}")
    wait(browser).until(lambda d: d.find_elements(By.ID, "revealed-partner"))

    def marked() -> tuple[str, str]:  # read as one, again if a redraw replaced the mark
        mark = browser.find_element(By.ID, "revealed-partner")
        return mark.find_element(By.XPATH, "./ancestor::section[1]").get_attribute(
            "data-seat"), mark.text

    seat, words = fresh(marked)
    assert seat == str(view["partner"])
    assert words == f"✦ partner of {bots[view['bidder']]['name']}"
    assert len(browser.find_elements(By.CSS_SELECTOR, ".badge.revealed")) == 1
    assert not violations(browser, axe_source())


@pytest.fixture
def keeper(site: str) -> Iterator[None]:
    """The clock keeper a worker runs, in this process."""
    kept = ClockKeeper(runtime.referee())
    kept.start()
    yield
    kept.stopping.set()


def test_an_away_seat_is_marked_at_once_and_unmarked_when_back(site: str, browser: Any,
                                                                keeper: None) -> None:
    mine, theirs = ["KS", "7S", "KH", "8D"], ["9C", "10D", "AC", "JH"]
    stock = [c for c in FULL if c not in mine + theirs]
    match = call(site, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 2, "creator_seat": 0,
        "seats": [{"name": "Ana"}, {"name": "Bo", "bot": "random"}],
        "clock": {"move_seconds": 4, "away_after": 1},
        "deal": {"dealer": 1, "hands": [mine, theirs], "stock": stock}})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".clock-mark"))
    assert not browser.find_elements(By.CSS_SELECTOR, ".badge.away")
    # no reload: the timeout in the stream makes the page ask which seats are away
    wait(browser, 30).until(lambda d: d.find_elements(
        By.CSS_SELECTOR, ".plate[data-seat='0'] .badge.away"))
    assert "away" in text(browser, ".plate[data-seat='0'] .badge.away")
    assert not browser.find_elements(By.CSS_SELECTOR, ".plate[data-seat='1'] .badge.away")
    fresh(lambda: browser.find_element(By.ID, "sound").click())  # the switch on, pressed
    assert not violations(browser, axe_source())
    fresh(lambda: browser.find_element(By.ID, "back").click())
    wait(browser).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".badge.away"))
    assert call(site, "GET", f"/v1/matches/{match['id']}")["away"] == []
