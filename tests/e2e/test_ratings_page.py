"""The lobby's ratings section: after a rated match between two built-in bots, choosing that
game and player count shows both on the leaderboard, the winner first."""

from __future__ import annotations

import time
from typing import Any

from tests.e2e.browser import By, call, text, wait


def test_the_lobby_shows_a_leaderboard(site: str, browser: Any) -> None:
    match = call(site, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 2, "rated": True, "options": {"target_stakes": 1},
        "seats": [{"name": "R", "bot": "random"}, {"name": "H", "bot": "heuristic"}]})
    for _ in range(600):
        if call(site, "GET", f"/v1/matches/{match['id']}")["status"] == "over":
            break
        time.sleep(0.1)
    board = call(site, "GET", "/v1/ratings?preset=sedma&players=2")["ratings"]
    browser.get(site + "/")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#ratings-game option"))
    browser.find_element(By.CSS_SELECTOR, "#ratings-game option[value='sedma:2']").click()
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#ratings-board tbody tr"))
    rows = browser.find_elements(By.CSS_SELECTOR, "#ratings-board tbody tr")
    assert [r.get_attribute("data-entity") for r in rows] == [b["id"] for b in board]
    assert "(bot)" in text(browser, "#ratings-board tbody tr")
