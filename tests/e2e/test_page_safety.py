"""The page cannot be turned against the people who open it, and people of every ability can use
it: seat names that are script payloads show as text on the lobby, a table and a replay, and no
script of theirs runs; axe-core finds no serious or critical accessibility violation there."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser import (
    By,
    axe_source,
    call,
    finished_deal,
    seq,
    serious_violations,
    sit,
    text,
    wait,
)

PAYLOADS = [
    "<img src=x onerror=\"window.__xss=1;document.title='pwned'\">",
    "<script>window.__xss=2;document.title='pwned'</script>",
    "\"><svg onload=window.__xss=3>",
    "Ana</span><b id=injected>bold</b>",
]


def no_script_ran(browser: Any) -> None:
    assert browser.execute_script("return window.__xss") is None
    assert browser.title.startswith("Tricklog") and "pwned" not in browser.title
    assert not browser.find_elements(By.CSS_SELECTOR, "img[src=x], svg[onload], #injected")


def test_script_payloads_as_seat_names_show_as_text(site: str, browser: Any) -> None:
    seats = [{"name": name, "bot": "random"} for name in PAYLOADS]
    deal = finished_deal(site, {"ruleset": "sedma", "players": 4, "seats": seats})

    browser.get(site + "/")
    row = wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#matches tbody tr"))
    for name in PAYLOADS:
        assert name in row.text
    no_script_ran(browser)

    browser.get(f"{site}/deals/{deal}")
    wait(browser).until(lambda d: d.find_elements(By.ID, "result"))
    assert [text(browser, f".plate[data-seat='{s}'] .name") for s in range(4)] == PAYLOADS
    assert any(name in text(browser, "#result-text") for name in PAYLOADS)
    no_script_ran(browser)

    browser.get(f"{site}/deals/{deal}/replay")
    wait(browser).until(lambda d: d.find_element(By.ID, "replay").get_attribute("data-at"))
    assert PAYLOADS[0] in text(browser, "#story")
    assert [text(browser, f".plate[data-seat='{s}'] .name") for s in range(4)] == PAYLOADS
    no_script_ran(browser)


def test_no_serious_accessibility_violation(site: str, browser: Any) -> None:
    source = axe_source()
    found = {}
    match = call(site, "POST", "/v1/matches", {"ruleset": "sueca", "seats": [
        {"name": "Ana"}, {"name": "Bo", "bot": "heuristic"}, {"name": "Cy", "bot": "heuristic"},
        {"name": "Di", "bot": "heuristic"}], "creator_seat": 0})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
    assert seq(browser)
    found["live table"] = serious_violations(browser, source)

    seats = [{"name": n, "bot": "heuristic"} for n in ("Ana", "Bo", "Cy", "Di")]
    deal = finished_deal(site, {"ruleset": "sueca", "seats": seats})
    browser.get(f"{site}/deals/{deal}/replay?at=6")
    wait(browser).until(lambda d: d.find_element(By.ID, "replay").get_attribute("data-at") == "6")
    found["replay"] = serious_violations(browser, source)
    browser.get(site + "/")  # with both matches listed
    wait(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#matches tbody tr")) == 2)
    found["lobby"] = serious_violations(browser, source)
    assert found == {"lobby": [], "live table": [], "replay": []}


def test_the_api_docs_work_under_the_same_policy(site: str, browser: Any) -> None:
    """Swagger UI at /docs runs with no inline script and no policy violation (the browser
    fixture fails the test on any logged violation)."""
    browser.get(site + "/docs")
    wait(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".opblock")) > 20)
