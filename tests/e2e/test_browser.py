"""The page in a real headless Chromium, as a card player uses it: a table per URL that survives
a reload, a whole Sueca deal played by clicking and by keyboard from seat 1 against three bots,
the lobby reopening the right seat, an unknown deal said in words, the replay told as a story,
the Sedma leader's choice in words, and the lists that stand for many buttons."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from tests.e2e.browser import (
    By,
    attr,
    call,
    cards,
    click,
    finished_deal,
    fresh,
    held_tokens,
    moved_on,
    picture,
    seq,
    sit,
    text,
    wait,
)

SUECA_RANKS = ["A", "7", "K", "J", "Q", "6", "5", "4", "3", "2"]  # RULES.md §7.1


def sueca_sorted(cards: list[str], trump: str) -> list[str]:
    """Suits in alternating colours with trumps first; within a suit, Sueca's rank order."""
    suits = [trump, "S", "D", "C"] if trump == "H" else [trump, "S", "H", "C"] if trump == "D" \
        else [trump, "H", "C" if trump == "S" else "S", "D"]
    return sorted(cards, key=lambda c: (suits.index(c[-1]), SUECA_RANKS.index(c[:-1])))


def fill_lobby(browser: Any, ruleset: str, seats: list[tuple[str, str]]) -> None:
    """The lobby's form: a name and a person ("") or a bot per seat; you sit in the first
    seat a person plays."""
    from selenium.webdriver.support.ui import Select

    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#ruleset option"))
    Select(browser.find_element(By.ID, "ruleset")).select_by_value(ruleset)
    rows = browser.find_elements(By.CSS_SELECTOR, "#seats .seat-row")
    assert len(rows) == len(seats)
    for row, (name, kind) in zip(rows, seats, strict=True):
        field = row.find_element(By.CLASS_NAME, "seat-name")
        field.clear()
        field.send_keys(name)
        Select(row.find_element(By.CLASS_NAME, "seat-bot")).select_by_value(kind)
    mine = next((str(i) for i, (_, kind) in enumerate(seats) if kind == ""), "")
    Select(browser.find_element(By.ID, "creator-seat")).select_by_value(mine)


def my_view(browser: Any, site: str, deal: str) -> dict[str, Any]:
    """The view of the seat this tab plays, read with the token the page keeps."""
    match = deal.rsplit(".", 1)[0]
    token = browser.execute_script(
        "const m = JSON.parse(sessionStorage.getItem('tricklog.seats'))[arguments[0]];"
        "return JSON.parse(sessionStorage.getItem('tricklog.tokens'))[arguments[0]]"
        ".find((t) => t.seat === m).token;", match)
    return call(site, "GET", f"/v1/deals/{deal}", token=token)  # type: ignore[no-any-return]


def hand(browser: Any) -> list[str]:
    return cards(browser, "#hand [data-card]")


def play_one(browser: Any, by_keyboard: bool) -> None:
    """Play a legal card: by clicking the first, or by walking the hand with the arrow keys to
    the last legal one and pressing Enter."""
    from selenium.webdriver.common.keys import Keys

    before = seq(browser)
    held = hand(browser)
    legal = cards(browser, "#hand .card.legal")
    if not by_keyboard:
        click(browser, f"#hand [data-card='{legal[0]}']")
    else:
        start = browser.find_element(By.CSS_SELECTOR, "#hand [tabindex='0']")
        start.send_keys(Keys.ARROW_LEFT, Keys.ARROW_RIGHT)  # the focus moves and comes back
        steps = held.index(legal[-1]) - held.index(start.get_attribute("data-card"))
        for _ in range(steps):
            browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        focused = browser.switch_to.active_element
        assert focused.get_attribute("data-card") == legal[-1]
        focused.send_keys(Keys.ENTER)
    wait(browser).until(moved_on(before))
    assert not text(browser, "#error")


def test_a_person_in_seat_1_plays_a_sueca_deal_by_mouse_and_keyboard(
        site: str, browser: Any, tmp_path: Path) -> None:
    browser.get(site + "/")
    fill_lobby(browser, "sueca", [("Bo", "heuristic"), ("Ana", ""), ("Cy", "heuristic"),
                                  ("Di", "heuristic")])
    browser.find_element(By.ID, "create-button").click()
    wait(browser).until(lambda d: seq(d))
    deal = re.fullmatch(rf"{site}/deals/(m[0-9a-f]+\.1)", browser.current_url)
    assert deal, browser.current_url
    deal_id = deal.group(1)
    table_at_the_start(browser, site, deal_id)
    assert play_the_deal(browser, tmp_path) == 10
    the_end(browser, site, deal_id, tmp_path)
    reopened_from_the_lobby(browser, site, deal_id, tmp_path)


def table_at_the_start(browser: Any, site: str, deal_id: str) -> None:
    """Ana in seat 1 sits at the bottom: names, marks, partners, the score with its target and
    her hand sorted by Sueca's order."""
    assert attr(browser, "#table", "data-me") == "1"
    names = [text(browser, f".plate[data-seat='{s}'] .name") for s in range(4)]
    assert names == ["Bo", "Ana", "Cy", "Di"]
    assert browser.find_element(By.CSS_SELECTOR, ".plate.slot-bottom").get_attribute(
        "data-seat") == "1"
    assert "you" in text(browser, ".plate[data-seat='1']")
    assert "person" in text(browser, ".plate[data-seat='1']")
    assert "bot" in text(browser, ".plate[data-seat='0']")
    assert "your partner" in text(browser, ".plate[data-seat='3']")
    assert text(browser, "#match-score") == "Bo and Cy 0 · You and Di 0"
    assert text(browser, "#target") == "(first to 4 game points)"
    view = my_view(browser, site, deal_id)
    assert hand(browser) == sueca_sorted(view["hand"], view["trump"])
    assert len(hand(browser)) == 10


def play_the_deal(browser: Any, tmp_path: Path) -> int:
    """Every card Ana plays, alternately by mouse and by keyboard; a reload after the second
    keeps the table and the seat. Returns how many cards she played."""
    played = 0
    deadline = time.monotonic() + 180
    while not browser.find_elements(By.ID, "result"):
        assert time.monotonic() < deadline, text(browser, "#status")
        if not browser.find_elements(By.CSS_SELECTOR, "#hand .card.legal"):
            before = seq(browser)
            wait(browser).until(lambda d, b=before: seq(d) != b
                                or d.find_elements(By.CSS_SELECTOR, "#hand .card.legal")
                                or d.find_elements(By.ID, "result"))
            continue
        if played == 3 or (played > 3 and not (tmp_path / "table.png").exists()):
            if len(browser.find_elements(By.CSS_SELECTOR, "#trick:not(.taken) .card")) >= 2:
                picture(browser, tmp_path, "table")
        play_one(browser, by_keyboard=played % 2 == 1)
        played += 1
        if played == 2:
            before = hand(browser)
            browser.refresh()
            wait(browser).until(lambda d: seq(d))
            assert attr(browser, "#table", "data-me") == "1"
            assert sorted(hand(browser)) == sorted(before)
    return played


GAME_POINTS = {1: "one game point", 2: "two game points", 4: "four game points"}


def the_end(browser: Any, site: str, deal_id: str, tmp_path: Path) -> None:
    """The end of the deal in words, at once and after a reload, with the replay offered."""
    result = my_view(browser, site, deal_id)["result"]
    score, points = result["score"], result["points"]
    if score["winner"] is None:
        expected = f"{points[0]} : {points[1]}: a draw, nobody scores."
    else:
        who = ["Bo and Cy", "You and Di"][score["winner"]]
        ordered = [points[score["winner"]], points[1 - score["winner"]]]
        expected = f"{who} win {ordered[0]} : {ordered[1]}, {GAME_POINTS[score['game_points']]}."
    assert text(browser, "#result-text") == expected
    assert "first to 4 game points" in text(browser, "#match-text")
    picture(browser, tmp_path, "end")
    browser.refresh()
    wait(browser).until(lambda d: d.find_elements(By.ID, "result"))
    assert "Deal over" in text(browser, "#result")
    assert text(browser, "#result-text") == expected
    assert attr(browser, "#open-replay", "href").endswith(
        f"/deals/{deal_id}/replay")


def test_the_creator_shares_invite_links_and_each_tab_holds_its_own_seat(
        site: str, browser: Any) -> None:
    """Two people and two bots: the creator's tab keeps only its own seat's token and shows
    one invite link per other person; the link opened in another tab claims that seat there
    (the code leaves the address bar); opened once more, it is refused in words."""
    browser.get(site + "/")
    fill_lobby(browser, "sedma", [("Ana", ""), ("Bo", "heuristic"), ("Cy", ""),
                                  ("Di", "heuristic")])
    browser.find_element(By.ID, "create-button").click()
    links = wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".invite-link"))
    assert [link.get_attribute("data-seat") for link in links] == ["2"]
    link = str(links[0].get_attribute("value"))
    match_id = re.search(r"match=(m[0-9a-f]+)", link).group(1)  # type: ignore[union-attr]
    assert link.startswith(f"{site}/?match={match_id}&seat=2&invite=")
    assert [t["seat"] for t in held_tokens(browser)[match_id]] == [0]
    creator = browser.current_window_handle
    browser.find_element(By.ID, "to-table").click()
    wait(browser).until(lambda d: seq(d))
    assert attr(browser, "#table", "data-me") == "0"

    browser.switch_to.new_window("tab")
    browser.get(link)
    wait(browser).until(lambda d: seq(d))
    assert browser.current_url == f"{site}/deals/{match_id}.1"
    assert attr(browser, "#table", "data-me") == "2"
    assert [t["seat"] for t in held_tokens(browser)[match_id]] == [2]
    assert call(site, "GET", f"/v1/matches/{match_id}")["seated"] == [0, 2]

    browser.switch_to.new_window("tab")
    browser.get(link)
    refused = wait(browser).until(lambda d: d.find_element(By.ID, "invite-error"))
    assert "used already" in refused.text
    assert browser.current_url == f"{site}/"
    assert match_id not in held_tokens(browser)
    for handle in browser.window_handles:
        if handle != creator:
            browser.switch_to.window(handle)
            browser.close()
    browser.switch_to.window(creator)


def reopened_from_the_lobby(browser: Any, site: str, deal_id: str, tmp_path: Path) -> None:
    """The lobby's link opens the match's next deal in seat 1, not seat 0; a match with no
    seat of this browser is watched."""
    match_id = deal_id.rsplit(".", 1)[0]
    others = [{"name": n, "bot": "heuristic"} for n in ("Eva", "Filip", "Gita", "Hana")]
    call(site, "POST", "/v1/matches", {"ruleset": "sedma", "seats": others})
    browser.find_element(By.LINK_TEXT, "Lobby").click()
    wait(browser).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "#matches tbody tr")) == 2)
    links = {r.get_attribute("data-match"): r.find_element(By.CSS_SELECTOR, "a.open")
             for r in browser.find_elements(By.CSS_SELECTOR, "#matches tbody tr")}
    assert links.pop(match_id).text == "Play as Ana"
    assert [link.text for link in links.values()] == ["Watch"]
    picture(browser, tmp_path, "lobby")
    browser.find_element(By.CSS_SELECTOR, f"tr[data-match='{match_id}'] a.open").click()
    wait(browser).until(lambda d: seq(d))
    assert browser.current_url == f"{site}/deals/{match_id}.2"
    assert attr(browser, "#table", "data-me") == "1"
    assert "you" in text(browser, ".plate[data-seat='1']")


def test_an_unknown_deal_says_so_and_offers_the_lobby(site: str, browser: Any) -> None:
    for path in ("/deals/m0000000000000000.1", "/deals/nothing-here/replay"):
        browser.get(site + path)
        notice = wait(browser).until(lambda d: d.find_element(By.ID, "notice"))
        assert "There is no deal" in notice.text
        assert notice.find_element(By.LINK_TEXT, "Go to the lobby").get_attribute(
            "href") == site + "/"


def test_the_replay_tells_the_deal_and_shows_each_trick(site: str, browser: Any,
                                                        tmp_path: Path) -> None:
    seats = [{"name": n, "bot": "heuristic"} for n in ("Ana", "Bo", "Cy", "Di")]
    deal = finished_deal(site, {"ruleset": "sueca", "seed": "replay", "seats": seats})
    events = call(site, "GET", f"/v1/deals/{deal}/events")["events"]
    browser.get(f"{site}/deals/{deal}/replay")
    wait(browser).until(lambda d: d.find_element(By.ID, "replay").get_attribute("data-at") == "1")
    assert "deals" in text(browser, "#replay-sentence")
    browser.find_element(By.ID, "next-trick").click()
    taken = next(e for e in events if e["type"] == "trick_taken")
    wait(browser).until(lambda d: d.find_element(By.ID, "replay").get_attribute(
        "data-at") == str(taken["seq"]))
    winner = ["Ana", "Bo", "Cy", "Di"][taken["data"]["seat"]]
    assert text(browser, "#replay-sentence") == \
        f"{winner} takes the trick: {taken['data']['points']} points."
    shown = cards(browser, "#trick .card")
    assert sorted(shown) == sorted(taken["data"]["cards"])
    for env in events[:taken["seq"]]:  # each card in front of the seat that played it
        if env["type"] == "played":
            card = browser.find_element(By.CSS_SELECTOR,
                                        f"#trick [data-card='{env['data']['card']}']")
            assert card.get_attribute("aria-label").endswith(
                f"played by {['Ana', 'Bo', 'Cy', 'Di'][env['seat']]}")
    assert f"{winner} took the trick" in text(browser, "#trick-caption")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".plate .held .card")) == 36
    wait(browser).until(lambda d: text(d, "#verdict").startswith("Audit: OK"))
    picture(browser, tmp_path, "replay")
    browser.find_element(By.CSS_SELECTOR, "#raw summary").click()
    assert json.loads(text(browser, "#replay-event"))["type"] == "trick_taken"
    from selenium.webdriver.common.keys import Keys
    browser.find_element(By.ID, "next").send_keys(Keys.ARROW_RIGHT)  # the arrow keys step too
    wait(browser).until(lambda d: d.find_element(By.ID, "replay").get_attribute(
        "data-at") == str(taken["seq"] + 1))
    browser.find_element(By.ID, "last").click()
    wait(browser).until(lambda d: d.find_element(By.ID, "replay").get_attribute(
        "data-type") == "scored")
    assert "The deal is over." in text(browser, "#replay-sentence")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".plate .held .card")) == 40


def test_the_sedma_leader_is_told_to_go_on_or_stop(site: str, browser: Any) -> None:
    mine, theirs = ["KS", "7S", "KH", "8D"], ["9C", "10D", "AC", "JH"]
    stock = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")
             if f"{r}{s}" not in mine + theirs]
    match = call(site, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 2,
        "seats": [{"name": "Ana"}, {"name": "Bo", "bot": "random"}], "creator_seat": 0,
        "deal": {"dealer": 1, "hands": [mine, theirs], "stock": stock}})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
    assert hand(browser) == ["7S", "KS", "KH", "8D"]  # sevens first, then A 10 K Q J 9 8
    assert text(browser, "#status") == "Your lead: play any card."
    before = seq(browser)
    click(browser, "#hand [data-card='KS']")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#moves [data-move='stop']"))
    assert seq(browser) != before
    assert text(browser, "#status") == \
        "Your turn: go on with a king or a seven (7♠, K♥), or stop."
    assert set(cards(browser, "#hand .card.legal")) == {"7S", "KH"}
    before = seq(browser)
    click(browser, "#moves [data-move='stop']")
    wait(browser).until(moved_on(before))
    wait(browser).until(lambda d: "took the capture" in text(d, "#trick-caption"))
    assert "You stop: the capture ends." in text(browser, "#log")


def test_stop_for_me_when_i_cannot_go_on(site: str, browser: Any) -> None:
    """A leader with nothing to go on with is asked all the same (stop is its only move); the
    player's own box, off by default and kept in the browser, stops for it."""
    mine, theirs = ["KS", "9D", "8D", "QD"], ["9C", "10D", "AC", "JH"]
    stock = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")
             if f"{r}{s}" not in mine + theirs]
    match = call(site, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 2, "creator_seat": 0,
        "seats": [{"name": "Ana"}, {"name": "Bo", "bot": "random"}],
        "deal": {"dealer": 1, "hands": [mine, theirs], "stock": stock}})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
    assert not fresh(lambda: browser.find_element(By.ID, "auto-stop").is_selected())
    click(browser, "#hand [data-card='KS']")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#moves [data-move='stop']"))
    assert text(browser, "#status") == "Your turn: no card of yours can go on, so stop."
    assert cards(browser, "#hand .card.legal") == []
    before = seq(browser)
    click(browser, "#auto-stop")
    wait(browser).until(moved_on(before))
    wait(browser).until(lambda d: "You stop: the capture ends." in text(d, "#log"))
    assert browser.execute_script("return localStorage.getItem('tricklog.autoStop')") == "1"


def test_lobby_options_reach_the_match_and_partners_can_talk(site: str, browser: Any) -> None:
    """The lobby shows the preset's options; ticking Sedmice's table_talk creates a match with
    it, and the table's call buttons post a hint the page then reports."""
    browser.get(site + "/")
    fill_lobby(browser, "sedmice", [("Ana", ""), ("Bo", "heuristic"), ("Cy", "heuristic"),
                                    ("Di", "heuristic")])
    target = browser.find_element(By.CSS_SELECTOR, "[data-option=target]")
    assert target.get_attribute("value") == "120"
    browser.find_element(By.CSS_SELECTOR, "[data-option=table_talk]").click()
    browser.find_element(By.ID, "create-button").click()
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#talk button"))
    assert text(browser, "#target") == "(first to 120 points)"
    wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#talk button").click() or True)
    wait(browser).until(lambda d: "You said “ubij”" in text(d, "#talk") or text(d, "#error"))
    assert not text(browser, "#error")


def test_a_whist_bid_from_the_list_of_values(site: str, browser: Any) -> None:
    """Serbian whist's bids are one list and one button: pick a value, bid, and your seat
    shows that bid."""
    from selenium.webdriver.support.ui import Select

    browser.get(site + "/")
    fill_lobby(browser, "serbian-whist", [("Ana", ""), ("Bo", "heuristic"), ("Cy", "heuristic"),
                                          ("Di", "heuristic")])
    browser.find_element(By.ID, "create-button").click()
    wait(browser).until(lambda d: d.find_elements(By.ID, "bid-choice"))
    assert text(browser, "#status").startswith("Your bid: how many tricks will you take")

    def choice() -> Any:  # found again each time: a live update may draw the table anew
        return Select(browser.find_element(By.ID, "bid-choice"))

    values = fresh(lambda: [o.text for o in choice().options])
    assert len(values) >= 13  # 0 to 13, less the hook's value if Ana deals
    bid = values[1]
    before = seq(browser)
    fresh(lambda: (choice().select_by_visible_text(bid),
                   click(browser, "#moves button")))
    wait(browser).until(moved_on(before))
    assert not text(browser, "#error")
    wait(browser).until(lambda d: f"bid {bid} " in text(d, ".plate[data-seat='0'] .facts") + " ")


def test_a_stale_move_refreshes_the_table(site: str, browser: Any) -> None:
    """The table shows an old view (its event stream is blocked) and the deal moves on behind
    it: a card played from the old view is not an error, the table just shows the deal as it
    is now."""
    match = call(site, "POST", "/v1/matches", {"ruleset": "sueca", "seed": "stale", "seats": [
        {"name": "Ana"}, {"name": "Bo", "bot": "heuristic"}, {"name": "Cy", "bot": "heuristic"},
        {"name": "Di", "bot": "heuristic"}], "creator_seat": 0})
    deal = match["deal"]["id"]
    token = match["tokens"][0]["token"]
    deadline = time.monotonic() + 60
    while not (view := call(site, "GET", f"/v1/deals/{deal}", token=token))["legal_moves"]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/stream*"]})
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{deal}")
    wait(browser).until(lambda d: seq(d) == str(view["seq"]))
    mine = view["legal_moves"][0]
    call(site, "POST", f"/v1/deals/{deal}/moves", mine, token=token)  # another tab, say
    now = call(site, "GET", f"/v1/deals/{deal}", token=token)["seq"]
    assert seq(browser) == str(view["seq"])  # the page has not heard
    click(browser, "#hand .card.legal")
    wait(browser).until(lambda d: int(seq(d) or 0) >= now)
    assert not text(browser, "#error")
    assert mine["card"] not in cards(browser, "#hand [data-card]")
