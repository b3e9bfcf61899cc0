"""A move made while the server is down (issue 29 item 6): the page says it is sending it
again, retries with its Idempotency-Key, and the message clears once the move lands after the
server is back (the same app, its listening socket closed and opened again)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from werkzeug.serving import make_server

from api.app import create_app
from events.config import Settings
from events.redis_server import free_port
from tests.e2e.browser import By, call, cards, click, seq, sit, text, wait


class Restartable:
    def __init__(self, client: redis.Redis) -> None:
        self.app = create_app(Settings.from_env(redis_url="unused"), client=client)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server: Any = None

    def start(self) -> None:
        self.server = make_server("127.0.0.1", self.port, self.app, threaded=True)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def server(redis_client: redis.Redis) -> Iterator[Restartable]:
    site = Restartable(redis_client)
    site.start()
    yield site
    site.stop()


def test_a_move_during_an_outage_lands_and_its_message_clears(server: Restartable,
                                                             browser: Any) -> None:
    hands = [["KS", "7S", "KH", "8D"], ["9C", "10D", "AC", "JH"]]
    full = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]
    match = call(server.url, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 2, "seats": [{"name": "Ana"}, {"name": "Bo"}],
        "creator_seat": 0, "deal": {"dealer": 1, "hands": hands,
                                    "stock": [c for c in full if c not in hands[0] + hands[1]]}})
    sit(browser, server.url, match, 0)
    browser.get(f"{server.url}/deals/{match['deal']['id']}")
    wait(browser).until(lambda d: seq(d) and d.find_elements(By.CSS_SELECTOR, "#hand .legal"))
    server.stop()
    click(browser, "#hand [data-card='KS']")
    wait(browser).until(lambda d: "sent again" in text(d, "#error"))
    server.start()
    wait(browser).until(lambda d: "KS" not in cards(d, "#hand [data-card]"))
    wait(browser).until(lambda d: not text(d, "#error"))
    log = call(server.url, "GET", f"/v1/deals/{match['deal']['id']}/events")["events"]
    assert [e["data"]["card"] for e in log if e["type"] == "played"] == ["KS"]


def test_a_lobby_loaded_while_the_games_fail_mends_itself(site: str, browser: Any) -> None:
    """The list of games could not be fetched when the lobby loaded (the server away, a proxy's
    error): the lobby says so, tries again by itself, and offers the games once they come,
    with no reload (a failed fetch used to be kept, and the page stayed without games)."""
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/v1/rulesets*"]})
    browser.get(site + "/")
    wait(browser).until(lambda d: "Trying again" in text(d, "#matches"))
    assert not browser.find_elements(By.CSS_SELECTOR, "#ruleset option")
    loaded = browser.execute_script("return performance.timeOrigin")
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#ruleset option"))
    wait(browser).until(lambda d: "Trying again" not in text(d, "#matches"))
    assert browser.execute_script("return performance.timeOrigin") == loaded, "the page reloaded"
