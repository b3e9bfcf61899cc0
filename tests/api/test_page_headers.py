"""The page's defences that do not need a browser: a strict Content-Security-Policy on every
HTML answer, nosniff and no referrer on every answer, and page sources that never build markup
from strings (the browser test shows the same with script payloads as seat names)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

STATIC = Path(__file__).resolve().parents[2] / "api" / "static"
PAGES = ["/", "/deals/m0123456789abcdef.1", "/deals/m0123456789abcdef.1/replay", "/docs"]


@pytest.mark.parametrize("path", PAGES)
def test_every_html_answer_has_a_strict_policy(client: FlaskClient, path: str) -> None:
    resp = client.get(path)
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    policy = dict(part.strip().split(" ", 1) for part in
                  resp.headers["Content-Security-Policy"].split(";"))
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"
    assert "unsafe" not in resp.headers["Content-Security-Policy"]
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["Referrer-Policy"] == "no-referrer"


def test_api_answers_are_not_sniffed(client: FlaskClient) -> None:
    for resp in (client.get("/v1/rulesets"), client.get("/v1/deals/nope"),
                 client.get("/static/js/main.js")):
        assert resp.headers["X-Content-Type-Options"] == "nosniff"
        assert resp.headers["Referrer-Policy"] == "no-referrer"


def test_html_has_no_inline_script_handler_or_style() -> None:
    for page in STATIC.glob("*.html"):
        text = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), page.name
        assert not re.search(r"\son[a-z]+\s*=", text), page.name
        assert not re.search(r"\sstyle\s*=", text), page.name


def test_scripts_never_parse_strings_as_markup() -> None:
    sources = list(STATIC.rglob("*.js"))
    assert len(sources) > 3
    for source in sources:
        text = source.read_text()
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write",
                     "eval(", "new Function", "setAttribute(\"style\"", ".style."):
            assert sink not in text, f"{source.name} uses {sink}"
