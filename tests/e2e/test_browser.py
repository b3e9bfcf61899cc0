"""The web page in a real headless Chromium: create a 4-player Sedma against three bots, play a
card by clicking it, play the deal out, step through its replay, take a screenshot.

Needs Debian's ``chromium`` and ``chromium-driver`` (``make browser`` installs them; ``make
test`` tries to); without them the test is skipped with that message."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from rq import SimpleWorker
from rq.timeouts import TimerDeathPenalty
from werkzeug.serving import make_server

from api.app import create_app
from events.config import Settings
from events.redis_server import free_port
from workers import runtime

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
if not (CHROMIUM and DRIVER):
    pytest.skip("no Chromium here: `make browser` installs Debian's chromium and chromium-driver",
                allow_module_level=True)

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


@pytest.fixture
def site(redis_client: redis.Redis) -> Iterator[str]:
    app = create_app(Settings(redis_url="unused"), client=redis_client)
    runtime.configure(app.extensions["tricklog.referee"])
    server = make_server("127.0.0.1", free_port(), app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    stop = threading.Event()
    queue = app.extensions["tricklog.queue"]

    class ThreadWorker(SimpleWorker):
        death_penalty_class = TimerDeathPenalty  # SIGALRM belongs to the main thread

        def _install_signal_handlers(self) -> None:  # so do the other signals
            return

    def work() -> None:
        while not stop.is_set():
            ThreadWorker([queue], connection=redis_client, serializer=queue.serializer).work(
                burst=True)
            time.sleep(0.05)

    threading.Thread(target=work, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    stop.set()
    server.shutdown()
    runtime.configure(None)


@pytest.fixture
def browser() -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1200,900"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options,
                              service=webdriver.ChromeService(executable_path=DRIVER))
    yield driver
    driver.quit()


def test_play_a_deal_with_the_mouse_and_replay_it(site: str, browser: Any,
                                                  tmp_path: Path) -> None:
    wait = WebDriverWait(browser, 30)
    browser.get(site + "/")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#ruleset option"))
    browser.find_element(By.ID, "create-button").click()
    wait.until(lambda d: d.find_element(By.ID, "table-view").is_displayed())
    clicked = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if browser.find_element(By.ID, "next-deal").is_displayed():
            break
        legal = browser.find_elements(By.CSS_SELECTOR, "#hand .card.legal")
        buttons = browser.find_elements(By.CSS_SELECTOR, "#moves button")
        if legal or buttons:
            # The info line can read the same after the bots answer (a pointless trick once the
            # stock is gone), so wait for the view's seq, which only grows.
            before = browser.find_element(By.ID, "info").get_attribute("data-seq")
            try:
                (legal or buttons)[0].click()
            except StaleElementReferenceException:  # a live update redrew the hand: look again
                continue
            clicked += 1
            wait.until(lambda d, b=before: d.find_element(By.ID, "info").get_attribute(
                "data-seq") != b or d.find_element(By.ID, "error").text)
            assert not browser.find_element(By.ID, "error").text
        time.sleep(0.1)
    browser.save_screenshot(str(tmp_path / "table.png"))
    info = browser.find_element(By.ID, "info").text + " | " + browser.find_element(
        By.ID, "live-state").text + " | " + browser.find_element(By.ID, "error").text
    assert clicked > 0 and "Result" in browser.find_element(By.ID, "result").text, info
    # the bots answer at once, so the page shows what the last capture took
    assert "last taken by seat" in browser.find_element(By.ID, "last-trick").text
    browser.save_screenshot(str(tmp_path / "table.png"))
    browser.find_element(By.ID, "open-replay").click()
    wait.until(lambda d: "event 1 of" in d.find_element(By.ID, "position").text)
    browser.find_element(By.ID, "next").click()
    wait.until(lambda d: "event 2 of" in d.find_element(By.ID, "position").text)
    browser.find_element(By.ID, "last").click()
    wait.until(lambda d: "scored" in d.find_element(By.ID, "replay-event").text)
    browser.find_element(By.ID, "first").click()  # once over, everyone's cards are shown
    wait.until(lambda d: "event 1 of" in d.find_element(By.ID, "position").text)
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#replay-board .card")) == 16)
    browser.find_element(By.ID, "run-audit").click()
    wait.until(lambda d: d.find_element(By.ID, "verdict").text.startswith(("OK", "FAILED")))
    assert browser.find_element(By.ID, "verdict").text.startswith("OK")
    browser.save_screenshot(str(tmp_path / "replay.png"))
    assert (tmp_path / "replay.png").stat().st_size > 10_000


def click_first(selector: str) -> Any:
    """A wait condition: click the first element matching ``selector``; a live update that
    redrew it between finding and clicking means find it again."""
    def attempt(driver: Any) -> bool:
        try:
            driver.find_element(By.CSS_SELECTOR, selector).click()
        except StaleElementReferenceException:
            return False
        return True
    return attempt


def test_lobby_options_reach_the_match_and_partners_can_talk(site: str, browser: Any) -> None:
    """The lobby shows the preset's options; ticking Sedmice's table_talk creates a match with
    it, and the table's call buttons post a hint the page then reports."""
    from selenium.webdriver.support.ui import Select

    wait = WebDriverWait(browser, 30)
    browser.get(site + "/")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#ruleset option"))
    Select(browser.find_element(By.ID, "ruleset")).select_by_value("sedmice")
    target = browser.find_element(By.CSS_SELECTOR, "[data-option=target]")
    assert target.get_attribute("value") == "120"
    browser.find_element(By.CSS_SELECTOR, "[data-option=table_talk]").click()
    browser.find_element(By.ID, "create-button").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#talk button"))
    wait.until(click_first("#talk button"))  # "ubij"; the bots' moves redraw the buttons
    wait.until(lambda d: "You said “ubij”" in d.find_element(By.ID, "talk").text
               or d.find_element(By.ID, "error").text)
    assert not browser.find_element(By.ID, "error").text


def test_a_whist_bid_from_the_list_of_values(site: str, browser: Any) -> None:
    """Serbian whist's 14 bids are one list and one button: pick a value, bid, and the view
    moves on with that bid recorded for seat 0."""
    from selenium.webdriver.support.ui import Select

    wait = WebDriverWait(browser, 30)
    browser.get(site + "/")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#ruleset option"))
    Select(browser.find_element(By.ID, "ruleset")).select_by_value("serbian-whist")
    browser.find_element(By.ID, "create-button").click()
    choice = wait.until(lambda d: d.find_elements(By.ID, "bid-choice"))[0]
    values = [o.text for o in Select(choice).options]
    assert len(values) > 12  # the dealer's hook bid, if seat 0 deals, is not among them
    bid = values[1]
    Select(choice).select_by_visible_text(bid)
    before = browser.find_element(By.ID, "info").get_attribute("data-seq")
    wait.until(click_first("#moves button"))
    wait.until(lambda d: d.find_element(By.ID, "info").get_attribute("data-seq") != before
               or d.find_element(By.ID, "error").text)
    assert not browser.find_element(By.ID, "error").text
    wait.until(lambda d: f"bids: {bid} " in d.find_element(By.ID, "info").text)
