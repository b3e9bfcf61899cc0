"""The lobby's ratings section: after a rated match between two built-in bots, choosing that
game and player count shows both on the leaderboard, the winner first."""

from __future__ import annotations

import time
from typing import Any

from tests.e2e.browser import By, axe_source, call, text, violations, wait


def test_the_lobby_shows_a_leaderboard(site: str, browser: Any) -> None:
    match = call(site, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 2, "rated": True, "options": {"target_stakes": 1},
        "seats": [{"name": "R", "bot": "random"}, {"name": "H", "bot": "heuristic"}]})
    deadline = time.monotonic() + 240  # each bot move waits its think time (0.4 s) at least
    while call(site, "GET", f"/v1/matches/{match['id']}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the rated match"
        time.sleep(0.1)
    board = call(site, "GET", "/v1/ratings?preset=sedma&players=2")["ratings"]
    assert len(board) == 2, board
    browser.get(site + "/")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#ratings-game option"))
    browser.find_element(By.CSS_SELECTOR, "#ratings-game option[value='sedma:2']").click()
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#ratings-board tbody tr"))
    rows = browser.find_elements(By.CSS_SELECTOR, "#ratings-board tbody tr")
    assert [r.get_attribute("data-entity") for r in rows] == [b["id"] for b in board]
    assert "(bot)" in text(browser, "#ratings-board tbody tr")


def test_the_lobby_shows_the_bots_ladder(site: str, browser: Any) -> None:
    """Issue 29, "the ladder's leaderboard": a bot that entered Sedma's ladder with its
    player's key is listed under that game's ratings, with the built-in anchors named; a pool
    the ladder does not play (Sedma for 4) shows no ladder."""
    player = call(site, "POST", "/v1/players", {"name": "Streamer"})
    call(site, "POST", "/v1/ladder/sedma/entries", {}, token=player["key"])
    browser.get(site + "/")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#ratings-game option"))
    browser.find_element(By.CSS_SELECTOR, "#ratings-game option[value='sedma:2']").click()
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#ladder-board tbody tr"))
    row = browser.find_element(By.CSS_SELECTOR, "#ladder-board tbody tr")
    assert row.get_attribute("data-entity") == player["id"]
    assert text(browser, "#ladder-board tbody tr").startswith("Streamer stream bot")
    assert "random, heuristic, search" in text(browser, "#ladder-board")
    assert not violations(browser, axe_source())
    browser.find_element(By.CSS_SELECTOR, "#ratings-game option[value='sedma:4']").click()
    wait(browser).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#ladder-board *"))
