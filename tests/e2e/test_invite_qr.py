"""The QR code of each invite link (issue 29, "invites: a link and a code to share; the QR code
of the link is welcome"): beside each link, an image named for screen readers, whose modules
form a real QR symbol (its size a QR version's, the three finder patterns, the timing rows and
both copies of the format information valid by the standard's BCH code, error correction M).
axe finds nothing on the invites."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.e2e.browser import By, axe_source, call, fresh, sit, violations, wait
from tests.e2e.test_browser import fill_lobby

QUIET = 4


def grid(browser: Any, image: Any) -> list[list[bool]]:
    """The dark modules drawn by the page, read back from the SVG's path."""
    n = int(image.get_attribute("data-modules"))
    d = browser.execute_script("return arguments[0].querySelector('path').getAttribute('d')",
                               image)
    out = [[False] * n for _ in range(n)]
    for c, r in re.findall(r"M(\d+) (\d+)h1v1h-1z", d):
        out[int(r) - QUIET][int(c) - QUIET] = True
    return out


def format_codes() -> dict[int, tuple[int, int]]:
    """Every valid 15-bit format word (ISO/IEC 18004 §7.9): (error level bits, mask)."""
    out = {}
    for data in range(32):
        rem = data << 10
        for bit in range(14, 9, -1):
            if rem >> bit & 1:
                rem ^= 0x537 << (bit - 10)
        out[((data << 10) | rem) ^ 0x5412] = (data >> 3, data & 7)
    return out


def format_words(m: list[list[bool]]) -> tuple[int, int]:
    """The two copies of the format word: along column 8 and along row 8."""
    n = len(m)
    down = across = 0
    for i in range(15):
        row = i if i < 6 else i + 1 if i < 8 else n - 15 + i
        col = n - 1 - i if i < 8 else 15 - i if i == 8 else 14 - i
        down |= m[row][8] << i
        across |= m[8][col] << i
    return down, across


def finder(m: list[list[bool]], top: int, left: int) -> bool:
    def ring(r: int, c: int) -> int:
        return max(abs(r - 3), abs(c - 3))
    return all(m[top + r][left + c] == (ring(r, c) != 2) for r in range(7) for c in range(7))


def test_each_invite_link_has_its_qr_code(site: str, browser: Any) -> None:
    browser.get(site + "/")
    fill_lobby(browser, "sedma", [("Ana", ""), ("Bo", "heuristic"), ("Cy", ""), ("Di", "")])
    browser.find_element(By.ID, "create-button").click()
    links = wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".invite-link"))
    images = browser.find_elements(By.CSS_SELECTOR, "#invites li svg.qr[role='img']")
    assert len(images) == len(links) == 2
    codes = format_codes()
    for link, image in zip(links, images, strict=True):
        seat = int(str(link.get_attribute("data-seat")))
        label = f"QR code of the invite link for seat {seat + 1}"
        assert image.get_attribute("aria-label") == label
        assert image.find_element(By.TAG_NAME, "title").get_attribute("textContent") \
            == image.get_attribute("aria-label")
        m = grid(browser, image)
        n = len(m)
        assert n >= 21 and (n - 17) % 4 == 0, n
        assert finder(m, 0, 0) and finder(m, 0, n - 7) and finder(m, n - 7, 0)
        assert [m[6][c] for c in range(8, n - 8)] == [c % 2 == 0 for c in range(8, n - 8)]
        down, across = format_words(m)
        assert down == across and down in codes, (bin(down), bin(across))
        assert codes[down][0] == 0b00  # error correction level M
        assert image.rect["width"] >= 100  # large enough for a phone's camera across a table
    assert not violations(browser, axe_source())


def test_the_rematch_invites_have_their_qr_codes(site: str, browser: Any) -> None:
    """Two people finish a match; the one who asks for the rematch is shown the other's new
    invite link with its QR code."""
    match = call(site, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 2, "seed": "qr", "creator_seat": 0,
        "seats": [{"name": "Ana"}, {"name": "Bo"}], "options": {"target_stakes": 1}})
    code = next(i["code"] for i in match["invites"] if i["seat"] == 1)
    tokens = {0: match["tokens"][0]["token"],
              1: call(site, "POST", f"/v1/matches/{match['id']}/seats/1/claim",
                      {"code": code})["token"]}
    deal = match["deal"]["id"]
    deadline = time.monotonic() + 120
    while (view := call(site, "GET", f"/v1/deals/{deal}"))["phase"] != "over":
        assert time.monotonic() < deadline, "the deal did not finish"
        seat = view["turn"]
        mine = call(site, "GET", f"/v1/deals/{deal}", token=tokens[seat])
        call(site, "POST", f"/v1/deals/{deal}/moves", mine["legal_moves"][0], tokens[seat])
    sit(browser, site, match, 0)
    browser.get(f"{site}/deals/{deal}")
    wait(browser).until(lambda d: d.find_elements(By.ID, "rematch"))
    fresh(lambda: browser.find_element(By.ID, "rematch").click())  # redrawn as the sheet comes
    image = wait(browser).until(lambda d: d.find_elements(
        By.CSS_SELECTOR, "#rematch-invites li svg.qr[role='img']"))[0]
    assert image.get_attribute("aria-label") == "QR code of the invite link for seat 2"
    m = grid(browser, image)
    down, across = format_words(m)
    assert down == across and down in format_codes()
    assert finder(m, 0, 0)
