"""The human pages of the problem types: ``GET /problems/`` and ``GET /problems/{name}``,
made from the catalogue (``problem_types.py``)."""

from __future__ import annotations

import html
import re

from domain.errors import RULES

from .problem_types import BY_NAME, TYPES


def page(name: str) -> str:
    """The human page of one problem type."""
    t = BY_NAME[name]
    status = str(t.status) if t.status is not None else "as the response says"
    body = [f"<h1>{_md(t.title)}</h1>",
            f"<p><code>type: {t.uri}</code> &middot; HTTP status {status}</p>",
            f"<h2>What it means</h2><p>{_md(t.means)}</p>",
            f"<h2>What to do</h2><p>{_md(t.todo)}</p>"]
    if name == "illegal-move":
        rows = "".join(f"<tr><td><code>{r}</code></td><td>{_md(m)}</td></tr>"
                       for r, m in RULES.items())
        body.append(f"<h2>Rules (<code>rule</code>)</h2><table>{rows}</table>")
    body.append('<p><a href="/problems/">Every problem type</a></p>')
    return _html(t.title, "".join(body))


def index() -> str:
    rows = "".join(f'<tr><td>{t.status or ""}</td><td><a href="{t.uri}"><code>{t.uri}</code>'
                   f"</a></td><td>{_md(t.title)}</td></tr>" for t in TYPES)
    return _html("Problem types", "<h1>Problem types</h1><p>Every error of the API is "
                 "<code>application/problem+json</code> (RFC 9457) with one of these "
                 f"<code>type</code>s.</p><table>{rows}</table>")


def _html(title: str, body: str) -> str:
    return (f"<!doctype html><html lang=en><meta charset=utf-8><title>Tricklog: "
            f"{html.escape(title)}</title><body style='font-family:sans-serif;max-width:42em;"
            f"margin:2em auto'>{body}</body></html>\n")


def _md(text: str) -> str:
    """Escape, then turn `code` spans into <code>."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text, quote=False))
