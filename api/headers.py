"""Security headers. Every HTML answer (the page, the API docs) carries a strict
Content-Security-Policy: scripts, styles, images and connections from this origin only, no inline
script, no inline event handler, no ``style`` attribute, no framing. So even a name that reached
the DOM as markup could not run. Every answer says ``nosniff`` and sends no referrer (the page's
event stream carries a seat token in its query string)."""

from __future__ import annotations

from flask import Flask, Response

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",  # the docs' stylesheet draws its icons as data: URIs
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


def install(app: Flask) -> None:
    @app.after_request
    def secure(resp: Response) -> Response:
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Referrer-Policy"] = "no-referrer"
        if resp.mimetype == "text/html":
            resp.headers["Content-Security-Policy"] = CSP
        return resp
