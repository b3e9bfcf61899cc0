"""The table on every screen (issue 29): phones in portrait, a laptop, 2 to 6 seats. Nothing
scrolls sideways, the hand and the moves are on screen, each card is a touch target of at least
44 px, and the replay fits a phone too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.registry import rules_for
from tests.e2e.browser import By, call, click, finished_deal, fresh, picture, seq, sit, wait

PHONES = [(390, 844), (360, 740)]
LAPTOP = (1366, 657)  # a 1366×768 screen less the browser's tab strip and address bar
FULL = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]


def screen(browser: Any, width: int, height: int) -> None:
    """The viewport of a device of that size (a phone's: its meta viewport applies)."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800})


def sedma_at_stop(site: str, browser: Any) -> None:
    """Two-handed Sedma, the leader asked to go on or stop: the Stop button is showing."""
    mine, theirs = ["KS", "7S", "KH", "8D"], ["9C", "10D", "AC", "JH"]
    stock = [c for c in FULL if c not in mine + theirs]
    match = call(site, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 2,
        "seats": [{"name": "Ana"}, {"name": "Bo", "bot": "random"}], "creator_seat": 0,
        "deal": {"dealer": 1, "hands": [mine, theirs], "stock": stock}})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
    fresh(lambda: click(browser, "#hand [data-card='KS']"))
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#moves [data-move='stop']"))


def seated(site: str, browser: Any, ruleset: str, players: int) -> None:
    """Seat 0 of a match of ``players`` (the others bots), its table open with a full hand."""
    names = ["Ana", "Bo", "Cy", "Di", "Eva", "Filip"][:players]
    seats = [{"name": n} if i == 0 else {"name": n, "bot": "heuristic"}
             for i, n in enumerate(names)]
    match = call(site, "POST", "/v1/matches", {"ruleset": ruleset, "players": players,
                                              "seats": seats, "creator_seat": 0, "seed": "fit"})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: seq(d) and d.find_elements(By.CSS_SELECTOR, "#hand .card"))
    at_rest(browser)


def at_rest(browser: Any) -> None:
    """The bots have played up to the seat's turn: two reads of the table, one poll apart
    (half a second), show the same view (each view is drawn anew, so a measure taken while
    bots move would read a layout that the next view replaces)."""
    seen: list[str] = []

    def settled(d: Any) -> bool:
        seen.append(seq(d))
        return len(seen) > 1 and seen[-1] == seen[-2]
    wait(browser).until(settled)


TABLES = [("sedma", 2), ("sueca", 4), ("sueca-italiana", 5), ("serbian-whist", 6)]


BOXES = ("const boxes = (s) => [...document.querySelectorAll(s)].map((e) => {"
         "const r = e.getBoundingClientRect();"
         "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,"
         " width: r.width, height: r.height}; });")


def box(browser: Any, selector: str) -> list[dict[str, float]]:
    return browser.execute_script(  # type: ignore[no-any-return]
        BOXES + "return boxes(arguments[0]);", selector)


def scrolled_boxes(browser: Any, selectors: tuple[str, ...]) -> dict[str, list[dict[str, float]]]:
    """The hand scrolled into view as a player would, and each selector's boxes measured in
    the same script: one layout, which no live update can replace between the two."""
    return browser.execute_script(  # type: ignore[no-any-return]
        BOXES + "document.getElementById('hand').scrollIntoView({block: 'end'});"
        "return Object.fromEntries(arguments[0].map((s) => [s, boxes(s)]));", list(selectors))


def fits(browser: Any, what: str, size: tuple[int, int]) -> None:
    """No sideways scroll; every card of the hand and every move inside the viewport, the hand
    scrolled into view as a player would; each card shows at least 44×44 px of itself. (A
    phone widens its layout viewport to a page too wide for it: the device's width is the
    measure.)"""
    width, height = size
    scroll = browser.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= width, f"{what}: the page is {scroll} px wide on a {width} px screen"
    measured = scrolled_boxes(browser, ("#hand .card", "#moves button", "#moves select"))
    for selector, rects in measured.items():
        for r in rects:
            assert r["left"] >= 0 and r["right"] <= width and r["top"] >= 0 \
                and r["bottom"] <= height, f"{what}: {selector} at {r} is off screen"
    cards = sorted(measured["#hand .card"], key=lambda r: (round(r["top"]), r["left"]))
    for r, after in zip(cards, cards[1:] + [None], strict=True):
        shown = r["width"] if after is None or round(after["top"]) != round(r["top"]) \
            else after["left"] - r["left"]
        assert min(shown, r["height"]) >= 44, f"{what}: a card shows {shown}×{r['height']} px"


@pytest.mark.parametrize("size", PHONES, ids=["390x844", "360x740"])
def test_the_table_fits_a_phone_in_portrait(site: str, browser: Any, tmp_path: Path,
                                            size: tuple[int, int]) -> None:
    screen(browser, *size)
    sedma_at_stop(site, browser)
    fits(browser, f"sedma 2 at {size}", size)
    if size == PHONES[0]:
        picture(browser, tmp_path, "phone")
    for ruleset, players in TABLES[1:]:
        seated(site, browser, ruleset, players)
        fits(browser, f"{ruleset} {players} at {size}", size)
    if size == PHONES[0]:
        picture(browser, tmp_path, "phone-6")


def test_the_whole_hand_shows_on_a_laptop_with_4_to_6_seats(site: str, browser: Any) -> None:
    """On a 1366×768 laptop (its browser shows 1366×657 of the page) the hand's bottom is on
    screen without scrolling."""
    screen(browser, *LAPTOP)
    for ruleset, players in TABLES[1:]:
        seated(site, browser, ruleset, players)
        bottom = max(r["bottom"] for r in box(browser, "#hand .card"))
        assert bottom <= LAPTOP[1], f"{ruleset} {players}: the hand ends at {bottom} px"
        fits(browser, f"{ruleset} {players} at {LAPTOP}", LAPTOP)


def test_the_replay_fits_a_phone(site: str, browser: Any, tmp_path: Path) -> None:
    seats = [{"name": n, "bot": "heuristic"} for n in ("Ana", "Bo", "Cy", "Di")]
    deal = finished_deal(site, {"ruleset": "sueca", "seed": "replay", "seats": seats})
    screen(browser, *PHONES[1])
    browser.get(f"{site}/deals/{deal}/replay")
    wait(browser).until(lambda d: d.find_element(By.ID, "replay").get_attribute("data-at") == "1")
    browser.find_element(By.ID, "next-trick").click()
    wait(browser).until(lambda d: d.find_element(By.ID, "replay").get_attribute(
        "data-type") == "trick_taken")
    width = PHONES[1][0]
    scroll = browser.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= width, f"the replay is {scroll} px wide on a {width} px screen"
    for r in box(browser, ".controls button"):
        assert r["left"] >= 0 and r["right"] <= width
    picture(browser, tmp_path, "replay-phone")


def test_six_seats_sit_around_the_cards_on_a_phone(site: str, browser: Any) -> None:
    """Hola for 6 at 390×844: the five other seats in two rows above the cards in play (they
    took five rows), and the whole hand on screen once the table is scrolled to its top."""
    screen(browser, *PHONES[0])
    seated(site, browser, "hola", 6)
    rows = {round(r["top"]) for r in box(browser, ".felt > .plate")}
    assert len(rows) <= 2, f"the other seats take {len(rows)} rows"
    browser.execute_script("document.querySelector('.felt').scrollIntoView({block: 'start'})")
    bottom = max(r["bottom"] for r in box(browser, "#hand .card"))
    assert bottom <= PHONES[0][1], f"the hand ends at {bottom} px"
    fits(browser, "hola 6 at 390x844", PHONES[0])


def test_six_seats_and_a_full_trick_leave_the_hand_whole_on_a_laptop(site: str,
                                                                     browser: Any) -> None:
    """Hola for 6 at 1366×768, your turn after the five others have played: the whole hand
    and the table's buttons on screen under a full trick, without scrolling."""
    pack = list(rules_for("hola", 6, None).pack())
    hands = [pack[4 * i:4 * i + 4] for i in range(6)]
    seats = [{"name": "Ana"}] + [{"name": n, "bot": "heuristic"}
                                 for n in ("Bo", "Cy", "Di", "Eva", "Filip")]
    match = call(site, "POST", "/v1/matches", {  # you deal: the five others play first
        "ruleset": "hola", "players": 6, "seats": seats, "creator_seat": 0,
        "deal": {"dealer": 0, "hands": hands, "stock": pack[24:]}})
    screen(browser, *LAPTOP)
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#trick .card")) == 5)
    bottom = max(r["bottom"] for r in box(browser, "#hand .card, .felt button"))
    assert bottom <= LAPTOP[1], f"the hand and its buttons end at {bottom} px"
    fits(browser, "hola 6 at 1366x657", LAPTOP)
