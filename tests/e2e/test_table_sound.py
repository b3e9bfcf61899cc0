"""Sounds (issue 29): off by default, a switch on the table kept in this browser; once on, a
card put on the table snaps and your turn chimes (WebAudio, no sound file). The switch counts
what it played (data-played) and the audio context's state (data-audio)."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser import By, attr, call, click, sit, wait
from tests.e2e.test_phone import FULL


def played(browser: Any) -> dict[str, int]:
    words = str(attr(browser, "#sound", "data-played"))
    parts = words.split()
    return {parts[i]: int(parts[i + 1]) for i in range(0, len(parts), 2)}


def test_sounds_are_off_until_switched_on_then_cards_and_your_turn_sound(site: str,
                                                                         browser: Any) -> None:
    mine, theirs = ["KS", "7S", "KH", "8D"], ["9C", "10D", "AC", "JH"]
    stock = [c for c in FULL if c not in mine + theirs]
    match = call(site, "POST", "/v1/matches", {  # Bo leads: a card on the table, then your turn
        "ruleset": "sedma", "players": 2, "creator_seat": 0,
        "seats": [{"name": "Ana"}, {"name": "Bo", "bot": "random"}],
        "deal": {"dealer": 0, "hands": [mine, theirs], "stock": stock}})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
    switch = browser.find_element(By.ID, "sound")
    assert switch.get_attribute("aria-pressed") == "false"
    assert played(browser) == {"card": 0, "turn": 0}  # Bo's card and your turn: silence

    switch.click()
    assert switch.get_attribute("aria-pressed") == "true"
    assert browser.execute_script("return localStorage.getItem('tricklog.sound')") == "1"
    click(browser, "#hand .card.legal")
    # your card, Bo's stop or go on, the capture taken, and sooner or later your turn again
    wait(browser).until(lambda d: played(d)["card"] >= 2 and played(d)["turn"] >= 1)
    assert attr(browser, "#sound", "data-audio") == "running"

    browser.refresh()  # the switch is kept in this browser
    wait(browser).until(lambda d: d.find_elements(By.ID, "sound"))
    assert attr(browser, "#sound", "aria-pressed") == "true"
    browser.find_element(By.ID, "sound").click()
    assert browser.execute_script("return localStorage.getItem('tricklog.sound')") == "0"
