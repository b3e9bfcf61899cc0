"""A deal of every family played to its end by clicks (issue 29, "Done when"): the human seat
clicks its cards and buttons, bots play the other seats, and at the start, the middle and the
end of the deal the window takes each of four screens (a phone, a tablet, a laptop, a large
screen) where nothing scrolls sideways, every card of the hand and every control of the table
is on screen, each card shows a touch target of 44 px or more, and axe-core finds no violation of
any impact. A screenshot of each (table, screen,
moment) goes to one folder (``screenshots`` under pytest's temporary directory; with
``TRICKLOG_SCREENSHOTS`` set, the phone and desktop pictures of ``DOCS`` go there too: ``make
screenshots`` puts them in docs/screenshots for the README).

The tables come from the registry (what ``GET /v1/rulesets`` lists), not from a list of games
here: a family registered tomorrow is played here with each of its player counts."""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.registry import catalogue
from tests.e2e.browser import (
    By,
    StaleElementReferenceException,
    WebDriverWait,
    attr,
    axe_source,
    call,
    sit,
    text,
)

# The window's inside (the page's viewport) on each screen: a laptop's or a desktop's browser
# shows the page less its tab strip and address bar (111 px), a phone's and a tablet's the whole
# screen (a phone's meta viewport applies: ``mobile``).
SCREENS = {"390x844": (390, 844, True), "768x1024": (768, 1024, True),
           "1366x768": (1366, 657, False), "1920x1080": (1920, 969, False)}
PHONE, DESKTOP = "390x844", "1366x768"
DOCS = {"sueca-4", "sueca-italiana-5", "serbian-whist-6", "hola-6"}  # the README's pictures
NAMES = ["Ana", "Bo", "Cy", "Di", "Eva", "Filip"]


def tables() -> list[tuple[str, int]]:
    """Each family with each of its player counts, at the first preset that has it (Hola is
    the Sedma family's table for six). A family's other presets are drawn by the same page from
    other facts (rank order, wild cards, the direction of play: ``table`` in ``GET
    /v1/rulesets``); ``SHOWN`` adds those whose table has furniture of its own."""
    chosen: dict[tuple[str, int], str] = {}
    for preset in catalogue():
        for n in preset["players"]:
            chosen.setdefault((preset["family"], n), preset["id"])
    out = [(pid, n) for (_, n), pid in chosen.items()]
    known = {p["id"]: p["players"] for p in catalogue()}
    return out + [(p, n) for p, n in SHOWN if (p, n) not in out and n in known.get(p, ())]


# Presets whose table differs from their family's first one: Sedmice for four shows the
# partners' hands, and a capture goes on only while an opponent wins it.
SHOWN = [("sedmice", 4)]
TABLES = tables()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("screenshots")


def screen(browser: Any, name: str) -> tuple[int, int]:
    width, height, mobile = SCREENS[name]
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    return width, height


# -- playing by clicks -------------------------------------------------------------------------

# What the player does next, as a person would see it: the deal's result, or the control to
# click (a card it may play first: in a game of captures that is also going on; then a move
# button, a bid, a choice from a list; stopping, and asking for a redeal, last).
NEXT = """
if (document.querySelector('#result')) return ['over', null];
const table = document.getElementById('table');
if (!table || !table.classList.contains('my-turn')) return null;
const move = '#moves button[data-move]:not([disabled])';
for (const s of ['#hand .card.legal', move + ':not([data-move=stop]):not([data-move=redeal])',
                 '#bid-button:not([disabled])', '#moves .choice > button.primary:not([disabled])',
                 move + '[data-move=stop]', move]) {
  const found = document.querySelector(s);
  if (found) return ['click', found];
}
return null;
"""


def quick(browser: Any, seconds: float = 60) -> Any:
    return WebDriverWait(browser, seconds, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException,))


def turns(browser: Any) -> Iterator[tuple[str, Any]]:
    """Each time the player may act: ("click", the control to click) until ("over", None)."""
    while True:
        kind, element = quick(browser).until(lambda d: d.execute_script(NEXT))
        yield kind, element
        if kind == "over":
            return


def click(browser: Any, element: Any) -> None:
    """Click as a person would; the table drawn anew in between is looked at again."""
    before = attr(browser, "#table", "data-seq")
    try:
        element.click()
    except StaleElementReferenceException:
        return
    quick(browser, 30).until(lambda d: d.find_element(By.ID, "table").get_attribute(
        "data-seq") != before or text(d, "#error"))
    assert not text(browser, "#error"), f"a click was refused: {text(browser, '#error')}"


# -- what each screen must show ----------------------------------------------------------------

OFF_SCREEN = """
const [width, height] = [arguments[0], arguments[1]];
const out = [];
const place = (e) => { const r = e.getBoundingClientRect();
  return {what: e.id || e.dataset.card || e.textContent.trim().slice(0, 30),
          left: Math.round(r.left), right: Math.round(r.right),
          top: Math.round(r.top), bottom: Math.round(r.bottom)}; };
const shown = (e) => e.getClientRects().length > 0;
for (const e of document.querySelectorAll('button, a.button, select, input')) {
  const r = e.getBoundingClientRect();
  if (shown(e) && (r.left < 0 || r.right > width)) out.push(['sideways', place(e)]);
}
const result = document.querySelector('#result .links');
const hand = result || document.querySelector('.seat-bottom');  // your seat: hand, moves, buttons
if (hand) {
  hand.scrollIntoView({block: 'end'});
  const near = document.querySelectorAll(result ? '#result .links .button'
    : '#hand .card, #moves button, #moves select, #moves input, .felt button');
  for (const e of near) {
    const r = e.getBoundingClientRect();
    if (shown(e) && (r.top < 0 || r.bottom > height)) out.push(['below', place(e)]);
  }
}
// each card of the hand shows a touch target of 44 px or more: up to the next card in its row
// (a playable card stands raised: a card in the same row is less than half a card higher)
const cards = [...document.querySelectorAll('#hand .card')].map((e) => e.getBoundingClientRect());
cards.forEach((r, i) => {
  const next = cards[i + 1];
  const row = next && Math.abs(next.top - r.top) < r.height / 2;
  if (Math.min(row ? next.left - r.left : r.width, r.height) < 44) out.push(['small', {
    what: document.querySelectorAll('#hand .card')[i].dataset.card, width: r.width,
    shown: row ? next.left - r.left : r.width, height: r.height}]);
});
return {scroll: document.documentElement.scrollWidth, off: out};
"""

WHY = {"sideways": "off screen sideways", "below": "off screen below the hand",
       "small": "a touch target under 44 px"}

AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(done, (e) => done({error: String(e)}));
"""


def looked_at(browser: Any, folder: Path, table: str, moment: str) -> list[str]:
    """The table at ``moment`` on each screen: what is wrong there, in words, and a picture.
    axe-core (half a second a run) looks at the middle of the deal on every screen and at its
    start and end on the phone, where a box of its own may start to scroll."""
    wrong: list[str] = []
    if not browser.execute_script("return typeof axe !== 'undefined'"):
        browser.execute_script(axe_source())
    for name in SCREENS:
        width, height = screen(browser, name)
        where = f"{table} at {name}, {moment}"
        laid = browser.execute_script(OFF_SCREEN, width, height)
        if laid["scroll"] > width:
            wrong.append(f"{where}: the page is {laid['scroll']} px wide")
        wrong += [f"{where}: {e['what']!r} is {WHY[side]} ({e})" for side, e in laid["off"]]
        if moment == "middle" or name == PHONE:
            found = browser.execute_async_script(AXE)
            assert "error" not in found, found
            wrong += [f"{where}: axe {v['id']} ({v['impact']}): {v['help']} "
                      f"{[n['target'] for n in v['nodes']][:3]}" for v in found["violations"]]
        picture(browser, folder, f"{table}-{name}-{moment}")
    return wrong


def picture(browser: Any, folder: Path, name: str) -> None:
    """A JPEG in ``folder`` (about 100 KB, a PNG 250 KB); the README's
    phone and desktop pictures as PNG in ``$TRICKLOG_SCREENSHOTS`` when set."""
    browser.execute_script("document.activeElement?.blur?.()")  # scrolled to the hand
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {"format": "jpeg", "quality": 80})
    (folder / f"{name}.jpg").write_bytes(base64.b64decode(shot["data"]))
    target = os.environ.get("TRICKLOG_SCREENSHOTS")
    table, screen_name, moment = name.rsplit("-", 2)
    if target and table in DOCS and moment == "middle" and screen_name in (PHONE, DESKTOP):
        browser.save_screenshot(str(Path(target) / f"{table}-{screen_name}.png"))


@pytest.mark.parametrize(("ruleset", "players"), TABLES, ids=[f"{r}-{n}" for r, n in TABLES])
def test_a_deal_played_by_clicks_fits_every_screen(site: str, browser: Any, screenshots: Path,
                                                   ruleset: str, players: int) -> None:
    seats = [{"name": NAMES[0]}] + [{"name": n, "bot": "random"} for n in NAMES[1:players]]
    match = call(site, "POST", "/v1/matches", {"ruleset": ruleset, "players": players,
                                              "seats": seats, "creator_seat": 0,
                                              "seed": "every screen"})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    table, wrong, cards, clicks, middle = f"{ruleset}-{players}", [], 0, 0, False
    for kind, element in turns(browser):
        if kind == "over":
            wrong += looked_at(browser, screenshots, table, "end")
            break
        held = len(browser.find_elements(By.CSS_SELECTOR, "#hand .card"))
        if clicks == 0:
            cards = held
            wrong += looked_at(browser, screenshots, table, "start")
        elif not middle and held <= max(1, cards // 2):  # half the hand played
            wrong += looked_at(browser, screenshots, table, "middle")
            middle = True
        click(browser, element)
        clicks += 1
        assert clicks < 400, "the deal does not end"
    assert not wrong, "\n".join(wrong)
