"""axe-core with zero violations of any impact, minor ones included (issue 29): the lobby, a
table in play (its last trick recalled too; each family, 2 to 6 seats), the end of a match
with its sheet, and the replay."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser import By, axe_source, call, finished_deal, seq, sit, violations, wait
from tests.e2e.test_phone import seated


def test_no_violation_of_any_impact(site: str, browser: Any) -> None:
    source = axe_source()
    found: dict[str, list[str]] = {}
    browser.get(site + "/")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "button.quick-play"))
    found["lobby"] = violations(browser, source)
    seats = [{"name": "Ana"}] + [{"name": n, "bot": "heuristic"} for n in ("Bo", "Cy", "Di")]
    match = call(site, "POST", "/v1/matches", {"ruleset": "sueca-italiana", "seed": "axe",
                                              "seats": seats, "creator_seat": 0})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: seq(d) and d.find_elements(By.ID, "bid-choice"))
    found["table"] = violations(browser, source)
    browser.find_element(By.ID, "last-trick-button").click()
    wait(browser).until(lambda d: d.find_elements(By.ID, "last-trick"))
    found["last trick"] = violations(browser, source)
    for ruleset, players in (("sedma", 2), ("serbian-whist", 6)):  # each family, 2 to 6 seats
        seated(site, browser, ruleset, players)
        found[f"{ruleset} {players}"] = violations(browser, source)
    bots = [{"name": "Ana", "bot": "heuristic"}, {"name": "Bo", "bot": "random"}]
    deal = finished_deal(site, {"ruleset": "sedma", "players": 2, "seed": "axe", "seats": bots,
                                "options": {"target_stakes": 1}})
    browser.get(f"{site}/deals/{deal}")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#result #sheet"))
    found["match end"] = violations(browser, source)
    browser.get(f"{site}/deals/{deal}/replay")
    wait(browser).until(lambda d: d.find_element(By.ID, "replay").get_attribute("data-at") == "1")
    found["replay"] = violations(browser, source)
    assert not any(found.values()), found
