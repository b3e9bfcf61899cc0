"""Play you can follow (issue 29 item 2): the page shows the bots' cards at the viewer's own
pace (a setting, independent of the bots' delay), the last trick comes back with one key or
click, and the deal's whole story is there on demand."""

from __future__ import annotations

import time
from typing import Any

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from tests.e2e.browser import By, attr, call, fresh, seq, wait

BOTS = [{"name": n, "bot": "heuristic"} for n in ("Ana", "Bo", "Cy", "Di")]


def held(browser: Any) -> list[int]:
    got = attr(browser, "#table", "data-tricks-held") or ""
    return [int(ms) for ms in got.split()]


@pytest.mark.paced
def test_four_bots_tricks_stay_in_view_and_the_last_one_comes_back(site: str,
                                                                    browser: Any) -> None:
    """Four bots at the default delay: each trick taken stays on the table for the page's
    default pace (its own clock, in data-tricks-held), at least 1.5 s; L recalls it."""
    match = call(site, "POST", "/v1/matches", {"ruleset": "sueca", "seed": "pace",
                                              "seats": BOTS})
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: d.find_elements(By.ID, "pace"))
    assert attr(browser, "#pace", "value") == "2000"
    wait(browser, 60).until(lambda d: len(held(d)) >= 2)
    assert min(held(browser)) >= 1500, held(browser)
    browser.find_element(By.TAG_NAME, "body").send_keys("l")
    recalled = wait(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR,
                                                                 "#last-trick [data-card]")))
    assert recalled == 4
    # the key as a person presses it, to whatever has the focus: the element that had it may
    # be redrawn away by the bots' next card ("element not interactable" in CI)
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    wait(browser).until(lambda d: not d.find_elements(By.ID, "last-trick"))
    fresh(lambda: browser.find_element(By.ID, "last-trick-button").click())
    assert len(wait(browser).until(lambda d: d.find_elements(
        By.CSS_SELECTOR, "#last-trick [data-card]"))) == 4


def test_the_whole_deal_on_demand(site: str, browser: Any) -> None:
    """A finished deal's story: its last 12 events, then all of them by one button."""
    match = call(site, "POST", "/v1/matches", {"ruleset": "sedma", "players": 2, "seed": "log",
                                              "seats": BOTS[:2]})
    deal = match["deal"]["id"]
    deadline = time.monotonic() + 60
    while call(site, "GET", f"/v1/deals/{deal}")["phase"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    events = call(site, "GET", f"/v1/deals/{deal}/events")["events"]
    browser.get(f"{site}/deals/{deal}")
    wait(browser).until(lambda d: seq(d) == str(events[-1]["seq"]))
    # the table is redrawn when the sheet arrives: every read finds its element afresh
    wait(browser).until(lambda d: fresh(lambda: d.find_element(By.ID, "log")
                                        .get_attribute("data-shown")) == "12")
    fresh(lambda: browser.find_element(By.ID, "whole-deal").click())
    wait(browser).until(lambda d: d.find_element(By.ID, "log").get_attribute("data-shown")
                        == str(len(events)))
    assert len(browser.find_elements(By.CSS_SELECTOR, "#log li")) == len(events)
    fresh(lambda: browser.find_element(By.ID, "whole-deal").send_keys(Keys.ENTER))
    wait(browser).until(lambda d: d.find_element(By.ID, "log").get_attribute("data-shown")
                        == "12")
