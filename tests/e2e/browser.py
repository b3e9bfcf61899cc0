"""Helpers of the browser tests (the fixtures ``site`` and ``browser`` are in conftest.py):
the API called directly, waiting on the view's ``seq`` (never on text or time), axe-core for
accessibility, and the four screenshots for docs/. Importing this module skips the importing
test module when there is no Chromium."""

from __future__ import annotations

import inspect
import json
import os
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / ".tools" / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
if not (CHROMIUM and DRIVER):
    pytest.skip("no Chromium here: `make browser` installs Debian's chromium and chromium-driver",
                allow_module_level=True)
from selenium.common.exceptions import (  # noqa: E402
    StaleElementReferenceException,
    TimeoutException,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# -- the API, directly -------------------------------------------------------------------------

def call(site: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(site + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def finished_deal(site: str, body: dict[str, Any]) -> str:
    """A match of bots only, played by the worker thread until its first deal is over."""
    deal = call(site, "POST", "/v1/matches", body)["deal"]["id"]
    deadline = time.monotonic() + 120
    while call(site, "GET", f"/v1/deals/{deal}")["phase"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the deal"
        time.sleep(0.1)
    return str(deal)


def sit(browser: Any, site: str, match: dict[str, Any], seat: int) -> None:
    """This tab holds ``seat``'s token of ``match``, as if it had created the match sitting
    in ``seat`` (``creator_seat``)."""
    browser.get(site + "/static/style.css")  # any page of the origin, for its session storage
    token = next(t for t in match["tokens"] if t["seat"] == seat)
    browser.execute_script(
        "sessionStorage.setItem('tricklog.tokens', "
        "JSON.stringify({[arguments[0]]: [arguments[1]]}));"
        "sessionStorage.setItem('tricklog.seats', JSON.stringify({[arguments[0]]: arguments[2]}));",
        match["id"], token, seat)


def held_tokens(browser: Any) -> dict[str, list[dict[str, Any]]]:
    """The seat tokens this tab keeps, by match (``api.js``)."""
    return json.loads(browser.execute_script(  # type: ignore[no-any-return]
        "return sessionStorage.getItem('tricklog.tokens') || '{}'"))


# -- waiting -----------------------------------------------------------------------------------

class PageWait(WebDriverWait):  # type: ignore[misc]
    """A selenium wait whose timeout says what it waited for (the condition's line in the
    test) and what the page showed then (its seq, status and error lines, its address): a
    bare ``TimeoutException`` says neither, and CI's log is all there is of a run elsewhere."""

    def until(self, method: Callable[[Any], Any], message: str = "") -> Any:
        try:
            return super().until(method, message)
        except TimeoutException as exc:
            raise TimeoutException(f"{message or awaited(method)}: not within "
                                   f"{self._timeout} s; {page_state(self._driver)}") from exc


def awaited(method: Callable[[Any], Any]) -> str:
    try:
        lines, start = inspect.getsourcelines(method)
    except (OSError, TypeError):
        return repr(method)
    where = Path(inspect.getsourcefile(method) or "?").name
    return f"{where}:{start} {' '.join(line.strip() for line in lines)[:200]}"


def page_state(browser: Any) -> str:
    try:
        said = {css: fresh(lambda css=css: [e.text for e in
                                            browser.find_elements(By.CSS_SELECTOR, css)])
                for css in ("#status", "#error")}
        return f"the page ({browser.current_url}, seq {seq(browser)!r}) said {said}"
    except Exception as exc:  # noqa: BLE001 - the report must not hide the timeout
        return f"the page could not be read ({type(exc).__name__})"


def wait(browser: Any, seconds: float = 30) -> Any:
    return PageWait(browser, seconds, ignored_exceptions=(StaleElementReferenceException,))


def until(browser: Any, ready: Callable[[Any], Any], what: str, seconds: float = 30) -> Any:
    """``wait(...).until(ready)``, whose timeout names ``what`` was awaited."""
    return wait(browser, seconds).until(ready, what)


def fresh(read: Callable[[], Any]) -> Any:
    """``read()`` again while a live update replaces the elements it reads (the table is drawn
    anew on every view)."""
    for _ in range(100):
        try:
            return read()
        except StaleElementReferenceException:
            continue
    return read()


def click(browser: Any, selector: str) -> None:
    """Find the element ``selector`` names and click it, again while the live page replaces it
    (a bot's move or the match sheet redraws the table between the finding and the click;
    selenium refuses a stale element before it clicks, so the click lands once)."""
    fresh(lambda: browser.find_element(By.CSS_SELECTOR, selector).click())


def attr(browser: Any, selector: str, name: str) -> Any:
    """The attribute ``name`` of the element ``selector`` names, read again while a live
    redraw replaces the element between the finding and the reading."""
    return fresh(lambda: browser.find_element(By.CSS_SELECTOR, selector).get_attribute(name))


def seq(browser: Any) -> str:
    def read() -> str:
        found = browser.find_elements(By.CSS_SELECTOR, "#table[data-seq]")
        return str(found[0].get_attribute("data-seq")) if found else ""
    return str(fresh(read))


def moved_on(before: str) -> Callable[[Any], bool]:
    """The table shows a later view than ``before``, or an error in words."""
    def check(driver: Any) -> bool:
        return seq(driver) not in ("", before) or bool(text(driver, "#error"))
    return check


def text(browser: Any, selector: str) -> str:
    return str(fresh(lambda: browser.find_element(By.CSS_SELECTOR, selector).text))


def cards(browser: Any, selector: str) -> list[str]:
    return list(fresh(lambda: [c.get_attribute("data-card")
                               for c in browser.find_elements(By.CSS_SELECTOR, selector)]))


# -- accessibility and pictures ----------------------------------------------------------------

def axe_source() -> str:
    if not AXE.exists() and shutil.which("make") and shutil.which("npm"):
        subprocess.run(["make", "-s", "axe"], cwd=ROOT, timeout=300, check=False,
                       capture_output=True)
    if not AXE.exists():
        pytest.skip("axe-core could not be installed (`make axe` needs npm and the npm "
                    "registry)")
    return AXE.read_text()


def serious_violations(browser: Any, source: str) -> list[str]:
    """axe-core's serious and critical findings on the page as it stands."""
    return violations(browser, source, ("serious", "critical"))


def violations(browser: Any, source: str,
               impacts: tuple[str, ...] = ("minor", "moderate", "serious", "critical")
               ) -> list[str]:
    """axe-core's findings of those impacts (all of them unless told) on the page as it
    stands."""
    browser.execute_script(source)
    result = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(done, (e) => done({error: String(e)}));")
    assert "error" not in result, result
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
            for v in result["violations"] if v["impact"] in impacts]


def picture(browser: Any, tmp_path: Path, name: str) -> None:
    """A screenshot in the test's directory, and in ``$TRICKLOG_SCREENSHOTS`` (docs/) when set."""
    browser.execute_script("window.scrollTo(0, 0); document.activeElement?.blur?.();")
    browser.save_screenshot(str(tmp_path / f"{name}.png"))
    assert (tmp_path / f"{name}.png").stat().st_size > 10_000
    target = os.environ.get("TRICKLOG_SCREENSHOTS")
    if target:
        shutil.copy(tmp_path / f"{name}.png", Path(target) / f"page-{name}.png")
