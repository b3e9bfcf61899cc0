"""Fixtures of the browser tests: the site (the app on a private Redis, bots played by an RQ
worker thread in this process) and headless Chromium through Selenium. Needs Debian's
``chromium`` and ``chromium-driver`` (``make browser``; ``make test`` tries): without them the
browser fixture skips its test and says why."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Iterator
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

SIZE = (1280, 1000)


@pytest.fixture
def site(redis_client: redis.Redis) -> Iterator[str]:
    app = create_app(Settings.from_env(redis_url="unused"), client=redis_client)
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

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    yield f"http://127.0.0.1:{server.server_port}"
    stop.set()
    server.shutdown()
    worker.join(timeout=30)  # before the test's Redis goes: no job half-run against nothing
    runtime.configure(None)


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not (chromium and driver_path):
        pytest.skip("no Chromium here: `make browser` installs Debian's chromium and "
                    "chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 f"--window-size={SIZE[0]},{SIZE[1]}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "SEVERE"})
    driver = webdriver.Chrome(options=options,
                              service=webdriver.ChromeService(executable_path=driver_path))
    if not request.node.get_closest_marker("paced"):  # the viewer's pace: at once, for speed
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
            "source": "try { localStorage.getItem('tricklog.pace') ?? "
                      "localStorage.setItem('tricklog.pace', '0'); } catch {}"})
    yield driver  # afterwards: no script error and no Content-Security-Policy violation
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"
              and "Failed to load resource" not in e["message"]]  # a 404 the page words itself
    driver.quit()
    assert not errors, f"the page logged errors: {errors}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A browser test runs once more when the harness raced the live page, and only then:

    - its element was replaced between finding and using it (selenium's
      ``StaleElementReferenceException``: the table is redrawn when a bot moves or the sheet
      arrives), or was hidden by such a redraw when a key or click reached it
      (``ElementNotInteractableException``);
    - a wait ran out (``TimeoutException``, which now says what it waited for and what the page
      showed). CI runs two Chromiums, the server, its bots and the unit tests on two shared
      cores, and a page starved there for 30 s is the machine, not the page.

    Any other failure, assertions included, fails at once (pytest-rerunfailures'
    ``only_rerun``), and a test that times out twice fails. ``-rR`` in pyproject.toml names
    every rerun in the run's summary, and ``--rerun-show-tracebacks`` prints the first try's
    failure there (a ``PageWait`` timeout names its condition and the page's state), so a
    flaky test is seen and its cause kept, not hidden."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.flaky(
                reruns=1, only_rerun=["StaleElementReferenceException",
                                      "ElementNotInteractableException", "TimeoutException"]))
