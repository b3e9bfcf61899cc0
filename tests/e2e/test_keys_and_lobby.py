"""Keyboard (issue 29 item 10) and the lobby (item 11): the focused card's ring is whole (no
neighbour covers it), the focus lands on the deal's end rather than the top of the page, the
replay's arrow keys work without a click first; the lobby's options have readable labels and
each game has its "play against bots" button."""

from __future__ import annotations

from typing import Any

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.e2e.browser import By, attr, call, click, finished_deal, fresh, moved_on, seq, sit, wait

ON_TOP = """
const card = arguments[0], r = card.getBoundingClientRect();
const hit = document.elementFromPoint(r.right - 3, r.top + r.height / 2);
return card.contains(hit);"""


def test_the_deal_end_keeps_the_focus(site: str,
                                                                   browser: Any) -> None:
    seats = [{"name": "Ana"}] + [{"name": n, "bot": "heuristic"} for n in ("Bo", "Cy", "Di")]
    match = call(site, "POST", "/v1/matches", {"ruleset": "serbian-whist", "seed": "keys",
                                              "seats": seats, "creator_seat": 0})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: d.find_elements(By.ID, "bid-choice"))
    before = seq(browser)

    def bid() -> None:  # the table may be redrawn between finding the list and using it
        Select(browser.find_element(By.ID, "bid-choice")).select_by_index(0)
        click(browser, "#moves button")

    fresh(bid)
    wait(browser).until(lambda d: seq(d) != before)
    while not browser.find_elements(By.ID, "result"):
        try:
            card = wait(browser).until(lambda d: d.find_elements(
                By.CSS_SELECTOR, "#hand .card.legal") or d.find_elements(By.ID, "result"))[0]
            if card.get_attribute("id") == "result":
                break
            browser.execute_script("arguments[0].focus()", card)
            before = seq(browser)
            browser.switch_to.active_element.send_keys(Keys.ENTER)
        except StaleElementReferenceException:
            continue  # redrawn before the key: look again
        wait(browser).until(moved_on(before))
    wait(browser).until(lambda d: d.execute_script(
        "return !!document.activeElement.closest('#result')"))


def test_the_replay_keys_work_without_a_click(site: str, browser: Any) -> None:
    seats = [{"name": "Ana", "bot": "random"}, {"name": "Bo", "bot": "random"}]
    deal = finished_deal(site, {"ruleset": "sedma", "players": 2, "seed": "keys",
                                "seats": seats})
    browser.get(f"{site}/deals/{deal}/replay")
    wait(browser).until(lambda d: d.find_element(By.ID, "replay").get_attribute("data-at") == "1")
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()
    wait(browser).until(lambda d: d.find_element(By.ID, "replay").get_attribute("data-at") == "2")


def test_the_lobby_reads_well_and_starts_a_game_against_bots_with_whole_focus_rings(
        site: str, browser: Any) -> None:
    browser.get(site + "/")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#options label"))
    labels = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#options label")]
    assert labels and not any("_" in label.split("\n")[0] for label in labels), labels
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR,
                                                  "button.quick-play[data-ruleset='sedma']"))
    browser.find_element(By.CSS_SELECTOR, "button.quick-play[data-ruleset='sedma']").click()
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card"))
    assert attr(browser, "#table", "data-me") == "0"
    first = browser.find_elements(By.CSS_SELECTOR, "#hand .card")[0]  # four cards
    browser.execute_script("arguments[0].focus()", first)
    assert browser.execute_script(ON_TOP, first), "a neighbour covers the focus ring"
