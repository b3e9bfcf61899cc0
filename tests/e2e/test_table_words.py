"""The table's numbers and words, as card players read them (issue 29): Sedma's running card
points, long names, seats in validation messages, articles and possessives, the lead and the
winner marked, a refused card's rule next to the hand."""

from __future__ import annotations

from typing import Any

from domain import registry
from tests.e2e.browser import By, attr, call, cards, click, finished_deal, seq, sit, text, wait


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


FULL = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]
LONG = ["W" * 64, ("Anastasija Konstantinovna Vladimirovna-Petrovska of Novi Sad " * 2)[:64]]


def test_long_names_end_in_an_ellipsis_and_keep_the_layout(site: str, browser: Any) -> None:
    """Names of 64 characters: the plate shows the start and "…", the whole name is its title,
    the page does not grow sideways on a phone or a laptop, what the match plays to keeps its
    one line beside two long names (it was squeezed to a letter a line); and no character of
    the page needs an emoji font (🃏 was an empty box)."""
    names = ["Ana", LONG[0], "Cy", LONG[1]]
    seats = [{"name": n} if i == 0 else {"name": n, "bot": "heuristic"}
             for i, n in enumerate(names)]
    match = call(site, "POST", "/v1/matches", {"ruleset": "sedma", "players": 4, "seats": seats,
                                              "creator_seat": 0, "seed": "long"})
    sit(browser, site, match, 0)
    for width, height in ((390, 844), (1366, 657)):
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800})
        browser.get(f"{site}/deals/{match['deal']['id']}")
        wait(browser).until(lambda d: seq(d))
        scroll = browser.execute_script("return document.documentElement.scrollWidth")
        assert scroll <= width, f"the page is {scroll} px wide on a {width} px screen"
        for seat in (1, 3):
            shown = browser.find_element(By.CSS_SELECTOR, f".plate[data-seat='{seat}'] .name")
            assert shown.get_attribute("title") == names[seat]
            fit = browser.execute_script(
                "const n = arguments[0], p = n.closest('.plate').getBoundingClientRect();"
                "const r = n.getBoundingClientRect();"
                "return r.right <= p.right && n.scrollWidth > n.clientWidth;", shown)
            assert fit, f"seat {seat}'s name is not cut short inside its plate at {width} px"
        lines = browser.execute_script(
            "const r = document.createRange();"
            "r.selectNodeContents(document.getElementById('target'));"
            "return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size")
        assert lines == 1, f"what the match plays to takes {lines} lines at {width} px"
        astral = browser.execute_script(
            "return [...document.body.innerText].filter((c) => c.codePointAt(0) > 0xFFFF)")
        assert astral == []


MARK = """
const out = [];
for (const plate of document.querySelectorAll('.felt > .plate')) {
  const mark = document.createElement('span');
  mark.className = 'badge partner revealed';
  mark.textContent = arguments[0];
  plate.querySelector('.badges').appendChild(mark);
  const [p, m] = [plate.getBoundingClientRect(), mark.getBoundingClientRect()];
  out.push({inside: m.right <= p.right + 0.5, page: document.documentElement.scrollWidth});
  mark.remove();
}
return out;
"""


def test_a_mark_of_any_length_stays_inside_its_plate(site: str, browser: Any) -> None:
    """Six seats on a phone, three plates a row: the widest mark the table draws (Italiana's
    revealed partner, "✦ partner of <the bidder's name>") on any plate ends in "…" inside it.
    "✦ partner of Filip" on the right-hand plate made the page 393 px wide on a 390 px phone."""
    others = ["Bo", "Cy", "Di", "Eva", "Filip"]
    seats = [{"name": "Ana"}] + [{"name": n, "bot": "random"} for n in others]
    match = call(site, "POST", "/v1/matches", {"ruleset": "sueca-italiana", "players": 6,
                                              "seats": seats, "creator_seat": 0, "seed": "marks"})
    sit(browser, site, match, 0)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: seq(d))
    for words in ("✦ partner of Filip", f"✦ partner of {LONG[1]}"):
        placed = browser.execute_script(MARK, words)
        assert len(placed) == 5, placed
        assert all(p["inside"] and p["page"] <= 390 for p in placed), (words, placed)


def test_a_refused_name_speaks_of_the_seat_as_the_form_does(site: str, browser: Any) -> None:
    browser.get(site + "/")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#seats .seat-name"))
    field = browser.find_elements(By.CSS_SELECTOR, "#seats .seat-name")[1]
    field.clear()
    field.send_keys("   ")
    browser.find_element(By.ID, "create-button").click()
    wait(browser).until(lambda d: text(d, "#create-error"))
    said = text(browser, "#create-error")
    assert "Seat 2" in said and "seats." not in said, said


def words(browser: Any, site: str, script: str) -> Any:
    """Run ``script`` with the page's words.js as ``w``."""
    browser.get(site + "/")
    return browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('/static/js/words.js').then((w) => done((" + script + ")(w)));")


def test_articles_and_possessives(site: str, browser: Any) -> None:
    """"an eight", "an ace"; the bidder's hidden partner is "your partner" to the bidder."""
    assert words(browser, site, "(w) => [w.an('eight'), w.an('ace'), w.an('seven')]") == \
        ["an eight", "an ace", "a seven"]
    ctx = "{me: 1, names: ['Ana', 'Bo', 'Cy', 'Di']}"
    assert words(browser, site, f"(w) => [w.partnerOf({ctx}, 1), w.partnerOf({ctx}, 2)]") == \
        ["your partner", "partner of Cy"]


def test_the_osmova_leader_is_told_an_eight_and_the_lead_is_marked(site: str,
                                                                   browser: Any) -> None:
    """Osmova's wild eights with "an"; the card led and its seat are marked, as is the seat
    winning the capture."""
    mine, theirs = ["KS", "7S", "KH", "8D"], ["9C", "10D", "AC", "JH"]
    stock = [c for c in FULL if c not in mine + theirs]
    match = call(site, "POST", "/v1/matches", {
        "ruleset": "sedma-osmova", "players": 2,
        "seats": [{"name": "Ana"}, {"name": "Bo", "bot": "random"}], "creator_seat": 0,
        "deal": {"dealer": 1, "hands": [mine, theirs], "stock": stock}})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
    click(browser, "#hand [data-card='KS']")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#moves [data-move='stop']"))
    assert text(browser, "#status").startswith(
        "Your turn: go on with a king or a seven or an eight (")
    assert "led" in text(browser, ".plate[data-seat='0'] .markers")
    assert "led" not in text(browser, ".plate[data-seat='1'] .markers")
    assert cards_marked(browser, "lead") == ["KS"]
    winner = attr(browser, "#trick .card.win", "data-card")
    seat = "0" if winner == "KS" else "1"
    assert "winning" in text(browser, f".plate[data-seat='{seat}'] .markers")


def cards_marked(browser: Any, mark: str) -> list[str]:
    return [c.get_attribute("data-card")
            for c in browser.find_elements(By.CSS_SELECTOR, f"#trick .card.{mark}")]


def test_a_refused_card_says_the_rule_next_to_the_hand(site: str, browser: Any) -> None:
    """Clicking a card off the led suit while holding that suit says "You must follow …" right
    above the hand, and the card stays in the hand. A prearranged deal makes the moment
    certain: Ana deals (seat 1 leads, she plays last) and holds every suit, so whatever is led
    she must follow it with other suits in hand (a random deal's bots may never ask it)."""
    rules = registry.rules_for("sueca", 4, {})
    by_suit = sorted(rules.pack(), key=lambda c: c[-1])
    hands = [by_suit[seat::4] for seat in range(4)]  # two or three cards of every suit each
    seats = [{"name": "Ana"}] + [{"name": n, "bot": "heuristic"} for n in ("Bo", "Cy", "Di")]
    match = call(site, "POST", "/v1/matches", {
        "ruleset": "sueca", "seats": seats, "creator_seat": 0,
        "deal": {"dealer": 0, "hands": hands, "stock": [], "trump_card": hands[0][-1]}})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
    dim = cards(browser, "#hand .card.dim")
    assert dim, "Ana holds every suit: some cards must be off the led one"
    card = dim[0]
    led = attr(browser, "#trick .card.lead", "data-card")
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[led[-1]]
    click(browser, f"#hand [data-card='{card}']")
    wait(browser).until(lambda d: text(d, "#error"))
    assert text(browser, "#error").startswith(f"You must follow {suit}")
    gap = browser.execute_script(
        "return document.getElementById('hand').getBoundingClientRect().top"
        " - document.getElementById('error').getBoundingClientRect().bottom")
    assert 0 <= gap < 40, f"the message is {gap} px away from the hand"
    assert card in [c.get_attribute("data-card")
                    for c in browser.find_elements(By.CSS_SELECTOR, "#hand .card")]
