"""The end of a match (issue 29 item 8): the heading names the winner, the totals put the
winner first, and the match's score sheet is on the page (Serbian whist's with bids, tricks,
the cards dealt and the trumps of each hand)."""

from __future__ import annotations

import time
import urllib.error
from typing import Any

from tests.e2e.browser import By, call, finished_deal, fresh, held_tokens, sit, text, wait


def test_the_match_end_names_the_winner_first_with_the_sheet(site: str, browser: Any) -> None:
    seats = [{"name": "Ana", "bot": "heuristic"}, {"name": "Bo", "bot": "random"}]
    deal = finished_deal(site, {"ruleset": "sedma", "players": 2, "seed": "end", "seats": seats,
                                "options": {"target_stakes": 1}})
    match = call(site, "GET", f"/v1/matches/{deal.rsplit('.', 1)[0]}")
    assert match["status"] == "over"
    winner = seats[match["winners"][0]]["name"]
    loser = seats[1 - match["winners"][0]]["name"]
    browser.get(f"{site}/deals/{deal}")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#result #sheet"))
    assert text(browser, "#result h2") == f"{winner} wins the match"
    assert text(browser, "#match-text").startswith(f"Final score: {winner} ")
    assert text(browser, "#match-text").index(winner) < text(browser, "#match-text").index(loser)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#sheet tbody tr")) == 1


def test_serbian_whist_shows_its_score_sheet(site: str, browser: Any) -> None:
    seats = [{"name": n, "bot": "heuristic"} for n in ("Ana", "Bo", "Cy", "Di")]
    deal = finished_deal(site, {"ruleset": "serbian-whist", "seed": "sheet", "seats": seats})
    browser.get(f"{site}/deals/{deal}")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#result #sheet"))
    heads = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "#sheet thead th")]
    assert heads == ["Hand", "Cards", "Trumps", "Ana", "Bo", "Cy", "Di"]
    row = text(browser, "#sheet tbody tr")
    assert row.count("bid ") == 4 and "took" in row


def test_rematch_from_the_end_of_a_match_seats_the_asker_again(site: str, browser: Any) -> None:
    """Issue 29 item 8 and issue 28 item 3: the player at a finished match's end asks for the
    rematch with one click, holds their seat in it, and the two matches link to each other."""
    seats = [{"name": "Ana"}, {"name": "Bo", "bot": "heuristic"}]
    match = call(site, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 2, "seed": "again", "seats": seats, "creator_seat": 0,
        "options": {"target_stakes": 1}})
    token, deal = match["tokens"][0]["token"], match["deal"]["id"]
    deadline = time.monotonic() + 120
    while (view := call(site, "GET", f"/v1/deals/{deal}", token=token))["phase"] != "over":
        assert time.monotonic() < deadline, "the deal did not finish"
        if view.get("turn") == 0 and view["legal_moves"]:
            try:
                call(site, "POST", f"/v1/deals/{deal}/moves", view["legal_moves"][0], token)
            except urllib.error.HTTPError as err:
                assert err.code == 409, err  # the bot moved first: look again
        else:
            time.sleep(0.05)
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{deal}")
    wait(browser).until(lambda d: d.find_elements(By.ID, "rematch"))
    fresh(lambda: browser.find_element(By.ID, "rematch").click())  # redrawn as the sheet comes
    wait(browser).until(lambda d: f"/deals/{deal}" not in d.current_url)
    old = call(site, "GET", f"/v1/matches/{match['id']}")
    new = call(site, "GET", f"/v1/matches/{old['rematch']}")
    assert new["rematch_of"] == match["id"]
    assert browser.current_url.endswith(f"/deals/{new['deals'][0]['id']}")
    assert held_tokens(browser)[new["id"]][0]["seat"] == 0
