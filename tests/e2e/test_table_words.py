"""The table's numbers and words, as card players read them (issue 29): Sedma's running card
points, long names, seats in validation messages, articles and possessives, the lead and the
winner marked, a refused card's rule next to the hand."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser import By, call, finished_deal, text, wait


def test_sedma_card_points_count_the_last_capture(site: str, browser: Any) -> None:
    """The scoreboard's card points at the end of a Sedma deal are the result's: the 10 for
    the last capture included (they said 20 : 60 while the result said 60 : 30)."""
    seats = [{"name": "Ana", "bot": "heuristic"}, {"name": "Bo", "bot": "heuristic"}]
    deal = finished_deal(site, {"ruleset": "sedma", "players": 2, "seed": "last", "seats": seats})
    result = call(site, "GET", f"/v1/deals/{deal}")["result"]
    assert sum(result["points"]) == 90  # 80 in aces and tens, 10 for the last capture
    for page in (f"/deals/{deal}", f"/deals/{deal}/replay"):
        browser.get(site + page)
        wait(browser).until(lambda d: d.find_elements(By.ID, "points"))
        if page.endswith("/replay"):
            browser.find_element(By.ID, "last").click()
            wait(browser).until(lambda d: d.find_element(By.ID, "replay").get_attribute(
                "data-type") == "scored")
        expected = " · ".join(f"{who} {p}" for who, p in zip(
            ["Ana", "Bo"], result["points"], strict=True))
        wait(browser).until(lambda d, e=expected: text(d, "#points") == e)
