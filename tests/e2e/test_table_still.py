"""The table keeps still under a finger: what a player aims at does not move as cards arrive
and go. Until you have played to a trick, the felt is as tall with none of the others' cards
on it as with all of them, and on a phone a row of the hand played away does not make the
page shorter (scrolled to its foot, a phone then moves everything down, and a tap aimed at
"I'm back" landed on a card)."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser import By, call, click, seq, sit, wait
from tests.e2e.test_phone import screen

# The heights of the cards in play and of the hand's room at every view the page draws (the
# table's data-seq is set once a render).
RECORD = """
window.__heights = [];
const measure = () => {
  const trick = document.getElementById('trick');
  const room = document.querySelector('.part-hand');
  const hand = document.getElementById('hand');
  if (trick && room && hand) window.__heights.push({
    trick: Math.round(trick.getBoundingClientRect().height),
    room: Math.round(room.getBoundingClientRect().height),
    rows: new Set([...hand.querySelectorAll('.card')].map((c) => c.offsetTop)).size,
    cards: document.querySelectorAll('#trick .card').length,
    mine: document.querySelectorAll('#trick .spot.slot-bottom .card').length});
};
new MutationObserver(measure).observe(document, {subtree: true, attributeFilter: ['data-seq']});
"""


def play_turns(site: str, browser: Any, ruleset: str, turns: int) -> list[dict[str, int]]:
    """Seat 0 of a 4-seat match of ``ruleset`` (the others bots) plays its first legal card
    ``turns`` times; the heights at every view drawn meanwhile."""
    seats = [{"name": "Ana"}] + [{"name": n, "bot": "heuristic"} for n in ("Bo", "Cy", "Di")]
    match = call(site, "POST", "/v1/matches", {"ruleset": ruleset, "players": 4, "seats": seats,
                                              "creator_seat": 0, "seed": "still"})
    sit(browser, site, match, 0)
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD})
    browser.get(f"{site}/deals/{match['deal']['id']}")
    for _ in range(turns):
        wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
        browser.execute_script("document.getElementById('hand').scrollIntoView({block: 'end'})")
        before = seq(browser)
        click(browser, "#hand .card.legal")
        wait(browser).until(lambda d, b=before: seq(d) != b)
    return list(browser.execute_script("return window.__heights"))


def test_the_felt_is_as_tall_with_none_of_the_others_cards_as_with_all(site: str,
                                                                       browser: Any) -> None:
    """Until you have played to a trick, the cards in play take one height, however many of
    the three others' cards are on the table."""
    heights = play_turns(site, browser, "sueca", 6)
    waiting = [h for h in heights if not h["mine"]]
    shown = {h["cards"] for h in waiting}
    assert len(shown) > 1, f"before you played there were always {shown} cards: no test"
    trick = {h["trick"] for h in waiting}
    assert len(trick) == 1, f"the cards in play took heights {sorted(trick)} px"


def test_a_row_played_away_keeps_its_room_on_a_phone(site: str, browser: Any) -> None:
    """At 390x844 a hand of ten cards takes two rows; once it fits in one, its room stays."""
    screen(browser, 390, 844)
    heights = play_turns(site, browser, "sueca", 4)
    assert len({h["rows"] for h in heights}) > 1, "the hand never lost a row: no test"
    rooms = [h["room"] for h in heights]
    assert rooms == sorted(rooms), "the hand's room shrank while the deal was on"
