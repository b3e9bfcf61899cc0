"""The page's moves carry an ``Idempotency-Key`` and a move whose answer was lost is retried
with the same key (issue 32 item 7): the server answers the retry with the move it made, so the
player sees the move, not an error, and the deal holds it once."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.e2e.browser import By, call, cards, fresh, seq, sit, text, wait

# In the page before its scripts: every POST of a move is recorded with its headers, and the
# first one's answer is lost after the server has made the move (a dropped connection).
LOSE_FIRST_ANSWER = """
window.__moves = [];
const realFetch = window.fetch.bind(window);
window.fetch = async (url, init) => {
  const isMove = init && init.method === "POST" && String(url).endsWith("/moves");
  if (isMove) window.__moves.push((init.headers || {})["Idempotency-Key"] || null);
  const resp = await realFetch(url, init);
  if (isMove && window.__moves.length === 1) {
    if (window.__cut) {  // the answer's head came, its body was cut short
      return new Response('{"vi', {status: 200, headers: {"Content-Type": "application/json"}});
    }
    throw new TypeError("connection reset");
  }
  return resp;
};
"""


@pytest.mark.parametrize("loss", ["reset", "cut-short"])
def test_a_move_whose_answer_was_lost_is_retried_with_its_key(site: str, browser: Any,
                                                              loss: str) -> None:
    match = call(site, "POST", "/v1/matches", {"ruleset": "sueca", "seed": f"lost-answer-{loss}",
                                               "seats": [
        {"name": "Ana"}, {"name": "Bo", "bot": "heuristic"}, {"name": "Cy", "bot": "heuristic"},
        {"name": "Di", "bot": "heuristic"}], "creator_seat": 0})
    deal, token = match["deal"]["id"], match["tokens"][0]["token"]
    deadline = time.monotonic() + 60
    while not (view := call(site, "GET", f"/v1/deals/{deal}", token=token))["legal_moves"]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                            {"source": ("window.__cut = true;\n" if loss == "cut-short"
                                        else "") + LOSE_FIRST_ANSWER})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{deal}")
    wait(browser).until(lambda d: seq(d) == str(view["seq"]))

    def pick() -> str:  # read and click one card, again if the table is redrawn meanwhile
        card = browser.find_element(By.CSS_SELECTOR, "#hand .card.legal")
        name = str(card.get_attribute("data-card"))
        card.click()
        return name

    played = fresh(pick)
    wait(browser).until(lambda d: played not in cards(d, "#hand [data-card]"))
    wait(browser, 10).until(lambda d: len(d.execute_script("return window.__moves")) >= 2)
    keys = browser.execute_script("return window.__moves")
    assert len(keys) == 2 and keys[0] and keys[0] == keys[1], keys
    assert not text(browser, "#error")
    log = call(site, "GET", f"/v1/deals/{deal}/events", token=token)["events"]
    mine = [e for e in log if e["type"] == "played" and e["seat"] == 0]
    assert [e["data"]["card"] for e in mine] == [played]
    assert {e["command_id"] for e in mine} == {keys[0]}
